"""Counting, listing, sampling and naming plain circuits.

Terms used throughout this module
---------------------------------
*Cell*
    A square tile position ``(x, y)`` on the integer grid, in whole tiles, with
    x growing to the east and y to the north.
*Adjacent*
    Two cells are adjacent when they share an edge: they differ by one in
    exactly one coordinate.  Cells that meet only at a corner point are not.
*Plain circuit*
    A closed loop of ``n`` distinct cells, listed in driving order, in which
    each cell is adjacent to the cell before it and the cell after it (the last
    cell is followed by the first) and to no other cell of the loop.  In graph
    terms: an induced cycle of the square grid.  Plain circuits have an even
    number of cells, at least four, and none has six.
*Same circuit up to translation*
    Two circuits are the same up to translation when one is the other shifted
    across the grid, whichever tile is listed first and whichever way round the
    loop is driven: a circuit is really the *set* of its cells.  "Up to
    symmetry" (the *free* count) further merges circuits that are rotations or
    mirror images of one another.
*Canonical form*
    The one listing of a circuit that this module returns.  It is shifted so
    the smallest x and the smallest y are both 0; tile 0 is the lowest cell of
    the leftmost column (the lexicographically smallest cell); and the loop is
    driven counterclockwise, which from that cell means tile 1 is its eastern
    neighbour and the last tile its northern one.  :func:`normalize_circuit`
    produces it.
*Turns*
    The loop read as a driver sees it: one letter per tile in driving order,
    ``S`` for a *straight* (the road goes on in the same heading), ``L`` or
    ``R`` for a *corner* turning left or right.  Counterclockwise loops have
    four more ``L`` than ``R``.

How the exact numbers are found
-------------------------------
:func:`count_circuits` and :func:`enumerate_circuits` walk every path that
starts at the canonical tile 0, steps east, and must come back to it from the
north, by depth-first search.  Each circuit is met exactly once because the
canonical form fixes both its first tile and its direction.  The search keeps,
in a flat list indexed by cell, how many placed tiles (other than the newest
one) each cell touches; a cell may be entered only when that number is zero,
which enforces "no other adjacency" in constant time.  A branch is cut as soon
as the tiles left cannot bring the road back home (Manhattan distance), and
the last step home is checked without a further call.  The work is split into
short prefixes, which is also where the progress callback comes from.

The count up to symmetry uses Burnside's lemma: it averages over the eight
symmetries of the square the number of circuits each one maps onto a shifted
copy of itself.  Circuits with a quarter or half turn symmetry are recognised
from their step sequence as the search finishes them; mirror-symmetric ones are
counted apart, by walking only the half on one side of the mirror.

Uniform sampling
----------------
Up to :data:`EXACT_LIMIT` tiles, :func:`sample_circuits` draws from a *table*
holding every circuit of that size, so each circuit (meeting the caller's
condition) is exactly equally likely.  A table is built once, kept in memory,
and cached on disk: see :func:`circuit_table` for the cache format and place.

``EXACT_LIMIT`` is 28, chosen from measurements on one core of the 2-core
development machine.  The 24 tile table (58,364 circuits) builds in under
half a second.  The 28 tile table (1,206,818 circuits) builds in about 9
seconds, once: it takes 34 MB of memory and 3.4 MB on disk, and loads from
the cache in a tenth of a second.  Drawing without a condition costs
microseconds per circuit at any size.  A condition is evaluated on every
circuit of the table once per call: about a quarter of a second at 24 tiles,
four to five seconds at 28.  The next size, 30 tiles, would hold about 5.5
million circuits: some 45 seconds to build, 165 MB of memory and more than
20 seconds per call with a condition, which is past practical.

Beyond the exact limit: a random walk
-------------------------------------
:func:`random_circuit` (and :func:`sample_circuits` above ``EXACT_LIMIT``)
uses a Markov chain whose every state is a plain circuit, so its output is
legal by construction and has exactly the requested number of tiles:

1. Start from the largest rectangular ring that fits the tile count and the
   size limits, and grow it to ``n`` tiles: again and again, replace a run of
   one to four consecutive tiles by a detour two tiles longer between the
   same two neighbours, keeping only replacements that leave a plain circuit.
2. Shuffle it with a fixed number of Metropolis-Hastings moves (``6 n**2`` by
   default): replace a random run of one to four tiles by a random detour of
   the same length or two tiles shorter or longer, between the same two
   neighbours, accepting with the ratio of the reverse and forward proposal
   probabilities.  The loop may shrink to ``n - 2`` tiles on the way, which
   lets thin shapes such as the 3-wide rings move at all.  When the fixed
   steps end on a loop two tiles short, the walk goes on and looks again
   after every further ``n**2 / 2`` moves until it finds ``n`` tiles.

The equilibrium of the shuffle is uniform over the circuits of ``n - 2`` and
``n`` tiles it can reach, hence uniform over those of ``n`` tiles.  But it
runs a finite number of steps from a rectangle, the extra looks are only
nearly independent of the last one, and nothing proves that every circuit
can be reached, so the output is close to uniform, not exactly uniform.  :func:`measure_chain_bias`
compares its corner-count histogram with the exact one: at 24 to 28 tiles
and 2,000 draws the distance is as small as that of 2,000 exactly uniform
draws (about 0.02); the shapes' widths settle within about ``2 n**2`` steps
at 28 tiles.  At 48 tiles nothing exact is known; there, 6 n**2 steps agree
with 24 n**2 steps within sampling noise.  A step costs about 2 microseconds,
so a 48-tile circuit takes about 30 ms.  Size limits are met by construction
too, but a tight box can make the growth fail (:class:`GenerationError`).
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import struct
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from trackkit.errors import ArgumentError, CircuitError, GenerationError
from trackkit.randomness import Seed, make_rng

Cell = tuple[int, int]
"""A tile position ``(x, y)`` in whole tiles, x east and y north."""

Circuit = tuple[Cell, ...]
"""A circuit as its cells in driving order."""

Where = Callable[[Circuit], bool]
"""A condition a sampled circuit must meet."""

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a long count runs."""

COUNT_LIMIT = 40
"""The largest tile count :func:`count_circuits` accepts (40 would take days)."""

EXACT_LIMIT = 28
"""The largest tile count sampled exactly from a table (see the module notes)."""

RANDOM_LIMIT = 200
"""The largest tile count :func:`random_circuit` accepts."""

TABLE_FORMAT = 1
"""Version of the on-disk table format, part of the cache file name: to be
raised whenever the file layout, the codes or the order of the circuits change,
so that old files are left alone rather than misread."""

_TABLE_MAGIC = b"TKCT"
_HEADER = struct.Struct("<4sBBII")  # magic, format, tiles, circuits, crc32 of the codes

# Step directions, numbered counterclockwise so that +1 (mod 4) is a left turn.
EAST, NORTH, WEST, SOUTH = 0, 1, 2, 3
_UNIT: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


# ---------------------------------------------------------------------------
# Small helpers on circuits
# ---------------------------------------------------------------------------


def _neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    x, y = cell
    return ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1))


def _adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def is_plain_circuit(cells: Sequence[Cell]) -> bool:
    """Tell whether ``cells``, in driving order, form a plain circuit.

    True when there are at least four cells, no cell repeats, each cell is
    adjacent to the next one (and the last to the first), and no cell is
    adjacent to any cell of the loop other than those two.
    """
    count = len(cells)
    if count < 4:
        return False
    occupied = set(cells)
    if len(occupied) != count:
        return False
    for index, cell in enumerate(cells):
        if not _adjacent(cell, cells[index - 1]):
            return False
        if sum(neighbour in occupied for neighbour in _neighbours(cell)) != 2:
            return False
    return True


def _require_plain(cells: Sequence[Cell]) -> None:
    if not is_plain_circuit(cells):
        raise CircuitError("the cells do not form a plain circuit")


def _step_direction(a: Cell, b: Cell) -> int:
    """The direction number of the unit step from ``a`` to ``b``."""
    try:
        return _UNIT.index((b[0] - a[0], b[1] - a[1]))
    except ValueError:
        raise CircuitError(f"tiles {a} and {b} follow each other but are not adjacent") from None


def _directions(cells: Sequence[Cell]) -> list[int]:
    """Direction of the step leaving each tile (the last one leads to tile 0)."""
    if len(cells) < 4:
        raise CircuitError("a circuit needs at least four tiles")
    return [_step_direction(cells[i - 1], cells[i]) for i in range(1, len(cells))] + [
        _step_direction(cells[-1], cells[0])
    ]


_TURN_LETTER = "SLSR"  # indexed by (out - in) mod 4; 2 (a U-turn) never occurs


def turns(circuit: Sequence[Cell]) -> str:
    """The circuit's turn sequence: ``S``, ``L`` or ``R`` per tile, in driving order.

    Tile ``i`` is a corner when the step into it and the step out of it point
    different ways; ``L`` when the road turns counterclockwise.
    """
    out = _directions(circuit)
    return "".join(_TURN_LETTER[(out[i] - out[i - 1]) % 4] for i in range(len(out)))


def corner_count(circuit: Sequence[Cell]) -> int:
    """How many tiles of the circuit are corners (the road turns on them)."""
    cells = tuple(circuit)
    two_on = cells[2:] + cells[:2]
    # The tile between cells[i] and cells[i + 2] is a corner exactly when those
    # two differ in both coordinates.
    return sum(1 for (ax, ay), (bx, by) in zip(cells, two_on) if ax != bx and ay != by)


def bounding_size(circuit: Iterable[Cell]) -> tuple[int, int]:
    """Width and height, in tiles, of the smallest rectangle holding the cells."""
    cells = list(circuit)
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    if not xs:
        return (0, 0)
    return (max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def longest_straight(circuit: Sequence[Cell]) -> int:
    """The most straight tiles in a row, going round the loop as often as needed."""
    letters = turns(circuit)
    if "S" not in letters:
        return 0
    if set(letters) == {"S"}:
        return len(letters)
    # Reading the word twice catches a run that wraps past tile 0.
    runs = (letters + letters).replace("R", "L").split("L")
    return max(len(run) for run in runs)


def normalize_circuit(cells: Sequence[Cell]) -> Circuit:
    """Return the canonical form of a plain circuit (see the module notes).

    The result is the same for every translation, starting tile and driving
    direction of the same circuit.  Raises :class:`CircuitError` when the cells
    are not a plain circuit.
    """
    _require_plain(cells)
    left = min(x for x, _ in cells)
    bottom = min(y for _, y in cells)
    shifted = [(x - left, y - bottom) for x, y in cells]
    first = shifted.index(min(shifted))
    ordered = shifted[first:] + shifted[:first]
    x, y = ordered[0]
    if ordered[1] != (x + 1, y):
        ordered = [ordered[0], *reversed(ordered[1:])]
    return tuple(ordered)


# ---------------------------------------------------------------------------
# The exhaustive search
# ---------------------------------------------------------------------------


@dataclass
class _Board:
    """A flat grid for the search of circuits of ``n`` tiles in canonical form.

    Cells are numbered ``(x + 1) * stride + (y + offset)``, so the four
    neighbours of cell ``c`` are ``c ± 1`` and ``c ± stride``.  The search
    starts at *start* (0, 0), steps to *first* (1, 0), and must end on
    *final* (0, 2) and *home* (0, 1), in that order, before closing.
    """

    n: int
    stride: int
    offset: int
    blocked: list[int]
    distance: list[int]
    xs: list[int]
    ys: list[int]
    delta: tuple[int, int, int, int] = field(init=False)

    def __post_init__(self) -> None:
        self.delta = (self.stride, 1, -self.stride, -1)

    def index(self, x: int, y: int) -> int:
        return (x + 1) * self.stride + y + self.offset

    @property
    def start(self) -> int:
        return self.index(0, 0)

    @property
    def first(self) -> int:
        return self.index(1, 0)

    @property
    def final(self) -> int:
        return self.index(0, 2)

    @property
    def home(self) -> int:
        return self.index(0, 1)

    def mark(self, cell: int, amount: int) -> None:
        """Add ``amount`` to the cell and its four neighbours."""
        blocked = self.blocked
        for neighbour in (cell, cell + 1, cell - 1, cell + self.stride, cell - self.stride):
            blocked[neighbour] += amount


def _make_board(n: int) -> _Board:
    half = n // 2
    offset = half + 2
    stride = 2 * offset + 1
    columns = half + 3
    size = columns * stride
    xs = [i // stride - 1 for i in range(size)]
    ys = [i % stride - offset for i in range(size)]
    far = 10 * n + 100
    board = _Board(n, stride, offset, [0] * size, [far] * size, xs, ys)
    for index in range(size):
        x, y = xs[index], ys[index]
        inner = abs(y) < offset and 0 <= x < columns - 2
        if not inner or (x == 0 and y < 0):
            board.blocked[index] = 1
        else:
            board.distance[index] = x + abs(y - 2)
    # The circuit ends ... -> final (0, 2) -> home (0, 1) -> start.  Home's only
    # other neighbour (1, 1) must stay empty, and final may not be entered early.
    board.blocked[board.index(1, 1)] += 1
    board.blocked[board.final] += 1
    return board


@dataclass(frozen=True)
class _Prefix:
    """The first tiles of a canonical search path: cells, steps, corners so far."""

    cells: tuple[int, ...]
    moves: tuple[int, ...]
    corners: int


def _prefixes(board: _Board, depth: int) -> list[_Prefix]:
    """Every legal start of a path whose newest tile has index ``depth``."""
    last = board.n - 2
    found: list[_Prefix] = []

    def grow(cells: list[int], moves: list[int], corners: int) -> None:
        head = cells[-1]
        if len(cells) - 1 == depth:
            found.append(_Prefix(tuple(cells), tuple(moves), corners))
            return
        remaining = last - (len(cells) - 1)
        board.mark(head, 1)
        for direction, step in enumerate(board.delta):
            cell = head + step
            if board.blocked[cell] == 1 and board.distance[cell] < remaining:
                turned = corners + (direction != moves[-1])
                grow([*cells, cell], [*moves, direction], turned)
        board.mark(head, -1)

    board.mark(board.start, 1)
    grow([board.start, board.first], [EAST], 0)
    board.mark(board.start, -1)
    return found


def _place(board: _Board, prefix: _Prefix, amount: int) -> None:
    for cell in prefix.cells[:-1]:
        board.mark(cell, amount)


@dataclass
class _Tally:
    """What the counting search gathers: a corner histogram and symmetric finds."""

    corners: list[int]
    half_turn: int = 0
    quarter_turn: int = 0


def _is_turn_symmetric(moves: list[int], shift: int, turn: int) -> bool:
    """True when the step sequence repeats after ``shift`` steps, rotated by ``turn``."""
    n = len(moves)
    return all(moves[(i + shift) % n] == (moves[i] + turn) % 4 for i in range(shift))


def _count_prefix(board: _Board, prefix: _Prefix, tally: _Tally) -> None:
    """Count every completion of ``prefix`` into a canonical circuit."""
    n = board.n
    last = n - 2
    half = n // 2
    quarter = n // 4 if n % 4 == 0 else 0
    blocked = board.blocked
    distance = board.distance
    final = board.final
    stride = board.stride
    steps = tuple(enumerate(board.delta))
    direction_to = {step: direction for direction, step in steps}
    hist = tally.corners
    moves = [EAST] * n
    moves[: len(prefix.moves)] = prefix.moves
    moves[n - 2] = moves[n - 1] = SOUTH

    def finish(head: int, index: int, heading: int, corners: int) -> None:
        direction = direction_to[final - head]
        moves[index] = direction
        hist[corners + (direction != heading) + (direction != SOUTH) + 1] += 1
        # A half-turn symmetric loop steps west halfway round, after two steps
        # north (it ends with two steps south); test the full rule only then.
        gate = moves[half] == WEST and moves[half - 1] == NORTH and moves[half - 2] == NORTH
        if gate and _is_turn_symmetric(moves, half, 2):
            tally.half_turn += 1
            if quarter and _is_turn_symmetric(moves, quarter, 1):
                tally.quarter_turn += 1

    def walk(head: int, index: int, heading: int, corners: int) -> None:
        remaining = last - index
        if remaining == 1:
            if distance[head] == 1 and blocked[final] == 1:
                finish(head, index, heading, corners)
            return
        blocked[head] += 1
        blocked[head + 1] += 1
        blocked[head - 1] += 1
        blocked[head + stride] += 1
        blocked[head - stride] += 1
        for direction, step in steps:
            cell = head + step
            if blocked[cell] == 1 and distance[cell] < remaining:
                moves[index] = direction
                walk(cell, index + 1, direction, corners + (direction != heading))
        blocked[head] -= 1
        blocked[head + 1] -= 1
        blocked[head - 1] -= 1
        blocked[head + stride] -= 1
        blocked[head - stride] -= 1

    _place(board, prefix, 1)
    index = len(prefix.cells) - 1
    walk(prefix.cells[-1], index, prefix.moves[-1], prefix.corners)
    _place(board, prefix, -1)


def _collect_prefix(board: _Board, prefix: _Prefix, out: list[tuple[int, ...]]) -> None:
    """Append every completion of ``prefix``, as board cell numbers, to ``out``."""
    n = board.n
    last = n - 2
    blocked = board.blocked
    distance = board.distance
    final = board.final
    stride = board.stride
    steps = board.delta
    path = [board.start] * n
    path[: len(prefix.cells)] = prefix.cells
    path[n - 2] = final
    path[n - 1] = board.home

    def walk(head: int, index: int) -> None:
        remaining = last - index
        if remaining == 1:
            if distance[head] == 1 and blocked[final] == 1:
                out.append(tuple(path))
            return
        blocked[head] += 1
        blocked[head + 1] += 1
        blocked[head - 1] += 1
        blocked[head + stride] += 1
        blocked[head - stride] += 1
        for step in steps:
            cell = head + step
            if blocked[cell] == 1 and distance[cell] < remaining:
                path[index + 1] = cell
                walk(cell, index + 1)
        blocked[head] -= 1
        blocked[head + 1] -= 1
        blocked[head - 1] -= 1
        blocked[head + stride] -= 1
        blocked[head - stride] -= 1

    _place(board, prefix, 1)
    walk(prefix.cells[-1], len(prefix.cells) - 1)
    _place(board, prefix, -1)


def _split_depth(n: int) -> int:
    """How many tiles the search fixes before handing out pieces of work."""
    return max(1, min(n - 3, n // 3))


def _refuse_negative(n: int) -> None:
    if n < 0:
        raise ArgumentError(f"a circuit cannot have a negative number of tiles ({n})")


def _check_count_size(n: int) -> None:
    _refuse_negative(n)
    if n > COUNT_LIMIT:
        raise ArgumentError(f"counting circuits of {n} tiles is out of reach (the limit is {COUNT_LIMIT})")


def _has_search(n: int) -> bool:
    """True when the board search applies: even sizes of eight tiles or more."""
    return n % 2 == 0 and n >= 8


# ---------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class CircuitCount:
    """How many plain circuits of ``tiles`` tiles there are.

    ``translation`` counts circuits that differ as sets of cells even after
    shifting; ``free`` merges, in addition, rotations and mirror images.
    ``corners`` maps a number of corner tiles to how many circuits (up to
    translation) have that many; its values add up to ``translation``.
    """

    tiles: int
    translation: int
    free: int
    corners: dict[int, int]


def count_circuits(n: int, *, progress: Progress | None = None) -> CircuitCount:
    """Count the plain circuits of ``n`` tiles, up to translation and up to symmetry.

    ``progress(done, total)`` is called before the work starts and after each of
    ``total`` pieces of it.  Raises :class:`ArgumentError` when ``n`` is negative
    or larger than :data:`COUNT_LIMIT`.
    """
    _check_count_size(n)
    if not _has_search(n):
        if progress is not None:
            progress(1, 1)
        if n == 4:
            return CircuitCount(4, 1, 1, {4: 1})
        return CircuitCount(n, 0, 0, {})
    board = _make_board(n)
    pieces = _prefixes(board, _split_depth(n))
    tally = _Tally([0] * (n + 1))
    if progress is not None:
        progress(0, len(pieces))
    for done, piece in enumerate(pieces, 1):
        _count_prefix(board, piece, tally)
        if progress is not None:
            progress(done, len(pieces))
    translation = sum(tally.corners)
    mirrored = _mirror_fixed(n)
    orbits = translation + 2 * tally.quarter_turn + tally.half_turn + mirrored
    free, remainder = divmod(orbits, 8)
    if remainder:  # pragma: no cover - would mean a bug in the symmetry counts
        raise AssertionError(f"Burnside's sum for {n} tiles is not a multiple of 8")
    histogram = {corners: number for corners, number in enumerate(tally.corners) if number}
    return CircuitCount(n, translation, free, histogram)


# Mirror symmetry.  A circuit symmetric in a mirror crosses the mirror line at
# exactly two points, so it is two mirror-image halves joined there.  Each
# function below fixes the mirror and the lower (or lower-left) crossing, walks
# every possible half on one side, and so counts each symmetric circuit (up to
# translation) exactly once.


def _count_halves(
    head: Cell,
    before: Cell,
    length: int,
    inside: Callable[[Cell], bool],
    is_end: Callable[[Cell], bool],
    gap: Callable[[Cell], int],
) -> int:
    """Count induced walks from ``before`` through ``head`` that continue with
    ``length`` more tiles inside the region ``inside`` and then one tile meeting
    ``is_end``.  ``gap(cell)`` is a lower bound on the steps from a cell to an end."""
    touching: dict[Cell, int] = {}

    def mark(cell: Cell, amount: int) -> None:
        for neighbour in (cell, *_neighbours(cell)):
            touching[neighbour] = touching.get(neighbour, 0) + amount

    def walk(cell: Cell, remaining: int) -> int:
        found = 0
        if remaining == 0:
            return sum(1 for nxt in _neighbours(cell) if is_end(nxt) and touching.get(nxt, 0) == 0)
        mark(cell, 1)
        for nxt in _neighbours(cell):
            if touching[nxt] == 1 and inside(nxt) and gap(nxt) <= remaining:
                found += walk(nxt, remaining - 1)
        mark(cell, -1)
        return found

    mark(before, 1)
    total = walk(head, length)
    mark(before, -1)
    return total


def _mirror_fixed(n: int) -> int:
    """Sum, over the four mirrors of the square, of the circuits each one fixes.

    The two axis-parallel mirrors fix the same number of circuits, and so do
    the two diagonal ones.  Along a vertical mirror through cell centres the
    crossings are two tiles on the mirror; along a mirror between columns they
    are two edges; along a diagonal they are two corner tiles on the diagonal.
    """
    return 2 * (_through_cells(n) + _between_columns(n) + _diagonal(n))


def _through_cells(n: int) -> int:
    # Mirror x = 0; crossing tiles (0, 0) and (0, t) with t >= 2.
    side = (n - 2) // 2
    return _count_halves(
        (-1, 0), (0, 0), side - 1,
        inside=lambda c: c[0] <= -1,
        is_end=lambda c: c[0] == 0 and c[1] >= 2,
        gap=lambda c: -c[0],
    )  # fmt: skip


def _between_columns(n: int) -> int:
    # Mirror x = -1/2; crossing edges left of (0, 0) and of (0, t), t >= 2.
    side = n // 2
    return _count_halves(
        (-2, 0), (-1, 0), side - 3,
        inside=lambda c: c[0] <= -2,
        is_end=lambda c: c[0] == -1 and c[1] >= 2,
        gap=lambda c: -1 - c[0],
    )  # fmt: skip


def _diagonal(n: int) -> int:
    # Mirror y = x; crossing tiles (0, 0) and (s, s), s >= 1; the half lies below.
    side = (n - 2) // 2

    def below(c: Cell) -> bool:
        return c[1] < c[0]

    def on_diagonal(c: Cell) -> bool:
        return c[0] == c[1] and c[0] >= 1

    def gap(c: Cell) -> int:
        return c[0] - c[1]

    return sum(_count_halves(head, (0, 0), side - 1, below, on_diagonal, gap) for head in ((1, 0), (0, -1)))


# ---------------------------------------------------------------------------
# Listing
# ---------------------------------------------------------------------------


def _normaliser(board: _Board) -> Callable[[tuple[int, ...]], Circuit]:
    """Turn a search path (board cell numbers) into a canonical circuit."""
    xs, ys = board.xs, board.ys
    grid = {(x, y): (x, y) for x in range(board.n) for y in range(board.n)}
    shifted: dict[int, list[Cell]] = {}

    def table(bottom: int) -> list[Cell]:
        if bottom not in shifted:
            shifted[bottom] = [grid.get((x, y - bottom), (0, 0)) for x, y in zip(xs, ys)]
        return shifted[bottom]

    def convert(path: tuple[int, ...]) -> Circuit:
        return tuple(map(table(min(map(ys.__getitem__, path))).__getitem__, path))

    return convert


def _search_paths(n: int) -> Iterator[list[tuple[int, ...]]]:
    """Yield, piece by piece, the canonical search paths of every circuit."""
    board = _make_board(n)
    for piece in _prefixes(board, _split_depth(n)):
        found: list[tuple[int, ...]] = []
        _collect_prefix(board, piece, found)
        yield found


def enumerate_circuits(n: int) -> Iterator[Circuit]:
    """Yield every plain circuit of ``n`` tiles once, in canonical form.

    Circuits that are shifts of one another count as one.  The order is fixed
    (the order of the search), so it is the same on every run.  Raises
    :class:`ArgumentError` for a negative ``n`` or one above :data:`COUNT_LIMIT`.
    """
    _check_count_size(n)
    return _listing(n)


def _listing(n: int) -> Iterator[Circuit]:
    if n == 4:
        yield ((0, 0), (1, 0), (1, 1), (0, 1))
        return
    if not _has_search(n):
        return
    convert = _normaliser(_make_board(n))
    for found in _search_paths(n):
        yield from map(convert, found)


# ---------------------------------------------------------------------------
# Tables for uniform sampling
# ---------------------------------------------------------------------------

_CODE_CELLS: tuple[Cell, ...] = tuple((code >> 4, code & 15) for code in range(256))


@dataclass(frozen=True)
class CircuitTable:
    """Every plain circuit of ``tiles`` tiles, packed one byte per tile.

    Circuit ``i`` occupies ``codes[i * tiles:(i + 1) * tiles]``; each byte is a
    cell of its canonical form, ``16 * x + y``.  The order is that of
    :func:`enumerate_circuits`.
    """

    tiles: int
    codes: bytes

    def __len__(self) -> int:
        return len(self.codes) // self.tiles if self.tiles else 0

    def __getitem__(self, index: int) -> Circuit:
        if not 0 <= index < len(self):
            raise IndexError(index)
        start = index * self.tiles
        return tuple(map(_CODE_CELLS.__getitem__, self.codes[start : start + self.tiles]))

    def __iter__(self) -> Iterator[Circuit]:
        step = self.tiles
        codes = self.codes
        cells = _CODE_CELLS.__getitem__
        for start in range(0, len(codes), step):
            yield tuple(map(cells, codes[start : start + step]))

    def matching(self, where: Where | None) -> list[int] | range:
        """Indices of the circuits meeting ``where`` (all of them for ``None``)."""
        if where is None:
            return range(len(self))
        return [index for index, circuit in enumerate(self) if where(circuit)]


def _build_codes(n: int) -> bytes:
    if n == 4:
        return bytes([0x00, 0x10, 0x11, 0x01])
    if not _has_search(n):
        return b""
    board = _make_board(n)
    codes = [i // board.stride * 16 - 16 for i in range(len(board.xs))]
    ys = board.ys
    shifted: dict[int, list[int]] = {}
    chunks: list[bytes] = []
    for found in _search_paths(n):
        for path in found:
            bottom = min(map(ys.__getitem__, path))
            table = shifted.get(bottom)
            if table is None:
                table = shifted[bottom] = [
                    code + y - bottom if 0 <= y - bottom < 16 else 0 for code, y in zip(codes, ys)
                ]
            chunks.append(bytes(map(table.__getitem__, path)))
    return b"".join(chunks)


def table_cache_dir() -> Path:
    """Where tables are cached: ``$TRACKKIT_CACHE_DIR``, else
    ``$XDG_CACHE_HOME/trackkit``, else ``~/.cache/trackkit``."""
    explicit = os.environ.get("TRACKKIT_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "trackkit"
    return Path.home() / ".cache" / "trackkit"


def table_cache_path(n: int) -> Path:
    """The cache file of the ``n``-tile table (the name carries the format version)."""
    return table_cache_dir() / f"circuits-v{TABLE_FORMAT}-{n}.bin"


def _encode_table(table: CircuitTable) -> bytes:
    header = _HEADER.pack(_TABLE_MAGIC, TABLE_FORMAT, table.tiles, len(table), zlib.crc32(table.codes))
    return header + zlib.compress(table.codes, 6)


def _decode_table(n: int, data: bytes) -> CircuitTable | None:
    """Read a cache file's bytes; ``None`` when they are not a sound ``n``-tile table."""
    if len(data) < _HEADER.size:
        return None
    magic, version, tiles, count, checksum = _HEADER.unpack_from(data)
    if (magic, version, tiles) != (_TABLE_MAGIC, TABLE_FORMAT, n):
        return None
    try:
        codes = zlib.decompress(data[_HEADER.size :])
    except zlib.error:
        return None
    if len(codes) != count * n or zlib.crc32(codes) != checksum:
        return None
    return CircuitTable(n, codes)


def _read_cached(path: Path, n: int) -> CircuitTable | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return _decode_table(n, data)


def _write_cached(path: Path, table: CircuitTable) -> None:
    """Write the table atomically (a temporary file, then a rename); give up
    quietly when the directory cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, name = tempfile.mkstemp(dir=path.parent, prefix=f"{path.name}.", suffix=".tmp")
    except OSError:
        return
    temporary = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(_encode_table(table))
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()


_TABLES: dict[int, CircuitTable] = {}


def clear_table_cache() -> None:
    """Forget the tables held in memory (the files on disk stay)."""
    _TABLES.clear()


def _check_table_size(n: int) -> None:
    _refuse_negative(n)
    if n > EXACT_LIMIT:
        raise ArgumentError(f"exact tables stop at {EXACT_LIMIT} tiles, not {n}")


def circuit_table(n: int) -> CircuitTable:
    """Return the table of every ``n``-tile circuit, building it only when needed.

    Looked up in memory first, then in the cache file
    (:func:`table_cache_path`), and built by search as a last resort; a new
    table is written to the cache.  The file is a 14-byte header, little
    endian: the magic ``TKCT``, the format version (1 byte), ``n`` (1 byte), the
    number of circuits (4 bytes) and the CRC-32 of the codes (4 bytes),
    followed by the :class:`CircuitTable` codes compressed with zlib.  A file
    that is unreadable, truncated or fails any of these checks is rebuilt
    without a word; when the cache directory cannot be written the table just
    lives in memory.  Raises :class:`ArgumentError` for ``n`` outside
    ``0..EXACT_LIMIT``.
    """
    _check_table_size(n)
    table = _TABLES.get(n)
    if table is not None:
        return table
    path = table_cache_path(n)
    table = _read_cached(path, n)
    if table is None:
        table = CircuitTable(n, _build_codes(n))
        if table.codes:
            _write_cached(path, table)
    _TABLES[n] = table
    return table


# ---------------------------------------------------------------------------
# Sampling
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SampleResult:
    """Circuits drawn by :func:`sample_circuits`.

    ``circuits`` are in canonical form.  ``matching`` is how many circuits of
    the size (up to translation) meet the condition, or ``None`` when the size
    is above :data:`EXACT_LIMIT` and the number is unknown.  ``exact`` says
    whether the draw was exactly uniform (from a table) or came from the
    random walk.
    """

    tiles: int
    circuits: tuple[Circuit, ...]
    matching: int | None
    exact: bool


def _draw_indices(rng: random.Random, population: int, count: int) -> list[int]:
    """``count`` positions in ``range(population)``: distinct while they can be,
    then each further block of ``population`` is a fresh shuffle."""
    chosen: list[int] = []
    while count - len(chosen) >= population:
        chosen += rng.sample(range(population), population)
    return chosen + rng.sample(range(population), count - len(chosen))


def sample_circuits(
    n: int,
    *,
    seed: Seed,
    count: int = 1,
    where: Where | None = None,
    max_width: int | None = None,
    max_height: int | None = None,
) -> SampleResult:
    """Draw ``count`` circuits of ``n`` tiles, each meeting ``where``.

    Up to :data:`EXACT_LIMIT` tiles the draw is exactly uniform: every circuit
    that meets ``where`` (and the size limits) is equally likely, and the
    circuits are distinct from one another as long as ``count`` is at most the
    number that match; beyond that, every matching circuit appears once in
    random order before any repeats.  ``where`` is called once per circuit of
    the table, so its cost is paid once per call, not per circuit drawn.

    Above the limit the circuits come from :func:`random_circuit` (close to
    uniform, not exactly), distinct from one another, and ``matching`` is
    ``None``.  The same ``seed`` gives the same result.

    Raises :class:`ArgumentError` for a bad ``n`` or ``count``, and
    :class:`GenerationError` when no circuit meets the conditions (or, above
    the limit, too few were found in a reasonable number of tries).
    """
    if count < 0:
        raise ArgumentError(f"cannot draw a negative number of circuits ({count})")
    if n < 0 or n > RANDOM_LIMIT:
        raise ArgumentError(f"circuits must have between 0 and {RANDOM_LIMIT} tiles, not {n}")
    _check_limits(max_width, max_height)
    rng = make_rng(seed)
    condition = _with_size_limits(where, max_width, max_height)
    if n > EXACT_LIMIT:
        return _sample_by_walk(n, rng, count, where, max_width, max_height)
    table = circuit_table(n)
    indices = table.matching(condition)
    if count and not indices:
        raise GenerationError(f"no circuit of {n} tiles meets the constraints")
    picked = _draw_indices(rng, len(indices), count) if count else []
    circuits = tuple(table[indices[i]] for i in picked)
    return SampleResult(n, circuits, len(indices), True)


def _with_size_limits(where: Where | None, max_width: int | None, max_height: int | None) -> Where | None:
    if max_width is None and max_height is None:
        return where
    wide = max_width if max_width is not None else 1 << 30
    high = max_height if max_height is not None else 1 << 30

    def fits(circuit: Circuit) -> bool:
        width, height = bounding_size(circuit)
        return width <= wide and height <= high and (where is None or where(circuit))

    return fits


def _sample_by_walk(
    n: int,
    rng: random.Random,
    count: int,
    where: Where | None,
    max_width: int | None,
    max_height: int | None,
) -> SampleResult:
    """Collect ``count`` distinct circuits meeting ``where`` from one long walk,
    looking at it every ``2 * n * n`` moves, for at most ``_WALK_LOOKS`` looks per
    circuit wanted (and a few hundred more)."""
    if n % 2:
        raise GenerationError(f"no circuit has an odd number of tiles ({n})")
    found: dict[Circuit, None] = {}
    budget = _WALK_LOOKS * count + 500
    walk = _walk_circuits(n, rng, max_width, max_height, attempts=20, burn_in=None, gap=2 * n * n)
    looks = 0
    while len(found) < count:
        if looks == budget:
            raise GenerationError(
                f"found only {len(found)} of {count} circuits of {n} tiles meeting the constraints"
                f" after looking at {budget} random ones"
            )
        circuit = next(walk)
        looks += 1
        if where is None or where(circuit):
            found.setdefault(circuit)
    return SampleResult(n, tuple(found), None, False)


_WALK_LOOKS = 200
"""Looks at the walk allowed per circuit wanted before sampling gives up."""


# ---------------------------------------------------------------------------
# The random walk
# ---------------------------------------------------------------------------

_PACK = 1 << 12
"""Cells in the walk are packed as ``x + y * _PACK`` so neighbours are ±1, ±_PACK."""

_MAX_RUN = 4
"""The longest run of tiles one move of the walk replaces."""

_SLACK = 2
"""How many tiles below the target the walk may shrink while shuffling."""


def _pack(cell: Cell) -> int:
    return cell[0] + cell[1] * _PACK


def _unpack(code: int) -> Cell:
    y = (code + _PACK // 2) // _PACK
    return (code - y * _PACK, y)


@cache
def _detours() -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """All short walks between two tiles, by (packed offset of the end, tiles between).

    A walk ``a, c1, ..., cm, b`` qualifies when its tiles are distinct and no
    two of them are adjacent unless they follow each other, so it can sit in
    a plain circuit.  The stored tuples hold ``c1..cm`` as offsets from ``a``.
    """
    found: dict[tuple[int, int], list[tuple[int, ...]]] = {}

    def extend(walk: list[Cell], between: int) -> None:
        if len(walk) - 1 == between + 1:
            inner, end = walk[1:-1], walk[-1]
            key = (_pack(end), between)
            found.setdefault(key, []).append(tuple(_pack(c) for c in inner))
            return
        for nxt in _neighbours(walk[-1]):
            if nxt not in walk and not any(_adjacent(nxt, c) for c in walk[:-1]):
                extend([*walk, nxt], between)

    for between in range(1, _MAX_RUN + 3):
        extend([(0, 0)], between)
    return {key: tuple(walks) for key, walks in found.items()}


@dataclass
class _Loop:
    """A plain circuit being reshaped: its packed cells in order and as a set."""

    ring: list[int]
    occupied: set[int]
    max_width: int
    max_height: int
    limited: bool  # whether the limits can bind at all for the loop sizes in use
    box: tuple[int, int, int, int]  # a rectangle holding every cell, within the limits

    @classmethod
    def rectangle(cls, width: int, height: int, limits: tuple[int, int], most_tiles: int) -> _Loop:
        """A ``width`` by ``height`` ring that will grow to at most ``most_tiles``.

        No plain circuit is wider or higher than half its number of tiles, so
        limits above that never bind and are not checked.
        """
        cells = (
            [(x, 0) for x in range(width)]
            + [(width - 1, y) for y in range(1, height)]
            + [(x, height - 1) for x in range(width - 2, -1, -1)]
            + [(0, y) for y in range(height - 2, 0, -1)]
        )
        ring = [_pack(c) for c in cells]
        limited = min(limits) <= most_tiles // 2
        return cls(ring, set(ring), *limits, limited, (0, 0, width - 1, height - 1))

    def fits(self, removed: Sequence[int], added: Sequence[int]) -> bool:
        """Whether swapping ``removed`` for ``added`` keeps within the size limits,
        updating the kept rectangle when the answer is yes.  Only called when
        the limits can bind."""
        left, bottom, right, top = self.box
        outside = False
        for code in added:
            x, y = _unpack(code)
            if x < left or x > right or y < bottom or y > top:
                outside = True
                break
        if not outside:
            return True
        gone = set(removed)
        cells = [_unpack(c) for c in self.ring if c not in gone] + [_unpack(c) for c in added]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        box = (min(xs), min(ys), max(xs), max(ys))
        if box[2] - box[0] + 1 > self.max_width or box[3] - box[1] + 1 > self.max_height:
            return False
        self.box = box
        return True

    def try_replace(self, first: int, length: int, walks: Sequence[tuple[int, ...]], pick: float) -> bool:
        """Replace ``length`` tiles from ring position ``first`` by one of ``walks``.

        The walks join the tile before the run to the tile after it.  Returns
        whether the loop changed.  When the length changes, the ring is
        rotated so that the new run starts at position 0.
        """
        ring = self.ring
        size = len(ring)
        anchor = ring[first - 1]
        after = ring[(first + length) % size]
        walk = walks[int(pick * len(walks))]
        added = [anchor + offset for offset in walk]
        if first + length <= size:
            removed = ring[first : first + length]
        else:
            removed = ring[first:] + ring[: first + length - size]
        if added == removed:
            return False
        occupied = self.occupied
        # The new cells may sit on or touch the cells they replace, and touch
        # the two ends (the walk itself guarantees where); nothing else.
        free = {anchor, after, *removed}
        for cell in added:
            if cell in occupied and cell not in free:
                return False
            for neighbour in (cell + 1, cell - 1, cell + _PACK, cell - _PACK):
                if neighbour in occupied and neighbour not in free:
                    return False
        if self.limited and not self.fits(removed, added):
            return False
        occupied.difference_update(removed)
        occupied.update(added)
        if len(added) == length:
            for i, cell in enumerate(added):
                ring[(first + i) % size] = cell
        else:
            self.ring = added + [ring[(first + length + i) % size] for i in range(size - length)]
        return True


def _grow_step(loop: _Loop, rng: random.Random) -> None:
    """Try to lengthen the loop by two tiles somewhere at random."""
    ring = loop.ring
    size = len(ring)
    first = int(rng.random() * size)
    length = 1 + int(rng.random() * _MAX_RUN)
    offset = ring[(first + length) % size] - ring[first - 1]
    walks = _detours().get((offset, length + 2))
    if walks:
        loop.try_replace(first, length, walks, rng.random())


_RESIZES: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in (run - 2, run, run + 2) if 1 <= k <= _MAX_RUN) for run in range(_MAX_RUN + 1)
)
"""For each run length, the lengths a shuffle move may replace it with."""


def _shuffle(loop: _Loop, rng: random.Random, n: int, steps: int) -> None:
    """Make ``steps`` Metropolis-Hastings moves among loops of ``n - _SLACK``
    to ``n`` tiles.

    A move picks a run of one to ``_MAX_RUN`` tiles (position and length
    uniform), a new length for it (uniform among ``_RESIZES``), and a detour of
    that many tiles between the same two neighbours (uniform).  The reverse
    move is the same kind of choice made from the new loop, so a move is
    accepted with the ratio of the two proposal probabilities when that is
    below one, which makes the uniform distribution over these loops the
    equilibrium.  A move is made only when the result is a plain circuit
    within the limits.
    """
    smallest = max(8, n - _SLACK)
    detours = _detours()
    uniform = rng.random
    done = 0
    while done < steps:
        done += 1
        ring = loop.ring
        size = len(ring)
        first = int(uniform() * size)
        length = 1 + int(uniform() * _MAX_RUN)
        options = _RESIZES[length]
        new_length = options[int(uniform() * len(options))]
        new_size = size - length + new_length
        if not smallest <= new_size <= n:
            continue
        offset = ring[(first + length) % size] - ring[first - 1]
        walks = detours.get((offset, new_length))
        if not walks:
            continue
        if new_length == length:
            if len(walks) == 1:  # the run itself is the only way: a straight
                continue
        else:
            forward = size * len(options) * len(walks)
            backward = new_size * len(_RESIZES[new_length]) * len(detours[offset, length])
            if forward < backward and uniform() * backward >= forward:
                continue
        loop.try_replace(first, length, walks, uniform())


def default_walk_steps(n: int) -> int:
    """How many reshaping moves :func:`random_circuit` makes by default."""
    return 6 * n * n


def _starting_loop(n: int, rng: random.Random, max_width: int, max_height: int) -> _Loop | None:
    """A rectangular ring of at most ``n`` tiles within the limits, the largest
    such (ties broken at random), or ``None`` when none fits."""
    options = [
        (width, height)
        for width in range(3, min(max_width, n) + 1)
        for height in range(3, min(max_height, n) + 1)
        if 2 * (width + height) - 4 <= n
    ]
    if not options:
        return None
    largest = max(2 * (w + h) for w, h in options)
    best = [option for option in options if 2 * sum(option) == largest]
    width, height = best[int(rng.random() * len(best))]
    return _Loop.rectangle(width, height, (max_width, max_height), n)


def _grow(loop: _Loop, n: int, rng: random.Random) -> bool:
    """Lengthen the loop two tiles at a time up to ``n``; False if it got stuck."""
    budget = 400 * n
    while len(loop.ring) < n and budget:
        budget -= 1
        _grow_step(loop, rng)
    return len(loop.ring) == n


def random_circuit(
    n: int,
    *,
    seed: Seed,
    max_width: int | None = None,
    max_height: int | None = None,
    attempts: int = 20,
    steps: int | None = None,
) -> Circuit:
    """A random plain circuit of exactly ``n`` tiles, in canonical form.

    Made by the random walk described in the module notes: legal by
    construction, close to uniform but not exactly uniform.  ``steps`` is the
    number of reshaping moves (:func:`default_walk_steps` by default); the
    walk restarts from a new rectangle up to ``attempts`` times when it cannot
    grow to ``n`` tiles inside ``max_width`` by ``max_height``.  The same seed
    gives the same circuit.

    Raises :class:`ArgumentError` for an ``n`` that is odd, below 8 (the square
    of four tiles aside) or above :data:`RANDOM_LIMIT`, and for bad limits or
    ``attempts``; :class:`GenerationError` when every attempt fails.
    """
    rng = make_rng(seed)
    walk = _walk_circuits(n, rng, max_width, max_height, attempts=attempts, burn_in=steps, gap=0)
    return next(walk)


def _walk_circuits(
    n: int,
    rng: random.Random,
    max_width: int | None,
    max_height: int | None,
    *,
    attempts: int,
    burn_in: int | None,
    gap: int,
) -> Iterator[Circuit]:
    """Grow a loop to ``n`` tiles, shuffle it ``burn_in`` moves (the default
    when ``None``), then yield it, and again every ``gap`` further moves."""
    _check_limits(max_width, max_height)
    if attempts < 1:
        raise ArgumentError(f"attempts must be at least 1, not {attempts}")
    if n == 4:
        if min(max_width or 2, max_height or 2) < 2:
            raise GenerationError("the square of 4 tiles needs 2 x 2 tiles")
        while True:
            yield ((0, 0), (1, 0), (1, 1), (0, 1))
    if n % 2 or n < 8 or n > RANDOM_LIMIT:
        raise ArgumentError(f"random circuits need an even number of tiles from 8 to {RANDOM_LIMIT}, not {n}")
    wide = n if max_width is None else max_width
    high = n if max_height is None else max_height
    loop = _grown_loop(n, rng, wide, high, attempts)
    steps = default_walk_steps(n) if burn_in is None else burn_in
    while True:
        _shuffle(loop, rng, n, steps)
        # Looking only at fixed checkpoints, well apart, keeps the choice of
        # the moment from favouring loops that were just regrown.
        while len(loop.ring) != n:
            _shuffle(loop, rng, n, _recheck_steps(n))
        yield normalize_circuit([_unpack(c) for c in loop.ring])
        steps = gap


def _recheck_steps(n: int) -> int:
    """Moves between two looks at a walk that was caught two tiles short."""
    return n * n // 2


def _grown_loop(n: int, rng: random.Random, wide: int, high: int, attempts: int) -> _Loop:
    for _ in range(attempts):
        loop = _starting_loop(n, rng, wide, high)
        if loop is None:
            break
        if _grow(loop, n, rng):
            return loop
    raise GenerationError(f"could not make a circuit of {n} tiles within {wide} x {high} tiles")


def _check_limits(max_width: int | None, max_height: int | None) -> None:
    for name, value in (("max_width", max_width), ("max_height", max_height)):
        if value is not None and value < 1:
            raise ArgumentError(f"{name} must be at least 1, not {value}")


@dataclass(frozen=True)
class ChainBias:
    """How far the random walk's corner counts are from the exact ones.

    ``exact`` and ``observed`` map a number of corners to a probability;
    ``distance`` is the total variation distance between them (half the sum
    of the absolute differences: 0 for identical, 1 for disjoint).  Even a
    perfect sampler shows some distance with finitely many draws, so
    ``noise`` and ``noise_high`` give the scale: the mean and the 95th
    percentile of the distance over ``_NOISE_REPEATS`` sets of as many
    exactly uniform draws (NaN above :data:`EXACT_LIMIT`).
    """

    tiles: int
    samples: int
    distance: float
    noise: float
    noise_high: float
    exact: dict[int, float]
    observed: dict[int, float]


_NOISE_REPEATS = 20


def total_variation(p: dict[int, float], q: dict[int, float]) -> float:
    """Half the sum of the absolute differences of two distributions."""
    return sum(abs(p.get(k, 0.0) - q.get(k, 0.0)) for k in set(p) | set(q)) / 2


def _histogram(values: Iterable[int]) -> dict[int, float]:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    total = sum(counts.values())
    return {key: number / total for key, number in sorted(counts.items())}


def measure_chain_bias(n: int, *, samples: int = 2000, seed: Seed = 0, steps: int | None = None) -> ChainBias:
    """Compare the walk's corner-count histogram at ``n`` tiles with the exact one.

    Draws ``samples`` circuits with :func:`random_circuit` (``steps`` moves
    each, the default when ``None``) and, for scale, repeated sets of as many
    exactly uniform ones from the table when ``n`` is at most
    :data:`EXACT_LIMIT`.  Needs :func:`count_circuits` of ``n``, so ``n`` is
    at most :data:`COUNT_LIMIT` and in practice at most about 30.
    """
    rng = make_rng(seed)
    counted = count_circuits(n).corners
    total = sum(counted.values())
    exact = {k: v / total for k, v in counted.items()}
    observed = _histogram(corner_count(random_circuit(n, seed=rng, steps=steps)) for _ in range(samples))
    noise = noise_high = math.nan
    if n <= EXACT_LIMIT:
        corners = [corner_count(circuit) for circuit in circuit_table(n)]
        spread = sorted(
            total_variation(
                exact, _histogram(corners[int(rng.random() * len(corners))] for _ in range(samples))
            )
            for _ in range(_NOISE_REPEATS)
        )
        noise = sum(spread) / len(spread)
        noise_high = spread[int(0.95 * (len(spread) - 1))]
    return ChainBias(n, samples, total_variation(exact, observed), noise, noise_high, exact, observed)


# ---------------------------------------------------------------------------
# Identifiers
# ---------------------------------------------------------------------------

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
"""Crockford's base 32: digits and lower-case letters without i, l, o and u."""

_READ_AS = {"i": "1", "l": "1", "o": "0"}
_TURN_DIGIT = str.maketrans("SLR", "012")
_DIGIT_TURN = str.maketrans("012", "SLR")
_MIRROR = str.maketrans("LR", "RL")


def _code_length(n: int) -> int:
    """Base-32 digits needed for any number below ``3 ** n``."""
    length = 0
    while 32**length < 3**n:
        length += 1
    return length


def _canonical_turns(letters: str) -> str:
    """The least, over starting tile, direction and mirror image, of a turn word.

    Letters compare as ``S < L < R``.  Reading a loop backwards reverses the
    word and swaps left and right; a mirror image swaps left and right only.
    """
    mirrored = letters.translate(_MIRROR)
    variants = (letters, mirrored, letters[::-1], mirrored[::-1])
    best = None
    for variant in variants:
        digits = variant.translate(_TURN_DIGIT)
        doubled = digits + digits
        for start in range(len(digits)):
            candidate = doubled[start : start + len(digits)]
            if best is None or candidate < best:
                best = candidate
    assert best is not None
    return best.translate(_DIGIT_TURN)


def circuit_id(circuit: Sequence[Cell]) -> str:
    """A short code naming the circuit's shape, like ``24-00bhzc0m`` (the 7 x 7 ring).

    The same for every translation, rotation, mirror image, starting tile and
    driving direction of the circuit, and different for different shapes.  It
    is the tile count, a hyphen, and a number written in Crockford's base 32,
    padded to a fixed length for the tile count.  The number is the turn word
    (:func:`turns`) read in base 3 with S, L, R as 0, 1, 2 -- choosing, among
    every starting tile, both driving directions and the mirror image, the word
    that reads least.  Rotation leaves the word alone, so it needs no choice.
    Only digits and lower-case letters without ``i``, ``l``, ``o`` and ``u``
    appear, so the code is safe in a URL and hard to misread.  Raises
    :class:`CircuitError` when the cells are not a plain circuit.
    """
    _require_plain(circuit)
    word = _canonical_turns(turns(circuit))
    number = int(word.translate(_TURN_DIGIT), 3)
    digits = []
    for _ in range(_code_length(len(word))):
        number, digit = divmod(number, 32)
        digits.append(_ALPHABET[digit])
    return f"{len(word)}-{''.join(reversed(digits))}"


def _parse_id(code: str) -> tuple[int, int]:
    """Split an identifier into its tile count and its number, or raise."""
    text = code.strip().lower()
    size, hyphen, body = text.partition("-")
    if not hyphen or not size.isdigit() or not body:
        raise ArgumentError(f"{code!r} is not a circuit id: expected a tile count, a hyphen and a code")
    n = int(size)
    if n < 4 or n % 2 or n > RANDOM_LIMIT:
        raise ArgumentError(f"{code!r} is not a circuit id: {n} is not a possible number of tiles")
    body = "".join(_READ_AS.get(ch, ch) for ch in body.replace("-", ""))
    bad = sorted({ch for ch in body if ch not in _ALPHABET})
    if bad:
        raise ArgumentError(f"{code!r} is not a circuit id: unexpected character(s) {''.join(bad)!r}")
    if len(body) != _code_length(n):
        raise ArgumentError(f"{code!r} is not a circuit id: a {n}-tile code has {_code_length(n)} characters")
    number = 0
    for ch in body:
        number = number * 32 + _ALPHABET.index(ch)
    if number >= 3**n:
        raise ArgumentError(f"{code!r} is not a circuit id: the code is too large for {n} tiles")
    return n, number


def _trace(word: str) -> list[Cell]:
    """Drive a turn word from (0, 0), entering it heading east; return the cells."""
    heading = EAST
    x = y = 0
    cells = []
    for letter in word:
        cells.append((x, y))
        heading = (heading + {"S": 0, "L": 1, "R": 3}[letter]) % 4
        dx, dy = _UNIT[heading]
        x, y = x + dx, y + dy
    return cells if (x, y) == (0, 0) and heading == EAST else []


def circuit_from_id(code: str) -> Circuit:
    """Rebuild the circuit an id names, in canonical form.

    Letters may be in either case; ``i`` and ``l`` read as ``1`` and ``o`` as
    ``0``; hyphens inside the code are ignored.  Raises :class:`ArgumentError`
    when the code is malformed or does not describe a plain circuit.
    """
    n, number = _parse_id(code)
    digits = []
    for _ in range(n):
        number, digit = divmod(number, 3)
        digits.append(str(digit))
    word = "".join(reversed(digits)).translate(_DIGIT_TURN)
    cells = _trace(word)
    if not is_plain_circuit(cells):
        raise ArgumentError(
            f"{code!r} does not describe a plain circuit (its turns do not close a clean loop)"
        )
    return normalize_circuit(cells)
