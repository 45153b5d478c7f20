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

from collections.abc import Iterable
from dataclasses import dataclass

from trackkit.errors import LimitError
from trackkit.picture.sizes import MAX_DRAWN_TILES, MAX_EXTENT
from trackkit.piecepack.circuit import Circuit, Tile
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.loops import bounding_box
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import ExtraPiece, FinishLine, Furniture, LapDie, RacepackSetup, table_setup
from trackkit.render.marks import CornerLabel, corner_labels
from trackkit.render.road import Arrow, Segment, Turn, arrows, clear_of, covered_cells, road_edges, turns

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
class Bounds:
    """A rectangle on the table in spaces: ``left <= x <= right``, ``bottom <= y <= top``."""

    left: float
    bottom: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def union(self, other: Bounds) -> Bounds:
        return Bounds(
            min(self.left, other.left),
            min(self.bottom, other.bottom),
            max(self.right, other.right),
            max(self.top, other.top),
        )


@dataclass(frozen=True)
class Scene:
    """Everything a diagram of ``layout`` shows, placed on the table.

    ``whole`` says whether the circuit is a closed loop; when it is not, the
    parts that need a loop (corner numbers, the start/finish line, the lap die)
    are left out and ``subtitle`` says so.  ``numbers`` says whether each
    tile shows its index; ``faults`` are the tiles named by the rules the
    track breaks (see :func:`trackkit.render.svg.prepare`).
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




def check_drawable(layout: Layout) -> None:
    """Raise :class:`~trackkit.errors.LimitError` when ``layout`` has more
    than :data:`MAX_DRAWN_TILES` tiles or spreads over more than
    :data:`MAX_EXTENT` spaces, before any drawing work is done."""
    circuit = layout.circuit
    if len(circuit) > MAX_DRAWN_TILES:
        raise LimitError(f"the track has {len(circuit):,} tiles; diagrams show at most {MAX_DRAWN_TILES:,}")
    if not circuit.tiles:
        return
    left, bottom, right, top = bounding_box(circuit.centres())
    width, height = right - left + TILE, top - bottom + TILE
    if max(width, height) > MAX_EXTENT:
        raise LimitError(
            f"the track spreads over {width:,} by {height:,} inches; diagrams are at most"
            f" {MAX_EXTENT:,} inches ({MAX_EXTENT // 12} feet) on a side"
        )


def build_scene(layout: Layout, grid: bool = False) -> Scene:
    """Work out where every part of ``layout``'s diagram goes; with ``grid``,
    the starting grid too.  Raises :class:`~trackkit.errors.LimitError` for a
    layout too large to draw (see :func:`check_drawable`)."""
    check_drawable(layout)
    setup = table_setup(layout, grid)
    circuit = layout.circuit
    whole, furniture, finish, die = setup.whole, setup.furniture, setup.finish, setup.die
    taken = covered_cells(circuit) | furniture.cells()
    if die is not None:
        taken |= set(die.cells)
    labels = corner_labels(setup, taken) if whole else ()
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


def subtitle(setup: RacepackSetup) -> str:
    """One line of facts under the title: ``24 tiles · clockwise · 3 laps · 8 corners``.

    Tiles beside the loop are counted apart: ``20 tiles + 4 pit-lane tiles``.
    """
    layout, extras = setup.layout, setup.furniture.extras
    circuit = layout.circuit
    tiles = _plural(len(circuit), "tile")
    for row, words in (("pit", "pit-lane tile"), ("wide", "wide-straight tile")):
        count = sum(piece.row == row for piece in extras)
        if count:
            tiles += f" + {_plural(count, words)}"
    if not circuit.is_whole:
        return f"{tiles} · not a closed circuit: run 'trackkit validate'"
    corners = _plural(len(circuit.corners()), "corner")
    laps = _plural(layout.laps, "lap")
    return f"{tiles} · {setup.direction} · {laps} · {corners}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- extent -----------------------------------------------------------------


def scene_bounds(
    circuit: Circuit, labels: Iterable[CornerLabel], die: LapDie | None, extras: tuple[ExtraPiece, ...] = ()
) -> Bounds:
    """The smallest rectangle holding every tile, corner number and the die."""
    centres = [*circuit.centres(), *(piece.centre for piece in extras)]
    boxes = [Bounds(x - 1, y - 1, x + 1, y + 1) for x, y in centres]
    boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in (label.cell for label in labels)]
    if die is not None:
        boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in die.cells]
    if not boxes:
        return Bounds(0, 0, 0, 0)
    result = boxes[0]
    for box in boxes[1:]:
        result = result.union(box)
    return result
