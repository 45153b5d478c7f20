"""What a Motocross course shows in a terminal, space by space.

The preview is a grid with one cell per space (one inch of table), top row
north, which the painter (:mod:`trackkit.render.terminal`) sets out as
every grid: bordered, with a heavy line round each tile and light lines
between its four spaces, when the width allows.
Each tile shows its number in the order played in its north-west space,
``S`` in the other spaces of the starting tile, arrows the way the bikes go
elsewhere, ``▚`` across the finish line and, on the two spaces along a
ramp's raised edge, a coin ``●`` and the ramp's height.  A tile a broken
rule names shows ``!`` beside its arrows (the *fault mark*, as the drawing's
ring).  With colour each kind of mark has its own style, in the ``dark``
or ``light`` palette; the marks are distinct without it too.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache

from trackkit.board import (
    ARROWS,
    FAULT,
    FINISH,
    Board,
    Grid,
    Mark,
    Preview,
    Style,
    TerminalOptions,
    Words,
    fits_bordered,
    pieces_on,
)
from trackkit.motocross.course import Course
from trackkit.motocross.setup import check_course_drawable, course_faults, course_setup
from trackkit.piecepack.geometry import Heading, Square
from trackkit.piecepack.ground import footprint
from trackkit.piecepack.loops import bounding_box
from trackkit.play import Standing

__all__ = [
    "COIN",
    "START",
    "check_course_drawable",
    "course_board",
    "course_marks",
    "course_preview",
    "ramp_mark",
    "replay_board",
]

COIN = "●"
"""Drawn on a ramp's raised edge, before its height in coins."""
START = "S"
"""Drawn on the starting tile."""


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


def _ground_mark(tile: int, heading: Heading | None, faulty: bool) -> Mark:
    """What a plain space of ``tile`` shows: the fault mark on a tile a
    broken rule names, ``S`` on the starting tile, else the way the bikes
    leave it."""
    if faulty:
        return Mark(FAULT, Style.FAULT)
    if tile == 0:
        return Mark(START, Style.START)
    return Mark(ARROWS[heading] if heading is not None else "?", Style.ROAD)


def ramp_mark(height: int) -> Mark:
    """A ramp of ``height`` coins: ``●3``, or in a cramped cell the coin
    with its count in it, ``③`` (a plain coin past 20)."""
    narrow = chr(0x2460 + height - 1) if 1 <= height <= 20 else COIN
    text = f"{COIN}{height}" if height < 10 else narrow
    return Mark(text, Style.RAMP, repeat=False, narrow=narrow)


def course_marks(course: Course, faulty: Collection[int] = (), numbers: bool = True) -> dict[Square, Mark]:
    """What each space of the course shows (text up to two characters),
    the tiles numbered in ``faulty`` with the fault mark; without
    ``numbers``, no tile shows its number (a replay's bikes are numbered)."""
    marks: dict[Square, Mark] = {}
    last = len(course) - 1
    heights = {ramp.tile: ramp.height for ramp in course_setup(course).ramps}
    for tile, centre in enumerate(course.centres):
        heading = course.exit_heading(tile)
        for cell in footprint(centre):
            marks[cell] = _ground_mark(tile, heading, tile in faulty)
        height = heights.get(tile, 0)
        if height and heading is not None and 0 < tile < last:
            for cell in _edge_cells(centre, heading):
                marks[cell] = ramp_mark(height)
        if tile == last and heading is not None and tile > 0:
            for cell in _edge_cells(centre, heading):
                marks[cell] = Mark(FINISH, Style.FINISH)
    for tile, centre in enumerate(course.centres if numbers else ()):
        text = str(tile)
        marks[_number_cell(marks, centre, text)] = Mark(text, Style.NUMBER, repeat=False)
    return marks


def _number_cell(marks: dict[Square, Mark], centre: Square, text: str) -> Square:
    """Where a tile's number goes: the first of its north-west, north-east,
    south-west and south-east spaces that shows only ground (no ramp, no
    finish) and where the number cannot run into a label beside it when a
    space is two characters wide; the north-west space when none can."""
    x, y = centre
    for cell in ((x - 1, y), (x, y), (x - 1, y - 1), (x, y - 1)):
        if marks[cell].repeat and marks[cell].style is not Style.FINISH and _apart(marks, cell, text):
            return cell
    return (x - 1, y)


def _apart(marks: dict[Square, Mark], cell: Square, text: str) -> bool:
    """Whether ``text`` in ``cell`` can stay apart from the labels beside it
    when a space is two characters wide.  A label stands at its cell's right
    edge, so a number filling its cell must have no label on its left; a
    one-digit number moves left, away from a two-character label on its
    right, only when no label is on its left."""
    x, y = cell
    left, right = marks.get((x - 1, y)), marks.get((x + 1, y))
    crowded_left = left is not None and not left.repeat
    crowded_right = right is not None and not right.repeat and len(right.narrow or right.text) == 2
    if len(text) == 2:
        return not (crowded_left or crowded_right)
    return not (crowded_left and crowded_right)


def course_board(course: Course) -> Board:
    """The course's stretch of table, each tile its own piece."""
    left, bottom, right, top = bounding_box(course.centres)
    owners = {cell: tile for tile, centre in enumerate(course.centres) for cell in footprint(centre)}
    return Board((left - 1, bottom - 1), (right - left + 2, top - bottom + 2), owners)


def _key(course: Course, broken: bool, bordered: bool) -> list[str]:
    """What the marks mean, one item each."""
    ramp = f"{COIN}N ramp N coins high" if bordered else "①–⑳ ramp 1 to 20 coins high"
    items = [
        f"0–{max(len(course) - 1, 0)} tiles numbered in play order",
        f"{START} starting tile",
        f"{ramp} at its raised edge",
        f"{FINISH} finish line",
    ]
    if broken:
        items.append(f"{FAULT} tile breaking a rule (run trackkit validate)")
    return items


def course_preview(course: Course, options: TerminalOptions) -> Preview:
    """The preview of ``course`` (the ``board`` job of its game): the title
    and facts, the course's marks, and the key, whose ramp item depends on
    whether ``options.width`` leaves room for borders."""
    check_course_drawable(course)
    board = course_board(course)
    faulty = course_faults(course).places
    facts = course_setup(course).facts
    title = course.name or "Motocross course"
    ramps = f"{len(facts.ramps)} {'ramp' if len(facts.ramps) == 1 else 'ramps'}"
    heading = f"{title} — {facts.tiles} tiles · {facts.players} players · {ramps}"
    key = _key(course, bool(faulty), fits_bordered(board, options.width))
    grid = Grid(board, course_marks(course, faulty))
    return Preview((Words(tuple(heading.split(" ")), " "),), grid, (Words(tuple(key)),))


def replay_board(course: Course, standing: Standing, options: TerminalOptions) -> Preview:
    """A frame of a Motocross replay (the ``replay_board`` job of its game):
    the course without tile numbers, each bike on the track shown by its
    seat number on its space, each wiped-out bike as ``x`` and its seat
    number on the space it left the track from (a bike riding on that space
    hides it); no heading and no key."""
    board, marks = _bare_course(course)
    return pieces_on(board, marks, standing)


@lru_cache(maxsize=4)
def _bare_course(course: Course) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``course`` without bikes, worked out once for
    all the frames of a replay (the frames copy the marks)."""
    return course_board(course), course_marks(course, numbers=False)
