"""Which circuits people would choose to race: what ``generate`` draws by default.

Most legal circuits are staircases: corner after corner with a single tile
between, a main straight of two or three tiles.  Nobody builds those for
game night.  ``generate`` without ``--any`` draws uniformly among the
circuits that pass the three tests below instead, each read from the
rulebook (docs/generation.md gives the reasons and the numbers):

*A main straight that holds the grid and a start.*  "The location of the
start/finish line is chosen, preferably near the middle of the longest
straight", and the cars start two abreast "on the two spaces behind the
start/finish line and the remaining cars behind them".  A straight of L
tiles puts L spaces behind the line and L in front, so the longest
straight needs the grid's depth, and at least three tiles and a sixth of
the loop so that the field gets up to speed before corner 1 (the rulebook
keeps chicanes off that stretch because a squeeze there "would then
unfairly favor the pole-setter").

*At least half the loop straight.*  "Larger tracks will increase the
length of the game, especially if the extra tiles are used to add many
additional corners": every corner is entered at speed 1 or 2, so a loop of
corners is a crawl.  The recommended track of Figure 1 has 8 corners in
24 tiles.

*No staircase.*  A *twisty section* is a run of corners each at most one
straight tile from the next.  The rules name "additional corners or esses"
for a road course, and an ess takes four corners (``R L R L``); a section
of more than :data:`MOST_TWISTY` corners is a staircase, where no car can
use a speed above 2.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "LEAST_MAIN_STRAIGHT",
    "MAIN_SHARE",
    "MOST_TWISTY",
    "PEOPLE_TRIES",
    "main_straight_wanted",
    "most_corners",
    "twisty_section",
]

MOST_TWISTY = 4
"""The most corners a twisty section of a circuit people race holds: an ess."""

LEAST_MAIN_STRAIGHT = 3
"""The shortest main straight, in tiles, of a circuit people race."""

MAIN_SHARE = 6
"""The main straight is at least one ``MAIN_SHARE``-th of the loop's tiles."""

PEOPLE_TRIES = 3_000
"""Exactly uniform draws per track wanted, above 28 tiles, before the draw
gives up on meeting these tests (about 1 draw in 170 meets them at 40
tiles, so 3,000 fail to find one about once in 50 million)."""

_TWO_STRAIGHTS = re.compile(b"\x00{2,}")


def twisty_section(turning: Sequence[bool]) -> int:
    """The most corners in one twisty section of a loop (``turning[i]``:
    whether the road turns on tile ``i``): corners in a row round the loop
    with at most one straight tile between one and the next.  A loop that
    never has two straight tiles together is one section."""
    flags = bytes(turning)
    gap = flags.find(b"\x00\x00")
    if gap < 0:
        return flags.count(1)
    rotated = flags[gap:] + flags[:gap]
    return max(piece.count(1) for piece in _TWO_STRAIGHTS.split(rotated))


def main_straight_wanted(loop_tiles: int) -> int:
    """The shortest main straight of a circuit people race: "the two spaces
    behind the start/finish line" and a run to corner 1, at least
    :data:`LEAST_MAIN_STRAIGHT` tiles and a sixth of the loop (the grid's
    own depth is asked for separately, as for every circuit)."""
    return max(LEAST_MAIN_STRAIGHT, -(-loop_tiles // MAIN_SHARE))


def most_corners(loop_tiles: int) -> int:
    """The most corners a circuit people race has: half its tiles, for
    "larger tracks will increase the length of the game, especially if the
    extra tiles are used to add many additional corners"."""
    return loop_tiles // 2
