"""A road of tiles laid on the table one cell at a time, as the editor lays it.

The editor keeps a track as its tile centres in driving order (a layout's
``tiles`` form), so a tile put down never moves another.  A *road* here is
that list, in spaces (see :mod:`trackkit.piecepack.geometry`); each tile
lies on a *line cell* of the tile grid (both coordinates even), except a
chicane, pushed one space (half a tile) off the line of the tile before it.
The kinds of the tiles are not kept: the game's reader works them out from
where the tiles lie, so a road dragged through cells turns where the drag
turns.

Every change returns the new centres and a :data:`Renumber`, telling each
game where its numbered things (the start line, a ramp, a pit lane) go.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from trackkit.errors import TrackkitError
from trackkit.piecepack.geometry import TILE, Heading, Point
from trackkit.tabletop import Placement, refuse

__all__ = [
    "HAIRPINS",
    "TURNS",
    "Renumber",
    "ahead",
    "chicane",
    "closing_cells",
    "extended",
    "flipped",
    "ghosts",
    "is_loop",
    "line_cell",
    "moved",
    "removed",
    "reversed_road",
    "road_placed",
    "road_text",
    "turned",
]

Renumber = Callable[[int], int | None]
"""Where tile ``i`` is after a change (``None``: taken away)."""

SEARCH_CELLS = 4_000
"""The most empty cells :func:`closing_cells` looks through."""

_SAME: Renumber = lambda index: index  # noqa: E731


def _even(value: int) -> bool:
    return value % TILE == 0


def line_cell(centres: Sequence[Point], index: int) -> Point:
    """The grid cell tile ``index`` lies on: its centre, or for a chicane
    the cell on the line of the tile before it (of the tile after it, for a
    first tile), from which it is pushed."""
    x, y = centres[index]
    if _even(x) and _even(y):
        return (x, y)
    others = [centres[i] for i in (index - 1, index + 1) if 0 <= i < len(centres) and i != index]
    guide = next((c for c in others if _even(c[0]) and _even(c[1])), (x - x % TILE, y - y % TILE))
    return (x, guide[1]) if _even(x) else (guide[0], y)


def _cells(centres: Sequence[Point]) -> list[Point]:
    return [line_cell(centres, index) for index in range(len(centres))]


def _next_to(a: Point, b: Point) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == TILE


def _around(cell: Point) -> list[Point]:
    x, y = cell
    return [(x + TILE, y), (x, y + TILE), (x - TILE, y), (x, y - TILE)]


def is_loop(centres: Sequence[Point]) -> bool:
    """Whether the road comes back to its first tile: four tiles or more,
    the last beside the first."""
    cells = _cells(centres)
    return len(cells) >= 4 and _next_to(cells[-1], cells[0])


def ghosts(centres: Sequence[Point], loops: bool = True) -> list[Point]:
    """The empty cells where the next tile may go: beside the last tile
    (ahead of it first), then beside the first; none once a loop closes
    (``loops``: the game's roads close into loops)."""
    if not centres:
        return [(0, 0)]
    cells = _cells(centres)
    if loops and is_loop(centres):
        return []
    taken = set(cells)
    ends = [cells[-1]] if len(cells) == 1 else [cells[-1], cells[0]]
    found: list[Point] = []
    for end in ends:
        found += [cell for cell in _around(end) if cell not in taken and cell not in found]
    return found


def extended(
    centres: Sequence[Point], cells: Sequence[Point], loops: bool = True
) -> tuple[list[Point], Renumber]:
    """The road with tiles put on ``cells`` (a click, or a drag through
    cells next to each other): after the last tile when the drag starts on
    or beside it, else before the first tile.  A drag that comes back to
    the first tile closes the loop there.  Refused when the cells do not
    follow on from an end of the road."""
    wanted = [cell for index, cell in enumerate(cells) if index == 0 or cell != cells[index - 1]]
    if not wanted:
        return list(centres), _SAME
    road = _cells(centres)
    if not road:
        return _laid(list(centres), road, wanted, loops), _SAME
    if wanted[0] == road[-1] or _next_to(wanted[0], road[-1]):
        return _laid(list(centres), road, wanted, loops), _SAME
    if wanted[0] == road[0] or _next_to(wanted[0], road[0]):
        backwards = _laid(list(reversed(centres)), road[::-1], wanted, loops)
        added = len(backwards) - len(centres)
        return backwards[::-1], lambda index: index + added
    raise refuse("put the tile on an empty cell beside an end of the road")


def _laid(centres: list[Point], road: list[Point], wanted: Sequence[Point], loops: bool) -> list[Point]:
    """``centres`` with a tile on each wanted cell after the last, until
    a cell is taken (the first tile's: the loop closes)."""
    road = list(road)
    taken = set(road)
    for cell in wanted:
        if road and cell == road[-1]:
            continue
        if cell in taken:
            if loops and len(road) >= 4 and cell == road[0]:
                break
            raise refuse(f"there is a tile on ({cell[0] // TILE}, {cell[1] // TILE}) already")
        if road and not _next_to(cell, road[-1]):
            raise refuse("drag the road through cells next to each other")
        centres.append(cell)
        road.append(cell)
        taken.add(cell)
    return centres


def closing_cells(centres: Sequence[Point]) -> list[Point]:
    """The fewest empty cells that lead the road from its last tile back
    beside its first, closing the loop (empty when it is closed already or
    no way is found among :data:`SEARCH_CELLS` cells)."""
    cells = _cells(centres)
    if not cells or is_loop(centres):
        return []
    taken = set(cells)
    goals = {cell for cell in _around(cells[0]) if cell not in taken}
    starts = [cell for cell in _around(cells[-1]) if cell not in taken]
    before: dict[Point, Point | None] = dict.fromkeys(starts)
    queue = deque(starts)
    while queue and len(before) < SEARCH_CELLS:
        cell = queue.popleft()
        if cell in goals and (len(cells) > 1 or len(_way(before, cell)) >= 3):
            return _way(before, cell)
        for near in _around(cell):
            if near not in taken and near not in before:
                before[near] = cell
                queue.append(near)
    return []


def _way(before: dict[Point, Point | None], cell: Point) -> list[Point]:
    way = [cell]
    while (back := before[way[-1]]) is not None:
        way.append(back)
    return way[::-1]


def removed(centres: Sequence[Point], chosen: Sequence[int]) -> tuple[list[Point], Renumber]:
    """The road with the chosen tiles taken away; the tiles after each move
    up a place."""
    gone = sorted(set(chosen))
    kept = [centre for index, centre in enumerate(centres) if index not in gone]

    def renumber(index: int) -> int | None:
        return None if index in gone else index - sum(1 for g in gone if g < index)

    return kept, renumber


def _check_free(centres: Sequence[Point], new: list[Point], chosen: set[int]) -> None:
    """Refuse a move that puts a tile on another's cell."""
    cells = _cells(new)
    still = {cell for index, cell in enumerate(cells) if index not in chosen}
    for index in chosen:
        if cells[index] in still or cells.count(cells[index]) > 1:
            x, y = cells[index]
            raise refuse(f"there is a tile on ({x // TILE}, {y // TILE}) already")


def _all_or(chosen: Sequence[int], count: int) -> set[int]:
    picked = {index for index in chosen if 0 <= index < count}
    return picked or set(range(count))


def moved(centres: Sequence[Point], chosen: Sequence[int], offset: Point) -> list[Point]:
    """The road with the chosen tiles (all, when none is chosen) slid by
    ``offset`` spaces, a whole number of tiles."""
    if not (_even(offset[0]) and _even(offset[1])):
        raise refuse("move tiles by whole tiles")
    picked = _all_or(chosen, len(centres))
    new = [(x + offset[0], y + offset[1]) if i in picked else (x, y) for i, (x, y) in enumerate(centres)]
    _check_free(centres, new, picked)
    return new


def _pivoted(
    centres: Sequence[Point], chosen: Sequence[int], turn: Callable[[int, int], Point]
) -> list[Point]:
    picked = _all_or(chosen, len(centres))
    if not picked:
        raise refuse("lay a tile first: the table has no tiles to turn")
    px, py = line_cell(centres, min(picked))
    new = [
        (px + turn(x - px, y - py)[0], py + turn(x - px, y - py)[1]) if i in picked else (x, y)
        for i, (x, y) in enumerate(centres)
    ]
    _check_free(centres, new, picked)
    return new


def turned(centres: Sequence[Point], chosen: Sequence[int]) -> list[Point]:
    """The chosen tiles (all, when none is) turned a quarter clockwise
    about the first of them."""
    return _pivoted(centres, chosen, lambda dx, dy: (dy, -dx))


def flipped(centres: Sequence[Point], chosen: Sequence[int]) -> list[Point]:
    """The chosen tiles (all, when none is) mirrored east for west about
    the first of them: left corners become right ones."""
    return _pivoted(centres, chosen, lambda dx, dy: (-dx, dy))


def reversed_road(centres: Sequence[Point]) -> tuple[list[Point], Renumber]:
    """The road driven the other way round, tile 0 still first."""
    count = len(centres)
    if count < 2:
        return list(centres), _SAME
    return [centres[0], *centres[:0:-1]], lambda index: (count - index) % count


def chicane(centres: Sequence[Point], index: int, side: str) -> list[Point]:
    """Tile ``index`` pushed half a tile to the ``left`` or ``right`` of
    the road (``line``: back on it).  Only a tile the road runs straight
    through can be a chicane."""
    cells = _cells(centres)
    cell = cells[index]
    near = [cells[i] for i in (index - 1, index + 1) if 0 <= i < len(cells)]
    if not near or any(not _next_to(other, cell) for other in near):
        raise refuse("a chicane is a tile between two tiles of the road")
    if len(near) == 2 and near[0][0] != near[1][0] and near[0][1] != near[1][1]:
        raise refuse("a chicane goes on a tile the road runs straight through")
    a, b = (near[0], cell) if index > 0 else (cell, near[0])
    heading = Heading(((b[0] - a[0]) // TILE, (b[1] - a[1]) // TILE))
    push = {"left": heading.left(), "right": heading.right()}.get(side)
    new = list(centres)
    new[index] = cell if push is None else (cell[0] + push.dx, cell[1] + push.dy)
    return new


TURNS = {"straight": 0, "left": 1, "right": -1}
"""The tile pieces a key lays at the end of the road: straight on, or
turning the road left or right on the last tile."""

HAIRPINS = {"hairpin-right": ("right", "right", "left"), "hairpin-left": ("left", "left", "right")}
"""Hairpins as the turns of their three tiles."""


def ahead(centres: Sequence[Point], turn: str) -> Point:
    """The cell after the last tile when the road goes on ``turn``
    (:data:`TURNS`) from the way it reaches the last tile (east for a
    road of one tile)."""
    if not centres:
        return (0, 0)
    cells = _cells(centres)
    last = cells[-1]
    heading = Heading.EAST
    if len(cells) > 1 and _next_to(cells[-2], last):
        heading = Heading(((last[0] - cells[-2][0]) // TILE, (last[1] - cells[-2][1]) // TILE))
    way = {"left": heading.left(), "right": heading.right()}.get(turn, heading)
    return (last[0] + way.dx * TILE, last[1] + way.dy * TILE)


def _in_spaces(cell: tuple[float, float]) -> Point:
    return (round(cell[0] * TILE), round(cell[1] * TILE))


def _keyed(centres: list[Point], turns: Sequence[str], loops: bool) -> list[Point]:
    for turn in turns:
        centres, _ = extended(centres, [ahead(centres, turn)], loops)
    return centres


def road_placed(
    centres: Sequence[Point], placement: Placement, loops: bool
) -> tuple[list[Point], Renumber] | None:
    """The road after a placement that lays, takes, moves or turns tiles
    (``None`` for one that is not about the tiles: a mark on a tile)."""
    cells = [_in_spaces(cell) for cell in placement.cells]
    action, piece, chosen = placement.action, placement.piece, placement.chosen
    if action == "put" and piece in TURNS and not cells:
        return _keyed(list(centres), [piece], loops), _SAME
    if action == "put" and piece in HAIRPINS:
        start = extended(centres, cells, loops)[0] if cells else list(centres)
        return _keyed(start, HAIRPINS[piece], loops), _SAME
    if action == "road" or (action == "put" and piece in ("", *TURNS)):
        return extended(centres, cells, loops)
    if action == "close":
        return extended(centres, closing_cells(centres), loops)
    if not centres and action in ("remove", "reverse", "move", "turn", "flip"):
        raise refuse(f"lay a tile first: the table has no tiles to {action}")
    if action == "remove":
        return removed(centres, chosen)
    if action == "reverse":
        return reversed_road(centres)
    changes = {
        "move": lambda: moved(centres, chosen, _in_spaces(placement.offset)),
        "turn": lambda: turned(centres, chosen),
        "flip": lambda: flipped(centres, chosen),
    }
    return (changes[action](), _SAME) if action in changes else None


def road_text(dump: Callable[[Any, str], str], layout: Any) -> str:
    """A tile layout as the editor keeps it, written by the game's ``dump``:
    a ``path`` from where tile 0 lies (``origin``), so every tile keeps its
    place; its tiles where they lie when some do not follow on (a path
    cannot say where those are)."""
    try:
        return dump(layout, "path")
    except TrackkitError:
        return dump(layout, "tiles")
