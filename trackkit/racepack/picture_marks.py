"""What a Racepack picture marks on the table, layer by layer, bottom first.

Each function grows one layer of the picture of a :class:`Scene` (the
tiles, the grid of spaces on their backs, the road's edges, the arrows,
the pieces standing on the road...) as marks on a
:class:`~trackkit.racepack.picture_frame.Frame`.  The symbols no label
may cover (walls, arrows, the chequered line, pawns, coins, discs, the
die, the rings round tiles at fault) are recorded with the label placer
as they are grown, so the tiles' numbers, grown last, keep clear of them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from trackkit.picture.labels import LabelPlacer, box, circle, polygon, stroke
from trackkit.picture.marks import Disc, Group, Mark, Path, Piece, Route, Squares, Tile
from trackkit.piecepack.geometry import Vec
from trackkit.racepack.corner_labels import DIE_SIDE, LABEL_RADIUS
from trackkit.racepack.picture_frame import Frame
from trackkit.racepack.picture_turns import HAZARD_RADIUS, arrow_corners, turn_arc, turn_head, turn_radius
from trackkit.racepack.racing_line import RacingLine
from trackkit.racepack.scene import Scene

__all__ = ["PAWN_RADIUS", "TURN_END_HALF", "WALL_WIDTH", "Table", "card_corners", "once", "once_by"]

Item = TypeVar("Item", bound=Hashable)
Thing = TypeVar("Thing")

PAWN_RADIUS = 0.28
"""Radius of a pawn's base seen from above, in spaces: small enough to keep
clear of the chequered line, whose squares reach 0.2 spaces into the spaces
either side of it, and big enough for a car's number on its head."""

_CHEQUER = 0.2
"""Side of one square of the chequered start/finish line, in spaces."""

WALL_WIDTH = 0.16
"""How wide a hairpin's wall is drawn, in spaces, in every theme."""

TURN_END_HALF = 0.24
"""Half the diagonal of the diamond marking where a turn ends, in spaces."""

TURN_WIDTH = 0.07
"""How wide a corner's curved arrow is drawn, in spaces."""


def card_corners(start: Vec, end: Vec, width: float = WALL_WIDTH) -> tuple[Vec, Vec, Vec, Vec]:
    """The four corners of a card wall ``width`` wide standing from
    ``start`` to ``end`` (the middle of its long sides), in turn round it."""
    length = math.dist(start, end)
    nx, ny = (start[1] - end[1]) / length * width / 2, (end[0] - start[0]) / length * width / 2
    (ax, ay), (bx, by) = start, end
    return (ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)


def once(items: Iterable[Item]) -> list[Item]:
    """``items`` with each repeat left out, in order.  Tiles stacked on one
    place (a track folded onto itself) would draw the same square, grid and
    arrow once for each: painted in one colour, once looks the same, and a
    path of thousands of corners piled on four places draws four tiles'
    worth, not thousands."""
    return list(dict.fromkeys(items))


def once_by(items: Iterable[Thing], key: Callable[[Thing], Hashable]) -> list[Thing]:
    """The first of ``items`` with each ``key``, in order (see :func:`once`)."""
    first: dict[Hashable, Thing] = {}
    for item in items:
        first.setdefault(key(item), item)
    return list(first.values())


def _cell_centre(cell: tuple[int, int]) -> Vec:
    return (cell[0] + 0.5, cell[1] + 0.5)


class Table:
    """Grows the layers of ``scene``'s picture on ``frame``, recording each
    symbol with ``placer``; ``line`` is the racing line shown, if any."""

    def __init__(self, scene: Scene, frame: Frame, placer: LabelPlacer, line: RacingLine | None) -> None:
        self.scene, self.frame, self.placer, self.line = scene, frame, placer, line

    def square(self, centre: tuple[float, float], half: float, role: str = "") -> Tile:
        """The upright square ``2 * half`` spaces across round a table point."""
        x, y = centre
        left, top, right, bottom = self.frame.box(x - half, y - half, x + half, y + half)
        return Tile(left, top, right, bottom, role)

    def road_centres(self) -> list[tuple[int, int]]:
        """The centres of the racing road's tiles: the loop's, then a wide row's."""
        wide = [p.centre for p in self.scene.furniture.extras if p.row == "wide"]
        return [tile.centre for tile in self.scene.tiles] + wide

    def pit_centres(self) -> list[tuple[int, int]]:
        return [p.centre for p in self.scene.furniture.extras if p.row == "pit"]

    def tiles(self) -> list[Mark]:
        """Each tile as a 2-inch square of colour: the loop's, then those laid
        beside it (a pit lane's in the pit colour); their borders come later,
        above the shading."""
        squares = [self.square(c, 1) for c in once(self.road_centres())]
        squares += [self.square(c, 1, "pit-ground") for c in once(self.pit_centres())]
        return [Group(tuple(squares), name="tiles", role="ground bare")]

    def shade(self, name: str, cells: tuple[tuple[int, int], ...], role: str) -> list[Mark]:
        """One-space squares filled as layer ``name``."""
        if not cells:
            return []
        squares = tuple(self.square(_cell_centre(cell), 0.5) for cell in cells)
        return [Group(squares, name=name, role=f"{role} bare")]

    def space_grid(self) -> list[Mark]:
        """The 2x2 grid of one-inch spaces on every tile's back."""
        at = self.frame.at
        strokes: list[tuple[Vec, ...]] = []
        for x, y in once(self.road_centres() + self.pit_centres()):
            strokes += [(at((x - 1, y)), at((x + 1, y))), (at((x, y - 1)), at((x, y + 1)))]
        return [Group((Path(tuple(strokes)),), name="space-grid", role="space-grid")]

    def tile_borders(self) -> list[Mark]:
        """Every tile's outline, above the lane shading and heavier than the
        grid of spaces, so that the 2-inch tiles stand out from the spaces."""
        at = self.frame.at
        outlines = [
            tuple(at(corner) for corner in ((x - 1, y + 1), (x + 1, y + 1), (x + 1, y - 1), (x - 1, y - 1)))
            for x, y in once(self.road_centres() + self.pit_centres())
        ]
        return [Group((Path(tuple(outlines), closed=True),), name="tile-borders", role="tile-border")]

    def pit_dividers(self) -> list[Mark]:
        """A dashed line where the pit lane meets the main straight: only cars
        going into or out of the pits cross it."""
        pieces = self.scene.furniture.pit_dividers
        if not pieces:
            return []
        strokes = tuple((self.frame.at(a), self.frame.at(b)) for a, b in pieces)
        return [Group((Path(strokes),), name="pit-divider", role="pit-divider")]

    def road_edges(self) -> list[Mark]:
        """The two edges of the road, in heavy lines."""
        strokes = tuple((self.frame.at(s.start), self.frame.at(s.end)) for s in self.scene.road_edges)
        return [Group((Path(strokes),), name="road-edges", role="road-edge")]

    def walls(self) -> list[Mark]:
        """The card wall between the two roads of a hairpin, seen from
        above: a bar :data:`WALL_WIDTH` wide in the wall's colour, ringed in
        its edge colour.  It is solid, so no one takes it for the chequered
        start/finish line, and wide, so no one takes it for the road's edge."""
        walls = self.scene.furniture.walls
        if not walls:
            return []
        for a, b in walls:
            self.placer.block(stroke(self.frame.at(a), self.frame.at(b), WALL_WIDTH), "wall")
        cards = tuple(tuple(self.frame.at(corner) for corner in card_corners(a, b)) for a, b in walls)
        return [Group((Path(cards, closed=True),), name="walls", role="hairpin-wall", classes="symbol wall")]

    def arrows(self) -> list[Mark]:
        """An arrowhead on each straight tile pointing the way the cars drive,
        and a curved arrow round each corner tile, swung wide of a hazard coin
        lying on the corner's inner space.  Each is recorded as a symbol."""
        at = self.frame.at
        arrows = once((a.at, a.heading) for a in self.scene.arrows)
        heads = [arrow_corners(point, heading) for point, heading in arrows]
        turns = once_by(self.scene.turns, lambda turn: (turn.at, turn.entry, turn.exit))
        coins = [h.cell for h in self.scene.furniture.hazards]
        radii = [turn_radius(turn, coins, TURN_WIDTH) for turn in turns]
        heads += [turn_head(turn, radius) for turn, radius in zip(turns, radii)]
        shown = [tuple(at(c) for c in corners) for corners in heads]
        for corners in shown:
            self.placer.block(polygon(corners), "arrow")
        marks: list[Mark] = [Path(tuple(shown), closed=True)] if heads else []
        if turns:
            arcs = [tuple(at(p) for p in turn_arc(turn, radius)) for turn, radius in zip(turns, radii)]
            for points in arcs:
                for a, b in itertools.pairwise(points):
                    self.placer.block(stroke(a, b, TURN_WIDTH), "arrow")
            marks.append(Path(tuple(arcs), "turn"))
        return [Group(tuple(marks), name="arrows", role="heading", classes="symbol arrow")]

    def stopping_places(self) -> list[Mark]:
        """A box marked P on each pit-lane space where a car stops."""
        stops = self.scene.furniture.stops
        if not stops:
            return []
        places: list[Mark] = []
        for x, y in stops:
            outline = Tile(*self.frame.box(x + 0.12, y + 0.12, x + 0.88, y + 0.88))
            self.placer.block(box(outline.left, outline.top, outline.right, outline.bottom), "stop")
            letter = Piece("letter", self.frame.at((x + 0.5, y + 0.5)), 0.4, "P", "stop-ink")
            places.append(Group((outline, letter), classes="symbol stop"))
        return [Group(tuple(places), name="stopping-places", role="stop-box")]

    def finish_line(self) -> list[Mark]:
        """The chequered start/finish line across the road."""
        finish = self.scene.finish
        if finish is None:
            return []
        heading, side = finish.heading, finish.heading.left()
        (ax, ay), _ = finish.ends

        def square(row: int, column: int) -> tuple[float, float, float, float]:
            forward, across = (row - 1) * _CHEQUER, column * _CHEQUER
            corners = [
                (ax + f * heading.dx + a * side.dx, ay + f * heading.dy + a * side.dy)
                for f in (forward, forward + _CHEQUER)
                for a in (across, across + _CHEQUER)
            ]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            return min(xs), min(ys), max(xs), max(ys)

        count = round(finish.width / _CHEQUER)
        band = [square(r, c) for r in (0, 1) for c in range(count)]
        left, bottom = min(b[0] for b in band), min(b[1] for b in band)
        right, top = max(b[2] for b in band), max(b[3] for b in band)
        whole = self.frame.box(left, bottom, right, top)
        self.placer.block(box(*whole), "chequer")
        dark = tuple(self.frame.box(*square(r, c)) for r in (0, 1) for c in range(count) if (r + c) % 2 == 0)
        marks = (Tile(*whole, "chequer-light"), Squares(dark, "chequer-dark"))
        return [Group(marks, name="start-finish", classes="symbol chequer")]

    def racing_path(self) -> list[Mark]:
        """The racing line's path, dashed, through the centre of each space it
        passes: grown before the pieces standing on the road, so that it runs
        under them."""
        if self.line is None:
            return []
        points = tuple(self.frame.at(_cell_centre(cell)) for cell in self.line.path)
        return [Group((Route(points, "racing-path"),), name="racing-line-path")]

    def starting_grid(self) -> list[Mark]:
        """Each car's starting space as a numbered pawn seen from above; the
        pole car (1) filled in."""
        slots = self.scene.furniture.grid
        if not slots:
            return []
        pawns = []
        for slot in slots:
            centre = self.frame.at(_cell_centre(slot.cell))
            self.placer.block(circle(centre, PAWN_RADIUS), "pawn")
            pawns.append(Piece("pole" if slot.pole else "pawn", centre, PAWN_RADIUS, str(slot.car)))
        return [Group(tuple(pawns), name="starting-grid")]

    def hazards(self) -> list[Mark]:
        """Each hazard as a null coin on its space, suit side up."""
        hazards = self.scene.furniture.hazards
        if not hazards:
            return []
        coins = []
        for hazard in hazards:
            centre = self.frame.at(_cell_centre(hazard.cell))
            self.placer.block(circle(centre, HAZARD_RADIUS), "coin")
            coins.append(Piece("coin", centre, HAZARD_RADIUS, hazard.suit))
        return [Group(tuple(coins), name="hazards")]

    def racing_marks(self) -> list[Mark]:
        """The racing line's marks: a dot where each movement ends and a
        numbered diamond where each turn ends."""
        if self.line is None:
            return []
        marks: list[Mark] = []
        for number, turn in enumerate(self.line.turns, 1):
            marks += [Disc(self.frame.at(_cell_centre(m.cells[-1])), 0.09, "racing-mark") for m in turn[:-1]]
            x, y = self.frame.at(_cell_centre(turn[-1].cells[-1]))
            half = TURN_END_HALF
            corners = [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]
            self.placer.block(polygon(corners), "turn-end")
            marks.append(Piece("diamond", (x, y), TURN_END_HALF, str(number), "racing-mark"))
        return [Group(tuple(marks), name="racing-line")]

    def lap_die(self) -> list[Mark]:
        """The die against the outside of the track at the line, showing the
        laps as a piecepack die does (ace, 2 to 5)."""
        die = self.scene.die
        if die is None:
            return []
        half = DIE_SIDE / 2
        (cx, cy) = die.centre
        self.placer.block(box(*self.frame.box(cx - half, cy - half, cx + half, cy + half)), "die")
        return [Group((Piece("die", self.frame.at(die.centre), DIE_SIDE, str(die.laps)),), name="lap-die")]

    def corner_numbers(self) -> list[Mark]:
        """Each corner's number on a disc beside the corner, outside the road."""
        labels = self.scene.labels
        if not labels:
            return []
        discs = []
        for corner in labels:
            centre = self.frame.at(corner.centre)
            self.placer.block(circle(centre, LABEL_RADIUS), "disc")
            discs.append(Piece("disc", centre, LABEL_RADIUS, str(corner.number)))
        return [Group(tuple(discs), name="corner-numbers")]
