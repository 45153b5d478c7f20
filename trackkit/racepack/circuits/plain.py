"""Plain circuits as loops of whole-tile cells: the types, the size limits
and small facts about one loop (see the package notes for the terms).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from trackkit.errors import CircuitError

__all__ = [
    "COUNT_LIMIT",
    "EAST",
    "EXACT_LIMIT",
    "NORTH",
    "RANDOM_LIMIT",
    "SOUTH",
    "WEST",
    "Cell",
    "Circuit",
    "Progress",
    "Where",
    "bounding_size",
    "corner_count",
    "is_plain_circuit",
    "longest_straight",
    "normalize_circuit",
    "turns",
]

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
