"""The marks the rally picture brought to the one painter (a glyph scaled
into its square, a polyline, a card's rounded corners, a shade given as a
colour), the cards a rally simulation shades, and a replay's board."""

from __future__ import annotations

from support import LAYOUTS

from trackkit import games
from trackkit.board import Board, Grid, Mark, Preview, Style, pieces_on
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import Area, Glyph, Label, Picture, Polyline, Text, Tile
from trackkit.play import Token
from trackkit.registry import find_game
from trackkit.render.options import RenderOptions
from trackkit.render.painter import picture_svg
from trackkit.render.replay import board_frame
from trackkit.render.roles import role_styles, style_of
from trackkit.render.themes import get_theme


def painted(*marks: Glyph | Tile | Polyline) -> list[str]:
    """The elements of a nameless exact picture of ``marks``, one a line."""
    picture = Picture("", "Probe", (), 3.0, 3.0, marks, (), LabelPlacer(), exact=True)
    return [line.strip() for line in picture_svg(picture, RenderOptions()).splitlines()[3:-1]]


def test_a_glyph_s_marks_are_scaled_from_its_own_square_into_the_square_it_stands_in() -> None:
    # centre (1, 1) and side 0.5 spaces: 100, 100 and 50 units; y runs down from -0.5 to 0.5
    glyph = Glyph(
        (1.0, 1.0),
        0.5,
        (
            Polyline(((0.0, 0.5), (0.0, -0.5)), 0.1, "icon-road-line round", (0.07, 0.06)),
            Area(((-0.5, -0.5), (0.5, -0.5), (0.0, 0.25)), "icon-accent icon-edge"),
            Area(((-0.5, 0.5), (0.5, 0.5), (0.0, 0.25)), "icon-ink bare"),
            Text("Q", (0.0, 0.0), 0.5, "icon-ink", bold=True, middle=True),
        ),
    )
    assert painted(glyph) == [
        '<path d="M100 125 L100 75" fill="none" stroke="#bdbdbd" stroke-dasharray="3.5 3"'
        ' stroke-linejoin="round" stroke-width="5"/>',
        # an outlined shape's outline is 0.03 of the side; a bare one has none
        '<polygon fill="#6e6e6e" points="75,75 125,75 100,112.5" stroke="#000000" stroke-width="1.5"/>',
        '<polygon fill="#000000" points="75,125 125,125 100,112.5" stroke="none"/>',
        # a glyph's text is centred on its point: its baseline 0.36 of its height below
        '<text fill="#000000" font-size="25" font-weight="bold" text-anchor="middle" x="100" y="109">Q</text>',
    ]


def test_a_polyline_in_spaces_a_rounded_tile_and_a_shade_given_as_a_colour() -> None:
    marks = (
        Polyline(((0.1, 0.2), (0.3, 0.4)), 0.02, "icon-ink-line"),
        Tile(1.5, 0.5, 2.5, 2.0, "#ff8800", 0.15),
    )
    assert painted(*marks) == [
        '<path d="M10 20 L30 40" fill="none" stroke="#000000" stroke-width="2"/>',
        '<rect fill="#ff8800" height="150" rx="15" width="100" x="150" y="50"/>',
    ]
    styles = role_styles(get_theme("color"))
    assert style_of("#123456 bare", styles) == {"fill": "#123456", "stroke": "none"}
    assert style_of("stack-lead stack-outline", styles) == {
        "fill": "#2d5fb8",
        "stroke": "#1f2328",
        "stroke_width": "1.2",
    }


def test_a_simulation_s_cards_are_shaded_and_lettered_as_asked_without_their_foot_lines() -> None:
    deck = games.load(LAYOUTS / "rally-base.yaml").layout
    count = len(deck.course)
    corners = [(index * 3.0, 0.0) for index in range(count)]
    fills = ["#ffffff"] * (count - 1) + ["#8b0000"]
    inks: list[str | None] = [None] * (count - 1) + ["#ffffff"]
    job = find_game("rally").shaded_cards
    assert job is not None
    cards, lettering = job(deck, corners, fills, inks)
    assert [card.name for card in cards] == [f"card-{index}" for index in range(count)]
    assert [card.marks[0].role for card in cards] == fills
    last = lettering[-1].marks
    assert all(isinstance(label, Label) for label in last)
    assert {label.role for label in last} == {"#ffffff"}
    assert {label.role for label in lettering[0].marks} == {"card-ink"}
    words = [label.placed.text for group in lettering for label in group.marks if isinstance(label, Label)]
    assert "setup" not in words and not any(word.startswith("stack ") for word in words)
    assert find_game("racepack").shaded_cards is None


def test_a_replay_board_puts_each_token_on_its_square_a_piece_that_is_down_as_a_fault() -> None:
    board = Board((0, 0), (3, 1), {(0, 0): 0, (1, 0): 0, (2, 0): 0})
    road = {square: Mark("→", Style.ROAD) for square in ((0, 0), (1, 0), (2, 0))}
    shown = pieces_on(board, road, {(0, 0): Token("1"), (2, 0): Token("x2", down=True)})
    assert shown == Preview(
        (),
        Grid(
            board,
            {
                (0, 0): Mark("1", Style.CAR, repeat=False),
                (1, 0): Mark("→", Style.ROAD),
                (2, 0): Mark("x2", Style.FAULT, repeat=False),
            },
        ),
        (),
    )
    assert road[(0, 0)] == Mark("→", Style.ROAD)


def test_a_game_without_a_replay_board_has_its_pieces_listed() -> None:
    deck = games.load(LAYOUTS / "rally-base.yaml").layout
    assert find_game("rally").replay_board is None
    standing = {"1a": Token("2.3.1"), "1b": Token("-")}
    assert (
        board_frame(deck, standing, "turn 1, seat 1", 80, False) == "turn 1, seat 1\n  cars: 1a 2.3.1  1b -"
    )
