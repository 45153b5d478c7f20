"""The frames of a race replayed in the terminal: the track as the preview
draws it, with every car (or racer) standing where it stands, shown by its
number.

These functions know no rules: they are given the layout, the squares (or
RACE! spaces) the cars stand on and a caption, and return text.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from trackkit.board import Board, Mark, Style, TerminalOptions
from trackkit.motocross.course import Course
from trackkit.motocross.preview import course_board, course_marks
from trackkit.piecepack.geometry import Square
from trackkit.race.preview import race_board
from trackkit.race.track import RaceLayout
from trackkit.racepack.layout import Layout
from trackkit.racepack.preview import scene_board, scene_marks, table_view
from trackkit.render.terminal import PALETTES, paint, painted, picture_rows, wrap_items

__all__ = [
    "motocross_frame",
    "race_frame",
    "racepack_frame",
]


def racepack_frame(layout: Layout, cars: Mapping[Square, int], caption: str, width: int, color: bool) -> str:
    """One frame of a Racepack race: ``caption`` over the track, each car
    number ``cars[square]`` (1 for the car that started on the pole) on its
    square."""
    board, track = _racepack_track(layout)
    marks = dict(track)
    marks.update({square: Mark(str(number), Style.CAR, repeat=False) for square, number in cars.items()})
    return _framed(board, marks, caption, width, color)


@lru_cache(maxsize=4)
def _racepack_track(layout: Layout) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``layout``'s picture without cars, worked out
    once for all the frames of a replay (callers copy the marks)."""
    view = table_view(layout, False)
    return scene_board(view), scene_marks(view)


@lru_cache(maxsize=4)
def _motocross_track(course: Course) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``course`` without bikes, worked out once for
    all the frames of a replay (callers copy the marks)."""
    return course_board(course), course_marks(course, numbers=False)


def _framed(board: Board, marks: dict[Square, Mark], caption: str, width: int, color: bool) -> str:
    """``caption`` over the picture of ``marks`` on ``board``, blank lines
    round the picture dropped."""
    palette = PALETTES["dark"] if color else None
    lines = [paint(row, palette) for row in picture_rows(board, marks, width)]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", *lines]) + "\n"


def motocross_frame(
    course: Course,
    riding: Mapping[Square, int],
    fallen: Mapping[Square, int],
    caption: str,
    width: int,
    color: bool,
) -> str:
    """One frame of a Motocross race: ``caption`` over the course, each bike
    on the track shown by its seat number on its space (``riding``), each
    wiped-out bike as ``x`` and its seat number on the space it left the
    track from (``fallen``; a bike riding on that space hides it)."""
    board, track = _motocross_track(course)
    marks = dict(track)
    marks.update({space: Mark(f"x{seat}", Style.FAULT, repeat=False) for space, seat in fallen.items()})
    marks.update({space: Mark(str(seat), Style.CAR, repeat=False) for space, seat in riding.items()})
    return _framed(board, marks, caption, width, color)


def race_frame(layout: RaceLayout, racers: Mapping[int, int], caption: str, width: int, color: bool) -> str:
    """One frame of a RACE! race: ``caption`` over the track, each racer
    number ``racers[space]`` on its space."""
    options = TerminalOptions(width, color)
    picture = painted(race_board(layout, options, racers), options)
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", picture.rstrip("\n")]) + "\n"
