"""Choosing where the sheets go: the search for the fewest pages.

The grid of windows a print is cut into (see :mod:`trackkit.picture.paper`)
is turned and slid over the picture: among the grids that need fewest
sheets, the one with fewest slivers wins, then the one that cuts fewest
lines of words (a line no sheet shows whole, such as a title running over
the edge of one sheet onto the next), then the one nearest centred, then
upright.  Each piece of the picture and each line of words is a box;
a grid is judged by which windows each box meets and how much of it each
shows, worked out a row and a column of windows at a time.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Iterator, Sequence
from typing import NamedTuple, TypeVar

from trackkit.picture.paper import (
    MAX_PAGES,
    OVERLAP,
    PAGE_MARGIN,
    SLIVER,
    WORDS_SHOWN,
    Box,
    PagePlan,
    Paper,
    Window,
)

__all__ = ["page_cost", "page_count", "plan_pages", "plan_slivers", "sliver", "starts", "windows_meeting"]

_T = TypeVar("_T")


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
    fewest of those are slivers (:func:`sliver`), then so that the fewest
    lines of words are shown whole on no sheet, then so that the windows
    are centred, then upright.  A picture that would take more than
    :data:`MAX_PAGES` sheets either way is simply centred (the caller
    refuses it)."""
    pieces = tuple(contents) if contents is not None else ((0.0, 0.0, width, height),)
    if not pieces and not words:
        pieces = ((0.0, 0.0, width, height),)
    return _planned(width, height, paper, pieces, tuple(words))


@functools.lru_cache(maxsize=4)
def _planned(
    width: float, height: float, paper: Paper, pieces: tuple[Box, ...], words: tuple[Box, ...]
) -> PagePlan:
    """:func:`plan_pages` of boxes given as tuples, remembered: counting a
    drawing's sheets and then cutting it plan the same pages, and the search
    looks at every box in up to 164 grids of windows."""
    boxes, enough = _distinct(pieces, words)
    lines = _lines_among(boxes, words)
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
    axes = _Axes(boxes, enough)
    best: tuple[tuple[int, int, int, float, int], PagePlan] | None = None
    for landscape in (False, True):
        # the grid centred on the whole picture stays a candidate, so the
        # search never does worse than plain centring
        whole = next(_plans((0.0, 0.0, width, height), paper, landscape, 0))
        for plan, off_centre in [*_plans(extent, paper, landscape, steps), whole]:
            if len(plan) > MAX_PAGES:
                continue
            counted = _count_within(plan, axes, lines, None if best is None else best[0][:2])
            if counted is None:
                continue
            score = (*counted, round(off_centre, 6), int(landscape))
            if best is None or score < best[0]:
                best = (score, plan)
    return best[1] if best is not None else min(centred, key=len)


def plan_slivers(plan: PagePlan, contents: Sequence[Box], words: Sequence[Box] = ()) -> int:
    """How many of ``plan``'s windows show only slivers of the pieces
    ``contents`` and the lines of ``words`` (see :func:`sliver`)."""
    boxes, enough = _distinct(contents, words)
    return _count(plan, _Axes(boxes, enough))[1]


def page_count(
    width: float, height: float, paper: Paper, pieces: Sequence[Box], words: Sequence[Box]
) -> tuple[int, int]:
    """How many sheets a ``width`` by ``height`` inch picture holding
    ``pieces`` and lines of ``words`` takes on ``paper``, and how many of
    them show only slivers (see :func:`plan_pages`)."""
    return page_cost(width, height, paper, pieces, words)[:2]


def page_cost(
    width: float, height: float, paper: Paper, pieces: Sequence[Box], words: Sequence[Box]
) -> tuple[int, int, int]:
    """:func:`page_count`, and how many of the lines of ``words`` no sheet
    shows whole: what a picture's narrowed version is weighed by."""
    plan = plan_pages(width, height, paper, pieces, words)
    boxes, enough = _distinct(pieces, words)
    slivers, cut = _count(plan, _Axes(boxes, enough), _lines_among(boxes, words))[1:]
    return len(windows_meeting(plan, [*pieces, *words])), slivers, cut


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


class _Axis(NamedTuple):
    """A row or column of windows as the boxes meet it, box by box: the
    windows (one bit each, by index) showing something of the box, those
    showing enough of it (see :func:`_enough`), and whether one of them
    shows all of its width or height.  A window of the grid shows
    something of a box when both its column and its row do, so a grid is
    judged from one row and one column of windows with whole numbers
    standing for sets of windows."""

    meeting: Sequence[int]
    enough: Sequence[int]
    whole: Sequence[bool]


class _Stretches:
    """The boxes seen along one axis: each box's stretch (from, to, and
    how much of it a window must show), the distinct ones listed once.
    Tiles side by side share their stretch down, tiles one above the
    other their stretch across, so a row or column of windows is laid
    over far fewer stretches than there are boxes."""

    def __init__(self, boxes: Sequence[Box], enough: Sequence[tuple[float, float]], down: bool) -> None:
        low, high = (1, 3) if down else (0, 2)
        numbers: dict[tuple[float, float, float], int] = {}
        keys = [(box[low], box[high], needed[int(down)]) for box, needed in zip(boxes, enough)]
        self.index = [numbers.setdefault(key, len(numbers)) for key in keys]
        self.distinct = list(numbers)

    def axis(self, starts_: tuple[float, ...], area: float) -> _Axis:
        """The windows starting at ``starts_``, ``area`` long, as each box meets them."""
        if not self.distinct:
            return _Axis([], [], [])
        meeting, enough, whole = zip(*(_bits(starts_, area, *stretch) for stretch in self.distinct))
        return _Axis(*(_picked(values, self.index) for values in (meeting, enough, whole)))


@functools.lru_cache(maxsize=16384)
def _bits(
    starts_: tuple[float, ...], area: float, low: float, high: float, least: float
) -> tuple[int, int, bool]:
    """The windows (bits, by index) of a row or column of windows that the
    stretch ``low`` to ``high`` meets, those showing ``least`` of it or
    more, and whether one shows all of it.  Remembered: a picture is
    planned again when it is counted, cut and drawn on other paper."""
    meeting = enough = 0
    whole = False
    full = high - low - 1e-9
    for index, shown in _spans(starts_, area, low, high):
        meeting |= 1 << index
        if shown >= least:
            enough |= 1 << index
        whole = whole or shown >= full
    return meeting, enough, whole


def _picked(values: Sequence[_T], index: list[int]) -> Sequence[_T]:
    """``values`` at each of ``index``."""
    if len(index) < 2:
        return [values[number] for number in index]
    found: tuple[_T, ...] = operator.itemgetter(*index)(values)
    return found


class _Axes:
    """The boxes of one search along both axes, and each row and column of
    windows looked at so far (keyed by its starts, length and whether it
    runs down), shared by the grids the search slides: a grid of 9
    column and 9 row placings has 81 plans but only 18 rows and columns."""

    def __init__(self, boxes: Sequence[Box], enough: Sequence[tuple[float, float]]) -> None:
        self.stretches = (_Stretches(boxes, enough, False), _Stretches(boxes, enough, True))
        self.known: dict[tuple[tuple[float, ...], float, bool], _Axis] = {}

    def axis(self, starts_: tuple[float, ...], area: float, down: bool) -> _Axis:
        key = (starts_, area, down)
        if key not in self.known:
            self.known[key] = self.stretches[down].axis(starts_, area)
        return self.known[key]


def _count(plan: PagePlan, axes: _Axes, lines: Sequence[int] = ()) -> tuple[int, int, int]:
    """How many of ``plan``'s windows show something of the boxes of
    ``axes``, how many of those are slivers (see :func:`sliver`), and how
    many of the boxes numbered in ``lines`` (lines of words) no window
    shows whole."""
    counted = _count_within(plan, axes, lines, None)
    assert counted is not None
    return counted


def _count_within(
    plan: PagePlan, axes: _Axes, lines: Sequence[int], best: tuple[int, ...] | None
) -> tuple[int, int, int] | None:
    """:func:`_count`, or ``None`` as soon as the windows shown, then the
    slivers, are more than the ``best`` plan's so far: such a plan cannot
    win, whatever else it does.  A window showing enough of a box also
    shows something of it, so the slivers are the windows showing
    something less those showing enough of something."""
    columns = axes.axis(plan.column_starts, plan.area_width, False)
    rows = axes.axis(plan.row_starts, plan.area_height, True)
    shown = _windows(rows.meeting, columns.meeting)
    if best is not None and shown > best[0]:
        return None
    slivers = shown - _windows(rows.enough, columns.enough)
    if best is not None and (shown, slivers) > best:
        return None
    cut = sum(1 for number in lines if not (columns.whole[number] and rows.whole[number]))
    return shown, slivers, cut


def _windows(rows: Sequence[int], columns: Sequence[int]) -> int:
    """How many windows lie in the row of one box's ``rows`` bits and the
    column of its ``columns`` bits, for some box.  Boxes are looked at
    once for each distinct pair of rows and columns: most pieces meet the
    same window or two as their neighbours."""
    by_rows: dict[int, int] = {}
    for row_bits, column_bits in set(zip(rows, columns)):
        by_rows[row_bits] = by_rows.get(row_bits, 0) | column_bits
    by_row: dict[int, int] = {}
    for row_bits, column_bits in by_rows.items():
        while row_bits:
            row = row_bits & -row_bits
            by_row[row] = by_row.get(row, 0) | column_bits
            row_bits ^= row
    return sum(column_bits.bit_count() for column_bits in by_row.values())


def _lines_among(boxes: Sequence[Box], words: Sequence[Box]) -> tuple[int, ...]:
    """The numbers of the ``boxes`` that are lines of ``words``."""
    lines = frozenset(words)
    return tuple(number for number, box in enumerate(boxes) if box in lines)


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
