"""One label placer for every drawing.

A *label* is a short text that belongs to a place on a drawing (its
*anchor*): a tile's number, the word START, a page's number on the page map.
A *symbol* is a mark that must stay visible: a disc, a coin, the lap die, an
arrow, a chequer, the ring round a tile at fault.  The placer keeps a record
of every symbol drawn (:meth:`LabelPlacer.block`) and sets each label at the
first of its *candidate* positions where it covers no symbol and stands at
least a character's width from every other label (so that two numbers never
read as one).  When every candidate is taken it looks further out round the
anchor and joins the label to its anchor with a thin *leader* line.

Everything here is pure geometry on the picture, in spaces (inches), ``x``
to the right and ``y`` down the page, as SVG has it.  Shapes are circles and
convex polygons; :func:`overlaps` tells whether two of them share any area.
Text is measured with a generous average letter width (:func:`text_width`),
the same measure the key and the overlap test use.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from trackkit.board import MAX_NUMBERED, numbering_note, numbering_step
from trackkit.picture.shapes import (
    Point,
    Shape,
    box,
    circle,
    overlaps,
    polygon,
    stroke,
    text_box,
    text_width,
)

__all__ = [
    "MAX_NUMBERED",
    "MIN_PRINT_POINTS",
    "MIN_SCREEN_PIXELS",
    "MIN_TEXT",
    "LabelPlacer",
    "Placed",
    "Shape",
    "box",
    "circle",
    "numbering_note",
    "numbering_step",
    "overlaps",
    "polygon",
    "stroke",
    "text_box",
    "text_width",
]


MIN_SCREEN_PIXELS = 12
"""The smallest lettering on screen at the default size (48 pixels a space), in pixels."""

MIN_PRINT_POINTS = 7
"""The smallest lettering printed at true size, in points (72 to the inch)."""

MIN_TEXT = max(MIN_SCREEN_PIXELS / 48, MIN_PRINT_POINTS / 72)
"""The smallest font size of any label, in spaces: 12 pixels on screen
(0.25 space) is the stricter of the two limits."""


LABEL_GAP = 0.6
"""The least room between two labels side by side, in font sizes: about a
letter, so that two numbers never read as one."""

LINE_GAP = 0.25
"""The least room between two labels one above the other, in font sizes."""

SYMBOL_GAP = 0.06
"""The least room between a label and a symbol, in spaces."""


def _grown(shape: Shape, across: float, down: float) -> Shape:
    left, top, right, bottom = shape.bounds()
    return box(left - across, top - down, right + across, bottom + down)


@dataclass(frozen=True)
class Placed:
    """Label ``text`` set ``size`` high centred on ``centre``, taking ``box``;
    it belongs to ``anchor``, and ``leader`` joins the two when the label
    stands away from it."""

    text: str
    centre: Point
    size: float
    box: Shape
    anchor: Point
    leader: tuple[Point, Point] | None = None


_DIRECTIONS = 16
_RING_STEP = 0.2
"""The search round an anchor when no candidate is clear: 16 directions at
rings this many spaces apart."""


Bounds = tuple[float, float, float, float]
Entry = tuple[Bounds, bool]
"""A filed shape's bounds, and whether it is a box with sides along the axes."""


class _Grid:
    """Shapes filed under the square cells of side ``side`` (spaces) their
    bounds cover; a shape filed twice is kept once."""

    def __init__(self, side: float) -> None:
        self.side = side
        self.cells: dict[tuple[int, int], dict[Shape, Entry]] = {}

    def covered(self, bounds: Bounds, most: int) -> list[tuple[int, int]] | None:
        """The cells ``bounds`` covers, or ``None`` for more than ``most``
        of them (or bounds that are not finite)."""
        side = self.side
        left, top, right, bottom = bounds[0] / side, bounds[1] / side, bounds[2] / side, bounds[3] / side
        finite = math.isfinite
        if not (finite(left) and finite(top) and finite(right) and finite(bottom)):
            return None
        columns = range(math.floor(left), math.floor(right) + 1)
        rows = range(math.floor(top), math.floor(bottom) + 1)
        if len(columns) * len(rows) > most:
            return None
        return [(column, row) for column in columns for row in rows]

    def file(self, shape: Shape, entry: Entry, cells: list[tuple[int, int]]) -> None:
        for cell in cells:
            self.cells.setdefault(cell, {})[shape] = entry

    def near(self, cells: list[tuple[int, int]]) -> list[dict[Shape, Entry]]:
        return [self.cells.get(cell, {}) for cell in cells]


class _Buckets:
    """Shapes filed by where they lie, so that a label is tested only
    against shapes near it (a drawing of thousands of tiles stays quick).
    Every shape goes under the coarse cells it covers; a small one also
    under the fine cells, and only those are looked at for a small label.
    A big label (a page map's numbers are inches high) looks at coarse
    cells; a shape or label too big even for them is tested against all."""

    def __init__(self) -> None:
        self.fine = _Grid(_CELL)
        self.coarse = _Grid(_COARSE_CELL)
        self.big = _Grid(_COARSE_CELL)
        self.wide: dict[Shape, Entry] = {}
        self.filed = 0

    def file(self, shape: Shape) -> None:
        bounds = shape.bounds()
        entry = (bounds, _is_box(shape, bounds))
        coarse = self.coarse.covered(bounds, _MOST_CELLS)
        if coarse is None:
            self.wide[shape] = entry
            return
        self.coarse.file(shape, entry, coarse)
        fine = self.fine.covered(bounds, _MOST_CELLS)
        if fine is None:
            self.big.file(shape, entry, coarse)
        else:
            self.fine.file(shape, entry, fine)

    def _candidates(self, bounds: Bounds) -> list[dict[Shape, Entry]]:
        """The filed shapes that may meet ``bounds``, cell by cell."""
        fine = self.fine.covered(bounds, _MOST_CELLS)
        coarse = self.coarse.covered(bounds, _MOST_LOOKED_AT)
        if fine is not None and coarse is not None:
            return [self.wide, *self.big.near(coarse), *self.fine.near(fine)]
        if coarse is not None:
            return [self.wide, *self.coarse.near(coarse)]
        return [self.wide, *self.coarse.cells.values()]

    def meets(self, rectangle: Shape) -> bool:
        """Whether ``rectangle`` (a box, as a label's) shares area with any
        shape filed.  Two boxes meet exactly when their bounds do; other
        shapes whose bounds meet it get the exact test."""
        bounds = rectangle.bounds()
        seen: set[Shape] = set()
        for found in self._candidates(bounds):
            for other, (around, is_box) in found.items():
                if other in seen or not _boxes_meet(bounds, around):
                    continue
                if is_box or overlaps(rectangle, other):
                    return True
                seen.add(other)
        return False


def _is_box(shape: Shape, bounds: Bounds) -> bool:
    """Whether ``shape`` is a rectangle with sides along the axes (its bounds exactly)."""
    left, top, right, bottom = bounds
    corners = {(left, top), (right, top), (right, bottom), (left, bottom)}
    return shape.centre is None and len(shape.points) == 4 and set(shape.points) == corners


def _boxes_meet(a: Bounds, b: Bounds) -> bool:
    """Whether two bounding boxes share area (a quick test before the exact one)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_CELL = 1.0
"""The side of a fine cell, in spaces."""

_COARSE_CELL = 16.0
"""The side of a coarse cell, in spaces."""

_MOST_CELLS = 64
"""The most cells of a grid a shape is filed under, or a small label looks at."""

_MOST_LOOKED_AT = 4096
"""The most coarse cells a big label looks at; past them it looks at all."""

LOOK_BUDGET = 4000
"""The most places one drawing's labels may try.  A shipped layout's labels
try a few hundred at most; a hostile track folded onto itself, where every
place near a label is taken, would otherwise try dozens a label, each one
against a pile of symbols.  Past the budget each label takes its first
candidate, as a label crowded beyond help always does."""


@dataclass
class LabelPlacer:
    """The record of one drawing's symbols and labels, and the rule that
    places each new label clear of them all.  Each is filed under the
    squares it touches, so a drawing of thousands of labels is set in a
    time that grows with their number, not with its square."""

    symbols: list[tuple[Shape, str]] = field(default_factory=list)
    labels: list[Placed] = field(default_factory=list)
    _symbol_buckets: _Buckets = field(default_factory=_Buckets, repr=False, compare=False)
    _label_buckets: _Buckets = field(default_factory=_Buckets, repr=False, compare=False)
    looks_left: int = field(default=LOOK_BUDGET, repr=False, compare=False)

    def block(self, shape: Shape, kind: str = "symbol") -> None:
        """Record a symbol of ``kind`` that no label may cover."""
        self.symbols.append((shape, kind))

    def clear(self, shape: Shape, size: float) -> bool:
        """Whether a label ``size`` high taking ``shape`` covers no symbol and
        keeps its distance from every label placed."""
        self._file_new()
        if self._symbol_buckets.meets(_grown(shape, SYMBOL_GAP, SYMBOL_GAP)):
            return False
        return not self._label_buckets.meets(_grown(shape, LABEL_GAP * size, LINE_GAP * size))

    def _file_new(self) -> None:
        """File the symbols and labels recorded since the last look."""
        if self._symbol_buckets.filed < len(self.symbols):
            for symbol, _ in self.symbols[self._symbol_buckets.filed :]:
                self._symbol_buckets.file(symbol)
            self._symbol_buckets.filed = len(self.symbols)
        if self._label_buckets.filed < len(self.labels):
            for label in self.labels[self._label_buckets.filed :]:
                self._label_buckets.file(label.box)
            self._label_buckets.filed = len(self.labels)

    def place(
        self,
        text: str,
        anchor: Point,
        size: float,
        candidates: Sequence[Point] = (),
        *,
        reach: float = 2.0,
        bold: bool = True,
    ) -> Placed:
        """Set ``text`` at the first clear one of ``candidates`` (the anchor
        itself when none are given), else at the nearest clear place within
        ``reach`` spaces of the anchor with a leader line, else (crowded
        beyond help) at the first candidate.  The size never falls below
        :data:`MIN_TEXT`."""
        size = max(size, MIN_TEXT)
        tries = list(candidates) or [anchor]
        placed = self._first_clear(text, anchor, size, tries, reach, bold) if self.looks_left > 0 else None
        if placed is None:  # crowded, or the look budget spent: every place counts as taken
            placed = Placed(text, tries[0], size, text_box(tries[0], text, size, bold), anchor)
        return self._keep(placed)

    def _first_clear(
        self, text: str, anchor: Point, size: float, tries: list[Point], reach: float, bold: bool
    ) -> Placed | None:
        """The first clear candidate, else the nearest clear place round the
        anchor (with a leader line), else ``None``."""
        for centre in tries:
            shape = text_box(centre, text, size, bold)
            if self._look(shape, size):
                return Placed(text, centre, size, shape, anchor)
        for centre in _rings(anchor, reach):
            shape = text_box(centre, text, size, bold)
            if self._look(shape, size):
                return Placed(text, centre, size, shape, anchor, _leader(anchor, shape))
        return None

    def _look(self, shape: Shape, size: float) -> bool:
        """Whether ``shape`` is clear, counted against :data:`LOOK_BUDGET`;
        once the budget is spent every place counts as taken, so the label
        falls back to its first candidate."""
        if self.looks_left <= 0:
            return False
        self.looks_left -= 1
        return self.clear(shape, size)

    def _keep(self, placed: Placed) -> Placed:
        self.labels.append(placed)
        return placed


def _rings(anchor: Point, reach: float) -> Iterable[Point]:
    """Places round ``anchor``, nearest first."""
    rings = max(1, int(reach / _RING_STEP))
    for ring in range(1, rings + 1):
        radius = ring * _RING_STEP
        for k in range(_DIRECTIONS):
            angle = 2 * math.pi * k / _DIRECTIONS
            yield (anchor[0] + radius * math.cos(angle), anchor[1] + radius * math.sin(angle))


def _leader(anchor: Point, shape: Shape) -> tuple[Point, Point] | None:
    """A line from ``anchor`` to the nearest point of the label's box, or
    none when the anchor is inside it."""
    left, top, right, bottom = shape.bounds()
    x = min(max(anchor[0], left), right)
    y = min(max(anchor[1], top), bottom)
    if (x, y) == anchor:
        return None
    return (anchor, (x, y))
