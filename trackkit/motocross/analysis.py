"""Facts about a Motocross course: its turns, ramps, finish line and size.

The *finish line* is the edge of the finish tile opposite the tile played
before it; a ramp's *raised edge* is the edge of its tile that the bikes
leave by (towards the next tile), which is the edge farthest from the
starting tile along the course.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from trackkit.motocross.course import MAX_BIKES, Course, turn_of
from trackkit.piecepack.geometry import TILE, Heading
from trackkit.piecepack.loops import bounding_box

__all__ = ["CourseInfo", "Ramp", "Turn", "describe", "edge_name"]


@dataclass(frozen=True)
class Turn:
    """The course turns ``L`` or ``R`` on ``tile``."""

    tile: int
    turn: str


@dataclass(frozen=True)
class Ramp:
    """A ramp ``height`` coins high under the ``edge`` of ``tile`` (``None``
    where the tile has no edge towards a next tile)."""

    tile: int
    height: int
    edge: Heading | None


@dataclass(frozen=True)
class CourseInfo:
    """What ``trackkit info`` says about a course.  ``width`` and ``height``
    are the bounding box in tiles (each tile is two inches)."""

    name: str | None
    tiles: int
    players: int
    bikes: int
    turns: tuple[Turn, ...]
    ramps: tuple[Ramp, ...]
    coins: int
    building_coins: int
    finish_tile: int
    finish_edge: Heading | None
    width: Fraction
    height: Fraction


def edge_name(heading: Heading | None) -> str:
    """``east`` for the east edge; ``unknown`` where there is none."""
    return heading.name.lower() if heading is not None else "unknown"


def describe(course: Course) -> CourseInfo:
    """The facts of ``course``; works for a broken course too."""
    n = len(course)
    turns = tuple(Turn(t, turn) for t in range(n) if (turn := turn_of(course, t)) in ("L", "R"))
    ramps = tuple(Ramp(t, h, course.exit_heading(t) if 0 <= t < n else None) for t, h in course.ramps)
    left, bottom, right, top = bounding_box(course.centres)
    return CourseInfo(
        name=course.name,
        tiles=n,
        players=course.players,
        bikes=min(course.players, MAX_BIKES),
        turns=turns,
        ramps=ramps,
        coins=course.ramp_coins,
        building_coins=course.building_coins,
        finish_tile=n - 1,
        finish_edge=course.exit_heading(n - 1),
        width=Fraction(right - left + TILE, TILE),
        height=Fraction(top - bottom + TILE, TILE),
    )
