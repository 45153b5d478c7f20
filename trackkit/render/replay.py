"""The frames of a race replayed in the terminal: the track as the preview
draws it, with every car (racer, bike) standing where it stands, shown by
its token (see :class:`~trackkit.play.Token`).

These functions know no rules: each game's ``draw_replay`` job names one of
them, and they are given the layout, a :data:`~trackkit.play.Standing`
(each place and the token on it) and a caption, and return text.  A
Racepack place is a square, a Motocross place a space's square, a RACE!
place a space number; a game without a board picture lists its pieces
(:func:`listed_frame`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from trackkit.board import Board, Mark, Style, TerminalOptions
from trackkit.motocross.preview import course_board, course_marks
from trackkit.piecepack.geometry import Square
from trackkit.play import Standing, Token
from trackkit.race.preview import race_board
from trackkit.racepack.preview import scene_board, scene_marks, table_view
from trackkit.render.terminal import PALETTES, paint, painted, picture_rows, wrap_items

__all__ = [
    "listed_frame",
    "motocross_frame",
    "race_frame",
    "racepack_frame",
]


def racepack_frame(layout: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a Racepack race: ``caption`` over the track, each car
    number (1 for the car that started on the pole) on its square."""
    return _on_board(_racepack_track(layout), standing, caption, width, color)


@lru_cache(maxsize=4)
def _racepack_track(layout: Any) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``layout``'s picture without cars, worked out
    once for all the frames of a replay (callers copy the marks)."""
    view = table_view(layout, False)
    return scene_board(view), scene_marks(view)


@lru_cache(maxsize=4)
def _motocross_track(course: Any) -> tuple[Board, dict[Square, Mark]]:
    """The board and marks of ``course`` without bikes, worked out once for
    all the frames of a replay (callers copy the marks)."""
    return course_board(course), course_marks(course, numbers=False)


def _on_board(
    track: tuple[Board, dict[Square, Mark]], standing: Standing, caption: str, width: int, color: bool
) -> str:
    """``caption`` over the picture of the track's marks with each token of
    ``standing`` on its square (a piece that is down as a fault)."""
    board, marks = track[0], dict(track[1])
    marks.update({square: _mark(token) for square, token in standing.items()})
    return _framed(board, marks, caption, width, color)


def _mark(token: Token) -> Mark:
    """How a piece's token shows on its square."""
    return Mark(token.label, Style.FAULT if token.down else Style.CAR, repeat=False)


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


def motocross_frame(course: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a Motocross race: ``caption`` over the course, each bike
    on the track shown by its seat number on its space, each wiped-out
    bike as ``x`` and its seat number on the space it left the track from
    (a bike riding on that space hides it)."""
    return _on_board(_motocross_track(course), standing, caption, width, color)


def race_frame(layout: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a RACE! race: ``caption`` over the track, each racer
    number on its space."""
    racers = {space: int(token.label) for space, token in standing.items()}
    options = TerminalOptions(width, color)
    picture = painted(race_board(layout, options, racers), options)
    return "\n".join([*wrap_items(caption.split(" "), width, " "), "", picture.rstrip("\n")]) + "\n"


def listed_frame(layout: Any, standing: Standing, caption: str, width: int, color: bool) -> str:
    """One frame of a race with no board picture: ``caption``, then every
    piece and where it stands (``1a 3.2.1  1b -``), in the standing's order."""
    pieces = "  ".join(f"{piece} {token.label}" for piece, token in standing.items())
    return f"{caption}\n  cars: {pieces}"
