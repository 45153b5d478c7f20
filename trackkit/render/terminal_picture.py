"""Fitting a grid preview to the terminal, for every game played on spaces.

A game's preview says what each space shows (a :class:`Mark` per cell) and
on what :class:`Board`; this module sets the marks out in lines no wider
than asked: *bordered* (three characters a space, box-drawing lines between
spaces, :mod:`trackkit.render.terminal_boxes`) when that fits, else two
characters a space, else one character standing for a square of several
spaces, showing the most important mark among them.  :func:`finished`
then colours the lines with a palette (``dark`` or ``light``), sets the
heading above and the key below, and turns the text into ASCII on request.
"""

from __future__ import annotations

import math
import textwrap

from trackkit.piecepack.geometry import Square
from trackkit.render.options import TerminalOptions
from trackkit.render.terminal_boxes import bordered_rows, to_ascii
from trackkit.render.terminal_marks import PALETTES, Board, Mark, Run, Style, paint

__all__ = ["finished", "fits_bordered", "picture_rows", "wrap_items"]


def picture_rows(board: Board, marks: dict[Square, Mark], width: int, borders: bool = True) -> list[Run]:
    """The picture as lines of styled characters, no wider than ``width``:
    bordered when it fits (and ``borders`` allows), else two characters a
    space, else shrunk.  A bordered picture leaves out the marks of style
    :attr:`Style.DIE`: the board's die stands on a border instead."""
    left, bottom = board.corner
    columns, rows = board.size
    if borders and fits_bordered(board, width):
        cells = {cell: mark for cell, mark in marks.items() if mark.style is not Style.DIE}
        return bordered_rows(board, cells)
    if columns * 2 <= width:
        return [_double_row(marks, left, columns, bottom + rows - 1 - r) for r in range(rows)]
    step = math.ceil(columns / width)
    return _shrunk_rows(marks, left, bottom, columns, rows, step, width)


def finished(header: list[str], rows: list[Run], footer: list[str], options: TerminalOptions) -> str:
    """The preview's text: ``header``, a blank line, the picture (coloured
    with the palette ``options`` ask for, if any, blank lines above and
    below it dropped), a blank line and ``footer``, ending in a newline; in
    plain ASCII when ``options.ascii`` is set."""
    palette = PALETTES["light" if options.light else "dark"] if options.color else None
    lines = [paint(row, palette) for row in rows]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    text = "\n".join([*header, "", *lines, "", *footer]).rstrip("\n") + "\n"
    return to_ascii(text) if options.ascii else text


def wrap_items(items: list[str], width: int, gap: str = "   ") -> list[str]:
    """``items`` set out in lines no wider than ``width``, breaking between
    items; an item wider than a line is itself wrapped between its words
    (and a word wider than a line cut)."""
    lines: list[str] = []
    current = ""
    for item in items:
        if len(item) > width:
            if current:
                lines.append(current)
            *whole, current = textwrap.wrap(item, width) or [""]
            lines += whole
        elif current and len(current) + len(gap) + len(item) > width:
            lines.append(current)
            current = item
        else:
            current = f"{current}{gap}{item}" if current else item
    if current:
        lines.append(current)
    return lines


def fits_bordered(board: Board, width: int) -> bool:
    """Whether the bordered picture of ``board`` fits ``width`` characters."""
    return board.size[0] * 3 + 1 <= width


def _double_row(marks: dict[Square, Mark], left: int, columns: int, y: int) -> Run:
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
    marks: dict[Square, Mark], left: int, bottom: int, columns: int, rows: int, step: int, width: int
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
