"""Splitting a true-size diagram over sheets of paper.

A track laid out on the table is bigger than a sheet: Figure 1 is 16 by 12
inches of tiles.  To print it at true size (2-inch tiles) the picture is cut
into *pages*, each showing one rectangular *window* of it.  Neighbouring
windows *overlap* by :data:`OVERLAP` inches, and each overlap strip carries
*alignment marks* (circled crosses) that appear on both pages, so the sheets
can be laid over one another and taped with the marks on top of each other.

Pages are numbered from 1 row by row, top row first, left to right.  The paper
is turned to landscape when that needs fewer sheets.

:func:`plan_pages` is pure arithmetic; :func:`render_pages` draws the pages
as SVG documents with svgwrite.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from trackkit.errors import ArgumentError, LimitError
from trackkit.racepack.layout import Layout
from trackkit.render.canvas import UNITS, Canvas, fmt, new_drawing, serialise
from trackkit.render.layers import draw_layers
from trackkit.render.options import RenderOptions
from trackkit.render.svg import prepare

__all__ = [
    "MAX_PAGES",
    "OVERLAP",
    "PAGE_MARGIN",
    "PAPERS",
    "PageDrawer",
    "PagePlan",
    "Paper",
    "Window",
    "cut_into_pages",
    "get_paper",
    "mark_positions",
    "plan_pages",
    "render_pages",
    "starts",
]

MAX_PAGES = 200
"""The most sheets a printed track may take."""

PAGE_MARGIN = 0.5
"""Blank border left on every side of a sheet, in inches (printers need some)."""

OVERLAP = 0.5
"""How far neighbouring pages show the same part of the picture, in inches."""

_MARK_ARM = 0.15
_MARK_RING = 0.08
_MARK_STROKE = 0.012
_CAPTION_SIZE = 0.13


@dataclass(frozen=True)
class Paper:
    """A sheet size, ``width`` by ``height`` inches held upright (portrait)."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210 / 25.4, 297 / 25.4),
    "letter": Paper("Letter", 8.5, 11.0),
}
"""The paper sizes a drawing can be laid out on, by name."""


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


def mark_positions(plan: PagePlan) -> list[tuple[float, float]]:
    """Where the alignment marks go, in inches on the picture.

    Each overlap strip between two columns gets two marks per row, a quarter
    and three quarters of the way down the row; likewise between rows.  Every
    mark lies inside the overlap, so both neighbouring pages print it.
    """
    marks: list[tuple[float, float]] = []
    half = OVERLAP / 2
    for left in plan.column_starts[1:]:
        for top in plan.row_starts:
            marks += [(left + half, top + plan.area_height * k) for k in (0.25, 0.75)]
    for top in plan.row_starts[1:]:
        for left in plan.column_starts:
            marks += [(left + plan.area_width * k, top + half) for k in (0.25, 0.75)]
    return marks


# --- drawing the pages ---------------------------------------------------------


def render_pages(layout: Layout, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``layout`` cut into pages of ``paper``, each
    the text of an SVG file sized to the sheet."""
    scene, theme, frame = prepare(layout, options)

    def draw(drawing: Any, view: Any) -> None:
        draw_layers(Canvas(drawing, view, scene, theme, options, frame))

    return cut_into_pages(frame.width, frame.height, paper, options.title or scene.title, draw)


PageDrawer = Callable[[Any, Any], None]
"""Draws a whole picture, ``(drawing, parent)``, into the element ``parent``
of the SVG document ``drawing``, in the picture's own user units."""


def cut_into_pages(width: float, height: float, paper: Paper, title: str, draw: PageDrawer) -> list[str]:
    """A ``width`` by ``height`` inch picture, drawn by ``draw``, cut into
    pages of ``paper`` with alignment marks and captions naming ``title``.
    Raises :class:`LimitError` past :data:`MAX_PAGES` pages."""
    plan = plan_pages(width, height, paper)
    if len(plan) > MAX_PAGES:
        raise LimitError(
            f"the track would take {len(plan):,} {paper.name} pages; trackkit prints at most {MAX_PAGES}"
        )
    documents: list[str] = []
    for window in plan.windows():
        drawing = new_drawing(
            f"{fmt(plan.sheet_width)}in",
            f"{fmt(plan.sheet_height)}in",
            plan.sheet_width * UNITS,
            plan.sheet_height * UNITS,
        )
        view = _window_view(drawing, plan, window)
        draw(drawing, view)
        _draw_marks(drawing, view, plan)
        _draw_captions(drawing, plan, window, title)
        documents.append(serialise(drawing))
    return documents


def _window_view(drawing: Any, plan: PagePlan, window: Window) -> Any:
    """A nested ``<svg>`` on the sheet's printable area showing ``window``;
    it clips whatever lies outside."""
    view = drawing.svg(
        insert=(fmt(PAGE_MARGIN * UNITS), fmt(PAGE_MARGIN * UNITS)),
        size=(fmt(plan.area_width * UNITS), fmt(plan.area_height * UNITS)),
        id="window",
    )
    view["viewBox"] = " ".join(fmt(v * UNITS) for v in (window.left, window.top, window.width, window.height))
    drawing.add(view)
    return view


def _draw_marks(drawing: Any, view: Any, plan: PagePlan) -> None:
    group = drawing.g(
        id="alignment-marks", fill="none", stroke="#000000", stroke_width=fmt(_MARK_STROKE * UNITS)
    )
    for x, y in mark_positions(plan):
        cx, cy = x * UNITS, y * UNITS
        arm = _MARK_ARM * UNITS
        group.add(
            drawing.path(
                d=f"M{fmt(cx - arm)} {fmt(cy)} H{fmt(cx + arm)} M{fmt(cx)} {fmt(cy - arm)} V{fmt(cy + arm)}"
            )
        )
        group.add(drawing.circle(center=(fmt(cx), fmt(cy)), r=fmt(_MARK_RING * UNITS)))
    view.add(group)


def _draw_captions(drawing: Any, plan: PagePlan, window: Window, title: str) -> None:
    """Page number, how to join the pages and which page lies beyond each edge,
    all in the sheet's margin."""
    group = drawing.g(id="page-caption", fill="#000000", font_size=fmt(_CAPTION_SIZE * UNITS))
    group["font-family"] = "DejaVu Sans, Helvetica, Arial, sans-serif"
    width, height = plan.sheet_width * UNITS, plan.sheet_height * UNITS
    left, right = PAGE_MARGIN * UNITS, width - PAGE_MARGIN * UNITS
    top = (PAGE_MARGIN - _CAPTION_SIZE) * UNITS
    bottom = height - (PAGE_MARGIN - _CAPTION_SIZE * 1.5) * UNITS
    heading = f"{title} · page {window.number} of {len(plan)} (row {window.row}, column {window.column})"
    advice = (
        f"Print at 100 %. Pages overlap by {fmt(OVERLAP)} in: lay each ⊕ on the same mark of the next page."
    )
    texts = [(heading, left, top, "start"), (advice, left, bottom, "start")]
    pointers = (
        (plan.neighbour(window, -1, 0), "▲ page {}", right, top, "end"),
        (plan.neighbour(window, 1, 0), "▼ page {}", right, bottom, "end"),
        (plan.neighbour(window, 0, -1), "◀ {}", left * 0.2, height / 2, "start"),
        (plan.neighbour(window, 0, 1), "{} ▶", width - left * 0.2, height / 2, "end"),
    )
    texts += [(text.format(number), x, y, anchor) for number, text, x, y, anchor in pointers if number]
    for text, x, y, anchor in texts:
        group.add(drawing.text(text, insert=(fmt(x), fmt(y)), text_anchor=anchor))
    drawing.add(group)
