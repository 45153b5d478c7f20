"""Drag race: a small game of our own, written to prove that a game is one
package.  Its rules, which the rule functions quote:

**The strip.**  "A drag strip is one straight row of piecepack tiles, laid
grid side up end to end, from the start in the west to the finish in the
east.  Each tile is two spaces long."  "A strip is at least three tiles
long and at most twelve."

**The cars.**  "Two to four cars race, each a pawn of its own suit, lined
up side by side on the start line, west of the first tile; the die waits
beside them."

**The race.**  "The cars take turns in grid order.  On its turn a car
rolls the die and moves that many spaces east.  The first car past the
last space wins, and the race stops there."

Nothing outside this package and its test knows the game: the test adds it
to :data:`trackkit.registry.GAMES` with one line.
"""
