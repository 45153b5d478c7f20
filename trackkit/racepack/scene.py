"""What a track diagram shows, worked out on the table before anything is drawn.

A *scene* is the list of things a diagram of a layout shows, each placed in
table coordinates (spaces, x east, y north; see :mod:`trackkit.piecepack.geometry`):

* the *tiles*, each a 2-inch square whose back is a 2x2 grid of spaces;
* the *road edges*: the sides of the road, where a car would leave the track.
  The road is two lanes (two spaces) wide, so its edges are the tile sides
  that are not crossed by the road, that is every stretch of a tile's outline
  not shared with the tile before or after it.  On a corner tile these are the
  two *outer* sides; the inner side of a corner shrinks to the tile's inner
  corner point.  At a chicane the road narrows to one lane where the shifted
  tile meets its neighbours, and the unshared half edges show that jog;
* *arrows* giving the driving direction, one on each tile where the road runs
  straight, and a curved arrow (a *turn*) on each corner tile, so that a run
  of corners reads without following the outline;
* the *start/finish line* across the road;
* the *lap die*, a die set against the outside of the track at the line and
  turned to show the number of laps (the *outside* is the side away from the
  middle of the loop: the left of the driving direction on a clockwise track);
* the *corner numbers*, 1 for the first corner tile after the line and so on,
  each in a free space just outside the corner's *outer corner point* (the
  corner of the tile the road swings round on the outside), as in the
  rulebook's Figure 1;
* the *tile numbers* (each loop tile's index, as validation messages give
  it: ``tile 17``) and the *faults* (the tiles a broken rule names), shown
  when asked for and, by default, whenever the track breaks a rule;
* the *furniture* other parts of trackkit add: pit lanes, wide straights,
  hairpin walls, hazards, the starting grid and the inside lane (see
  :mod:`trackkit.racepack.setup`, the one model of the table).

The scene is plain data so that the SVG renderer and the terminal preview draw
the same thing, and so that tests can check the placement without parsing
pictures.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.racepack.corner_labels import CornerLabel, corner_numbers
from trackkit.racepack.layout import Layout
from trackkit.racepack.road import Arrow, Segment, Turn, arrows, clear_of, road_edges, turns
from trackkit.racepack.setup import FinishLine, Furniture, LapDie, RacepackSetup, table_setup
from trackkit.racepack.view import MAX_DRAWN_TILES, MAX_EXTENT, Bounds, check_drawable, scene_bounds, subtitle

__all__ = [
    "MAX_DRAWN_TILES",
    "MAX_EXTENT",
    "Bounds",
    "Scene",
    "build_scene",
    "check_drawable",
    "scene_bounds",
    "subtitle",
]


@dataclass(frozen=True)
class Scene:
    """Everything a diagram of ``layout`` shows, placed on the table.

    ``whole`` says whether the circuit is a closed loop; when it is not, the
    parts that need a loop (corner numbers, the start/finish line, the lap die)
    are left out and ``subtitle`` says so.  ``numbers`` says whether each
    tile shows its index; ``faults`` are the tiles named by the rules the
    track breaks (see :func:`trackkit.racepack.picture.racepack_picture`).
    """

    layout: Layout
    whole: bool
    title: str
    subtitle: str
    tiles: tuple[Tile, ...]
    road_edges: tuple[Segment, ...]
    arrows: tuple[Arrow, ...]
    finish: FinishLine | None
    die: LapDie | None
    labels: tuple[CornerLabel, ...]
    bounds: Bounds
    furniture: Furniture
    setup: RacepackSetup
    turns: tuple[Turn, ...] = ()
    numbers: bool = False
    faults: tuple[int, ...] = ()

    @property
    def circuit(self) -> Circuit:
        return self.layout.circuit


def build_scene(layout: Layout, grid: bool = False) -> Scene:
    """Work out where every part of ``layout``'s diagram goes; with ``grid``,
    the starting grid too.  Raises :class:`~trackkit.errors.LimitError` for a
    layout too large to draw (see :func:`check_drawable`)."""
    check_drawable(layout)
    setup = table_setup(layout, grid)
    circuit = layout.circuit
    whole, furniture, finish, die = setup.whole, setup.furniture, setup.finish, setup.die
    labels = corner_numbers(setup)
    straight = arrows(circuit, finish, furniture.extras)
    return Scene(
        layout=layout,
        whole=whole,
        title=layout.name or "Untitled track",
        subtitle=subtitle(setup),
        setup=setup,
        tiles=circuit.tiles,
        road_edges=road_edges(circuit, furniture.extras),
        arrows=clear_of(straight, {slot.cell for slot in furniture.grid}),
        finish=finish,
        die=die,
        labels=labels,
        bounds=scene_bounds(circuit, labels, die, furniture.extras),
        furniture=furniture,
        turns=turns(circuit, {arrow.tile for arrow in straight}),
    )
