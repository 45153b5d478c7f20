"""What a terminal shows of a strip, for the one terminal painter."""

from __future__ import annotations

from typing import Any

from fifth_game.drag.picture import title_of
from fifth_game.drag.setup import race_words
from fifth_game.drag.strip import Strip
from trackkit.board import ARROWS, FINISH, Board, Grid, Mark, Preview, Style, Words
from trackkit.piecepack.geometry import Heading


def drag_board(strip: Strip, options: Any) -> Preview:
    """The terminal's view, for the one terminal painter: the strip's spaces
    two rows high (a heavy line where two tiles meet), each an arrow east,
    the cars' numbers on the start line west of them (two to a column,
    car 1 northmost) and the chequered finish east of the last space."""
    owners = {(x, y): x // 2 + 1 for x in range(strip.spaces) for y in range(2)}
    marks = {square: Mark(ARROWS[Heading.EAST], Style.ROAD) for square in owners}
    for car in range(strip.cars):
        marks[(-1 - car // 2, 1 - car % 2)] = Mark(str(car + 1), Style.CAR, repeat=False)
    marks |= {(strip.spaces, y): Mark(FINISH, Style.FINISH) for y in range(2)}
    west = -1 - (strip.cars - 1) // 2
    board = Board((west, 0), (strip.spaces + 1 - west, 2), owners)
    heading = Words((f"{title_of(strip)}:", race_words(strip)), " ")
    key = Words((f"{ARROWS[Heading.EAST]} road", "1 2 cars on the start line", f"{FINISH} finish"))
    return Preview((heading,), Grid(board, marks), (key,))
