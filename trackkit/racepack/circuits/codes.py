"""How the array sweep of :mod:`.sweep` packs a frontier into one integer,
and what it reads off the packed frontiers: the cells, the bracket partner
of an end, and the fewest tiles a frontier still needs.

The frontier cells and their meaning are described in :mod:`.frontier`
(read its notes first).  Here a frontier cell takes three bits, not four:
the ends that came up from below (``VERTICAL``) are ``OPEN`` or ``CLOSE``
with the bit 4 set, which no other value uses (``FRESH`` is 4 alone), so a
strip 16 columns wide with its two flag bits fits in 50 bits.  Column ``c``
sits in bits ``3 c`` to ``3 c + 2``; the flags saying that the left and the
right side of the strip have been reached sit just above the last column.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "BITS",
    "BUSY",
    "CELL",
    "CLOSE",
    "EMPTY",
    "FRESH",
    "OPEN",
    "VERTICAL",
    "WIDEST",
    "Array",
    "Index",
    "Mask",
    "Strip",
    "cell_at",
    "columns_of",
    "flip_at",
    "is_end",
    "needed",
    "partner",
    "put",
]

Array = npt.NDArray[np.uint64]
Index = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]

EMPTY, BUSY, OPEN, CLOSE, FRESH = 0, 1, 2, 3, 4
VERTICAL = 4
"""Set on an ``OPEN`` or ``CLOSE`` end whose one neighbour is below it."""

CELL = 7
"""The mask of one frontier cell."""
BITS = 3
"""Bits a frontier cell takes."""
WIDEST = 20
"""The widest strip a frontier fits (three bits a column and two flags in 64 bits)."""


@dataclass(frozen=True)
class Strip:
    """The fixed facts of one sweep: the strip's width, the most tiles a
    circuit may have, the fewest rows it must span, and whether corners are
    counted too (then an entry's slot is ``tiles * (most_tiles + 1) + corners``),
    and the most corners a circuit may have (``None``: any number).  With
    ``mirror`` a circuit closes only where its top row is its own mirror
    image in the strip's middle line (the sweep of :mod:`.mirrors` keeps
    the rows below so)."""

    width: int
    most_tiles: int
    min_rows: int
    corners: bool
    most_corners: int | None = None
    mirror: bool = False

    @property
    def slots(self) -> int:
        """Slots an entry can be in: tiles, or tiles and corners."""
        return (self.most_tiles + 1) ** 2 if self.corners else self.most_tiles + 1

    @property
    def tile(self) -> int:
        """How far one more tile moves an entry's slot."""
        return self.most_tiles + 1 if self.corners else 1

    @property
    def left_flag(self) -> int:
        return 1 << (BITS * self.width)

    @property
    def right_flag(self) -> int:
        return 2 << (BITS * self.width)


def cell_at(states: Array, column: int) -> Index:
    return ((states >> np.uint64(BITS * column)) & np.uint64(CELL)).astype(np.int64)


def is_end(value: Index) -> Mask:
    """OPEN or CLOSE, vertical or not (FRESH is a tile without neighbours yet)."""
    low = value & 3
    return low >= OPEN


def put(states: Array, column: int, value: Index | int) -> Array:
    shift = np.uint64(BITS * column)
    cleared = states & ~(np.uint64(CELL) << shift)
    return cleared | (np.asarray(value, dtype=np.uint64) << shift)


def partner(states: Array, start: int, stop: int, step: int, opening: int) -> Index:
    """For each frontier, the column of the end matching the one just
    before ``start`` (scanning ``start``, ``start + step``, ... up to
    ``stop``): ``opening`` is the kind that nests one level deeper."""
    depth = np.zeros(len(states), dtype=np.int64)
    found = np.full(len(states), -1, dtype=np.int64)
    for column in range(start, stop, step):
        value = cell_at(states, column)
        end = is_end(value)
        kind = value & 3
        hit = end & (kind != opening) & (depth == 0) & (found < 0)
        found[hit] = column
        depth += (end & (kind == opening)).astype(np.int64)
        depth -= (end & (kind != opening) & ~hit).astype(np.int64)
    return found


def flip_at(states: Array, columns: Index) -> Array:
    """Turn the end at ``columns`` (one per frontier) from OPEN to CLOSE or back."""
    return states ^ (np.uint64(1) << (columns.astype(np.uint64) * np.uint64(BITS)))


def columns_of(states: Array, width: int) -> npt.NDArray[np.uint8]:
    """Every frontier's cells: row ``c`` holds column ``c`` of each frontier."""
    shifts = np.arange(0, BITS * width, BITS, dtype=np.uint64)
    return ((states[None, :] >> shifts[:, None]) & np.uint64(CELL)).astype(np.uint8)


_CHUNK = 4
"""Columns read at once when working out the tiles a frontier needs."""

_VALUES = 8**_CHUNK
_NONE = 99
"""A column number past every strip: no end in a chunk."""

_DEEP = _CHUNK + 1
"""Bracket depths from here on cannot come back to 0 within one chunk."""


@dataclass(frozen=True)
class _ChunkFacts:
    """What :func:`_needed` wants of the :data:`_CHUNK` columns from
    ``start`` on, for each of their :data:`_VALUES` values ``v``: how many
    ends they hold (``ends[v]``, a fresh tile counting twice), the first and
    last column holding one (:data:`_NONE` and -1 when none), how far they
    change the bracket depth (``depth[v]``), the pair distances they add
    (``pairs[v]`` after an even number of ends, ``pairs[v + _VALUES]`` after
    an odd one) and, after a depth ``d`` (at most :data:`_DEEP`), the columns
    of the ends at depth 0 that open minus those that close
    (``top[d * _VALUES + v]``, a fresh tile at depth 0 both opening and closing)."""

    ends: npt.NDArray[np.int16]
    first: npt.NDArray[np.int16]
    last: npt.NDArray[np.int16]
    depth: npt.NDArray[np.int16]
    pairs: npt.NDArray[np.int16]
    top: npt.NDArray[np.int16]


def _chunk_facts(start: int) -> _ChunkFacts:
    values = np.arange(_VALUES, dtype=np.int64)
    ends = np.zeros(_VALUES, dtype=np.int64)
    first = np.full(_VALUES, _NONE, dtype=np.int64)
    last = np.full(_VALUES, -1, dtype=np.int64)
    pairs = np.zeros((2, _VALUES), dtype=np.int64)
    depth = np.arange(_DEEP + 1)[:, None] + np.zeros((1, _VALUES), dtype=np.int64)
    top = np.zeros((_DEEP + 1, _VALUES), dtype=np.int64)
    for column in range(start, start + _CHUNK):
        cells = (values >> (BITS * (column - start))) & CELL
        end = (cells & 3) >= OPEN
        fresh = cells == FRESH
        for before in (0, 1):
            # An end closes a pair (adding its column) when an odd number
            # came before it, and opens one (subtracting it) otherwise.
            pairs[before] += np.where((before + ends) & 1, column, -column) * end
        opening = end & ((cells & 3) == OPEN)
        closing = end & ((cells & 3) == CLOSE)
        top += column * ((opening & (depth == 0)) | fresh & (depth == 0)).astype(np.int64)
        depth += opening.astype(np.int64) - closing.astype(np.int64)
        top -= column * ((closing & (depth == 0)) | fresh & (depth == 0)).astype(np.int64)
        ends += end + 2 * fresh
        first = np.where(end | fresh, np.minimum(first, column), first)
        last = np.where(end | fresh, column, last)
    return _ChunkFacts(
        ends.astype(np.int16), first.astype(np.int16), last.astype(np.int16),
        (depth[0] - 0).astype(np.int16), pairs.reshape(-1).astype(np.int16),
        top.reshape(-1).astype(np.int16),
    )


_FACTS = [_chunk_facts(start) for start in range(0, WIDEST, _CHUNK)]


def needed(states: Array, strip: Strip) -> Index:
    """The fewest tiles each frontier still needs; -1 for a frontier with no end.

    As in :mod:`.frontier`: the ends paired in order, one tile a pair but
    one, the detours to sides not reached yet.  And one more thing: where
    the ends left of a gap between two ends are all paired among themselves
    below the line (bracket depth 0 there), the roads still to come must
    cross that gap twice (once would leave an odd number of ends on each
    side, none would close a loop short of the others), where the pairing in
    order crosses it not at all."""
    count = len(states)
    total = np.zeros(count, dtype=np.int16)
    ends = np.zeros(count, dtype=np.int16)
    depth = np.zeros(count, dtype=np.int16)
    top = np.zeros(count, dtype=np.int16)
    first = np.full(count, _NONE, dtype=np.int16)
    last = np.full(count, -1, dtype=np.int16)
    for start in range(0, strip.width, _CHUNK):
        facts = _FACTS[start // _CHUNK]
        columns = min(_CHUNK, strip.width - start)  # not the flag bits beyond the last
        chunk = ((states >> np.uint64(BITS * start)) & np.uint64(8**columns - 1)).astype(np.intp)
        total += facts.pairs[chunk + (ends & 1) * _VALUES]
        top += facts.top[chunk + np.minimum(depth, _DEEP) * _VALUES]
        depth += facts.depth[chunk]
        ends += facts.ends[chunk]
        np.minimum(first, facts.first[chunk], out=first)
        np.maximum(last, facts.last[chunk], out=last)
    need = total.astype(np.int64) + ends // 2 - 1 + 2 * (top - first + last)
    need += np.where(states & np.uint64(strip.left_flag), 0, 2 * first)
    need += np.where(states & np.uint64(strip.right_flag), 0, 2 * (strip.width - 1 - last))
    return np.where(ends > 0, need, -1)
