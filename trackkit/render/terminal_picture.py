"""Fitting a grid preview to the terminal, for every game played on spaces.

A game's preview says what each space shows (a
:class:`~trackkit.board.Mark` per cell) and on what
:class:`~trackkit.board.Board`; this module sets the marks out in lines no
wider than asked: *bordered* (three characters a space, box-drawing lines
between spaces, :mod:`trackkit.render.terminal_boxes`) when that fits, else
two characters a space, else one character standing for a square of several
spaces, showing the most important mark among them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from trackkit.board import Board, Mark, Run, Style, fits_bordered
from trackkit.piecepack.geometry import Square
from trackkit.render.terminal_boxes import bordered_rows

__all__ = ["picture_rows"]


def picture_rows(board: Board, marks: Mapping[Square, Mark], width: int, borders: bool = True) -> list[Run]:
    """The picture as lines of styled characters, no wider than ``width``:
    bordered when it fits (and ``borders`` allows), else two characters a
    space (with the board's walls on lines of their own), else shrunk.  A
    bordered picture leaves out the marks of style :attr:`Style.DIE`: the
    board's die stands on a border instead."""
    left, bottom = board.corner
    columns, rows = board.size
    if borders and fits_bordered(board, width):
        cells = {cell: mark for cell, mark in marks.items() if mark.style is not Style.DIE}
        return bordered_rows(board, cells)
    if columns * 2 + len(_wall_columns(board)) <= width:
        return _double_rows(board, marks)
    step = math.ceil(columns / width)
    return _shrunk_rows(marks, left, bottom, columns, rows, step, width)


# --- two characters a space ---------------------------------------------------------------

WALL_ACROSS = "═"
WALL_UP = "║"
"""A wall between two rows of spaces, and between two columns, as the
bordered picture draws them on its border lines."""


def _wall_rows(board: Board) -> set[int]:
    """The rows ``y`` with a wall between them and the row below."""
    return {b[1] for a, b in board.walls if a[0] == b[0]}


def _wall_columns(board: Board) -> set[int]:
    """The columns ``x`` with a wall between them and the column to their right."""
    return {a[0] for a, b in board.walls if a[1] == b[1]}


def _double_rows(board: Board, marks: Mapping[Square, Mark]) -> list[Run]:
    """The picture at two characters a space.  With no border lines to
    stand on, a hairpin wall gets a line of its own between the two rows of
    spaces it parts (``══`` under each space it runs along), or a
    character of its own between two columns (``║``); elsewhere on that
    line the road goes on, the space's own mark repeated where a road
    crosses it, so that the road never looks cut."""
    (left, _), (columns, _) = board.corner, board.size
    across = _wall_rows(board)
    places = _line_rows(board, across)
    lines = [
        _double_row(marks, left, columns, int(y)) if y == int(y) else _wall_line(board, marks, int(y + 0.5))
        for y in places
    ]
    for x in sorted(_wall_columns(board), reverse=True):
        for line, y in zip(lines, places):
            line[2 * (x - left + 1) : 2 * (x - left + 1)] = [_wall_column_character(board, marks, x, y)]
    return lines


def _line_rows(board: Board, across: set[int]) -> list[float]:
    """The row of spaces each line of :func:`_double_rows` shows, top first;
    a wall line between rows ``y`` and ``y - 1`` as ``y - 0.5``."""
    (_, bottom), (_, rows) = board.corner, board.size
    found: list[float] = []
    for y in range(bottom + rows - 1, bottom - 1, -1):
        if y + 1 in across and found:
            found.append(y + 0.5)
        found.append(float(y))
    return found


def _wall_line(board: Board, marks: Mapping[Square, Mark], y: int) -> Run:
    """The line between rows ``y`` and ``y - 1``: ``══`` under each space a
    wall parts from the one below, the road's mark where a road runs on
    from one row to the other, blank elsewhere."""
    (left, _), (columns, _) = board.corner, board.size
    run: Run = []
    for x in range(left, left + columns):
        if ((x, y - 1), (x, y)) in board.walls:
            run += [(WALL_ACROSS, Style.WALL)] * 2
        else:
            run += [_road_between(marks.get((x, y)), marks.get((x, y - 1)))] * 2
    return run


def _wall_column_character(board: Board, marks: Mapping[Square, Mark], x: int, y: float) -> tuple[str, Style]:
    """The character between columns ``x`` and ``x + 1`` on the line of row
    ``y`` (a wall line's ``y`` ends in a half): ``║`` where a wall parts the
    two spaces, the road's mark where a road runs across, blank elsewhere."""
    if y != int(y):
        return (" ", Style.EMPTY)
    row = int(y)
    if ((x, row), (x + 1, row)) in board.walls:
        return (WALL_UP, Style.WALL)
    return _road_between(marks.get((x, row)), marks.get((x + 1, row)))


def _road_between(first: Mark | None, second: Mark | None) -> tuple[str, Style]:
    """What stands between two neighbouring spaces where a wall line passes
    by them: the road's mark when both are road (a repeated mark, the
    first's), else blank."""
    if first is not None and second is not None and first.repeat and second.repeat:
        return (first.text, first.style)
    return (" ", Style.EMPTY)


def _double_row(marks: Mapping[Square, Mark], left: int, columns: int, y: int) -> Run:
    """A row at two characters per cell.  A *label* (a mark that is not
    repeated: a number, a coin, a pawn...) stands right-aligned in its cell,
    in its narrow form when it has one; a one-character label moves to the
    left of its cell when that keeps it from running into a label on its
    right, so that two labels never read as one."""
    row = [marks.get((x, y)) for x in range(left, left + columns)]
    texts = [_double_text(mark) for mark in row]
    for i in range(len(row) - 1):
        if _movable(row, texts, i) and _is_label(row[i + 1]) and texts[i + 1][0] != " ":
            texts[i] = texts[i][1] + " "
    run: Run = []
    for mark, text in zip(row, texts):
        style = Style.EMPTY if mark is None else mark.style
        run += [(character, style) for character in text]
    return run


def _is_label(mark: Mark | None) -> bool:
    return mark is not None and not mark.repeat


def _double_text(mark: Mark | None) -> str:
    """A cell's two characters."""
    if mark is None:
        return "  "
    if mark.repeat:
        return mark.text * 2
    return (mark.narrow or mark.text)[-2:].rjust(2)


def _movable(row: list[Mark | None], texts: list[str], i: int) -> bool:
    """Whether cell ``i`` holds a one-character label that may move to the
    left of its cell: the cell on its left holds no label."""
    return _is_label(row[i]) and texts[i][0] == " " and not (i > 0 and _is_label(row[i - 1]))


def _shrunk_rows(
    marks: Mapping[Square, Mark], left: int, bottom: int, columns: int, rows: int, step: int, width: int
) -> list[Run]:
    """Rows at one character per ``step`` by ``step`` square of cells; a
    corner number longer than one character spills into empty characters to
    its right, or else to its left (one spare column is kept on the right for
    it when the width allows)."""
    wide = min(math.ceil(columns / step) + 1, width)
    high = math.ceil(rows / step)
    top = bottom + high * step - 1
    grid: list[list[Mark | None]] = [[None] * wide for _ in range(high)]
    for (x, y), mark in marks.items():
        row, column = (top - y) // step, (x - left) // step
        held = grid[row][column]
        if held is None or mark.style.rank > held.style.rank:
            grid[row][column] = mark
    return [_spill(line) for line in grid]


def _spill(line: list[Mark | None]) -> Run:
    run: Run = [(" ", Style.EMPTY) if m is None else ((m.narrow or m.text)[0], m.style) for m in line]
    source = list(range(len(line)))
    for column, mark in enumerate(line):
        if mark is None or mark.narrow or len(mark.text) == 1:
            continue
        extra = len(mark.text) - 1
        if _free(run, line, column + 1, column + 1 + extra):
            start = column
        elif _free(run, line, column - extra, column):
            start = column - extra
        else:
            run[column] = ("+", mark.style)
            continue
        for offset, character in enumerate(mark.text):
            run[start + offset] = (character, mark.style)
            source[start + offset] = column
    _keep_apart(run, line, source)
    return run


def _keep_apart(run: Run, line: list[Mark | None], source: list[int]) -> None:
    """Blank a label's letter or digit that directly follows another
    label's, so that two numbers never read as one (``12`` for a 1 beside
    a 2): at one character a cell there is no room to set them apart."""
    for i in range(1, len(run)):
        here, before = line[source[i]], line[source[i - 1]]
        if source[i] == source[i - 1] or here is None or before is None or here.repeat or before.repeat:
            continue
        if _letter_or_digit(run[i][0]) and _letter_or_digit(run[i - 1][0]):
            run[i] = (" ", run[i][1])


def _letter_or_digit(character: str) -> bool:
    return character.isascii() and character.isalnum()


def _free(run: Run, line: list[Mark | None], start: int, stop: int) -> bool:
    """Whether characters ``start`` to ``stop - 1`` exist and are still blank."""
    if start < 0 or stop > len(line):
        return False
    return all(line[i] is None and run[i][1] is Style.EMPTY for i in range(start, stop))
