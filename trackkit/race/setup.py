"""The table of a RACE! race before the start: the road and the grid.

RACE! is played on a track of the players' own making, with racers of
their own making; a track laid on a piecepack path (its ``circuit``) lists
that path's tiles, grid side up, as its pieces, and a track of spaces alone
lists none.
What a drawing shows of the table is computed here once: where each space
lies (:mod:`trackkit.race.shape`), which corners are drawn, and the grid:
"Place the pole position racer in the space just behind the finish line.
The next racer is placed in the space behind the pole position, and
proceeding downwards."  :func:`race_faults` names the spaces a broken rule
names, for drawings that mark them.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.findings import Faults, Report, faults_of, local_name
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.setup import Piece, PieceBox, laid_tiles
from trackkit.race.rules import validate
from trackkit.race.shape import Shape, SpaceShape, drawn_corners, layout_shape
from trackkit.race.track import Corner, RaceLayout, grid_spaces

__all__ = [
    "CORNER_RULES",
    "Corner",
    "RaceLayout",
    "RaceSetup",
    "Shape",
    "SpaceShape",
    "fault_spaces",
    "race_faults",
    "race_setup",
]


@dataclass(frozen=True)
class RaceSetup:
    """The table of ``layout``: its road (``shape``), the corners drawn
    (those that start on the track and share no space with an earlier
    one) and the grid, the pole position's space first."""

    layout: RaceLayout
    shape: Shape
    corners: tuple[Corner, ...]
    grid: tuple[int, ...]

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """The tiles of the piecepack path the track lies on, grid side up,
        from as many packs as they need; none for a track of spaces alone
        (racers and track are the players' own)."""
        circuit = self.layout.circuit
        if circuit is None:
            return ()
        box = PieceBox(-(-len(circuit) // TILES_PER_PACK), "RACE!")
        return tuple(laid_tiles(box, ((f"tile {tile.index}", tile.centre) for tile in circuit)))


def race_setup(layout: RaceLayout) -> RaceSetup:
    """The road, the corners and the grid of ``layout``."""
    return RaceSetup(layout, layout_shape(layout), drawn_corners(layout), grid_spaces(layout))


CORNER_RULES = ("corner-length", "corner-radius", "corner-place", "corner-overlap", "finish-corner")
"""The rules whose findings name corners, by their place in the layout's
list (their ids without the game's ``race/``)."""


def race_faults(layout: RaceLayout) -> Faults:
    """Whether the track breaks a rule, and the corners (by their place in
    the layout's list, from 0) those rules name."""
    report = validate(layout)
    named = Report(tuple(f for f in report.findings if local_name(f.rule) in CORNER_RULES))
    return Faults(not report.valid, faults_of(named, len(layout.corners)).places)


def fault_spaces(layout: RaceLayout) -> tuple[int, ...]:
    """The spaces (numbered from 1) of the corners a broken rule names, in
    driving order; a corner starting off the track has no space to mark."""
    spaces: list[int] = []
    for index in race_faults(layout).places:
        corner = layout.corners[index]
        if 1 <= corner.first <= layout.spaces:
            spaces += [s for s in corner.spaces(layout.spaces) if s not in spaces]
    return tuple(spaces)
