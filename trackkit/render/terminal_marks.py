"""What the characters of a terminal preview show and how they are coloured.

A *mark* is what one space of the preview shows (an arrow, a curve, a corner
number...) with its *style*, which says what kind of thing it is.  A
*palette* gives each style its ANSI colour codes: ``dark`` for a terminal
with a dark background (the usual), ``light`` for a light one.  With
``--ascii`` the finished text is turned into plain ASCII
(:func:`trackkit.render.terminal_boxes.to_ascii`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from trackkit.piecepack.geometry import Square

__all__ = [
    "FAULT",
    "PALETTES",
    "RESET",
    "SUIT_STYLES",
    "Board",
    "Mark",
    "Run",
    "Style",
    "paint",
]


class Style(Enum):
    """What a character shows; when several spaces share one character the
    higher ``rank`` wins.  Besides the road, its lines and Racepack's
    furniture: ``START`` the Motocross starting tile, ``SHARP`` a RACE!
    corner of radius 1 (``CORNER`` the gentler ones), ``NUMBER`` a number
    standing on a space (a Motocross tile's, a racing-line speed; ``LABEL``
    one beside the track), ``RAMP`` a ramp's coins or a rally Jump,
    ``CHECKPOINT`` a rally Checkpoint and ``FAULT`` the fault mark."""

    EMPTY = (0, "empty")
    LINE = (0, "line")
    EDGE = (0, "edge")
    ROAD = (1, "road")
    PIT = (1, "pit")
    START = (2, "start")
    CORNER = (2, "corner")
    SHARP = (2, "sharp")
    BROKEN = (2, "broken")
    WALL = (2, "wall")
    DIE = (3, "die")
    CAR = (3, "car")
    SUNS = (4, "suns")
    MOONS = (4, "moons")
    CROWNS = (4, "crowns")
    ARMS = (4, "arms")
    LABEL = (4, "label")
    NUMBER = (4, "number")
    RAMP = (4, "ramp")
    CHECKPOINT = (4, "checkpoint")
    FINISH = (5, "finish")
    FAULT = (5, "fault")

    @property
    def rank(self) -> int:
        return self.value[0]


FAULT = "!"
"""The *fault mark*: drawn on a piece (tile, corner space, card) that a
broken rule names, as the drawings ring it."""

SUIT_STYLES = {"suns": Style.SUNS, "moons": Style.MOONS, "crowns": Style.CROWNS, "arms": Style.ARMS}
"""The style of a hazard coin of each suit."""

RESET = "\x1b[0m"

_DARK = {
    Style.LINE: "\x1b[37;100m",
    Style.EDGE: "\x1b[97;100m",
    Style.ROAD: "\x1b[97;100m",
    Style.PIT: "\x1b[93;100m",
    Style.CORNER: "\x1b[96;100m",
    Style.BROKEN: "\x1b[91;100m",
    Style.WALL: "\x1b[1;91;100m",
    Style.DIE: "\x1b[1;31;107m",
    Style.CAR: "\x1b[1;97;100m",
    Style.SUNS: "\x1b[1;97;41m",
    Style.MOONS: "\x1b[1;97;40m",
    Style.CROWNS: "\x1b[1;97;42m",
    Style.ARMS: "\x1b[1;97;44m",
    Style.LABEL: "\x1b[1;33m",
    Style.NUMBER: "\x1b[1;96;100m",
    Style.FINISH: "\x1b[30;107m",
    Style.START: "\x1b[1;92;100m",
    Style.SHARP: "\x1b[1;95;100m",
    Style.RAMP: "\x1b[1;93;100m",
    Style.CHECKPOINT: "\x1b[1;96;100m",
    Style.FAULT: "\x1b[1;97;41m",
}
_LIGHT = {
    Style.LINE: "\x1b[90;47m",
    Style.EDGE: "\x1b[30;47m",
    Style.ROAD: "\x1b[30;47m",
    Style.PIT: "\x1b[33;47m",
    Style.CORNER: "\x1b[34;47m",
    Style.BROKEN: "\x1b[31;47m",
    Style.WALL: "\x1b[1;31;47m",
    Style.DIE: "\x1b[1;31;107m",
    Style.CAR: "\x1b[1;30;47m",
    Style.SUNS: "\x1b[1;97;41m",
    Style.MOONS: "\x1b[1;97;40m",
    Style.CROWNS: "\x1b[1;97;42m",
    Style.ARMS: "\x1b[1;97;44m",
    Style.LABEL: "\x1b[1;34m",
    Style.NUMBER: "\x1b[1;34;47m",
    Style.FINISH: "\x1b[97;40m",
    Style.START: "\x1b[1;32;47m",
    Style.SHARP: "\x1b[1;35;47m",
    Style.RAMP: "\x1b[1;33;47m",
    Style.CHECKPOINT: "\x1b[1;34;47m",
    Style.FAULT: "\x1b[1;97;41m",
}
PALETTES: dict[str, dict[Style, str]] = {"dark": _DARK, "light": _LIGHT}
"""ANSI codes for each style, for dark and for light terminal backgrounds."""


@dataclass(frozen=True)
class Mark:
    """What one cell shows: ``text`` (one character, or up to two for a
    number or a coin and its count) and its ``style``.  A ``repeat`` mark
    fills both characters of a two-character cell; others are *labels*,
    right-aligned in it.  ``narrow``, when given, is a one-character form of
    a two-character label, shown where a cell has two characters or fewer
    (a ramp of 3 coins: ``●3`` in a bordered picture, ``③`` elsewhere)."""

    text: str
    style: Style
    repeat: bool = True
    narrow: str = ""


@dataclass(frozen=True)
class Board:
    """The stretch of table a grid preview shows, and where its border lines
    go.  ``corner`` is the bottom left space shown and ``size`` the number of
    spaces across and up; ``owners`` gives the piece (a tile, by number)
    each covered space belongs to, so that a heavy line runs where two
    pieces meet and a light one between the spaces of one piece; ``walls``
    are the pairs of neighbouring spaces a wall stands between; ``die``, when
    given, is a mark set on the border between ``die_cells`` (the lap die on
    the start/finish line)."""

    corner: Square
    size: tuple[int, int]
    owners: Mapping[Square, int]
    walls: frozenset[tuple[Square, Square]] = frozenset()
    die: Mark | None = None
    die_cells: tuple[Square, Square] = ((0, 0), (0, 0))


Run = list[tuple[str, Style]]
"""One line of the picture: characters, each with its style."""


def paint(run: Run, palette: dict[Style, str] | None) -> str:
    """A line as text; with a palette, colour codes around each stretch of one style."""
    if palette is None:
        return "".join([character for character, _ in run]).rstrip()
    while run and run[-1] == (" ", Style.EMPTY):
        run = run[:-1]
    pieces: list[str] = []
    current = ""
    for character, style in run:
        code = palette.get(style, "")
        if code != current:
            pieces.append(RESET if current else "")
            pieces.append(code)
            current = code
        pieces.append(character)
    if current:
        pieces.append(RESET)
    return "".join(pieces)
