"""One terminal painter for every game: each game gives a board, render paints it.

A drag race stands in for a game trackkit does not ship: two cars race
down one straight row of spaces from the start line to the finish line.
Its layout is the number of spaces; its board is that row, one tile every
two spaces, an arrow on each space and the chequered flag on the last.
Registered with one line, it previews through the same painter as the
four shipped games, with no render module knowing it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest
from support import LAYOUTS

from trackkit import games, registry
from trackkit.board import (
    ARROWS,
    FINISH,
    Board,
    Card,
    Cards,
    Grid,
    Mark,
    Preview,
    Style,
    TerminalOptions,
    Words,
)
from trackkit.errors import ArgumentError
from trackkit.game import TERMINAL_PREVIEW
from trackkit.piecepack.geometry import Heading
from trackkit.render.terminal import card_rows, painted, render_preview


@dataclass(frozen=True)
class DragStrip:
    """A drag race's layout: ``spaces`` spaces in one row, driven east."""

    spaces: int
    game: str = "drag"


def drag_board(strip: DragStrip, options: TerminalOptions) -> Preview:
    """The drag strip for a terminal: an arrow on every space, the flag on the last."""
    owners = {(x, 0): x // 2 for x in range(strip.spaces)}
    marks = {(x, 0): Mark(ARROWS[Heading.EAST], Style.ROAD) for x in range(strip.spaces - 1)}
    marks[(strip.spaces - 1, 0)] = Mark(FINISH, Style.FINISH)
    heading = Words(tuple(f"Drag strip — {strip.spaces} spaces".split(" ")), " ")
    key = Words(("→ driving direction", f"{FINISH} finish line"))
    return Preview((heading,), Grid(Board((0, 0), (strip.spaces, 1), owners), marks), (key,))


@pytest.fixture
def drag_race(monkeypatch: pytest.MonkeyPatch) -> None:
    """The drag race registered beside the shipped games."""
    drag = replace(registry.RALLY, name="drag", title="Drag race", aliases=(), board=drag_board)
    monkeypatch.setitem(registry.GAMES, "drag", drag)


@pytest.mark.usefixtures("drag_race")
def test_a_game_defined_in_a_test_previews_through_the_one_painter() -> None:
    assert render_preview(DragStrip(4), TerminalOptions(width=20)) == (
        "Drag strip — 4\n"
        "spaces\n"
        "\n"
        "┏━━┯━━┳━━┯━━┓\n"
        "┃→→│→→┃→→│▚▚┃\n"
        "┗━━┷━━┻━━┷━━┛\n"
        "\n"
        "→ driving direction\n"
        "▚ finish line\n"
    )


@pytest.mark.usefixtures("drag_race")
def test_the_painter_fits_any_game_s_grid_to_the_width_and_to_ascii() -> None:
    assert render_preview(DragStrip(6), TerminalOptions(width=12, ascii=True)) == (
        "Drag strip -\n6 spaces\n\n>>>>>>>>>>##\n\n> driving\ndirection\n# finish\nline\n"
    )


def test_a_game_without_a_board_is_refused_naming_those_with_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "rally", replace(registry.RALLY, board=None))
    deck = games.load(LAYOUTS / "rally-base.yaml").layout
    message = r"^terminal previews belong to Racepack and RACE! tracks and Motocross courses$"
    with pytest.raises(ArgumentError, match=message):
        render_preview(deck)


@pytest.mark.parametrize("name", sorted(registry.GAMES))
def test_every_shipped_game_previews_with_the_one_painter(name: str) -> None:
    game = registry.GAMES[name]
    assert game.preview is TERMINAL_PREVIEW
    assert game.board is not None


def test_cards_are_set_out_as_many_to_a_row_as_fit() -> None:
    cards = Cards((Card(("1", "Start"), Style.ROAD), Card(("2", "Jump"), Style.RAMP), Card(("3",), Style.FAULT)), 5)
    rows = ["".join(character for character, _ in row) for row in card_rows(cards, 20)]
    assert rows == [
        "+-------+-------+",
        "| 1     | 2     |",
        "| Start | Jump  |",
        "+-------+-------+",
        "+-------+",
        "| 3     |",
        "+-------+",
    ]
    assert {style for _, style in card_rows(cards, 20)[5]} == {Style.EDGE, Style.FAULT}


def test_words_left_unwrapped_stand_one_item_a_line() -> None:
    preview = Preview(
        (Words(("a heading far wider than the preview",), wrap=False),),
        Cards((Card(("x",), Style.ROAD),), 1),
        (Words(("one", "two", "three"), " "),),
    )
    assert painted(preview, TerminalOptions(width=10)) == (
        "a heading far wider than the preview\n\n+---+\n| x |\n+---+\n\none two\nthree\n"
    )
