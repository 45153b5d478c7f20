"""Cutting a true-size diagram into sheets of paper: the arithmetic.

A track laid out on the table is bigger than a sheet: Figure 1 is 16 by 12
inches of tiles.  To print it at true size (2-inch tiles) the picture is cut
into *pages*, each showing one rectangular *window* of it.  Neighbouring
windows *overlap* by :data:`OVERLAP` inches, and each overlap strip carries
*alignment marks* (circled crosses) that appear on both pages.

Pages are numbered from 1 row by row, top row first, left to right.  The
paper is turned, and the grid of windows slid over the picture, to need as
few sheets as possible: a window that shows nothing is no sheet at all, and
among layouts of as many sheets the one with fewest *slivers* wins (a
sliver is a sheet that shows of every piece of the picture on it less than
:data:`SLIVER` inches across, an edge cut off its neighbour, and of every
line of words on it less than :data:`WORDS_SHOWN` inches, the end of a
caption cut off the page beside it).  Alignment
marks go in the sheets' margins, never on the picture.  Everything here is
pure arithmetic in inches on the picture; :mod:`trackkit.render.pages`
draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.picture.shapes import line_width

__all__ = [
    "MARK_ARM",
    "MAX_PAGES",
    "MAX_PDF_PAGES",
    "OVERLAP",
    "PAGE_MARGIN",
    "PAPERS",
    "SLIVER",
    "WORDS_SHOWN",
    "Box",
    "CornerPointer",
    "PagePlan",
    "Paper",
    "Window",
    "corner_pointers",
    "get_paper",
    "margin_marks",
    "words_box",
]

Box = tuple[float, float, float, float]
"""A rectangle on the picture in inches: left, top, right, bottom."""


def words_box(words: str, left: float, baseline: float, size: float, bold: bool = False) -> Box:
    """The box (inches) of a line of ``words`` drawn ``size`` high from
    ``left`` on ``baseline``, as wide as the words really are
    (:func:`~trackkit.picture.shapes.line_width`)."""
    return (left, baseline - 0.8 * size, left + line_width(words, size, bold), baseline + 0.2 * size)


MARK_ARM = 0.12
"""How far an alignment mark's cross reaches from its centre, in inches:
less than half the margin, so that the mark lies wholly in it."""

SLIVER = 1.0
"""A sheet must show at least this much (inches) across and down of some
piece of the picture, or all of it when the piece is smaller."""

WORDS_SHOWN = 6.0
"""A sheet that shows a line of words (a title, a caption, an item of the
key) shows it only when it shows all of its height and this much of it
across (inches, most of a sheet's width), or all of it when the line is
shorter: less is a sliver of a caption, not worth a sheet."""

MAX_PAGES = 200
"""The most sheets a printed track may take."""

MAX_PDF_PAGES = 50
"""The most sheets one PDF holds.  cairo takes some 20 ms a page (its
captions and marks are set letter by letter), so a PDF of a track folded
over 160 pages took nearly 4 seconds; 50 keep one within about a second and
a half.  A track that takes more prints as SVG pages (up to :data:`MAX_PAGES`)."""

PAGE_MARGIN = 0.5
"""Blank border left on every side of a sheet, in inches (printers need some)."""

OVERLAP = 0.5
"""How far neighbouring pages show the same part of the picture, in inches."""


@dataclass(frozen=True)
class Paper:
    """A sheet size, ``width`` by ``height`` inches held upright (portrait).

    ``unit`` is the unit the size is exact in (``mm`` for A4, ``in`` for
    Letter), so that an SVG page states it without rounding."""

    name: str
    width: float
    height: float
    unit: str = "in"

    def length(self, inches: float) -> str:
        """A length on the sheet in its own unit, as SVG text (``210mm``)."""
        value = inches * 25.4 if self.unit == "mm" else inches
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return f"{text}{self.unit}"


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210 / 25.4, 297 / 25.4, "mm"),
    "letter": Paper("Letter", 8.5, 11.0),
}
"""The paper sizes ``--paper`` accepts."""


def get_paper(name: str) -> Paper:
    """The paper called ``name``; raises :class:`ArgumentError` for an unknown one."""
    try:
        return PAPERS[name.lower()]
    except KeyError:
        raise ArgumentError(f"unknown paper {name!r}; use one of: {', '.join(PAPERS)}") from None


@dataclass(frozen=True)
class Window:
    """Page ``number`` (row ``row``, column ``column``, from 1) shows the part of
    the picture from ``left``, ``top`` (inches from the picture's top-left
    corner) that is ``width`` by ``height`` inches."""

    number: int
    row: int
    column: int
    left: float
    top: float
    width: float
    height: float


@dataclass(frozen=True)
class PagePlan:
    """How a picture is cut into pages.

    ``sheet_width`` and ``sheet_height`` are the sheet as printed (swapped for
    landscape).  ``column_starts`` and ``row_starts`` are where each column and
    row of windows begins on the picture, in inches.
    """

    paper: Paper
    landscape: bool
    sheet_width: float
    sheet_height: float
    column_starts: tuple[float, ...]
    row_starts: tuple[float, ...]

    @property
    def area_width(self) -> float:
        """The printable width of a sheet: what one window shows across."""
        return self.sheet_width - 2 * PAGE_MARGIN

    @property
    def area_height(self) -> float:
        return self.sheet_height - 2 * PAGE_MARGIN

    @property
    def rows(self) -> int:
        return len(self.row_starts)

    @property
    def columns(self) -> int:
        return len(self.column_starts)

    def __len__(self) -> int:
        return self.rows * self.columns

    def windows(self) -> Iterator[Window]:
        """Every page's window, in page-number order."""
        number = 0
        for row, top in enumerate(self.row_starts, 1):
            for column, left in enumerate(self.column_starts, 1):
                number += 1
                yield Window(number, row, column, left, top, self.area_width, self.area_height)

    def neighbour(self, window: Window, rows: int, columns: int) -> int | None:
        """The number of the page ``rows`` down and ``columns`` across from
        ``window``, or ``None`` past the edge."""
        row, column = window.row + rows, window.column + columns
        if 1 <= row <= self.rows and 1 <= column <= self.columns:
            return (row - 1) * self.columns + column
        return None


def margin_marks(plan: PagePlan, sides: dict[str, int | None]) -> list[tuple[float, float]]:
    """Where one sheet's alignment marks go, in inches from the sheet's top
    left: in the margins, level with the middle of each overlap strip the
    sheet shares with a page beyond (``sides``: the page beyond each side,
    or ``None``).  A neighbour to the left or right gets a mark in the top
    and one in the bottom margin; one above or below, a mark in each side
    margin.  Both sheets print the pair at the same place on the picture,
    so laying one on the other, mark on mark, lines them up."""
    middle = PAGE_MARGIN / 2
    near_x, near_y = PAGE_MARGIN + OVERLAP / 2, PAGE_MARGIN + OVERLAP / 2
    far_x = PAGE_MARGIN + plan.area_width - OVERLAP / 2
    far_y = PAGE_MARGIN + plan.area_height - OVERLAP / 2
    marks: list[tuple[float, float]] = []
    for side, x in (("left", near_x), ("right", far_x)):
        if sides.get(side):
            marks += [(x, middle), (x, plan.sheet_height - middle)]
    for side, y in (("top", near_y), ("bottom", far_y)):
        if sides.get(side):
            marks += [(middle, y), (plan.sheet_width - middle, y)]
    return marks


@dataclass(frozen=True)
class CornerPointer:
    """An arrow in a side margin of a sheet, ``x``, ``y`` inches from its top
    left, pointing at ``angle`` degrees (clockwise from the right, as on the
    sheet) towards page ``number``, the page beyond one of its corners."""

    number: int
    x: float
    y: float
    angle: float


POINTER_REACH = PAGE_MARGIN + OVERLAP + 0.4
"""How far from the top or bottom edge a corner pointer's arrow stands,
in inches: past the alignment marks in the same margin."""


def corner_pointers(plan: PagePlan, corners: dict[tuple[int, int], int | None]) -> list[CornerPointer]:
    """The arrows pointing from one sheet to the pages beyond its corners
    (``corners``: the page one row and one column away, by ``(rows,
    columns)`` step, or ``None``).  Each points along the line joining the
    two windows' middles, at whatever angle the paper's shape and the
    overlap make (on upright Letter, 54° from the level, not 45°); it
    stands in the left or right margin, near the top or the bottom."""
    found = []
    for (rows, columns), number in sorted(corners.items()):
        if number is None:
            continue
        dx = columns * (plan.area_width - OVERLAP)
        dy = rows * (plan.area_height - OVERLAP)
        x = PAGE_MARGIN / 2 if columns < 0 else plan.sheet_width - PAGE_MARGIN / 2
        y = POINTER_REACH if rows < 0 else plan.sheet_height - POINTER_REACH
        found.append(CornerPointer(number, x, y, math.degrees(math.atan2(dy, dx))))
    return found
