"""The starting grid: where each car stands before the race.

The rules line the cars up two abreast behind the start/finish line: "the
first two cars setting side by side on the two spaces behind the
start/finish line and the remaining cars behind them", and "the player who
rolled the highest total secures the pole position, and starts on the inside
lane".  Cars then move up to the line in pairs without switching lanes.

So the grid is a column of *rows*, each row being the two side-by-side
spaces of one half of a tile, counted back from the line: row 1 is directly
behind it, row 2 one space further back, and so on.  Car 1 (the *pole*) takes
the inside space of row 1, car 2 the outside space beside it, cars 3 and 4
row 2 (inside first), and so on.  The inside lane is the one the first
corner turns toward (see :mod:`trackkit.racepack.lanes`).

The grid must lie on the straight behind the line: only plain straight
tiles count.  A corner or a chicane (where the road narrows to one lane, so
cars could not move up without switching lanes) ends the room for it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from trackkit.errors import ArgumentError, GridError
from trackkit.piecepack.circuit import Circuit, Kind
from trackkit.racepack.analysis import require_whole, resolve_start
from trackkit.racepack.lanes import inside_side
from trackkit.racepack.layout import Layout
from trackkit.racepack.spaces import Row, Side, Space, facing_heading, quadrant_at

__all__ = [
    "GridRow",
    "Slot",
    "StartingGrid",
    "raced_by",
    "rows_behind",
    "starting_grid",
]

GridRow = tuple[int, Row]
"""One row of the grid: a tile and the half of it (front or rear) the row is."""


@dataclass(frozen=True)
class Slot:
    """Car ``car`` (1 = pole) stands on ``space``, in grid row ``row`` (1 =
    directly behind the line), on the inside lane or not."""

    car: int
    row: int
    space: Space
    inside: bool


@dataclass(frozen=True)
class StartingGrid:
    """Where every car starts.

    ``start`` is the start/finish line, ``side`` the side the inside lane is
    on, and ``room`` the number of rows the straight behind the line holds.
    """

    start: Fraction
    side: Side
    slots: tuple[Slot, ...]
    room: int


def rows_behind(circuit: Circuit, start: Fraction) -> list[GridRow]:
    """The rows of plain straight road behind the line at ``start``, nearest first.

    A line across tile ``k``'s entry edge has tile ``k - 1``'s front row
    directly behind it; a line across the middle of tile ``k`` has tile
    ``k``'s rear row.
    """
    require_whole(circuit)
    n = len(circuit)
    whole = int(start) % n
    rows: list[GridRow] = []
    if start.denominator != 1:
        if not _plain_straight(circuit, whole):
            return rows
        rows.append((whole, Row.REAR))
    for back in range(1, n):
        tile = (whole - back) % n
        if not _plain_straight(circuit, tile):
            break
        rows += [(tile, Row.FRONT), (tile, Row.REAR)]
    return rows


def _plain_straight(circuit: Circuit, index: int) -> bool:
    return circuit[index].kind is Kind.STRAIGHT


def starting_grid(layout: Layout, cars: int | None = None) -> StartingGrid:
    """Line up ``cars`` cars (by default the layout's ``cars``) behind the line.

    Raises :class:`ArgumentError` for fewer than one car and :class:`GridError`
    when the straight behind the line cannot hold them.
    """
    count = layout.cars if cars is None else cars
    if count < 1:
        raise ArgumentError(f"a grid needs at least one car, not {count}")
    circuit = layout.circuit
    start = resolve_start(layout)
    rows = rows_behind(circuit, start)
    needed = -(-count // 2)
    if needed > len(rows):
        raise GridError(_no_room_message(count, needed, rows, start))
    side = inside_side(circuit, rows[0][0])
    slots = tuple(_slot(circuit, car, rows, side) for car in range(1, count + 1))
    return StartingGrid(start, side, slots, len(rows))


def _slot(circuit: Circuit, car: int, rows: list[GridRow], side: Side) -> Slot:
    row = (car - 1) // 2
    inside = car % 2 == 1
    tile, half = rows[row]
    lane = side if inside else side.opposite()
    quadrant = quadrant_at(facing_heading(circuit[tile]), lane, half)
    return Slot(car, row + 1, Space(tile, quadrant), inside)


def _no_room_message(count: int, needed: int, rows: list[GridRow], start: Fraction) -> str:
    line = f"the start/finish line at {_position(start)}"
    if not rows:
        return (
            f"there is no straight road behind {line} for the starting grid;"
            " put the line on a straight, after at least one plain straight tile"
        )
    tiles = list(dict.fromkeys(tile for tile, _ in rows))
    named = f"tile{'s' if len(tiles) > 1 else ''} {', '.join(map(str, tiles))}"
    room = f"{len(rows)} row{'s' if len(rows) > 1 else ''}"
    return (
        f"{count} cars need {needed} rows of two behind {line}, but the straight behind it"
        f" ({named}) has room for {room} ({2 * len(rows)} cars);"
        " move the line further along the straight or race fewer cars"
    )


def _position(start: Fraction) -> str:
    tile = int(start)
    if start.denominator == 1:
        return f"the entry edge of tile {tile}"
    return f"the middle of tile {tile}"


def raced_by(layout: Layout, cars: int | None = None) -> Layout:
    """The track as ``grid --cars N`` asks it to be raced: by ``cars`` cars
    (the layout's own ``cars`` when ``None``)."""
    return layout if cars is None else replace(layout, cars=cars)
