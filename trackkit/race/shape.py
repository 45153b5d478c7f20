"""Where each space of a RACE! track lies on the table, for drawings.

A RACE! file gives its track as a loop of spaces and a list of corners; it
says nothing of where the road runs.  A drawing still has to show a road a
player recognises, so this module lays one out:

* **On tiles.**  A track converted from a piecepack circuit lies on its
  tiles: each tile's first space is the half by the edge the road enters,
  its second the half by the edge it leaves (split along the diagonal on a
  corner tile).
* **From the corner list.**  Otherwise the road is built from its own
  parts, in driving order: each corner is an arc of its length whose
  *drawn radius* grows with its radius rating (:data:`DRAWN_RADIUS` spaces
  per point of rating, so a radius-1 corner is drawn tighter than a
  radius-2 one) and which turns through its length divided by that radius,
  at most a half turn.  A corner that turns a half turn is a *hairpin*.
  The corners' turns must add up to one whole turn for the road to close:
  when they turn too far, corners that follow straight on from another
  corner (an esse), then others, turn the other way while the road still
  turns at least three quarters of a turn; the straights then take what is
  left, as gentle bends.  Last, the bends are adjusted, mostly on the
  straights, until the road's end meets its start.
* **A big oval.**  A track with no corners, or one whose corner list cannot
  be closed into a loop, is laid out as players "just make a big oval": a
  stadium (two straights joined by half circles) whose centre line is one
  space long per space.

The finish line is always across the top of the drawing, racers heading
right on a clockwise track and left on a counterclockwise one.

A hairpin's *wall* stands between its two legs, as Racepack's card wall
does, only where they run side by side: from the middle of the gap between
the road into the hairpin and the road out of it, back along the road in,
for up to one tile's length, as far as the two roads stay within a quarter
of a space of the wall on either side (half a space of open table between
them at most).  On tiles the legs of a U-turn share an edge and the wall
is that edge; a road laid from its corner list turns a hairpin round a
drawn radius wider than the road, leaving open ground between its legs,
and gets no wall.

Everything is in spaces (inches), x east and y north, as in
:mod:`trackkit.piecepack.geometry`; angles are in radians anticlockwise
from east.
"""

from __future__ import annotations

import math

from trackkit.race.shape_base import (
    DRAWN_RADIUS,
    HAIRPIN_TURN,
    ROAD_WIDTH,
    SAMPLES,
    Shape,
    SpaceShape,
    corner_turn,
    drawn_corners,
    finish_across,
    placed,
    spaces_along,
    walk,
)
from trackkit.race.shape_corners import from_corners
from trackkit.race.shape_tiles import on_tiles
from trackkit.race.track import COUNTERCLOCKWISE, RaceLayout

__all__ = [
    "DRAWN_RADIUS",
    "HAIRPIN_TURN",
    "ROAD_WIDTH",
    "SAMPLES",
    "Shape",
    "SpaceShape",
    "corner_turn",
    "drawn_corners",
    "layout_shape",
]


def oval(layout: RaceLayout) -> Shape:
    """The big oval: a stadium with straights as long as its ends are wide,
    run anticlockwise from the finish line in the middle of its top."""
    n = layout.spaces
    radius = n / (2 * math.pi + 4)
    arc = math.pi * radius
    # from the middle of the top straight: half a straight, an end, a
    # straight, an end, half a straight
    ends = ((radius, radius + arc), (3 * radius + arc, 3 * radius + 2 * arc))
    step = 1.0 / SAMPLES
    curvatures = []
    for sample in range(n * SAMPLES):
        s0, s1 = sample * step, (sample + 1) * step
        on_end = sum(max(0.0, min(s1, b) - max(s0, a)) for a, b in ends)
        curvatures.append(on_end / step / radius)
    half = min(ROAD_WIDTH, radius) / 2
    line = walk(curvatures)
    spaces = placed(spaces_along(line, half), layout.finish, layout.direction != COUNTERCLOCKWISE)
    line_space = spaces[layout.finish % n]
    return Shape(tuple(spaces), finish_across(line_space, half * 1.6), width=2 * half)


def layout_shape(layout: RaceLayout) -> Shape:
    """Where every space, the finish line, any tiles and any hairpin walls
    of ``layout`` lie (see the module's text for how)."""
    circuit = layout.circuit
    corners = drawn_corners(layout)
    if circuit is not None and circuit.is_whole and len(circuit) * 2 == layout.spaces:
        return on_tiles(layout, circuit, corners)
    if corners and layout.spaces >= 4:
        shape = from_corners(layout, corners)
        if shape is not None:
            return shape
    return oval(layout)
