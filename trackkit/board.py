"""What a terminal preview shows, character by character, for any game.

A game's preview is a :class:`Preview`: a heading, a picture and a key.  The
picture is one of three kinds:

- a :class:`Grid` of spaces on a :class:`Board`, each space showing a
  :class:`Mark` (an arrow, a curve, a number...), which the painter fits to
  the width: bordered, two characters a space, or shrunk;
- :class:`Cards`, boxes of a few lines each, set out in rows as many to a
  row as the width allows;
- :class:`Drawn` lines, characters the game has already placed for the
  width it was asked for.

Each character carries a :class:`Style`, the kind of thing it shows; the
painter (:mod:`trackkit.render.terminal`) gives each style its colours and
turns the text into ASCII on request.  This module knows no colour and no
terminal: it is the vocabulary the game packages describe their tables in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from trackkit.errors import ArgumentError
from trackkit.piecepack.geometry import Heading, Square
from trackkit.play import Standing, Token

__all__ = [
    "ARROWS",
    "DIE_FACES",
    "FAULT",
    "FINISH",
    "MAX_DRAWN_TILES",
    "MAX_EXTENT",
    "MAX_NUMBERED",
    "MIN_TERMINAL_WIDTH",
    "SUIT_STYLES",
    "Board",
    "Card",
    "Cards",
    "Drawn",
    "Grid",
    "Mark",
    "Preview",
    "Run",
    "Style",
    "TerminalOptions",
    "Words",
    "die_face",
    "fits_bordered",
    "numbering_note",
    "numbering_step",
    "pieces_on",
    "wall_borders",
]

MIN_TERMINAL_WIDTH = 8
"""The narrowest terminal preview asked for that is still drawn, in every game."""

MAX_DRAWN_TILES = 2_000
"""The most tiles a picture of a table shows: eighty piecepacks' worth.  A
picture's time grows with its tiles (numbers, labels, the rules' marks):
2,000 Motocross tiles take about a second to draw as SVG and a little more
as PNG, where the 4,447 of a fuzzed course took over three seconds."""

MAX_EXTENT = 1_000
"""The widest or highest a picture of a table may be, in spaces (inches): 83 feet."""

MAX_NUMBERED = 200
"""The most tile numbers a picture sets: eight packs' worth (192 tiles) and
a little more.  A larger track gets the number of every k-th tile only, and
the key says so: thousands of numbers would hide the road and take seconds
to place."""


def numbering_step(count: int) -> int:
    """Every how many of ``count`` tiles (or corners) a picture numbers: 1
    up to :data:`MAX_NUMBERED`, else the least step that keeps the numbers
    within it (the first, the k+1st, the 2k+1st...)."""
    return max(1, -(-count // MAX_NUMBERED))


def numbering_note(count: int, things: str = "tiles") -> str:
    """What the key adds when not every one of ``count`` tiles (or other
    ``things``) is numbered: `` (every 12th of 2,212 tiles)``; nothing
    otherwise."""
    step = numbering_step(count)
    if step == 1:
        return ""
    suffix = "th" if step % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(step % 10, "th")
    return f" (every {step}{suffix} of {count:,} {things})"


@dataclass(frozen=True)
class TerminalOptions:
    """How to draw a terminal preview: at most ``width`` characters wide,
    coloured when ``color`` is true (for a light background when ``light``
    is), with the starting grid when ``grid`` is, only ASCII characters
    when ``ascii`` is, and the racing line when ``line`` is; ``borders``
    set to ``False`` forbids a bordered grid.  A ``width`` below
    :data:`MIN_TERMINAL_WIDTH` is refused here, once for every game's
    preview, with :class:`~trackkit.errors.ArgumentError`."""

    width: int = 80
    color: bool = False
    grid: bool = False
    light: bool = False
    ascii: bool = False
    line: bool = False
    borders: bool = True

    def __post_init__(self) -> None:
        if self.width < MIN_TERMINAL_WIDTH:
            raise ArgumentError(
                f"{self.width} is too narrow; give {MIN_TERMINAL_WIDTH} or more", parameter="width"
            )


class Style(Enum):
    """What a character shows; when several spaces share one character the
    higher ``rank`` wins.  The roles: the road (``ROAD``), a side road such
    as a pit lane (``PIT``), the lines between spaces (``LINE`` inside a
    piece, ``EDGE`` where pieces meet), the piece a race starts from
    (``START``), a corner (``CORNER``, and ``SHARP`` for the tightest
    kind), a piece that does not follow on (``BROKEN``), a wall, a die, a
    pawn (``CAR``), a coin of each suit, a number beside the road
    (``LABEL``) or on it (``NUMBER``), a raised piece to jump from
    (``RAMP``), a place where the race is scored (``CHECKPOINT``), the
    finish and the fault mark."""

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


ARROWS = {Heading.EAST: "→", Heading.NORTH: "↑", Heading.WEST: "←", Heading.SOUTH: "↓"}
"""The arrow drawn on a space for each way the road runs."""

FINISH = "▚"
"""Drawn across the road where a race ends: a chequered flag."""

FAULT = "!"
"""The *fault mark*: drawn on a piece (tile, corner space, card) that a
broken rule names, as the drawings ring it."""

SUIT_STYLES = {"suns": Style.SUNS, "moons": Style.MOONS, "crowns": Style.CROWNS, "arms": Style.ARMS}
"""The style of a coin of each piecepack suit."""

DIE_FACES = ("", "A", "2", "3", "4", "5")
"""A piecepack die's faces as a picture shows them: null (blank), ace, 2 to 5."""


def die_face(count: int) -> str:
    """The face a piecepack die turned to ``count`` shows: ``A`` (ace) for
    1, ``2``-``5``, blank (null) for 0; the number itself beyond a die's
    faces."""
    return DIE_FACES[count] if 0 <= count < len(DIE_FACES) else str(count)


@dataclass(frozen=True)
class Mark:
    """What one cell shows: ``text`` (one character, or up to two for a
    number or a coin and its count) and its ``style``.  A ``repeat`` mark
    fills both characters of a two-character cell; others are *labels*,
    right-aligned in it.  ``narrow``, when given, is a one-character form of
    a two-character label, shown where a cell has two characters or fewer
    (three coins: ``●3`` in a bordered picture, ``③`` elsewhere)."""

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
    given, is a mark set on the border between ``die_cells`` (a die standing
    on a line across the road)."""

    corner: Square
    size: tuple[int, int]
    owners: Mapping[Square, int]
    walls: frozenset[tuple[Square, Square]] = frozenset()
    die: Mark | None = None
    die_cells: tuple[Square, Square] = ((0, 0), (0, 0))


def wall_borders(walls: Iterable[tuple[Square, Square]]) -> frozenset[tuple[Square, Square]]:
    """The pairs of neighbouring spaces that walls stand between, each wall
    given by its two end points on the lines between spaces."""
    pairs: set[tuple[Square, Square]] = set()
    for (x0, y0), (x1, y1) in walls:
        if y0 == y1:
            pairs |= {((x, y0 - 1), (x, y0)) for x in range(min(x0, x1), max(x0, x1))}
        else:
            pairs |= {((x0 - 1, y), (x0, y)) for y in range(min(y0, y1), max(y0, y1))}
    return frozenset(pairs)


Run = list[tuple[str, Style]]
"""One line of the picture: characters, each with its style."""


def fits_bordered(board: Board, width: int) -> bool:
    """Whether the bordered picture of ``board`` (three characters a space
    and one more for the last border) fits ``width`` characters."""
    return board.size[0] * 3 + 1 <= width


@dataclass(frozen=True)
class Grid:
    """A picture of spaces: what each space of ``board`` shows."""

    board: Board
    marks: Mapping[Square, Mark]


@dataclass(frozen=True)
class Card:
    """One card's box: its lines of text (each cut to the box) and its style."""

    lines: tuple[str, ...]
    style: Style


@dataclass(frozen=True)
class Cards:
    """A picture of cards in order, each a box ``width`` characters wide
    inside, set out in rows."""

    cards: tuple[Card, ...]
    width: int


@dataclass(frozen=True)
class Drawn:
    """A picture whose characters the game has placed itself, line by line."""

    rows: tuple[Run, ...]


@dataclass(frozen=True)
class Words:
    """Items of text set out in lines no wider than the preview, ``gap``
    between two items on a line; with ``wrap`` off, the items stand one a
    line, however wide."""

    items: tuple[str, ...]
    gap: str = "   "
    wrap: bool = True


@dataclass(frozen=True)
class Preview:
    """A game's table for a terminal: the ``heading`` above the picture and
    the ``key`` below it, each a few blocks of :class:`Words`."""

    heading: tuple[Words, ...]
    picture: Grid | Cards | Drawn
    key: tuple[Words, ...]


def _token_mark(token: Token) -> Mark:
    """How a piece's token shows on its square: a car, or a fault when the
    piece is down."""
    return Mark(token.label, Style.FAULT if token.down else Style.CAR, repeat=False)


def pieces_on(board: Board, marks: Mapping[Square, Mark], standing: Standing) -> Preview:
    """A replay's board: the bare table's ``marks`` on ``board`` with each
    token of ``standing`` on its square (hiding what the square showed),
    no heading and no key."""
    shown = dict(marks)
    shown.update({square: _token_mark(token) for square, token in standing.items()})
    return Preview((), Grid(board, shown), ())
