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

Reading movetext back starts the same for every game: :func:`read_moves`
splits it into *tokens* (a submove or a comment, each with its line and
column for error messages), the ``setup.`` move's and then each numbered
move's; :func:`commented_groups` cuts a move into its submoves, each run
closed by the comment saying what it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from trackkit.errors import LayoutError
from trackkit.piecepack.equipment import SUITS
from trackkit.piecepack.setup import Piece

__all__ = [
    "PLACE",
    "RANK_LETTERS",
    "STEP",
    "SUIT_LETTERS",
    "Token",
    "cartesian",
    "commented_groups",
    "drop",
    "piece_code",
    "read_moves",
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


# --- reading movetext back ----------------------------------------------------------

_TOKEN = re.compile(r"\{[^}]*\}?|[^\s{]+")
_NUMBER = r"(\d+(?:\.\d+)?)"
PLACE = rf"\({_NUMBER},{_NUMBER}\)"
"""A Cartesian location as a pattern: its x and y are its groups."""
STEP = re.compile(rf"{PLACE}-{PLACE}")
"""A move of a piece, ``(x,y)-(x,y)``: the four coordinates are its groups."""


@dataclass(frozen=True)
class Token:
    """One word of movetext (a move number, a submove or a whole comment)
    and where it starts: ``line`` and ``column`` from 1."""

    text: str
    line: int
    column: int

    def error(self, message: str, hint: str) -> LayoutError:
        """A :class:`~trackkit.errors.LayoutError` located at this token."""
        return LayoutError(message, line=self.line, column=self.column, hint=hint)


def _tokens(text: str, first_line: int) -> Iterator[Token]:
    for number, line in enumerate(text.splitlines(), first_line):
        for found in _TOKEN.finditer(line):
            yield Token(found.group(), number, found.start() + 1)


def _numbered(tokens: list[Token]) -> Iterator[tuple[Token, list[Token]]]:
    """The move numbers and the tokens of each move."""
    current: list[Token] | None = None
    for token in tokens:
        if token.text.endswith(".") and not token.text.startswith("{"):
            current = []
            yield token, current
        elif current is None:
            raise token.error(f"{token.text!r} stands before the first move number", "start with 'setup.'")
        else:
            current.append(token)


def read_moves(text: str, first_line: int = 1) -> list[tuple[Token, list[Token]]]:
    """The moves of movetext ``text`` (starting on line ``first_line`` of
    its file): each move's number token and its tokens, ``setup.`` first.
    Raises a located :class:`~trackkit.errors.LayoutError` when the text
    does not start with the setup."""
    moves = list(_numbered(list(_tokens(text, first_line))))
    if not moves or moves[0][0].text != "setup.":
        raise LayoutError(
            "the moves do not start with the setup", line=first_line, column=1, hint="start with 'setup.'"
        )
    return moves


def commented_groups(words: list[Token]) -> Iterator[tuple[list[Token], Token]]:
    """The submoves of a move in runs, each with the comment closing it.
    Raises a located :class:`~trackkit.errors.LayoutError` for a comment
    left open or submoves no comment closes."""
    steps: list[Token] = []
    for word in words:
        if word.text.startswith("{"):
            if not word.text.endswith("}"):
                raise word.error("a comment is not closed", "end it with '}'")
            yield steps, word
            steps = []
        else:
            steps.append(word)
    if steps:
        raise steps[0].error("these submoves have no comment saying what they are", "end each with {...}")
