"""What a Motocross picture marks on its tiles: the tiles and their spaces,
the start, the finish, the ramps, the faults and the tiles' numbers.

A course is laid out in *table coordinates*: spaces, ``x`` to the right
and ``y`` up, each tile a 2×2 square round its centre.  A :class:`Sheet`
turns them into the picture's (from its top left, ``y`` down).  The
symbols (the chequers, each ramp's bar and coins, the rings round tiles
at fault) are recorded with the label placer, which then sets START and
the tiles' numbers clear of them.  The frame and the words over the
course are :mod:`trackkit.motocross.picture`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.motocross.course import Course
from trackkit.motocross.setup import course_faults, course_setup
from trackkit.picture.labels import LabelPlacer, box, circle, numbering_step, stroke
from trackkit.picture.marks import Disc, Group, Label, Mark, Path, Text, Tile
from trackkit.piecepack.geometry import Heading, Point

__all__ = ["FAULT_WIDTH", "Sheet", "course_marks"]

_COIN_RADIUS = 0.3
_COIN_STEP = 0.09
_RAISED_BAR = 0.12
"""How deep the bar marking a ramp's raised edge is, in spaces."""
_CHEQUER = 0.2
_NUMBER_SIZE = 0.42
_START_SIZE = 0.25
_SPACES = ((-1, -1), (1, -1), (-1, 1), (1, 1))
"""The spaces of a tile, lower ones first (table ``y`` runs north)."""

FAULT_WIDTH = 0.1
"""How wide the ring round a tile at fault is drawn, in spaces, in every
theme: no label may cross it."""

Table = tuple[float, float, float, float]
"""A rectangle on the table: left, bottom, right, top."""


@dataclass(frozen=True)
class Sheet:
    """Where the table lands on the picture: ``left`` and ``top`` are the
    table coordinates of the picture's left edge and of the top of the
    course, under a title block ``header`` spaces high; ``width`` and
    ``height`` the whole picture's size in spaces."""

    left: float
    top: float
    width: float
    height: float
    header: float

    def at(self, point: Point | tuple[float, float]) -> tuple[float, float]:
        """A table point on the picture, in spaces from its top left (``y`` down)."""
        return point[0] - self.left, self.header + self.top - point[1]

    def rect(self, area: Table, role: str = "") -> Tile:
        """A rectangle of the table on the picture."""
        (left, top), (right, bottom) = self.at((area[0], area[3])), self.at((area[2], area[1]))
        return Tile(left, top, right, bottom, role)

    def tile(self, centre: Point) -> Tile:
        """The 2×2 tile round ``centre``."""
        x, y = centre
        return self.rect((x - 1, y - 1, x + 1, y + 1))


def course_marks(course: Course, sheet: Sheet, placer: LabelPlacer) -> list[Mark]:
    """Symbols first (ramps, the finish line, the faults), then the labels
    the placer sets clear of them (START and the tile numbers)."""
    marks: list[Mark] = [
        Group(tuple(sheet.tile(c) for c in course.centres), name="tiles", role="tile-face"),
        _space_grid(course, sheet),
    ]
    if course.centres:
        x, y = course.centres[0]
        outline = sheet.rect((x - 0.97, y - 0.97, x + 0.97, y + 0.97))
        marks.append(Group((outline,), name="start-tile", role="start-outline"))
    marks += [*_finish_line(course, sheet, placer), _ramps(course, sheet, placer)]
    marks += _faults(course, sheet, placer)
    if course.centres:
        marks.append(Group((_start_word(course, sheet, placer),), name="start-word"))
    marks.append(_numbers(course, sheet, placer))
    return marks


def _space_grid(course: Course, sheet: Sheet) -> Group:
    """The lines dividing each tile into its four spaces."""
    strokes = []
    for x, y in course.centres:
        strokes += [
            (sheet.at((x - 1, y)), sheet.at((x + 1, y))),
            (sheet.at((x, y - 1)), sheet.at((x, y + 1))),
        ]
    return Group((Path(tuple(strokes)),), name="space-grid", role="space-grid")


def _start_word(course: Course, sheet: Sheet, placer: LabelPlacer) -> Label:
    """START at the top of the starting tile, or wherever the placer finds room on it."""
    x, y = course.centres[0]
    places = [sheet.at((x, y + 0.62)), sheet.at((x, y - 0.62))]
    return Label(placer.place("START", sheet.at((x, y)), _START_SIZE, places, reach=0.9), "edge-ink")


def _finish_line(course: Course, sheet: Sheet, placer: LabelPlacer) -> list[Mark]:
    """Two rows of chequers across the finish tile's far edge, inside it."""
    edge = course.exit_heading(len(course) - 1)
    if edge is None:
        return []
    x, y = course.centres[-1]
    mid = (x + edge.dx, y + edge.dy)
    across = edge.left()
    inward = (-edge.dx * 2 * _CHEQUER, -edge.dy * 2 * _CHEQUER)
    corners = [(mid[0] + across.dx + inward[0] * k, mid[1] + across.dy + inward[1] * k) for k in (0, 1)] + [
        (mid[0] - across.dx + inward[0] * k, mid[1] - across.dy + inward[1] * k) for k in (0, 1)
    ]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    whole = sheet.rect((min(xs), min(ys), max(xs), max(ys)), "chequer-light")
    placer.block(box(whole.left, whole.top, whole.right, whole.bottom), "chequer")
    dark = []
    for row in range(2):
        for column in range(round(2 / _CHEQUER)):
            if (row + column) % 2:
                continue
            along, depth = -1 + column * _CHEQUER, row * _CHEQUER
            cx = mid[0] + across.dx * along - edge.dx * depth
            cy = mid[1] + across.dy * along - edge.dy * depth
            ex = cx + across.dx * _CHEQUER - edge.dx * _CHEQUER
            ey = cy + across.dy * _CHEQUER - edge.dy * _CHEQUER
            dark.append(sheet.rect((min(cx, ex), min(cy, ey), max(cx, ex), max(cy, ey)), "chequer-dark"))
    return [Group((whole, *dark), name="finish-line", classes="symbol chequer")]


def _numbers(course: Course, sheet: Sheet, placer: LabelPlacer) -> Group:
    """Each tile's number in the order played: in the middle of the tile
    (shifted away from a ramp's raised edge), or in the middle of one of
    its spaces when a ramp's coins are in the way; every k-th tile only
    on a course of more than :data:`~trackkit.picture.labels.MAX_NUMBERED`."""
    raised = dict(_ramp_edges(course))
    step = numbering_step(len(course))
    labels: list[Mark] = []
    for tile, (x, y) in enumerate(course.centres):
        if tile % step:
            continue
        edge = raised.get(tile)
        away = (x - edge.dx * 0.2, y - edge.dy * 0.2 - 0.05) if edge is not None else (x, y - 0.05)
        places = [sheet.at(p) for p in [away, *((x + sx * 0.5, y + sy * 0.5) for sx, sy in _SPACES)]]
        labels.append(Label(placer.place(str(tile), sheet.at((x, y)), _NUMBER_SIZE, places), "edge-ink"))
    return Group(tuple(labels), name="build-order")


def _ramps(course: Course, sheet: Sheet, placer: LabelPlacer) -> Group:
    """Each ramp: a heavy bar along its raised edge, inside the tile, and
    a stack of coins at that edge with the ramp's height on the top one."""
    ramps: list[Mark] = []
    for tile, edge in _ramp_edges(course):
        x, y = course.centres[tile]
        height = course.height(tile)
        inner = (
            x + edge.dx * (1 - _RAISED_BAR) - edge.left().dx,
            y + edge.dy * (1 - _RAISED_BAR) - edge.left().dy,
        )
        outer = (x + edge.dx + edge.left().dx, y + edge.dy + edge.left().dy)
        area = (
            min(inner[0], outer[0]),
            min(inner[1], outer[1]),
            max(inner[0], outer[0]),
            max(inner[1], outer[1]),
        )
        bar = sheet.rect(area, "edge-ink bare")
        placer.block(box(bar.left, bar.top, bar.right, bar.bottom), "ramp")
        base = (x + edge.dx * (1 - _COIN_RADIUS + 0.02), y + edge.dy * (1 - _COIN_RADIUS + 0.02))
        coins: list[Mark] = []
        for coin in range(min(height, 6)):
            centre = sheet.at((base[0], base[1] + coin * _COIN_STEP))
            placer.block(circle(centre, _COIN_RADIUS), "coin")
            coins.append(Disc(centre, _COIN_RADIUS, "coin"))
        top = sheet.at((base[0], base[1] + (min(height, 6) - 1) * _COIN_STEP - 0.13))
        label = Text(str(height), top, 0.36, "coin-height", bold=True, middle=True)
        ramps.append(Group((bar, *coins, label), classes="symbol ramp"))
    return Group(tuple(ramps), name="ramps", role="coin-stack")


def _faults(course: Course, sheet: Sheet, placer: LabelPlacer) -> list[Mark]:
    """A heavy ring just inside each tile a broken rule names (red in the
    colour theme, dashed in print: the theme's error stroke); each side of
    it is recorded as a symbol no label may cross."""
    inset = FAULT_WIDTH / 2 + 0.03
    rings = []
    for tile in course_faults(course).places:
        x, y = course.centres[tile]
        ring = sheet.rect((x - 1 + inset, y - 1 + inset, x + 1 - inset, y + 1 - inset))
        corners = [
            (ring.left, ring.top),
            (ring.right, ring.top),
            (ring.right, ring.bottom),
            (ring.left, ring.bottom),
        ]
        for a, b in zip(corners, corners[1:] + corners[:1]):
            placer.block(stroke(a, b, FAULT_WIDTH), "fault")
        rings.append(ring)
    return [Group(tuple(rings), name="faults", role="fault", classes="symbol fault")] if rings else []


def _ramp_edges(course: Course) -> list[tuple[int, Heading]]:
    return [(ramp.tile, ramp.edge) for ramp in course_setup(course).ramps]
