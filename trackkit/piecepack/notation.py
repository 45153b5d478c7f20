"""Pieces in Portable Piecepack Notation (PPN).

PPN records a piecepack game as text: a YAML metadata document, then
*movetext*, moves numbered ``1.``, ``2.``... each made of *submoves*.  A
location is Cartesian, ``(x,y)`` in inches with no minus sign; a piece is
written by its kind and its letters: ``t`` a tile, ``n``/``a``/``2``...``5``
a coin by its rank, ``dSa`` a die of suns showing the ace, ``pM`` the pawn of
moons.  The submoves trackkit writes:

* ``PIECE@(x,y)`` drops a piece there;
* ``(x,y)-(x,y)`` moves the piece at the first location to the second;
* ``+(x,y)`` turns the piece there over;
* ``*(x,y)`` takes the piece there off the table;
* ``{...}`` is a comment.
"""

from __future__ import annotations

from trackkit.piecepack.equipment import SUITS
from trackkit.piecepack.setup import Piece

__all__ = [
    "RANK_LETTERS",
    "SUIT_LETTERS",
    "cartesian",
    "drop",
    "piece_code",
]

SUIT_LETTERS = "SMCA"
"""PPN's letters for suns, moons, crowns and arms."""

RANK_LETTERS = "na2345"
"""PPN's letters for the null, ace and two to five (ranks 0 to 5)."""


def cartesian(x: float, y: float) -> str:
    """A Cartesian location, ``(3,1.5)``."""
    return f"({x:g},{y:g})"


def piece_code(kind: str, suit: str, rank: int) -> str:
    """A piece in PPN's simplified notation: ``t``, ``n``, ``dS2``, ``pC``."""
    letter = SUIT_LETTERS[SUITS.index(suit)]
    if kind == "tile":
        return "t"
    if kind == "coin":
        return RANK_LETTERS[rank]
    if kind == "die":
        return f"d{letter}{RANK_LETTERS[rank]}"
    return f"p{letter}"


def drop(piece: Piece) -> str:
    """``piece`` dropped where it lies, ``t@(3,1)``."""
    return f"{piece_code(piece.kind, piece.suit, piece.rank)}@{cartesian(piece.x, piece.y)}"
