"""What one piecepack holds.

A *piecepack* is a public-domain set of game pieces: four suits (suns,
moons, crowns and arms), each with six square tiles, six coins, one pawn and
one die.  The tiles are 2 inches square; a tile's back is a 2×2 grid of
1-inch *spaces*.  A coin's two faces are a suit and a value (null, ace, 2-5),
so each pack has four *null* coins, one per suit.  A die's faces are null,
ace and 2 to 5.

Games that need more pieces combine packs; every count here is per pack.
"""

from __future__ import annotations

__all__ = [
    "COINS_PER_PACK",
    "DICE_PER_PACK",
    "DIE_FACES",
    "NULLS_PER_PACK",
    "PAWNS_PER_PACK",
    "SUITS",
    "TILES_PER_PACK",
]

SUITS = ("suns", "moons", "crowns", "arms")
"""The four suits, in the order piecepack documents usually list them."""

TILES_PER_PACK = 24
"""Six tiles of each suit."""

COINS_PER_PACK = 24
"""Six coins of each suit: values null, ace, 2, 3, 4 and 5."""

NULLS_PER_PACK = 4
"""One null coin of each suit."""

PAWNS_PER_PACK = 4
"""One pawn of each suit."""

DICE_PER_PACK = 4
"""One die of each suit."""

DIE_FACES = ("null", "ace", "2", "3", "4", "5")
"""A piecepack die's faces, from the null (zero) up."""
