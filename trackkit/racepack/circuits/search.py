"""The exhaustive search for plain circuits in canonical form, and the
listing it gives (see the package notes for how it works).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from trackkit.errors import ArgumentError
from trackkit.piecepack.cells import EAST, Cell
from trackkit.racepack.circuits.plain import LIST_LIMIT, CellLoop, Progress

__all__ = ["enumerate_circuits"]

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
    start: int = field(init=False)
    first: int = field(init=False)
    final: int = field(init=False)
    home: int = field(init=False)

    def __post_init__(self) -> None:
        self.delta = (self.stride, 1, -self.stride, -1)
        self.start, self.first, self.final, self.home = (
            self.index(x, y) for x, y in ((0, 0), (1, 0), (0, 2), (0, 1))
        )

    def index(self, x: int, y: int) -> int:
        return (x + 1) * self.stride + y + self.offset

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
    if n > LIST_LIMIT:
        raise ArgumentError(f"listing circuits of {n} tiles is out of reach (the limit is {LIST_LIMIT})")


def _has_search(n: int) -> bool:
    """True when the board search applies: even sizes of eight tiles or more."""
    return n % 2 == 0 and n >= 8


# ---------------------------------------------------------------------------
# Listing
# ---------------------------------------------------------------------------


def _normaliser(board: _Board) -> Callable[[tuple[int, ...]], CellLoop]:
    """Turn a search path (board cell numbers) into a canonical circuit."""
    xs, ys = board.xs, board.ys
    grid = {(x, y): (x, y) for x in range(board.n) for y in range(board.n)}
    shifted: dict[int, list[Cell]] = {}

    def table(bottom: int) -> list[Cell]:
        if bottom not in shifted:
            shifted[bottom] = [grid.get((x, y - bottom), (0, 0)) for x, y in zip(xs, ys)]
        return shifted[bottom]

    def convert(path: tuple[int, ...]) -> CellLoop:
        return tuple(map(table(min(map(ys.__getitem__, path))).__getitem__, path))

    return convert


def _search_paths(n: int, progress: Progress | None = None) -> Iterator[list[tuple[int, ...]]]:
    """Yield, piece by piece, the canonical search paths of every circuit,
    calling ``progress(done, total)`` before the first piece and after each."""
    board = _make_board(n)
    pieces = _prefixes(board, _split_depth(n))
    if progress is not None:
        progress(0, len(pieces))
    for done, piece in enumerate(pieces, 1):
        found: list[tuple[int, ...]] = []
        _collect_prefix(board, piece, found)
        yield found
        if progress is not None:
            progress(done, len(pieces))


def enumerate_circuits(n: int) -> Iterator[CellLoop]:
    """Yield every plain circuit of ``n`` tiles once, in canonical form.

    Circuits that are shifts of one another count as one.  The order is fixed
    (the order of the search), so it is the same on every run.  Raises
    :class:`ArgumentError` for a negative ``n`` or one above :data:`LIST_LIMIT`.
    """
    _check_count_size(n)
    return _listing(n)


def _listing(n: int) -> Iterator[CellLoop]:
    if n == 4:
        yield ((0, 0), (1, 0), (1, 1), (0, 1))
        return
    if not _has_search(n):
        return
    convert = _normaliser(_make_board(n))
    for found in _search_paths(n):
        yield from map(convert, found)
