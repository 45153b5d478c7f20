"""Paths written as text: the tile kinds of a track in driving order.

A *path* such as ``R 2S R L, S CL 4s`` names each tile by its kind (``S``
straight, ``L``/``R`` corner, ``CL``/``CR`` chicane), a count before a token
repeating it.  It is how players most often write a track down.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.errors import LayoutError
from trackkit.piecepack.circuit import MAX_DIGITS, Kind

__all__ = ["PathToken", "expand_path", "format_path", "parse_path"]

_TOKEN = re.compile(r"(\d*)\s*(CL|CR|S|L|R)(?![A-Z])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")
_KINDS = {kind.value: kind for kind in Kind}
"""Each kind by its token (``Kind(token)``, without the enum's slower look-up)."""


@dataclass(frozen=True, slots=True)
class PathToken:
    """One token of a path string: ``count`` tiles of ``kind``, found at
    character ``offset`` of the string and ``length`` characters long
    (``2S``: 2; ``12 cl``: 5)."""

    kind: Kind
    count: int
    offset: int
    length: int = 1


def parse_path(text: str) -> list[PathToken]:
    """Read a path such as ``"R 2S R L, S CL 4s"``.

    Tokens are ``S``, ``L``, ``R``, ``CL`` and ``CR``, case-insensitive, each
    optionally preceded by a count.  Whitespace and commas separate tokens.
    Raises :class:`LayoutError` (with ``column`` set to the 1-based character
    position within ``text``) for anything else.
    """
    tokens: list[PathToken] = []
    position = 0
    while position < len(text):
        gap = _SEPARATORS.match(text, position)
        if gap:
            position = gap.end()
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            word = re.match(r"[^\s,]+", text[position:])
            bad = word.group(0) if word else text[position]
            raise LayoutError(
                f"unknown path token {bad!r}",
                column=position + 1,
                hint="use S, L, R, CL or CR, each with an optional count such as 4S",
            )
        count = _count(match.group(1), match.group(0), position)
        if count == 0:
            raise LayoutError(
                f"path token {match.group(0)!r} has a count of 0",
                column=position + 1,
                hint="give a count of 1 or more, or leave the token out",
            )
        tokens.append(PathToken(_KINDS[match.group(2).upper()], count, position, match.end() - position))
        position = match.end()
    return tokens


def _count(digits: str, token: str, position: int) -> int:
    """The count written before a token (1 when none), refusing one of more
    than :data:`~trackkit.piecepack.circuit.MAX_DIGITS` digits without
    converting it."""
    if not digits:
        return 1
    if len(digits) > MAX_DIGITS:
        shown = token if len(token) <= 20 else f"{token[:8]}...{token[-8:]}"
        raise LayoutError(
            f"path token {shown!r} has a count of {len(digits):,} digits; counts have at most {MAX_DIGITS}",
            column=position + 1,
            hint="check the counts in the path",
        )
    return int(digits)


def expand_path(tokens: Sequence[PathToken]) -> list[Kind]:
    """One kind per tile: ``4S`` becomes four straights."""
    return [token.kind for token in tokens for _ in range(token.count)]


def format_path(kinds: Sequence[Kind]) -> str:
    """Write kinds as a compact path string: ``R 2S R L``."""
    words: list[str] = []
    run_kind: Kind | None = None
    run = 0
    for kind in [*kinds, None]:
        if kind is run_kind:
            run += 1
            continue
        if run_kind is not None:
            words.append(f"{run if run > 1 else ''}{run_kind.value}")
        run_kind, run = kind, 1
    return " ".join(words)
