"""The transfer matrix of :mod:`.frontier`, run on whole arrays at once.

The frontiers, the moves and the pruning are described in :mod:`.frontier`
(read its notes first), and how a frontier is packed into one integer in
:mod:`.codes`; here each visit is a few dozen array operations over every
frontier at once.  The same sweep counts circuits (:func:`sweep_strip`) and
builds the tables of the exactly uniform draw (:mod:`.completion`).

How the sweep is held
---------------------
After each visit the sweep holds its frontiers as a sorted array of packed
integers (``states``), and its counts as *entries*: one per frontier and
number of tiles (and corners) that occurs, with the index of its frontier,
its *slot* (the tiles, or ``tiles * (n + 1) + corners``) and how many ways
lead there.  Most frontiers are reached with only one or two tile counts,
so entries are far fewer than frontiers times slots.

Visiting a cell works out the (at most two) moves once per frontier, then
carries every entry along each move, drops the entries that need more tiles
than are left, and adds up the entries that meet on the same frontier and
slot, by sorting.

Exact counts in 64 bits
-----------------------
The counts are unsigned 64-bit integers, and additions that pass ``2 ** 64``
wrap around: every count is then exact modulo ``2 ** 64``.  Only additions
are made, so a final count below ``2 ** 64`` (about ``1.8e19``) comes out
exactly; the circuits of one box are far fewer than that up to
:data:`~.plain.COUNT_LIMIT` tiles (about ``1e17`` of every shape together
at 60 tiles).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from trackkit.racepack.circuits.codes import (
    BITS,
    BUSY,
    CLOSE,
    EMPTY,
    FRESH,
    OPEN,
    VERTICAL,
    WIDEST,
    Array,
    Index,
    Mask,
    Strip,
    cell_at,
    columns_of,
    flip_at,
    is_end,
    needed,
    partner,
    put,
)
from trackkit.racepack.circuits.frontier import SweepCounts, most_rows, slot_bits_for

__all__ = ["Caps", "Links", "Sweep", "closing_caps", "start_sweep", "sweep_strip", "visit", "without_empty"]


@dataclass
class Sweep:
    """Frontiers (sorted, distinct) and the entries on them, sorted by
    frontier and slot."""

    states: Array
    which: Index
    slot: Index
    ways: Array


@dataclass(frozen=True)
class _Moves:
    """The moves of every frontier at one visit: its new frontier when the
    cell stays empty and when it is a tile, whether each is allowed, whether
    the tile closes the circuit, and how far the tile moves the slot."""

    empty: Array
    empty_ok: Mask
    tile: Array
    tile_ok: Mask
    closes: Mask
    shift: Index


def start_sweep() -> Sweep:
    """The sweep before the first visit: the one empty frontier, reached one way with no tile."""
    return Sweep(
        np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.ones(1, dtype=np.uint64),
    )


def _moves(states: Array, strip: Strip, row: int, m: int) -> _Moves:
    """The (at most two) ways to decide the cell, for all frontiers at once."""
    down = cell_at(states, m)
    left = cell_at(states, m - 1) if m else np.zeros(len(states), dtype=np.int64)
    last = m == strip.width - 1
    edge = strip.left_flag if m == 0 else (strip.right_flag if last else 0)
    moves = _Moves(
        empty=put(states, m, 0),
        empty_ok=(down <= BUSY) & (left != FRESH),
        tile=put(states | np.uint64(edge), m, 0),
        tile_ok=(down != BUSY) & (left != BUSY),
        closes=np.zeros(len(states), dtype=np.bool_),
        shift=np.full(len(states), strip.tile, dtype=np.int64),
    )
    corner = 1 if strip.corners else 0
    _from_below(moves, down, left == EMPTY, m, corner, last)
    if m:
        _from_fresh(moves, down, left == FRESH, m, corner)
        _from_end(moves, states, down, left, strip, row, m, corner)
    return moves


def _from_below(moves: _Moves, down: Index, alone: Mask, m: int, corner: int, last: bool) -> None:
    """Nothing on the left: a fresh tile (not in the last column), or the
    road coming up from below and going on from here."""
    alone &= moves.tile_ok
    start = alone & (down == EMPTY)
    if last:
        moves.tile_ok[start] = False
    moves.tile[start] |= np.uint64(FRESH << (BITS * m))
    rise = alone & is_end(down)
    up = (down[rise] & 3) | (VERTICAL if corner else 0)
    moves.tile[rise] = put(moves.tile[rise], m, up)
    moves.shift[rise] += np.where(down[rise] & VERTICAL, 0, corner)  # the tile below turns up


def _from_fresh(moves: _Moves, down: Index, fresh: Mask, m: int, corner: int) -> None:
    """A fresh tile on the left: this cell is its first neighbour."""
    fresh &= moves.tile_ok
    pair = fresh & (down == EMPTY)
    moves.tile[pair] = put(put(moves.tile[pair], m - 1, OPEN), m, CLOSE)
    join = fresh & is_end(down)
    moves.tile[join] = put(put(moves.tile[join], m - 1, down[join] & 3), m, BUSY)
    moves.shift[join] += _turns_below(down[join], corner)


def _turns_below(down: Index, corner: int) -> Index:
    """Corners made by a tile joining the end below it: this tile, and the
    one below unless it came up from below itself."""
    return np.where(down & VERTICAL, corner, 2 * corner)


def _from_end(
    moves: _Moves, states: Array, down: Index, left: Index, strip: Strip, row: int, m: int, corner: int
) -> None:
    """An end on the left: the road goes on into this cell, and on, or
    joins the end below."""
    onward = moves.tile_ok & is_end(left)
    moves.shift[onward] += np.where(left[onward] & VERTICAL, corner, 0)  # the left tile turns
    along = onward & (down == EMPTY)
    moves.tile[along] = put(put(moves.tile[along], m - 1, BUSY), m, left[along] & 3)
    meet = onward & is_end(down)
    moves.shift[meet] += _turns_below(down[meet], corner)
    moves.tile[meet] = put(put(moves.tile[meet], m - 1, BUSY), m, BUSY)
    left_kind, down_kind = left & 3, down & 3
    closes = meet & (left_kind == OPEN) & (down_kind == CLOSE)
    finishes = _finishes(moves.tile[closes], strip, row, m)
    moves.closes[closes] = finishes
    moves.tile_ok[closes] = finishes
    both_open = meet & (left_kind == OPEN) & (down_kind == OPEN)
    mate = partner(states[both_open], m + 1, strip.width, 1, OPEN)
    moves.tile[both_open] = flip_at(moves.tile[both_open], mate)
    both_close = meet & (left_kind == CLOSE) & (down_kind == CLOSE)
    mate = partner(states[both_close], m - 2, -1, -1, CLOSE)
    moves.tile[both_close] = flip_at(moves.tile[both_close], mate)


def _finishes(new: Array, strip: Strip, row: int, m: int) -> Mask:
    """Whether closing gives a circuit this sweep counts: tall enough,
    both sides reached, no end left anywhere (and with ``strip.mirror``,
    the top row, the cells up to ``m``, its own mirror image)."""
    if row + 1 < strip.min_rows:
        return np.zeros(len(new), dtype=np.bool_)
    both = np.uint64(strip.left_flag | strip.right_flag)
    cells = columns_of(new, strip.width)
    finishes = ((new & both) == both) & (cells <= BUSY).all(axis=0)
    if strip.mirror:
        top = (cells != EMPTY) & (np.arange(strip.width) <= m)[:, None]
        finishes &= (top == top[::-1]).all(axis=0)
    return np.asarray(finishes, dtype=np.bool_)


@dataclass(frozen=True)
class Links:
    """Where each entry goes at one visit: the index of the entry it becomes
    when the cell stays empty and when it is a tile (-1: that move is not
    allowed, or leads only to frontiers that cannot finish), and the slot
    of the circuit the tile closes (its tiles, or ``tiles * (most_tiles +
    1) + corners``; -1: the tile closes none).  The completion tables keep
    only a mark there instead: 1 where the tile closes a circuit they draw."""

    empty: npt.NDArray[np.int32]
    tile: npt.NDArray[np.int32]
    closing: npt.NDArray[np.signedinteger[Any]]


Caps = Callable[[Array, Strip, int], Index]
"""Works out, for each frontier, the most tiles an entry on it may have
placed so far (see :func:`closing_caps`), with one more value, -1, for no frontier."""


def visit(
    sweep: Sweep,
    strip: Strip,
    row: int,
    m: int,
    closed: Array,
    linked: bool = False,
    caps: Caps | None = None,
) -> tuple[Sweep, Links | None]:
    """Decide the cell in column ``m`` of ``row`` for every entry; the
    circuits that close are added to ``closed`` (by slot).  With ``linked``,
    also say where each entry went.  ``caps`` bounds the tiles of each
    frontier's entries (by default :func:`closing_caps`, for a sweep that
    closes its circuits within the strip)."""
    moves = _moves(sweep.states, strip, row, m)
    which, slot, ways = sweep.which, sweep.slot, sweep.ways
    _close(moves, which, slot, ways, strip, closed)
    carried = moves.tile_ok & ~moves.closes
    count = len(sweep.states)
    targets = np.concatenate([moves.empty, moves.tile])
    states, index = _numbered(targets, np.concatenate([moves.empty_ok, carried]))
    # Entry e of frontier u goes to index[u] (cell empty) and index[count + u]
    # (a tile), if that is a frontier (-1: the move is not allowed, whose cap
    # is the -1 appended at the end).
    target = np.concatenate([index[which], index[count + which]])
    new_slot = np.concatenate([slot, slot + moves.shift[which]])
    tiles = new_slot // strip.tile if strip.corners else new_slot
    fits = tiles <= (caps or closing_caps)(states, strip, row)[target]
    if strip.most_corners is not None:
        fits &= new_slot % strip.tile <= strip.most_corners
    ways = np.concatenate([ways, ways])[fits]
    after, entry_of = _merged(states, target[fits], new_slot[fits], ways, strip, linked)
    if entry_of is None:
        return after, None
    went = np.full(len(fits), -1, dtype=np.int32)
    went[fits] = entry_of
    closing = np.where(moves.closes[which], slot + moves.shift[which], -1).astype(np.int32)
    return after, Links(went[: len(slot)], went[len(slot) :], closing)


def _numbered(targets: Array, allowed: Mask) -> tuple[Array, Index]:
    """The distinct allowed frontiers, sorted, and for each target its
    number among them (-1 where not allowed)."""
    order = np.argsort(np.where(allowed, targets, np.uint64(2**64 - 1)), kind="stable")
    ordered = targets[order]
    count = int(allowed.sum())
    fresh = np.ones(count, dtype=np.bool_)
    fresh[1:] = ordered[1:count] != ordered[: count - 1]
    number = np.full(len(targets), -1, dtype=np.int64)
    number[order[:count]] = np.cumsum(fresh) - 1
    return ordered[:count][fresh], number


def _close(moves: _Moves, which: Index, slot: Index, ways: Array, strip: Strip, closed: Array) -> None:
    entries = moves.closes[which]
    if not entries.any():
        return
    final = slot[entries] + moves.shift[which[entries]]
    fits = final < len(closed)
    np.add.at(closed, final[fits], ways[entries][fits])


def closing_caps(states: Array, strip: Strip, row: int) -> Index:
    """The most tiles an entry on each frontier may have placed so far: room
    must be left for the tiles still needed and the climb to the strip's
    least height.  One more value, -1, stands for no frontier."""
    top = strip.min_rows - 1
    climb = 2 * (top - row - 1) if top > row + 1 else 0
    need = needed(states, strip)
    caps = np.full(len(states) + 1, -1, dtype=np.int64)
    caps[:-1] = strip.most_tiles - np.where(need >= 0, need + climb, 0)
    return caps


def _merged(
    states: Array, which: Index, slot: Index, ways: Array, strip: Strip, linked: bool = False
) -> tuple[Sweep, Index | None]:
    """Add up the entries on the same frontier and slot, and drop the
    frontiers left without entries.  With ``linked``, also give the index
    each entry given ends up at."""
    key = which * strip.slots + slot
    order = _sorting_order(key)
    key, ways = key[order], ways[order]
    entry_of = None
    if len(key):
        first = np.concatenate([[True], key[1:] != key[:-1]])
        starts = np.flatnonzero(first)
        if linked:
            entry_of = np.empty(len(key), dtype=np.int64)
            entry_of[order] = np.cumsum(first) - 1
        key, ways = key[starts], np.add.reduceat(ways, starts)
    which, slot = np.divmod(key, strip.slots)
    fresh = np.ones(len(which), dtype=np.bool_)
    fresh[1:] = which[1:] != which[:-1]
    merged = Sweep(states[which[fresh]], np.cumsum(fresh) - 1, slot, ways)
    return merged, (entry_of if entry_of is not None or not linked else np.zeros(0, dtype=np.int64))


def _sorting_order(key: Index) -> Index:
    """The order that sorts ``key`` (not negative): a plain sort of the keys
    with each one's position packed below it, which is quicker than an
    argsort when both fit in 64 bits."""
    count = len(key)
    position_bits = max(1, count.bit_length())
    if not count or int(key.max()).bit_length() + position_bits > 63:
        return np.argsort(key, kind="stable")
    packed = np.sort((key << position_bits) | np.arange(count, dtype=np.int64))
    return packed & ((1 << position_bits) - 1)


def sweep_strip(
    width: int,
    most_tiles: int,
    *,
    corners: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> SweepCounts:
    """Count the plain circuits exactly ``width`` columns wide and at least
    as high, of at most ``most_tiles`` tiles, by their height, as
    :class:`~.frontier.SweepCounts`; see the module notes."""
    if width > WIDEST or most_tiles >= 64:  # pragma: no cover - COUNT_LIMIT keeps well below
        raise AssertionError(f"a strip {width} wide of {most_tiles} tiles does not fit 64-bit frontiers")
    strip = Strip(width, most_tiles, width, corners)
    rows = most_rows(width, most_tiles)
    corner_slots = most_tiles + 1 if corners else 1
    result = SweepCounts(width, slot_bits_for(most_tiles), corner_slots)
    if width < 2 or rows < 2:
        return result
    sweep = start_sweep()
    for row in range(rows):
        for m in range(width):
            closed = np.zeros(strip.slots, dtype=np.uint64)
            sweep, _ = visit(sweep, strip, row, m, closed)
            _record(result, row + 1, closed)
            if progress is not None:
                progress(row * width + m + 1, rows * width)
        sweep, _ = without_empty(sweep)
        if not len(sweep.ways):
            break
    return result


def _record(result: SweepCounts, height: int, closed: Array) -> None:
    """Add the closed circuits, by slot, to the packed polynomial of ``height``."""
    poly = 0
    for slot in np.flatnonzero(closed):
        poly += int(closed[slot]) << (int(slot) * result.slot_bits)
    if poly:
        result.by_height[height] = result.by_height.get(height, 0) + poly


def without_empty(sweep: Sweep) -> tuple[Sweep, int]:
    """Drop the empty frontier at the end of a row (a circuit starts in the
    first row), and say how many entries went (they were the first ones)."""
    if not len(sweep.states) or sweep.states[0] != 0:
        return sweep, 0
    keep = sweep.which > 0
    dropped = len(keep) - int(keep.sum())
    return Sweep(sweep.states[1:], sweep.which[keep] - 1, sweep.slot[keep], sweep.ways[keep]), dropped
