"""Cutting a true-size diagram into sheets of paper: the arithmetic.

A track laid out on the table is bigger than a sheet: Figure 1 is 16 by 12
inches of tiles.  To print it at true size (2-inch tiles) the picture is cut
into *pages*, each showing one rectangular *window* of it.  Neighbouring
windows *overlap* by :data:`OVERLAP` inches, and each overlap strip carries
*alignment marks* (circled crosses) that appear on both pages.

Pages are numbered from 1 row by row, top row first, left to right.  The paper
is turned to landscape when that needs fewer sheets.  Everything here is pure
arithmetic in inches on the picture; :mod:`trackkit.render.pages` draws.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from trackkit.errors import ArgumentError

__all__ = [
    "MARK_REACH",
    "MAX_PAGES",
    "OVERLAP",
    "PAGE_MARGIN",
    "PAPERS",
    "Box",
    "PagePlan",
    "Paper",
    "Window",
    "get_paper",
    "mark_positions",
    "plan_pages",
    "starts",
]

Box = tuple[float, float, float, float]
"""A rectangle on the picture in inches: left, top, right, bottom."""

MARK_REACH = 0.2
"""How far an alignment mark reaches from its centre, in inches, with a
little room: no mark comes nearer than this to any lettering."""

MAX_PAGES = 200
"""The most sheets a printed track may take."""

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


def starts(length: float, area: float) -> tuple[float, ...]:
    """Where windows ``area`` long must start to cover ``length`` with overlaps.

    The windows are centred on the picture, so any spare paper is shared
    equally at both ends.
    """
    if length <= area:
        return ((length - area) / 2,)
    stride = area - OVERLAP
    count = math.ceil((length - OVERLAP) / stride)
    covered = count * stride + OVERLAP
    first = (length - covered) / 2
    return tuple(first + i * stride for i in range(count))


def plan_pages(width: float, height: float, paper: Paper) -> PagePlan:
    """Cut a ``width`` by ``height`` inch picture into pages of ``paper``,
    upright or turned, whichever needs fewer sheets (upright on a tie)."""
    plans = [_plan(width, height, paper, landscape) for landscape in (False, True)]
    return min(plans, key=len)


def _plan(width: float, height: float, paper: Paper, landscape: bool) -> PagePlan:
    sheet_width, sheet_height = (paper.height, paper.width) if landscape else (paper.width, paper.height)
    area_width, area_height = sheet_width - 2 * PAGE_MARGIN, sheet_height - 2 * PAGE_MARGIN
    return PagePlan(
        paper,
        landscape,
        sheet_width,
        sheet_height,
        starts(width, area_width),
        starts(height, area_height),
    )


def mark_positions(plan: PagePlan, avoid: Sequence[Box] = ()) -> list[tuple[float, float]]:
    """Where the alignment marks go, in inches on the picture.

    Each overlap strip between two columns gets two marks per row, about a
    quarter and three quarters of the way down the row; likewise between
    rows.  Every mark lies inside the overlap, so both neighbouring pages
    print it, and it is slid along its strip (in twentieths of the row)
    to the nearest place clear of every box in ``avoid`` (the lettering).
    """
    marks: list[tuple[float, float]] = []
    half = OVERLAP / 2
    for left in plan.column_starts[1:]:
        for top in plan.row_starts:
            strip = _Strip((left + half, top), (0.0, plan.area_height))
            marks += [strip.at(k) for k in _clear_fractions(strip, avoid)]
    for top in plan.row_starts[1:]:
        for left in plan.column_starts:
            strip = _Strip((left, top + half), (plan.area_width, 0.0))
            marks += [strip.at(k) for k in _clear_fractions(strip, avoid)]
    return marks


@dataclass(frozen=True)
class _Strip:
    """The middle line of one overlap strip along one row or column of
    windows: from ``start``, running ``length`` (x, y) inches."""

    start: tuple[float, float]
    length: tuple[float, float]

    def at(self, fraction: float) -> tuple[float, float]:
        return (self.start[0] + fraction * self.length[0], self.start[1] + fraction * self.length[1])


_FRACTIONS = tuple(k / 20 for k in range(2, 19))


def _clear_fractions(strip: _Strip, avoid: Sequence[Box]) -> list[float]:
    """The places along a strip nearest 1/4 and 3/4 whose marks touch no box
    of ``avoid`` (the wanted place when none is clear)."""
    chosen: list[float] = []
    for wanted in (0.25, 0.75):
        ranked = sorted(_FRACTIONS, key=lambda k: (abs(k - wanted), k))
        clear = [k for k in ranked if k not in chosen and not _hits(strip.at(k), avoid)]
        chosen.append(clear[0] if clear else wanted)
    return chosen


def _hits(point: tuple[float, float], avoid: Sequence[Box]) -> bool:
    x, y = point
    r = MARK_REACH
    return any(
        x + r > left and x - r < right and y + r > top and y - r < bottom
        for left, top, right, bottom in avoid
    )
