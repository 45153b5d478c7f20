"""One terminal painter for every game: a game's board as coloured text.

Each game describes its table for a terminal as a
:class:`~trackkit.board.Preview` (its ``board`` job): a heading, a picture
and a key, in characters that each carry a :class:`~trackkit.board.Style`.
This module paints any of them, ``width`` characters wide at most:

- a grid of spaces is fitted to the width (:mod:`trackkit.render.terminal_picture`):
  *bordered* when it fits, with heavy lines round every piece and light
  lines between its spaces (:mod:`trackkit.render.terminal_boxes`), else
  two characters a space (a terminal character is about twice as tall as
  wide, so the table keeps its proportions), else one character for a
  square of several spaces, showing the most important mark among them;
- cards are set out in rows of boxes, as many to a row as fit;
- lines the game has placed itself are taken as they are;
- the heading and the key are wrapped between their items.

With ``color`` each style gets its ANSI colours, for a dark terminal
background or, with ``light``, a light one; without it the output is plain
text, fit for a file or a pipe.  ``ascii`` turns every character into
plain ASCII.
"""

from __future__ import annotations

import textwrap
from typing import Any

from trackkit.board import Card, Cards, Grid, Preview, Run, Style, TerminalOptions, Words
from trackkit.errors import ArgumentError
from trackkit.registry import GAMES, find_game
from trackkit.render.terminal_boxes import to_ascii
from trackkit.render.terminal_picture import picture_rows

__all__ = [
    "PALETTES",
    "RESET",
    "card_rows",
    "finished",
    "paint",
    "painted",
    "picture_rows",
    "render_preview",
    "wrap_items",
]

RESET = "\x1b[0m"

_DARK = {
    Style.LINE: "\x1b[37;100m",
    Style.EDGE: "\x1b[97;100m",
    Style.ROAD: "\x1b[97;100m",
    Style.PIT: "\x1b[93;100m",
    Style.CORNER: "\x1b[96;100m",
    Style.BROKEN: "\x1b[91;100m",
    Style.WALL: "\x1b[1;91;100m",
    Style.DIE: "\x1b[1;31;107m",
    Style.CAR: "\x1b[1;97;100m",
    Style.SUNS: "\x1b[1;97;41m",
    Style.MOONS: "\x1b[1;97;40m",
    Style.CROWNS: "\x1b[1;97;42m",
    Style.ARMS: "\x1b[1;97;44m",
    Style.LABEL: "\x1b[1;33m",
    Style.NUMBER: "\x1b[1;96;100m",
    Style.FINISH: "\x1b[30;107m",
    Style.START: "\x1b[1;92;100m",
    Style.SHARP: "\x1b[1;95;100m",
    Style.RAMP: "\x1b[1;93;100m",
    Style.CHECKPOINT: "\x1b[1;96;100m",
    Style.FAULT: "\x1b[1;97;41m",
}
_LIGHT = {
    Style.LINE: "\x1b[90;47m",
    Style.EDGE: "\x1b[30;47m",
    Style.ROAD: "\x1b[30;47m",
    Style.PIT: "\x1b[33;47m",
    Style.CORNER: "\x1b[34;47m",
    Style.BROKEN: "\x1b[31;47m",
    Style.WALL: "\x1b[1;31;47m",
    Style.DIE: "\x1b[1;31;107m",
    Style.CAR: "\x1b[1;30;47m",
    Style.SUNS: "\x1b[1;97;41m",
    Style.MOONS: "\x1b[1;97;40m",
    Style.CROWNS: "\x1b[1;97;42m",
    Style.ARMS: "\x1b[1;97;44m",
    Style.LABEL: "\x1b[1;34m",
    Style.NUMBER: "\x1b[1;34;47m",
    Style.FINISH: "\x1b[97;40m",
    Style.START: "\x1b[1;32;47m",
    Style.SHARP: "\x1b[1;35;47m",
    Style.RAMP: "\x1b[1;33;47m",
    Style.CHECKPOINT: "\x1b[1;34;47m",
    Style.FAULT: "\x1b[1;97;41m",
}
PALETTES: dict[str, dict[Style, str]] = {"dark": _DARK, "light": _LIGHT}
"""ANSI codes for each style, for dark and for light terminal backgrounds."""


def render_preview(layout: Any, options: TerminalOptions | None = None) -> str:
    """The preview of ``layout``, of any game, as text ending in a newline:
    its game's board (the ``board`` job) painted as ``options`` say.  A
    game without a board is refused, naming the games that have one."""
    options = options or TerminalOptions()
    game = find_game(layout.game)
    if game.board is None:
        raise ArgumentError(f"terminal previews belong to {_previewed()}")
    board: Preview = game.board(layout, options)
    return painted(board, options)


def _previewed() -> str:
    """The games with a board, grouped by what their layouts are called:
    ``Racepack tracks and Motocross courses``."""
    titles: dict[str, list[str]] = {}
    for game in GAMES.values():
        if game.board is not None:
            titles.setdefault(game.noun, []).append(game.title)
    return " and ".join(f"{' and '.join(names)} {noun}" for noun, names in titles.items())


def painted(preview: Preview, options: TerminalOptions) -> str:
    """``preview`` as text: its heading, its picture fitted to
    ``options.width`` and its key, coloured and in ASCII as asked."""
    width = options.width
    header = [line for words in preview.heading for line in _set_out(words, width)]
    footer = [line for words in preview.key for line in _set_out(words, width)]
    picture = preview.picture
    if isinstance(picture, Grid):
        rows = picture_rows(picture.board, picture.marks, width, options.borders)
    elif isinstance(picture, Cards):
        rows = card_rows(picture, width)
    else:
        rows = [list(row) for row in picture.rows]
    return finished(header, rows, footer, options)


def _set_out(words: Words, width: int) -> list[str]:
    """The lines of one block of words: wrapped to ``width``, or one item a line."""
    return wrap_items(list(words.items), width, words.gap) if words.wrap else list(words.items)


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


def paint(run: Run, palette: dict[Style, str] | None) -> str:
    """A line as text; with a palette, colour codes around each stretch of one style."""
    if palette is None:
        return "".join([character for character, _ in run]).rstrip()
    while run and run[-1] == (" ", Style.EMPTY):
        run = run[:-1]
    pieces: list[str] = []
    current = ""
    for character, style in run:
        code = palette.get(style, "")
        if code != current:
            pieces.append(RESET if current else "")
            pieces.append(code)
            current = code
        pieces.append(character)
    if current:
        pieces.append(RESET)
    return "".join(pieces)


# --- cards ---------------------------------------------------------------------------


def card_rows(cards: Cards, width: int) -> list[Run]:
    """The cards as rows of boxes, as many to a row as fit ``width``: each
    row a rule, a line for each line of the cards' text, and a rule."""
    per_row = max(1, (width - 1) // (cards.width + 3))
    rows: list[Run] = []
    for start in range(0, len(cards.cards), per_row):
        rows += _box_row(cards.cards[start : start + per_row], cards.width)
    return rows


def _box_row(row: tuple[Card, ...], inside: int) -> list[Run]:
    """One row of boxes ``inside`` characters wide within their sides."""
    rule: Run = [("+", Style.EDGE)]
    for _ in row:
        rule += [("-", Style.EDGE)] * (inside + 2) + [("+", Style.EDGE)]
    lines = [rule]
    for part in range(max(len(card.lines) for card in row)):
        line: Run = [("|", Style.EDGE)]
        for card in row:
            text = card.lines[part] if part < len(card.lines) else ""
            line += [(c, card.style) for c in f" {text:<{inside}} "] + [("|", Style.EDGE)]
        lines.append(line)
    return [*lines, rule]
