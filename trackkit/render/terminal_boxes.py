"""Tile borders for the terminal preview, drawn with box-drawing characters.

As text diagrams of piecepack games do, a *bordered* preview puts a line
between every two neighbouring spaces: a *heavy* line (``┃ ━``) where two
tiles meet or a tile ends, a *light* line (``│ ─``) between the spaces of
one tile.  Each space is two characters wide with a border character
between, so a picture of ``n`` spaces across takes ``3n + 1`` characters.

Where lines meet, the character is chosen by the weight of each of its four
arms (none, light or heavy); :func:`junction` finds it among the Unicode
box-drawing characters by reading their names.  A hairpin's wall is drawn
on its border in double lines (``═ ║``).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Mapping

from trackkit.board import Board, Mark, Run, Style
from trackkit.piecepack.geometry import Square

__all__ = [
    "HEAVY",
    "LIGHT",
    "NONE",
    "Arms",
    "border_weight",
    "bordered_rows",
    "junction",
    "to_ascii",
]

NONE, LIGHT, HEAVY = 0, 1, 2
"""The weight of one arm of a border character."""

Arms = tuple[int, int, int, int]
"""The weights of a border character's arms: up, down, left, right."""

_DIRECTIONS = {
    "UP": ("UP",),
    "DOWN": ("DOWN",),
    "LEFT": ("LEFT",),
    "RIGHT": ("RIGHT",),
    "VERTICAL": ("UP", "DOWN"),
    "HORIZONTAL": ("LEFT", "RIGHT"),
}
_ORDER = ("UP", "DOWN", "LEFT", "RIGHT")


@functools.cache
def _table() -> dict[Arms, str]:
    """Every plain light/heavy box-drawing character by its arms, read from
    the Unicode names: ``BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY`` is down
    light and right heavy; a weight written once at the front
    (``BOX DRAWINGS LIGHT DOWN AND RIGHT``) holds for every part."""
    table: dict[Arms, str] = {}
    for code in range(0x2500, 0x2580):
        name = unicodedata.name(chr(code), "")
        if any(word in name for word in ("DASH", "DOUBLE", "SINGLE", "ARC", "DIAGONAL")):
            continue
        parts = [part.split() for part in name.removeprefix("BOX DRAWINGS ").split(" AND ")]
        weights = [next((w for w in part if w in ("LIGHT", "HEAVY")), None) for part in parts]
        default = next((w for w in weights if w is not None), None)
        arms = dict.fromkeys(_ORDER, NONE)
        for part, weight in zip(parts, weights):
            value = HEAVY if (weight or default) == "HEAVY" else LIGHT
            for word in part:
                for direction in _DIRECTIONS.get(word, ()):
                    arms[direction] = value
        table[(arms["UP"], arms["DOWN"], arms["LEFT"], arms["RIGHT"])] = chr(code)
    return table


def junction(arms: Arms) -> str:
    """The character whose arms have the given weights (a space for none)."""
    if arms == (NONE, NONE, NONE, NONE):
        return " "
    return _table()[arms]


def border_weight(owner: Callable[[Square], int | None], a: Square, b: Square) -> int:
    """The line between neighbouring spaces ``a`` and ``b``: none between two
    bare spaces, light inside one tile, heavy where a tile ends."""
    first, second = owner(a), owner(b)
    if first is None and second is None:
        return NONE
    return LIGHT if first == second else HEAVY


_ASCII = {
    "→": ">",
    "←": "<",
    "↑": "^",
    "↓": "v",
    "╭": "/",
    "╯": "/",
    "╮": "\\",
    "╰": "\\",
    "▚": "#",
    "◉": "@",
    "●": "*",
    "▓": "%",
    "░": ":",
    "○": "o",
    "═": "=",
    "║": "H",
    "—": "-",
    "–": "-",
    "·": "-",
    **{chr(0x2460 + n): "*" for n in range(20)},  # a ramp's coins, counted: ① to ⑳
}


def to_ascii(text: str) -> str:
    """``text`` in plain ASCII: arrows as ``> < ^ v``, curves as slashes,
    the line as ``#``, a coin or a turn's end as ``*``, a RACE! corner's
    shading as ``%`` (radius 1) or ``:`` (radius 2), heavy borders as ``+ - |`` (light ones left out),
    anything else unknown as ``?``."""
    arms = {character: key for key, character in _table().items()}
    out: list[str] = []
    for character in text:
        if character.isascii():
            out.append(character)
        elif character in _ASCII:
            out.append(_ASCII[character])
        elif character in arms:
            up, down, left, right = arms[character]
            vertical, horizontal = HEAVY in (up, down), HEAVY in (left, right)
            out.append("+" if vertical and horizontal else "|" if vertical else "-" if horizontal else " ")
        else:
            out.append("?")
    return "".join(out)


# --- the bordered picture -------------------------------------------------------------


def bordered_rows(board: Board, marks: Mapping[Square, Mark]) -> list[Run]:
    """The picture with a border character between every two spaces and a
    border line between every two rows.  The board's die stands on the
    border between its two spaces: on the start/finish line, as on the
    table."""
    left, bottom = board.corner
    rows = board.size[1]
    top = bottom + rows - 1
    borders, separators = _lines_of(board)
    lines: list[Run] = []
    for j in range(rows + 1):
        lines.append(list(borders[j]))
        if j < rows:
            lines.append(_content_row(marks, left, top - j, separators[j]))
    if board.die is not None:
        _place_die(lines, board.die_cells, board.die, left, top)
    return lines


_LINES: dict[int, tuple[Board, list[Run], list[Run]]] = {}
"""The border lines of the boards drawn last, by the board's identity: a
replay draws one board hundreds of times, with only the cars moved."""


def _lines_of(board: Board) -> tuple[list[Run], list[Run]]:
    """The border lines of ``board`` (one above each row and one below the
    last) and, for each row, the characters between its spaces: all that
    does not depend on the marks, worked out once per board."""
    known = _LINES.get(id(board))
    if known is not None and known[0] is board:
        return known[1], known[2]
    left, bottom = board.corner
    columns, rows = board.size
    top = bottom + rows - 1
    walls = board.walls

    def weight(a: Square, b: Square) -> int:
        return border_weight(board.owners.get, a, b)

    borders: list[Run] = []
    separators: list[Run] = []
    for j in range(rows + 1):
        above, below = top - j + 1, top - j
        run: Run = []
        for i in range(columns + 1):
            west, east = left + i - 1, left + i
            arms = (
                weight((west, above), (east, above)),
                weight((west, below), (east, below)),
                weight((west, above), (west, below)),
                weight((east, above), (east, below)),
            )
            run.append((junction(arms), _style(max(arms))))
            if i < columns:
                if ((east, below), (east, above)) in walls:
                    run += [("═", Style.WALL)] * 2
                else:
                    run += [(_HORIZONTAL[arms[3]], _style(arms[3]))] * 2
        borders.append(run)
        if j < rows:
            separators.append(_separators(left, columns, below, weight, walls))
    if len(_LINES) >= 4:
        _LINES.clear()
    _LINES[id(board)] = (board, borders, separators)
    return borders, separators


_HORIZONTAL = {NONE: " ", LIGHT: "─", HEAVY: "━"}
_VERTICAL = {NONE: " ", LIGHT: "│", HEAVY: "┃"}


def _style(weight: int) -> Style:
    return Style.EDGE if weight == HEAVY else Style.LINE if weight == LIGHT else Style.EMPTY


def _separators(
    left: int,
    columns: int,
    y: int,
    weight: Callable[[Square, Square], int],
    walls: frozenset[tuple[Square, Square]],
) -> Run:
    """The character before each space of row ``y`` and after the last."""
    run: Run = []
    for i in range(columns + 1):
        west, east = left + i - 1, left + i
        if ((west, y), (east, y)) in walls:
            run.append(("║", Style.WALL))
        else:
            line = weight((west, y), (east, y))
            run.append((_VERTICAL[line], _style(line)))
    return run


def _content_row(marks: Mapping[Square, Mark], left: int, y: int, separators: Run) -> Run:
    """Row ``y``: each space's mark (two characters) between its separators."""
    run: Run = []
    blank = [(" ", Style.EMPTY)] * 2
    for i, separator in enumerate(separators):
        run.append(separator)
        if i < len(separators) - 1:
            mark = marks.get((left + i, y))
            if mark is None:
                run += blank
            else:
                text = mark.text * 2 if mark.repeat else mark.text[-2:].rjust(2)
                run += [(character, mark.style) for character in text]
    return run


def _place_die(lines: list[Run], cells: tuple[Square, ...], die: Mark, left: int, top: int) -> None:
    """Write the die's face in brackets (``[3]``) on the border between its
    two spaces: on the start/finish line, as on the table (across the
    border when the spaces lie side by side, along it when one is above
    the other, starting over the die's spaces so as to leave the road's
    edge whole)."""
    (ax, ay), (bx, by) = cells
    if ay == by:
        line, column = 2 * (top - ay) + 1, 3 * (max(ax, bx) - left)
    else:
        line, column = 2 * (top - max(ay, by) + 1), 3 * (ax - left) + 1
    text = f"[{die.text}]"
    start = column - 1 if ay == by else column
    for offset, character in enumerate(text):
        if start + offset < len(lines[line]):
            lines[line][start + offset] = (character, die.style)
