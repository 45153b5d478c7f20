"""The transfer matrix of :mod:`.frontier`, run on whole arrays at once.

The frontiers, the moves and the pruning are described in :mod:`.frontier`
(read its notes first); here each visit is a few dozen array operations over
every frontier at once.  The same sweep counts circuits (:func:`sweep_strip`)
and builds the tables of the exactly uniform draw (:func:`box_table`).

How the sweep is held
---------------------
After each visit the sweep holds its frontiers as a sorted array of packed
integers (``states``), and its counts as *entries*: one per frontier and
number of tiles (and corners) that occurs, with the index of its frontier,
its *slot* (the tiles, or ``tiles * (n + 1) + corners``) and how many ways
lead there.  Most frontiers are reached with only one or two tile counts,
so entries are far fewer than frontiers times slots.

A frontier cell takes three bits here, not four: the ends that came up
from below (``VERTICAL``) are ``OPEN`` or ``CLOSE`` with the bit 4 set,
which no other value uses (``FRESH`` is 4 alone), so a strip 16 columns
wide with its two flag bits fits in 50 bits.

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

import numpy as np
import numpy.typing as npt

from trackkit.racepack.circuits.frontier import SweepCounts, most_rows, slot_bits_for

__all__ = ["WIDEST", "BoxTable", "Links", "Option", "box_table", "sweep_strip"]

Array = npt.NDArray[np.uint64]
Index = npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]

EMPTY, BUSY, OPEN, CLOSE, FRESH = 0, 1, 2, 3, 4
VERTICAL = 4
"""Set on an ``OPEN`` or ``CLOSE`` end whose one neighbour is below it."""

_CELL = 7
_BITS = 3
WIDEST = 20
"""The widest strip a frontier fits (three bits a column and two flags in 64 bits)."""


@dataclass(frozen=True)
class _Strip:
    """The fixed facts of one sweep."""

    width: int
    most_tiles: int
    min_rows: int
    corners: bool

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
        return 1 << (_BITS * self.width)

    @property
    def right_flag(self) -> int:
        return 2 << (_BITS * self.width)


@dataclass
class _Sweep:
    """Frontiers (sorted, distinct) and the entries on them, sorted by
    frontier and slot."""

    states: Array
    which: Index
    slot: Index
    ways: Array


def _cell(states: Array, column: int) -> Index:
    return ((states >> np.uint64(_BITS * column)) & np.uint64(_CELL)).astype(np.int64)


def _is_end(value: Index) -> Mask:
    """OPEN or CLOSE, vertical or not (FRESH is a tile without neighbours yet)."""
    low = value & 3
    return low >= OPEN


def _put(states: Array, column: int, value: Index | int) -> Array:
    shift = np.uint64(_BITS * column)
    cleared = states & ~(np.uint64(_CELL) << shift)
    return cleared | (np.asarray(value, dtype=np.uint64) << shift)


def _partner(states: Array, start: int, stop: int, step: int, opening: int) -> Index:
    """For each frontier, the column of the end matching the one just
    before ``start`` (scanning ``start``, ``start + step``, ... up to
    ``stop``): ``opening`` is the kind that nests one level deeper."""
    depth = np.zeros(len(states), dtype=np.int64)
    found = np.full(len(states), -1, dtype=np.int64)
    for column in range(start, stop, step):
        value = _cell(states, column)
        end = _is_end(value)
        kind = value & 3
        hit = end & (kind != opening) & (depth == 0) & (found < 0)
        found[hit] = column
        depth += (end & (kind == opening)).astype(np.int64)
        depth -= (end & (kind != opening) & ~hit).astype(np.int64)
    return found


def _flip_at(states: Array, columns: Index) -> Array:
    """Turn the end at ``columns`` (one per frontier) from OPEN to CLOSE or back."""
    return states ^ (np.uint64(1) << (columns.astype(np.uint64) * np.uint64(_BITS)))


def _columns(states: Array, width: int) -> npt.NDArray[np.uint8]:
    """Every frontier's cells: row ``c`` holds column ``c`` of each frontier."""
    shifts = np.arange(0, _BITS * width, _BITS, dtype=np.uint64)
    return ((states[None, :] >> shifts[:, None]) & np.uint64(_CELL)).astype(np.uint8)


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
        cells = (values >> (_BITS * (column - start))) & _CELL
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


def _needed(states: Array, strip: _Strip) -> Index:
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
        chunk = ((states >> np.uint64(_BITS * start)) & np.uint64(8**columns - 1)).astype(np.intp)
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


def _moves(states: Array, strip: _Strip, row: int, m: int) -> _Moves:
    """The (at most two) ways to decide the cell, for all frontiers at once."""
    down = _cell(states, m)
    left = _cell(states, m - 1) if m else np.zeros(len(states), dtype=np.int64)
    last = m == strip.width - 1
    edge = strip.left_flag if m == 0 else (strip.right_flag if last else 0)
    moves = _Moves(
        empty=_put(states, m, 0),
        empty_ok=(down <= BUSY) & (left != FRESH),
        tile=_put(states | np.uint64(edge), m, 0),
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
    moves.tile[start] |= np.uint64(FRESH << (_BITS * m))
    rise = alone & _is_end(down)
    up = (down[rise] & 3) | (VERTICAL if corner else 0)
    moves.tile[rise] = _put(moves.tile[rise], m, up)
    moves.shift[rise] += np.where(down[rise] & VERTICAL, 0, corner)  # the tile below turns up


def _from_fresh(moves: _Moves, down: Index, fresh: Mask, m: int, corner: int) -> None:
    """A fresh tile on the left: this cell is its first neighbour."""
    fresh &= moves.tile_ok
    pair = fresh & (down == EMPTY)
    moves.tile[pair] = _put(_put(moves.tile[pair], m - 1, OPEN), m, CLOSE)
    join = fresh & _is_end(down)
    moves.tile[join] = _put(_put(moves.tile[join], m - 1, down[join] & 3), m, BUSY)
    moves.shift[join] += _turns_below(down[join], corner)


def _turns_below(down: Index, corner: int) -> Index:
    """Corners made by a tile joining the end below it: this tile, and the
    one below unless it came up from below itself."""
    return np.where(down & VERTICAL, corner, 2 * corner)


def _from_end(
    moves: _Moves, states: Array, down: Index, left: Index, strip: _Strip, row: int, m: int, corner: int
) -> None:
    """An end on the left: the road goes on into this cell, and on, or
    joins the end below."""
    onward = moves.tile_ok & _is_end(left)
    moves.shift[onward] += np.where(left[onward] & VERTICAL, corner, 0)  # the left tile turns
    along = onward & (down == EMPTY)
    moves.tile[along] = _put(_put(moves.tile[along], m - 1, BUSY), m, left[along] & 3)
    meet = onward & _is_end(down)
    moves.shift[meet] += _turns_below(down[meet], corner)
    moves.tile[meet] = _put(_put(moves.tile[meet], m - 1, BUSY), m, BUSY)
    left_kind, down_kind = left & 3, down & 3
    closes = meet & (left_kind == OPEN) & (down_kind == CLOSE)
    finishes = _finishes(moves.tile[closes], strip, row)
    moves.closes[closes] = finishes
    moves.tile_ok[closes] = finishes
    both_open = meet & (left_kind == OPEN) & (down_kind == OPEN)
    partner = _partner(states[both_open], m + 1, strip.width, 1, OPEN)
    moves.tile[both_open] = _flip_at(moves.tile[both_open], partner)
    both_close = meet & (left_kind == CLOSE) & (down_kind == CLOSE)
    partner = _partner(states[both_close], m - 2, -1, -1, CLOSE)
    moves.tile[both_close] = _flip_at(moves.tile[both_close], partner)


def _finishes(new: Array, strip: _Strip, row: int) -> Mask:
    """Whether closing gives a circuit this sweep counts: tall enough,
    both sides reached, no end left anywhere."""
    if row + 1 < strip.min_rows:
        return np.zeros(len(new), dtype=np.bool_)
    both = np.uint64(strip.left_flag | strip.right_flag)
    no_end = (_columns(new, strip.width) <= BUSY).all(axis=0)
    return np.asarray(((new & both) == both) & no_end, dtype=np.bool_)


@dataclass(frozen=True)
class Links:
    """Where each entry goes at one visit: the index of the entry it becomes
    when the cell stays empty and when it is a tile (-1: that move is not
    allowed, or leads only to frontiers that cannot finish), and the tiles
    of the circuit it closes when the tile closes one (-1: it does not)."""

    empty: npt.NDArray[np.int32]
    tile: npt.NDArray[np.int32]
    closing: npt.NDArray[np.int8]


def _visit(
    sweep: _Sweep, strip: _Strip, row: int, m: int, closed: Array, linked: bool = False
) -> tuple[_Sweep, Links | None]:
    """Decide the cell in column ``m`` of ``row`` for every entry; the
    circuits that close are added to ``closed`` (by slot).  With ``linked``,
    also say where each entry went."""
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
    fits = tiles <= _caps(states, strip, row)[target]
    ways = np.concatenate([ways, ways])[fits]
    after, entry_of = _merged(states, target[fits], new_slot[fits], ways, strip, linked)
    if entry_of is None:
        return after, None
    went = np.full(len(fits), -1, dtype=np.int32)
    went[fits] = entry_of
    closing = np.where(moves.closes[which], slot + moves.shift[which], -1).astype(np.int8)
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


def _close(moves: _Moves, which: Index, slot: Index, ways: Array, strip: _Strip, closed: Array) -> None:
    entries = moves.closes[which]
    if not entries.any():
        return
    final = slot[entries] + moves.shift[which[entries]]
    fits = final < len(closed)
    np.add.at(closed, final[fits], ways[entries][fits])


def _caps(states: Array, strip: _Strip, row: int) -> Index:
    """The most tiles an entry on each frontier may have placed so far: room
    must be left for the tiles still needed and the climb to the strip's
    least height.  One more value, -1, stands for no frontier."""
    top = strip.min_rows - 1
    climb = 2 * (top - row - 1) if top > row + 1 else 0
    need = _needed(states, strip)
    caps = np.full(len(states) + 1, -1, dtype=np.int64)
    caps[:-1] = strip.most_tiles - np.where(need >= 0, need + climb, 0)
    return caps


def _merged(
    states: Array, which: Index, slot: Index, ways: Array, strip: _Strip, linked: bool = False
) -> tuple[_Sweep, Index | None]:
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
    merged = _Sweep(states[which[fresh]], np.cumsum(fresh) - 1, slot, ways)
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
    strip = _Strip(width, most_tiles, width, corners)
    rows = most_rows(width, most_tiles)
    corner_slots = most_tiles + 1 if corners else 1
    result = SweepCounts(width, slot_bits_for(most_tiles), corner_slots)
    if width < 2 or rows < 2:
        return result
    sweep = _Sweep(
        np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.ones(1, dtype=np.uint64),
    )
    for row in range(rows):
        for m in range(width):
            closed = np.zeros(strip.slots, dtype=np.uint64)
            sweep, _ = _visit(sweep, strip, row, m, closed)
            _record(result, row + 1, closed)
            if progress is not None:
                progress(row * width + m + 1, rows * width)
        sweep, _ = _without_empty(sweep)
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


def _without_empty(sweep: _Sweep) -> tuple[_Sweep, int]:
    """Drop the empty frontier at the end of a row (a circuit starts in the
    first row), and say how many entries went (they were the first ones)."""
    if not len(sweep.states) or sweep.states[0] != 0:
        return sweep, 0
    keep = sweep.which > 0
    dropped = len(keep) - int(keep.sum())
    return _Sweep(sweep.states[1:], sweep.which[keep] - 1, sweep.slot[keep], sweep.ways[keep]), dropped


Option = tuple[int, tuple[int, bool]]
"""A way to decide a cell while drawing: ``(weight, (entry after it, tile placed))``."""


@dataclass(frozen=True)
class BoxTable:
    """Completion counts of the circuits of ``tiles`` tiles filling a box
    ``width`` by ``height`` (swept ``width`` across), for drawing one
    exactly uniformly.

    ``links[t]`` says where each entry met after visit ``t - 1`` goes at
    visit ``t`` (visit 0 starts from the one empty entry), and
    ``completions[t][e]`` is how many ways entry ``e`` met after visit ``t``
    finishes as a circuit of exactly ``tiles`` tiles.  Each table entry
    holds one number below ``2 ** 64`` (the circuits of one box are fewer)."""

    width: int
    height: int
    tiles: int
    links: list[Links]
    completions: list[Array]

    @property
    def entries(self) -> int:
        return sum(len(done) for done in self.completions)

    def draw(self, pick: Callable[[list[Option]], tuple[int, bool]]) -> list[tuple[int, int]]:
        """The cells of one circuit filling the box, each such circuit equally
        likely when ``pick`` takes an item with probability its weight over
        the total: at each visit, the cell is left empty or made a tile with
        weights the completions each leaves."""
        entry = 0
        cells: list[tuple[int, int]] = []
        for t, link in enumerate(self.links):
            done = self.completions[t]
            options: list[Option] = []
            empty, tile = int(link.empty[entry]), int(link.tile[entry])
            if empty >= 0 and done[empty]:
                options.append((int(done[empty]), (empty, False)))
            if link.closing[entry] == self.tiles:
                options.append((1, (-1, True)))
            elif tile >= 0 and done[tile]:
                options.append((int(done[tile]), (tile, True)))
            entry, placed = pick(options)
            if placed:
                cells.append((t % self.width, t // self.width))
            if entry < 0:
                return cells
        raise AssertionError("the sweep ended without closing the circuit")  # pragma: no cover


def box_table(width: int, height: int, tiles: int) -> BoxTable:
    """Sweep the box forwards (which entries occur, and where each goes),
    then backwards (how many ways each one finishes)."""
    strip = _Strip(width, tiles, height, False)
    sweep = _Sweep(
        np.zeros(1, dtype=np.uint64), np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64),
        np.ones(1, dtype=np.uint64),
    )
    links: list[Links] = []
    sizes: list[int] = []
    unused = np.zeros(strip.slots, dtype=np.uint64)
    for row in range(height):
        for m in range(width):
            sweep, link = _visit(sweep, strip, row, m, unused, linked=True)
            assert link is not None
            if m == width - 1:
                sweep, dropped = _without_empty(sweep)
                link = _shifted_links(link, dropped)
            links.append(link)
            sizes.append(len(sweep.ways))
    completions: list[Array] = [np.zeros(0, dtype=np.uint64)] * len(links)
    completions[-1] = np.zeros(sizes[-1], dtype=np.uint64)
    for t in range(len(links) - 1, 0, -1):
        completions[t - 1] = _finishing(links[t], completions[t], tiles)
        _keep_finishing(links, completions, t)
    _keep_finishing(links, completions, 0)
    return BoxTable(width, height, tiles, links, completions)


def _keep_finishing(links: list[Links], completions: list[Array], t: int) -> None:
    """Drop the entries met after visit ``t`` that cannot finish (about half:
    they fit the tiles left but cannot use them exactly), renumbering the
    links into and out of them."""
    keep = completions[t] != 0
    number = np.where(keep, np.cumsum(keep) - 1, -1).astype(np.int32)
    number = np.append(number, np.int32(-1))  # index -1: no entry

    def renumbered(went: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        return number[went]

    into = links[t]
    links[t] = Links(renumbered(into.empty), renumbered(into.tile), into.closing)
    if t + 1 < len(links):
        out = links[t + 1]
        links[t + 1] = Links(out.empty[keep], out.tile[keep], out.closing[keep])
    completions[t] = completions[t][keep]


def _shifted_links(link: Links, dropped: int) -> Links:
    """``link`` after the first ``dropped`` entries it leads to are dropped."""
    if not dropped:
        return link

    def shift(went: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
        return np.where(went >= dropped, went - dropped, -1).astype(np.int32)

    return Links(shift(link.empty), shift(link.tile), link.closing)


def _finishing(link: Links, done: Array, tiles: int) -> Array:
    """The completions of the entries before a visit, from those after it:
    the sum over the moves, and one for the tile that closes a circuit of
    exactly ``tiles`` tiles."""
    padded = np.append(done, np.uint64(0))  # index -1: no such entry, no completion
    return padded[link.empty] + padded[link.tile] + (link.closing == tiles).astype(np.uint64)  # type: ignore[no-any-return]
