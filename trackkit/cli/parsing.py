"""Reading the command line's own notations: die rolls, icon corners, null
rules, table sizes.

These are ways of typing values on the command line (``--rolls 4,2,null,5``,
``--icons 3:NE,7:SW``, ``--max-width 20in``); the library takes the values
themselves.
"""

from __future__ import annotations

import re

from trackkit.errors import ArgumentError
from trackkit.piecepack.geometry import TILE
from trackkit.racepack.hazards import NullRule
from trackkit.racepack.spaces import Quadrant

__all__ = ["parse_face", "parse_icons", "parse_null_rule", "parse_rolls", "parse_table_length"]

_SEPARATORS = re.compile(r"[\s,]+")
_FACE_WORDS = {"null": 0, "n": 0, "0": 0, "ace": 1, "a": 1, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5}


def parse_null_rule(text: str) -> NullRule:
    """``zero`` or ``reroll``; raises :class:`ArgumentError` for anything else."""
    try:
        return NullRule(text.strip().lower())
    except ValueError:
        raise ArgumentError(f"{text!r} is not a null rule; use zero or reroll") from None


def parse_face(text: str) -> int:
    """A die face as written (``null``/``0``, ``ace``/``1``, ``2`` ... ``5``).

    Raises :class:`ArgumentError` for anything else.
    """
    face = _FACE_WORDS.get(text.strip().lower())
    if face is None:
        raise ArgumentError(f"{text!r} is not a die face; use null, ace (or 1), 2, 3, 4 or 5")
    return face


def parse_rolls(text: str) -> tuple[int, ...]:
    """Rolls written like ``4,2,null,5``.  Raises :class:`ArgumentError` when empty
    or when a roll is not a face."""
    words = [word for word in _SEPARATORS.split(text) if word]
    if not words:
        raise ArgumentError("no rolls given; write them like 4,2,null,5")
    return tuple(parse_face(word) for word in words)


def parse_icons(text: str) -> dict[int, Quadrant]:
    """Icon corners written like ``3:NE,7:SW``.  Raises :class:`ArgumentError` for a
    malformed entry or a tile given twice."""
    icons: dict[int, Quadrant] = {}
    for word in (word for word in _SEPARATORS.split(text) if word):
        tile, quadrant = _parse_icon(word)
        if tile in icons:
            raise ArgumentError(f"icon of tile {tile} given twice")
        icons[tile] = quadrant
    return icons


def _parse_icon(word: str) -> tuple[int, Quadrant]:
    tile_text, colon, quadrant_text = word.partition(":")
    try:
        if not colon or not tile_text.isdigit():
            raise ValueError(word)
        return int(tile_text), Quadrant.parse(quadrant_text)
    except ValueError:
        raise ArgumentError(
            f"{word!r} is not an icon position; write TILE:CORNER such as 3:NE (corners NE, NW, SE, SW)"
        ) from None


_LENGTH = re.compile(r"^\s*(\d+)\s*(in)?\s*$", re.IGNORECASE)


def parse_table_length(text: str) -> int:
    """Read a table size: whole tiles (``10``) or inches (``20in``); return spaces.

    A space is an inch, half a tile, so ``10`` and ``20in`` are both 20.
    Raises :class:`ArgumentError` for anything else or for zero.
    """
    match = _LENGTH.match(text)
    if match is None:
        raise ArgumentError(
            f"{text!r} is not a table size; give whole tiles such as 10, or inches such as 20in"
        )
    value = int(match.group(1))
    spaces = value if match.group(2) else value * TILE
    if spaces < 1:
        raise ArgumentError(f"a table size must be positive, not {text!r}")
    return spaces
