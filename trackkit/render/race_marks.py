"""What a RACE! picture marks on its road: the arrows, the faults, the
starting grid and the lettering.

The *direction arrows* stand in the spaces
:func:`~trackkit.render.race_labels.arrow_spaces` chooses, each pointing
along its space's heading, at any angle; the *fault mark* outlines each
space of a corner a broken rule names; the *grid discs* stand one in each
grid space, numbered in starting order, filled on the pole; the *space
numbers* (every fifth space) and the corners' *ratings* are set by the
label placer clear of every mark.  The road itself (tiles, spaces, walls,
finish) and the key are :mod:`trackkit.render.race`'s.
"""

from __future__ import annotations

from typing import Any

from trackkit.picture.labels import circle, polygon, stroke
from trackkit.race.setup import RaceSetup, fault_spaces
from trackkit.render import tokens
from trackkit.render.annotations import fault_group
from trackkit.render.canvas import fmt
from trackkit.render.race_labels import Labels, arrow_spaces
from trackkit.render.race_painter import UNITS, RacePainter

__all__ = [
    "DISC_RADIUS",
    "NUMBER_SIZE",
    "RATING_SIZE",
    "grid_disc",
    "paint_arrows",
    "paint_faults",
    "paint_grid",
    "paint_labels",
]

NUMBER_SIZE = 0.26
RATING_SIZE = 0.3
"""Heights of the space numbers and of the corners' ratings, in spaces."""

DISC_RADIUS = 0.19
"""Radius of a grid disc, in spaces."""


def paint_arrows(painter: RacePainter, setup: RaceSetup) -> None:
    """A small arrow in each space :func:`arrow_spaces` chooses, pointing
    the way round, recorded as a symbol no label may cover."""
    arrows = painter.group("arrows", class_="symbol arrow", fill=painter.palette.arrow, stroke="none")
    for number in arrow_spaces(setup):
        space = setup.shape.spaces[number - 1]
        corners = painter.arrow(arrows, space.centre, space.heading)
        painter.block(polygon(painter.at(c) for c in corners), "arrow")


def paint_faults(painter: RacePainter, setup: RaceSetup) -> None:
    """The *fault mark*: each space of a corner at fault outlined in the
    theme's error stroke (red in colour, dashed black in print)."""
    spaces = fault_spaces(setup.layout)
    if not spaces:
        return
    group = fault_group(painter, painter.theme)
    width = painter.theme.error_width
    for number in spaces:
        outline = setup.shape.spaces[number - 1].outline
        group.add(painter.drawing.polygon(painter.points(outline)))
        for a, b in zip(outline, outline[1:] + outline[:1]):
            painter.block(stroke(painter.at(a), painter.at(b), width), "fault")


def paint_grid(painter: RacePainter, discs: tuple[tuple[float, float], ...]) -> None:
    grid = painter.group(
        "grid", font_size=fmt(DISC_RADIUS * 1.15 * UNITS), text_anchor="middle", font_weight="bold"
    )
    for place, spot in enumerate(discs, 1):
        grid_disc(painter, tokens.classed(painter.drawing, grid, "symbol disc"), spot, place)
        painter.block(circle(painter.at(spot), DISC_RADIUS), "disc")


def grid_disc(
    painter: RacePainter, group: Any, spot: tuple[float, float], place: int, radius: float = DISC_RADIUS
) -> None:
    """Grid place ``place``'s disc: filled on the pole, open behind it."""
    palette = painter.palette
    pole = place == 1
    group.add(
        painter.drawing.circle(
            painter.point(spot),
            r=fmt(radius * UNITS),
            fill=palette.grid if pole else "#ffffff",
            stroke=palette.grid,
            stroke_width="4",
        )
    )
    size = fmt(radius * 1.15 * UNITS)
    painter.text(
        group, str(place), spot, radius * 1.15, fill="#ffffff" if pole else palette.ink, font_size=size
    )


def paint_labels(painter: RacePainter, setup: RaceSetup, placed: Labels) -> None:
    """The space numbers and the corners' ratings, set by the label placer:
    each number where :func:`place_labels` puts it inside its space, else
    elsewhere in the space, else beside it with a leader line; each rating
    beside its corner, inside or outside the loop."""
    ink, font = painter.palette.ink, painter.theme.font
    numbers = painter.group("numbers")
    for (text, spot), anchor, others in zip(placed.numbers, placed.number_anchors, placed.number_others):
        candidates = [painter.at(p) for p in (spot, *others)]
        label = painter.placer.place(text, painter.at(anchor), NUMBER_SIZE, candidates, reach=1.0)
        tokens.placed_label(painter.drawing, numbers, label, ink, font)
    ratings = painter.group("corners")
    for (text, spot), anchor, others in zip(placed.ratings, placed.rating_anchors, placed.rating_others):
        candidates = [painter.at(p) for p in (spot, *others)]
        label = painter.placer.place(text, painter.at(anchor), RATING_SIZE, candidates, reach=1.5)
        tokens.placed_label(painter.drawing, ratings, label, painter.palette.rating, font)
