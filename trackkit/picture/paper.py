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

import functools
import math
from collections.abc import Iterator, Sequence
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
    "page_count",
    "plan_pages",
    "plan_slivers",
    "sliver",
    "starts",
    "windows_meeting",
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


def plan_pages(
    width: float,
    height: float,
    paper: Paper,
    contents: Sequence[Box] | None = None,
    words: Sequence[Box] = (),
) -> PagePlan:
    """Cut a ``width`` by ``height`` inch picture into pages of ``paper``.

    ``contents`` are the boxes of the pieces that hold something and
    ``words`` those of its lines of words (``None`` and none: the whole
    picture is one piece).  The paper is upright or turned and the windows slid over
    the picture so that the fewest windows show anything, then so that the
    fewest of those are slivers (:func:`sliver`), then so that the
    windows are centred, then upright.  A picture that would take more than
    :data:`MAX_PAGES` sheets either way is simply centred (the caller
    refuses it)."""
    pieces = list(contents) if contents is not None else [(0.0, 0.0, width, height)]
    if not pieces and not words:
        pieces = [(0.0, 0.0, width, height)]
    boxes, enough = _distinct(pieces, words)
    extent = (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
    centred = [next(_plans(extent, paper, landscape, 0))[0] for landscape in (False, True)]
    if min(len(plan) for plan in centred) > MAX_PAGES:
        return min(centred, key=len)
    steps = _OFFSETS if len(boxes) * _OFFSETS * _OFFSETS <= _BUDGET else 0
    best: tuple[tuple[int, int, float, int], PagePlan] | None = None
    for landscape in (False, True):
        # the grid centred on the whole picture stays a candidate, so the
        # search never does worse than plain centring
        whole = next(_plans((0.0, 0.0, width, height), paper, landscape, 0))
        for plan, off_centre in [*_plans(extent, paper, landscape, steps), whole]:
            if len(plan) > MAX_PAGES:
                continue
            shown, slivers = _count(plan, boxes, enough)
            score = (shown, slivers, round(off_centre, 6), int(landscape))
            if best is None or score < best[0]:
                best = (score, plan)
    return best[1] if best is not None else min(centred, key=len)


def plan_slivers(plan: PagePlan, contents: Sequence[Box], words: Sequence[Box] = ()) -> int:
    """How many of ``plan``'s windows show only slivers of the pieces
    ``contents`` and the lines of ``words`` (see :func:`sliver`)."""
    boxes, enough = _distinct(contents, words)
    return _count(plan, boxes, enough)[1]


def page_count(
    width: float, height: float, paper: Paper, pieces: Sequence[Box], words: Sequence[Box]
) -> tuple[int, int]:
    """How many sheets a ``width`` by ``height`` inch picture holding
    ``pieces`` and lines of ``words`` takes on ``paper``, and how many of
    them show only slivers (see :func:`plan_pages`)."""
    plan = plan_pages(width, height, paper, pieces, words)
    return len(windows_meeting(plan, [*pieces, *words])), plan_slivers(plan, pieces, words)


def _distinct(pieces: Sequence[Box], words: Sequence[Box]) -> tuple[list[Box], list[tuple[float, float]]]:
    """The boxes of ``pieces`` and ``words`` without repeats (tiles piled on
    one place give the same box many times, and a window shows a pile as it
    shows one tile), each with how much of it a window must show."""
    marked = dict.fromkeys([*((box, False) for box in pieces), *((box, True) for box in words)])
    return [box for box, _ in marked], [_enough(box, is_words) for box, is_words in marked]


_OFFSETS = 8
"""How many steps the grid of windows is slid through, each way, between
its two extreme places."""

_BUDGET = 40_000
"""The most box-and-offset pairs the search looks at; a picture of more
pieces keeps its windows centred (the search would take seconds)."""


def _plans(extent: Box, paper: Paper, landscape: bool, steps: int) -> Iterator[tuple[PagePlan, float]]:
    """Every way of laying the fewest windows of the turned or upright
    sheet over ``extent``, centred first, then slid in ``steps`` steps each
    way, with how far (inches) each lies from centred."""
    sheet_width, sheet_height = (paper.height, paper.width) if landscape else (paper.width, paper.height)
    area_width, area_height = sheet_width - 2 * PAGE_MARGIN, sheet_height - 2 * PAGE_MARGIN
    left, top, right, bottom = extent
    across = _slid_starts(left, right, area_width, steps)
    down = _slid_starts(top, bottom, area_height, steps)
    for columns, x_off in across:
        for rows, y_off in down:
            plan = PagePlan(paper, landscape, sheet_width, sheet_height, columns, rows)
            yield plan, x_off + y_off


def _slid_starts(low: float, high: float, area: float, steps: int) -> list[tuple[tuple[float, ...], float]]:
    """The window starts covering ``low`` to ``high``, centred first and
    then slid across the spare room, each with its distance from centred."""
    centred = tuple(low + start for start in starts(high - low, area))
    spare = (centred[-1] + area - high) + (low - centred[0])
    found = [(centred, 0.0)]
    if spare <= 1e-9 or steps == 0:
        return found
    for step in range(steps + 1):
        shift = -spare / 2 + spare * step / steps
        if abs(shift) > 1e-9:
            found.append((tuple(start + shift for start in centred), abs(shift)))
    return found


@functools.lru_cache(maxsize=8192)
def _spans(starts_: tuple[float, ...], area: float, low: float, high: float) -> tuple[tuple[int, float], ...]:
    """The windows (by index) of a row or column of windows starting at
    ``starts_``, each ``area`` long, that the stretch ``low`` to ``high``
    meets, with how much of it each shows.  Remembered: the page search
    slides rows and columns of windows separately, so each box meets the
    same few rows and columns again in many grids."""
    stride = starts_[1] - starts_[0] if len(starts_) > 1 else area
    first = max(0, math.floor((low - starts_[0] - area) / stride))
    found = []
    for index in range(first, len(starts_)):
        start = starts_[index]
        if start >= high:
            break
        shown = min(high, start + area) - max(low, start)
        if shown > 0:
            found.append((index, shown))
    return tuple(found)


def windows_meeting(plan: PagePlan, boxes: Sequence[Box]) -> set[tuple[int, int]]:
    """The windows of ``plan`` (row and column, from 1) that show something
    of any of ``boxes``: each box looks only at the rows and columns it
    spans, so this is linear in the boxes, however many windows there are."""
    found: set[tuple[int, int]] = set()
    for box in dict.fromkeys(boxes):
        columns = [column + 1 for column, _ in _spans(plan.column_starts, plan.area_width, box[0], box[2])]
        for row, _ in _spans(plan.row_starts, plan.area_height, box[1], box[3]):
            found.update((row + 1, column) for column in columns)
    return found


def _enough(box: Box, words: bool) -> tuple[float, float]:
    """How much of ``box`` (across, down) a sheet must show for it to count
    as shown there: :data:`SLIVER` of a piece, :data:`WORDS_SHOWN` across
    and all the height of a line of ``words``; all of a smaller box."""
    wide, tall = box[2] - box[0], box[3] - box[1]
    if words:
        return min(WORDS_SHOWN, wide) - 1e-9, tall - 1e-9
    return min(SLIVER, wide) - 1e-9, min(SLIVER, tall) - 1e-9


def _count(plan: PagePlan, boxes: Sequence[Box], enough: Sequence[tuple[float, float]]) -> tuple[int, int]:
    """How many of ``plan``'s windows show something of ``boxes``, and how
    many of those are slivers (see :func:`sliver`; ``enough``: how much of
    each box a window must show)."""
    shown: set[tuple[int, int]] = set()
    whole: set[tuple[int, int]] = set()
    for box, (wide, tall) in zip(boxes, enough):
        columns = _spans(plan.column_starts, plan.area_width, box[0], box[2])
        for row, down in _spans(plan.row_starts, plan.area_height, box[1], box[3]):
            for column, across in columns:
                shown.add((row, column))
                if across >= wide and down >= tall:
                    whole.add((row, column))
    return len(shown), len(shown - whole)


def _meets(window: Window, box: Box) -> tuple[float, float]:
    """How much of ``box`` the window shows across and down (0 when none)."""
    across = min(box[2], window.left + window.width) - max(box[0], window.left)
    down = min(box[3], window.top + window.height) - max(box[1], window.top)
    return (across, down) if across > 0 and down > 0 else (0.0, 0.0)


def sliver(window: Window, boxes: Sequence[Box], words: Sequence[Box] = ()) -> bool:
    """Whether ``window`` shows only slivers: of none of ``boxes`` (pieces)
    :data:`SLIVER` inches across and down (or the whole box, if smaller),
    and of none of ``words`` (lines of words) :data:`WORDS_SHOWN` inches
    across and its whole height (or the whole line, if shorter)."""
    marked = [(box, False) for box in boxes] + [(box, True) for box in words]
    for box, is_words in marked:
        across, down = _meets(window, box)
        wide, tall = _enough(box, is_words)
        if across > 0 and across >= wide and down >= tall:
            return False
    return True


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
