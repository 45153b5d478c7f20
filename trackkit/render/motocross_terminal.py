"""A Motocross course previewed in the terminal, drawn with Unicode characters.

The preview is a grid with one cell per space (one inch of table), top row
north.  Each tile shows its number in the order played in its north-west
space (the starting tile ``S`` in the others), arrows the way the bikes go,
``▚`` across the finish line and, on the two spaces along a ramp's raised
edge, a coin ``●`` and the ramp's height.  A cell is two characters wide
when the course fits that way, one when not; when even that is too wide,
one character stands for a square of several spaces, showing the most
important mark among them.  With colour on, each kind of mark has its own
(the ramps yellow, the finish bold, the start green); the marks are
distinct without it too.
"""

from __future__ import annotations

import textwrap

from trackkit.errors import ArgumentError
from trackkit.motocross.course import Course
from trackkit.motocross.setup import course_setup
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.piecepack.loops import bounding_box
from trackkit.render.motocross import check_course_drawable

__all__ = ["MIN_WIDTH", "render_course_preview"]

MIN_WIDTH = 8
"""The narrowest preview asked for that is still drawn."""

_ARROWS = {Heading.EAST: "→", Heading.NORTH: "↑", Heading.WEST: "←", Heading.SOUTH: "↓"}
_FINISH = "▚"
_COIN = "●"
_START = "S"

# How important each kind of mark is when several spaces share a character.
_RANK = {"finish": 5, "ramp": 4, "number": 3, "start": 2, "arrow": 1}
_STYLE = {0: "", 1: "\x1b[2m", 2: "\x1b[1;32m", 3: "\x1b[36m", 4: "\x1b[1;33m", 5: "\x1b[1m"}
"""The colour of each rank of mark; blank cells are not coloured."""
_RESET = "\x1b[0m"


def _edge_cells(centre: Square, edge: Heading) -> tuple[Square, Square]:
    """The two spaces of a tile along its ``edge``, by south-west point."""
    x, y = centre
    if edge is Heading.EAST:
        return (x, y - 1), (x, y)
    if edge is Heading.WEST:
        return (x - 1, y - 1), (x - 1, y)
    if edge is Heading.NORTH:
        return (x - 1, y), (x, y)
    return (x - 1, y - 1), (x, y - 1)


def _marks(course: Course) -> dict[Square, tuple[str, str]]:
    """What each space shows: ``(kind, text)``, text up to two characters."""
    marks: dict[Square, tuple[str, str]] = {}
    last = len(course) - 1
    heights = {ramp.tile: ramp.height for ramp in course_setup(course).ramps}
    for tile, centre in enumerate(course.centres):
        heading = course.exit_heading(tile)
        for cell in footprint(centre):
            if tile == 0:
                marks[cell] = ("start", _START)
            else:
                marks[cell] = ("arrow", _ARROWS[heading] if heading else "?")
        height = heights.get(tile, 0)
        if height and heading is not None and 0 < tile < last:
            for cell in _edge_cells(centre, heading):
                marks[cell] = ("ramp", f"{_COIN}{height}")
        if tile == last and heading is not None and tile > 0:
            for cell in _edge_cells(centre, heading):
                marks[cell] = ("finish", _FINISH)
        marks[(centre[0] - 1, centre[1])] = ("number", str(tile))
    return marks


def _fit(text: str, width: int) -> str:
    """``text`` in exactly ``width`` characters: cut or padded on the left."""
    return text[-width:].rjust(width)


_Chars = dict[tuple[int, int], tuple[int, str]]


def _cell(chars: _Chars, place: tuple[int, int], width: int) -> tuple[int, str]:
    rank, text = chars.get(place, (0, " "))
    return rank, _fit(text, width)


def _painted(rank: int, text: str, color: bool) -> str:
    return f"{_STYLE[rank]}{text}{_RESET}" if color and rank else text


def render_course_preview(course: Course, width: int, color: bool = False) -> str:
    """The terminal preview of ``course``, at most ``width`` characters wide,
    coloured when ``color`` is true.  Raises
    :class:`~trackkit.errors.ArgumentError` below :data:`MIN_WIDTH`."""
    if width < MIN_WIDTH:
        raise ArgumentError(f"must be at least {MIN_WIDTH}, not {width}", parameter="width")
    check_course_drawable(course)
    left, bottom, right, top = bounding_box(course.centres)
    left, bottom, right, top = left - 1, bottom - 1, right + 1, top + 1
    columns, rows = right - left, top - bottom
    if 2 * columns <= width:
        cell_width, scale = 2, 1
    else:
        cell_width, scale = 1, max(1, -(-columns // width))
    chars: _Chars = {}
    for (x, y), (kind, text) in _marks(course).items():
        place = ((top - 1 - y) // scale, (x - left) // scale)
        chars[place] = max(chars.get(place, (0, " ")), (_RANK[kind], text))
    lines = [
        "".join(
            _painted(*_cell(chars, (row, column), cell_width), color)
            for column in range(-(-columns // scale))
        ).rstrip()
        for row in range(-(-rows // scale))
    ]
    facts = course_setup(course).facts
    title = course.name or "Motocross course"
    ramps = f"{len(facts.ramps)} {'ramp' if len(facts.ramps) == 1 else 'ramps'}"
    heading = f"{title} — {facts.tiles} tiles · {facts.players} players · {ramps}"
    legend = (
        f"0–{max(len(course) - 1, 0)} tiles numbered in play order   {_START} starting tile"
        f"   {_COIN}N ramp N coins high at its raised edge   {_FINISH} finish line"
    )
    wrapped = textwrap.wrap(legend, width) or [""]
    return "\n".join([*textwrap.wrap(heading, width), "", *lines, "", *wrapped]) + "\n"
