"""What a RACE! picture marks on its road: the arrows, the faults, the
starting grid and the lettering, and the key's samples.

The *direction arrows* stand in the spaces
:func:`~trackkit.race.label_spots.arrow_spaces` chooses, each pointing
along its space's heading, at any angle; the *fault mark* outlines each
space of a corner a broken rule names; the *grid discs* stand one in each
grid space, numbered in starting order, filled on the pole; the *space
numbers* (every fifth space) and the corners' *ratings* are set by the
label placer clear of every mark.  The road itself (tiles, spaces, walls,
finish) and the layout of the picture are :mod:`trackkit.race.picture`'s.

A RACE! track is laid out in *table coordinates*: spaces, ``x`` to the
right and ``y`` up.  A :class:`Sketch` turns them into the picture's (from
its top left, ``y`` down) and keeps the one label placer every symbol is
recorded with.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from trackkit.picture.key import LEGEND_SIZE, SWATCH, LegendItem
from trackkit.picture.labels import LabelPlacer, circle, polygon, stroke
from trackkit.picture.marks import Area, Chequer, Disc, Group, Label, Line, Mark, Text
from trackkit.race.label_spots import Labels, arrow_spaces
from trackkit.race.setup import RaceSetup, fault_spaces

__all__ = [
    "ARROW",
    "DISC_RADIUS",
    "FAULT_WIDTH",
    "NUMBER_SIZE",
    "RATING_SIZE",
    "WALL_WEIGHT",
    "Sketch",
    "arrow_head",
    "arrows",
    "faults",
    "grid",
    "key_sample",
    "lettering",
    "wall_card",
]

Point = tuple[float, float]

ARROW = 0.16
"""Half the length of a direction arrow, in spaces."""

NUMBER_SIZE = 0.26
RATING_SIZE = 0.3
"""Heights of the space numbers and of the corners' ratings, in spaces."""

DISC_RADIUS = 0.19
"""Radius of a grid disc, in spaces."""

FAULT_WIDTH = 0.1
"""How wide the fault mark's stroke is, in spaces, in every theme: no
label may cross it."""

WALL_WEIGHT = 0.12
"""How wide a hairpin's wall is drawn, in spaces, in every theme."""


def wall_card(start: Point, end: Point) -> tuple[Mark, Mark]:
    """A hairpin's wall from ``start`` to ``end``: the card seen from above,
    a bar of its edge colour (role ``wall``) under a narrower one of its own
    colour (``wall-core``), so the edge rings it; solid, unlike the chequers."""
    return Line(start, end, "wall"), Line(start, end, "wall-core")


@dataclass(frozen=True)
class Sketch:
    """Where the table lies on the picture: the table's ``left`` and ``top``
    edges (in spaces) at the picture's top left, and the label placer."""

    left: float
    top: float
    placer: LabelPlacer

    def at(self, p: Point) -> Point:
        """A table point on the picture, in spaces from its top left (``y`` down)."""
        return (p[0] - self.left, self.top - p[1])

    def all_at(self, points: Iterable[Point]) -> tuple[Point, ...]:
        return tuple(self.at(p) for p in points)


def arrow_head(centre: Point, heading: float, size: float = ARROW) -> tuple[Point, Point, Point]:
    """A small triangle at ``centre`` (table coordinates) pointing along
    ``heading`` (any angle): its tip and its two back corners."""
    ux, uy = math.cos(heading), math.sin(heading)
    cx, cy = centre
    tip = (cx + ux * size, cy + uy * size)
    back = (cx - ux * size, cy - uy * size)
    left = (back[0] - uy * size * 0.8, back[1] + ux * size * 0.8)
    right = (back[0] + uy * size * 0.8, back[1] - ux * size * 0.8)
    return (tip, left, right)


def arrows(sketch: Sketch, setup: RaceSetup) -> list[Mark]:
    """A small arrow in each space :func:`arrow_spaces` chooses, pointing
    the way round, recorded as a symbol no label may cover."""
    heads = []
    for number in arrow_spaces(setup):
        space = setup.shape.spaces[number - 1]
        corners = sketch.all_at(arrow_head(space.centre, space.heading))
        heads.append(Area(corners))
        sketch.placer.block(polygon(corners), "arrow")
    return [Group(tuple(heads), name="arrows", role="arrow bare", classes="symbol arrow")]


def faults(sketch: Sketch, setup: RaceSetup) -> list[Mark]:
    """The *fault mark*: each space of a corner at fault outlined in the
    theme's error stroke (red in colour, dashed black in print)."""
    spaces = fault_spaces(setup.layout)
    if not spaces:
        return []
    outlines = []
    for number in spaces:
        outline = sketch.all_at(setup.shape.spaces[number - 1].outline)
        outlines.append(Area(outline))
        for a, b in zip(outline, outline[1:] + outline[:1]):
            sketch.placer.block(stroke(a, b, FAULT_WIDTH), "fault")
    return [Group(tuple(outlines), name="faults", role="fault", classes="symbol fault")]


def _disc(sketch: Sketch, spot: Point, place: int, radius: float = DISC_RADIUS) -> tuple[Mark, Mark]:
    """Grid place ``place``'s disc at ``spot`` (table coordinates): filled
    on the pole, open behind it, its number in the middle."""
    kind = "pole" if place == 1 else "place"
    size = radius * 1.15
    number = Text(str(place), sketch.at((spot[0], spot[1] - size * 0.36)), size, f"{kind}-number")
    return Disc(sketch.at(spot), radius, kind), number


def grid(sketch: Sketch, placed: Labels) -> list[Mark]:
    """A numbered disc in each grid space where
    :func:`~trackkit.race.label_spots.place_labels` put it, 1 on the pole."""
    discs = []
    for place, spot in enumerate(placed.discs, 1):
        discs.append(Group(_disc(sketch, spot, place), classes="symbol disc"))
        sketch.placer.block(circle(sketch.at(spot), DISC_RADIUS), "disc")
    return [Group(tuple(discs), name="grid", size=DISC_RADIUS * 1.15, bold=True, middle=True)]


def lettering(sketch: Sketch, placed: Labels) -> list[Mark]:
    """The space numbers and the corners' ratings, set by the label placer:
    each number where :func:`~trackkit.race.label_spots.place_labels` puts
    it inside its space, else elsewhere in the space, else beside it with a
    leader line; each rating beside its corner, inside or outside the loop."""
    numbers = zip(placed.numbers, placed.number_anchors, placed.number_others)
    ratings = zip(placed.ratings, placed.rating_anchors, placed.rating_others)
    return [
        Group(_set(sketch, numbers, NUMBER_SIZE, "number"), name="numbers"),
        Group(_set(sketch, ratings, RATING_SIZE, "rating"), name="corners"),
    ]


SpotsOf = Iterable[tuple[tuple[str, Point], Point, tuple[Point, ...]]]
"""Labels to set: each one's words and first choice, its anchor and its
other places (table coordinates)."""


def _set(sketch: Sketch, labels: SpotsOf, size: float, role: str) -> tuple[Mark, ...]:
    """Each label set by the label placer at the first of its places that
    is clear (a rating may stand further from its anchor than a number)."""
    reach = 1.0 if role == "number" else 1.5
    found: list[Mark] = []
    for (text, spot), anchor, others in labels:
        candidates = sketch.all_at((spot, *others))
        found.append(Label(sketch.placer.place(text, sketch.at(anchor), size, candidates, reach=reach), role))
    return tuple(found)


def key_sample(sketch: Sketch, item: LegendItem, centre: Point) -> tuple[Group, Group]:
    """One item of the key: the sample of its mark centred on ``centre``
    (table coordinates) and its words beside it."""
    half = SWATCH / 2
    cx, cy = centre
    steps = ((-half, -half), (half, -half), (half, half), (-half, half))
    box = sketch.all_at((cx + dx, cy + dy) for dx, dy in steps)
    kind = item.swatch
    samples: dict[str, tuple[Mark, ...]] = {
        "arrow": (Group((Area(sketch.all_at(arrow_head(centre, 0.0, half * 0.9))),), role="arrow"),),
        "finish": (Chequer(sketch.at((cx, cy - half)), sketch.at((cx, cy + half)), "chequer", 0.12),),
        "wall": (Group(wall_card(sketch.at((cx - half, cy)), sketch.at((cx + half, cy))), role="rounded"),),
        "tile": (Area(box, "tiles"),),
        "fault": (Area(box, "fault-sample"),),
    }
    if kind.startswith("corner-"):
        sample: tuple[Mark, ...] = (Area(box, f"{kind} road"),)
    elif kind in ("pole", "grid"):
        sample = _disc(sketch, centre, 1 if kind == "pole" else 2, half)
    else:
        sample = samples[kind]
    words = Text(item.text, sketch.at((cx + half + 0.12, cy - LEGEND_SIZE * 0.36)))
    return Group(sample, classes=f"symbol swatch {kind}"), Group((words,), classes="label key")
