"""The table of a Motocross race once the course is built: every piece.

When the building is done the table holds the course's tiles in the order
they were played (grid side up: a bike moves space by space), the *ramps*
-- "insert a coin under the center of the tile's edge, stacking the coin
atop any coins already there" -- under the raised edge of their tiles (the
edge farthest from the starting tile, the one a bike leaves by), and the
bikes: "each player chooses a pawn (bike) and places it on any empty space
of the starting tile", one pawn per player on the starting tile's spaces
in turn.  The second half of the coins stays in the players' hands, off
the table.

:func:`course_setup` computes it once for drawings, the terminal preview
and the piecepackr/PPN export; each physical piece is listed once, and a
course needing more pieces than its packs hold raises
:class:`~trackkit.errors.EquipmentError`.  :func:`course_faults` names the
tiles a broken rule names, for drawings that mark them.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from trackkit.errors import LimitError
from trackkit.findings import Faults, faults_of
from trackkit.motocross.analysis import CourseInfo, describe
from trackkit.motocross.course import MAX_BIKES, Course
from trackkit.motocross.rules import validate
from trackkit.picture.sizes import MAX_DRAWN_TILES, MAX_EXTENT
from trackkit.piecepack.equipment import SUITS
from trackkit.piecepack.geometry import TILE, Heading, Point, Vec
from trackkit.piecepack.ground import footprint
from trackkit.piecepack.loops import bounding_box
from trackkit.piecepack.setup import Piece, PieceBox, laid_tiles

__all__ = ["CourseSetup", "RampStack", "check_course_drawable", "course_faults", "course_setup"]


@dataclass(frozen=True)
class RampStack:
    """A jump ramp: ``height`` coins under the middle of tile ``tile``'s
    raised edge, which faces ``edge`` (the way a bike leaves the tile)."""

    tile: int
    height: int
    edge: Heading

    def point(self, centre: Point) -> tuple[float, float]:
        """The middle of the raised edge, for a tile centred on ``centre``."""
        return (float(centre[0] + self.edge.dx), float(centre[1] + self.edge.dy))


@dataclass(frozen=True)
class CourseSetup:
    """The table of ``course`` (see the module's text): its facts, the ramps
    placed under their edges (a ramp on no tile, or on a tile with no way
    out, is left off) and the bikes' starting spaces."""

    course: Course
    facts: CourseInfo
    ramps: tuple[RampStack, ...]
    bikes: tuple[Vec, ...]

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """Every physical piece on the table, each once.  Raises
        :class:`~trackkit.errors.EquipmentError` when the packs run out
        (a drawing of such a course still works: it needs no pieces)."""
        return tuple(_pieces(self.course, self.ramps, self.bikes))


def _ramps(course: Course) -> tuple[RampStack, ...]:
    found = []
    for tile, height in course.ramps:
        edge = course.exit_heading(tile) if 0 <= tile < len(course) else None
        if edge is not None:
            found.append(RampStack(tile, height, edge))
    return tuple(found)


def _bikes(course: Course) -> tuple[Vec, ...]:
    """The starting tile's spaces the bikes stand on, one per player."""
    if not course.centres:
        return ()
    spaces = sorted(footprint(course.centres[0]), key=lambda cell: (-cell[1], cell[0]))
    count = min(course.players, MAX_BIKES, len(spaces))
    return tuple((x + 0.5, y + 0.5) for x, y in spaces[:count])


def course_setup(course: Course) -> CourseSetup:
    """Everything on the table of ``course`` once it is built."""
    return CourseSetup(course, describe(course), _ramps(course), _bikes(course))


def _pieces(course: Course, ramps: tuple[RampStack, ...], bikes: tuple[Vec, ...]) -> Iterator[Piece]:
    """The tiles in play order (each tile of the packs once, suit by suit,
    rank by rank), each ramp's coins from the bottom of the stack up, then
    the bikes' pawns, suns first."""
    box = PieceBox(course.packs, "Motocross")
    yield from laid_tiles(box, ((f"tile {n}", centre) for n, centre in enumerate(course.centres)))
    for ramp in ramps:
        cx, cy = ramp.point(course.centres[ramp.tile])
        for level in range(1, ramp.height + 1):
            pack, suit, rank = box.take_any("coin")
            yield Piece("coin", suit, rank, cx, cy, "face", f"ramp on tile {ramp.tile}, coin {level}", pack)
    for player, (bx, by) in enumerate(bikes):
        suit = SUITS[player]
        yield Piece("pawn", suit, 0, bx, by, "face", f"bike {player + 1}", box.take("pawn", suit))


@functools.lru_cache(maxsize=4)
def course_faults(course: Course) -> Faults:
    """Whether the course breaks a rule, and the tiles those rules name
    (kept for the last few courses: a picture asks for its marks, its key
    and its sheet, and checking a course of thousands of tiles takes a
    quarter of a second)."""
    return faults_of(validate(course), len(course))


def check_course_drawable(course: Course) -> None:
    """Raise :class:`~trackkit.errors.LimitError` for a course of more than
    :data:`~trackkit.picture.sizes.MAX_DRAWN_TILES` tiles or spreading over
    more than :data:`~trackkit.picture.sizes.MAX_EXTENT` spaces, before any
    drawing work is done."""
    if len(course) > MAX_DRAWN_TILES:
        raise LimitError(f"the course has {len(course):,} tiles; diagrams show at most {MAX_DRAWN_TILES:,}")
    left, bottom, right, top = bounding_box(course.centres)
    width, height = right - left + TILE, top - bottom + TILE
    if max(width, height) > MAX_EXTENT:
        raise LimitError(
            f"the course spreads over {width:,} by {height:,} inches; diagrams are at most"
            f" {MAX_EXTENT:,} inches ({MAX_EXTENT // 12} feet) on a side"
        )
