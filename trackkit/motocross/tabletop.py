"""A Motocross course on the editor's table (``Game.tabletop``; see
:mod:`trackkit.tabletop`).

The tiles are laid in play order where they lie (the ``tiles`` form), from
the starting tile to the finish tile: the course does not close.  A ramp
is coins slipped under a tile: the palette's coin goes on a tile, one more
each time, and the "no ramp" piece takes them away.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.motocross.course import Course
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.roads import ghosts, road_placed, road_text
from trackkit.tabletop import Piece, Placement, Spot, Stock, Table, refuse

__all__ = ["palette", "place", "table", "text"]

PALETTE = (
    Piece(
        "straight",
        "Straight on",
        "lay a tile ahead of the course's end, or on the cell it is dropped on",
        "s",
    ),
    Piece("left", "Turn left", "the course turns left on its last tile", "l"),
    Piece("right", "Turn right", "the course turns right on its last tile", "r"),
    Piece("ramp-up", "Ramp coin +", "slip one more coin under this tile", on="piece"),
    Piece("ramp-down", "Ramp coin −", "take a coin from under this tile", on="piece"),
)


def palette(course: Course | None) -> tuple[Piece, ...]:
    """Tiles and ramp coins."""
    return PALETTE


def _coins(course: Course, tile: int, change: int) -> Course:
    """The course with ``change`` coins more under tile ``tile`` (none left: no ramp)."""
    ramps = dict(course.ramps)
    height = ramps.get(tile, 0) + change
    if height > 0:
        ramps[tile] = height
    else:
        ramps.pop(tile, None)
    return replace(course, ramps=tuple(sorted(ramps.items())))


def place(course: Course | None, placement: Placement) -> Course:
    """The course after one placement on the table; ramps go with their tiles."""
    centres = [] if course is None else list(course.centres)
    laid = road_placed(centres, placement, loops=False)
    if laid is not None:
        new, renumber = laid
        base = course if course is not None else Course(centres=())
        moved = ((renumber(tile), height) for tile, height in base.ramps)
        ramps = tuple(sorted((tile, height) for tile, height in moved if tile is not None))
        return replace(base, centres=tuple(new), ramps=ramps)
    if course is None or len(placement.chosen) != 1 or not 0 <= placement.chosen[0] < len(course):
        raise refuse("put it on one tile of the course")
    changes = {"ramp-up": 1, "ramp-down": -1}
    if placement.piece not in changes:
        raise refuse(f"{placement.piece!r} is not a Motocross piece")
    return _coins(course, placement.chosen[0], changes[placement.piece])


def table(course: Course | None) -> Table:
    """The tiles where they lie (coins under a tile written on it), the
    cells beside the course's ends, and the tiles and coins used."""
    centres = [] if course is None else list(course.centres)
    ramps = {} if course is None else dict(course.ramps)
    spots = tuple(
        Spot(
            index,
            (x / TILE, y / TILE),
            f"{index}" + ("▴" * ramps[index] if index in ramps else ""),
            "tile",
            f"tile {index}" + (f", a ramp of {ramps[index]} coins" if index in ramps else ""),
        )
        for index, (x, y) in enumerate(centres)
    )
    supply = course.tile_supply if course is not None else 24
    coins = course.building_coins if course is not None else 12
    stock = (Stock("tiles", len(centres), supply), Stock("coins", sum(ramps.values()), coins))
    return Table(spots, tuple((x / TILE, y / TILE) for x, y in ghosts(centres, loops=False)), (), stock)


def text(layout: Course) -> str:
    """The layout as the editor keeps it (see :func:`~trackkit.piecepack.roads.road_text`)."""
    from trackkit.motocross.formats.course_file import dump_course

    return road_text(dump_course, layout)
