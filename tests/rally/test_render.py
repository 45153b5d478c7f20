"""Rally drawings: golden SVGs and previews of the shipped decks, pages,
and the marks a player looks for."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from conftest import GoldenCheck
from support import LAYOUTS, SVG, assert_fault_strokes, rect_centre, svg_layers
from typer.testing import CliRunner

from trackkit import games
from trackkit.board import Style
from trackkit.cli import app
from trackkit.rally.deck import RaceDeck
from trackkit.rally.picture import legend_items
from trackkit.render.options import RenderOptions, TerminalOptions
from trackkit.render.pages import get_paper
from trackkit.render.painter import paint_pages as render_deck_pages
from trackkit.render.painter import paint_svg as render_deck_svg
from trackkit.render.terminal import PALETTES, render_preview

SHIPPED = [LAYOUTS / "rally-base.yaml", LAYOUTS / "rally-expansion.yaml"]


def deck_of(path: Path) -> RaceDeck:
    deck = games.load(path).layout
    assert isinstance(deck, RaceDeck)
    return deck


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_each_shipped_deck_matches_its_golden_svg(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.svg", render_deck_svg(deck_of(path)))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_each_shipped_deck_matches_its_golden_preview(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.show.txt", render_preview(deck_of(path), TerminalOptions(width=80)))


def test_the_strip_marks_checkpoints_jumps_and_scoring_stacks() -> None:
    svg = render_deck_svg(deck_of(SHIPPED[0]))
    assert svg.count(">CHECKPOINT<") == 3
    assert [f">{n} of 3<" in svg for n in (1, 2, 3)] == [True] * 3
    assert svg.count(">JUMP<") == 2
    assert [f">{n} of 2<" in svg for n in (1, 2)] == [True] * 2
    assert svg.count(">Lead<") == 3
    assert svg.count(">Trail<") == 3
    assert svg.count(">5 to 1<") == 3
    assert svg.count(">9 to 1<") == 3
    assert "Lead Car scoring stack, top card first (5 to 1)" in svg
    assert svg.count(">setup<") == 5
    assert ">stack 1<" in svg and ">stack 14<" in svg and ">stack 15<" not in svg


def icons(svg: str) -> list[str]:
    """The kind of every icon drawn on a card, in course order."""
    return [
        g.get("class", "").split()[2]
        for g in ET.fromstring(svg).iter(f"{SVG}g")
        if g.get("class", "").startswith("symbol icon ")
    ]


def test_each_card_shows_the_icon_of_its_kind() -> None:
    deck = deck_of(SHIPPED[1])
    assert icons(render_deck_svg(deck)) == list(deck.course)
    unknown = replace(deck, course=(*deck.course[:2], "tunnel", *deck.course[3:]))
    assert icons(render_deck_svg(unknown))[2] == "card"


def test_the_key_shows_every_icon_and_the_tokens() -> None:
    deck = deck_of(SHIPPED[1])
    swatches = [item.swatch for item in legend_items(deck)]
    assert swatches == [*dict.fromkeys(deck.course), "lead", "trail", "fuel", "control"]
    words = {item.swatch: item.text for item in legend_items(deck)}
    # Setup: "Starting player – 3 Control & 3 Fuel; Next player to their left –
    # 4 Control & 3 Fuel; All other players – 4 Control & 4 Fuel"
    assert words["fuel"].endswith("3 for the starting player, 3 for the next player, 4 for each other player")
    assert words["control"].endswith(
        "3 for the starting player, 4 for the next player, 4 for each other player"
    )


def stack_boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """Each scoring stack's footprint (left, top, right, bottom), in user units."""
    found = []
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if group.get("class", "").startswith("symbol stack "):
            rects = list(group.iter(f"{SVG}rect"))
            xs = [float(r.get("x", 0)) for r in rects] + [
                float(r.get("x", 0)) + float(r.get("width", 0)) for r in rects
            ]
            ys = [float(r.get("y", 0)) for r in rects] + [
                float(r.get("y", 0)) + float(r.get("height", 0)) for r in rects
            ]
            found.append((min(xs), min(ys), max(xs), max(ys)))
    return found


def card_boxes(svg: str) -> dict[int, tuple[float, float, float, float]]:
    """Each card's outline (left, top, right, bottom) by course position, in user units."""
    found = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if re.fullmatch(r"card-\d+", group.get("id", "")):
            x, y = rect_centre(next(group.iter(f"{SVG}rect")))
            found[int(group.get("id", "").removeprefix("card-"))] = (x - 125, y - 175, x + 125, y + 175)
    return found


def test_stacks_and_rows_are_evenly_spaced() -> None:
    # base deck: Checkpoints at 5 (row 1), 10 and 15 (row 2); cards 8 on a row
    svg = render_deck_svg(deck_of(SHIPPED[0]))
    cards, stacks = card_boxes(svg), sorted(stack_boxes(svg), key=lambda b: (b[1], b[0]))
    assert len(stacks) == 6
    for at, lead, trail in zip((5, 10, 15), stacks[::2], stacks[1::2]):
        left, _, right, bottom = cards[at]
        # as far below its card as the gap between two cards of a row
        assert lead[1] - bottom == pytest.approx(cards[1][0] - cards[0][2])
        # equal room left of, between and right of the two stacks
        gaps = (lead[0] - left, trail[0] - lead[2], right - trail[2])
        assert gaps == pytest.approx((gaps[0],) * 3, abs=0.05)
    # the next row starts as far below the stacks as they stand below their card
    assert cards[8][1] - stacks[0][3] == pytest.approx(stacks[0][1] - cards[5][3])


def test_the_print_strip_keeps_to_greys() -> None:
    colours = set(re.findall(r'"#([0-9a-f]{6})"', render_deck_svg(deck_of(SHIPPED[0]))))
    assert all(c[0:2] == c[2:4] == c[4:6] for c in colours), colours


def test_the_same_deck_draws_the_same_bytes_and_themes_differ() -> None:
    deck = deck_of(SHIPPED[1])
    assert render_deck_svg(deck) == render_deck_svg(deck)
    assert render_deck_svg(deck, RenderOptions(theme="color")) != render_deck_svg(deck)


def test_true_size_pages_on_letter_paper() -> None:
    pages = render_deck_pages(deck_of(SHIPPED[0]), RenderOptions(true_size=True), get_paper("letter"))
    # six sheets (eight while the words' boxes spanned the whole strip), then the page map
    assert len(pages) == 7
    assert all('width="8.5in"' in page or 'width="11in"' in page for page in pages)
    assert 'id="page-map"' in pages[-1]


def test_the_preview_fits_its_width_and_colours_on_request() -> None:
    deck = deck_of(SHIPPED[0])
    text = render_preview(deck, TerminalOptions(width=40))
    assert max(len(line) for line in text.splitlines()[1:]) <= 40
    assert "\x1b[" not in text
    painted = render_preview(deck, TerminalOptions(width=80, color=True))
    assert f"{PALETTES['dark'][Style.CHECKPOINT]} checkpoint  " in painted


def test_a_broken_deck_rings_the_cards_at_fault(golden: GoldenCheck) -> None:
    # end-on-a-jump.yaml: "error rally/pattern 7 12 16" and "error rally/end 16"
    deck = games.load(Path(__file__).resolve().parent / "corpus" / "end-on-a-jump.yaml").layout
    assert isinstance(deck, RaceDeck)
    svg = render_deck_svg(deck)
    groups = svg_layers(svg)
    rings = [rect_centre(r) for r in groups["faults"].iter(f"{SVG}rect")]
    cards = [rect_centre(next(groups[f"card-{i}"].iter(f"{SVG}rect"))) for i in (7, 12, 16)]
    assert rings == cards
    assert "card breaking a rule: run trackkit validate" in svg
    golden("rally-end-on-a-jump.svg", svg)
    assert_fault_strokes(svg, render_deck_svg(deck, RenderOptions(theme="color")))


def test_a_legal_deck_has_no_fault_marks() -> None:
    deck = games.load(Path(__file__).resolve().parent / "corpus" / "legal-base.yaml").layout
    assert isinstance(deck, RaceDeck)
    svg = render_deck_svg(deck)
    assert 'id="faults"' not in svg and "breaking a rule" not in svg


# --- colour themes and fault marks in the terminal ---------------------------------------


def test_show_marks_the_cards_a_broken_rule_names(runner: CliRunner, golden: GoldenCheck) -> None:
    # end-on-a-jump.yaml: "error rally/pattern 7 12 16" and "error rally/end 16"
    path = Path(__file__).resolve().parent / "corpus" / "end-on-a-jump.yaml"
    result = runner.invoke(app, ["show", str(path), "-w", "40"])
    assert result.exit_code == 1
    marked = [line for line in result.stdout.splitlines() if "!" in line]
    assert marked == [
        "|  6             |  7 ! faulty    |",
        "| 12 ! faulty    | 13             |",
        "| 16 ! faulty    |",
        "! card breaking a rule (run trackkit",
    ]
    golden("rally-end-on-a-jump.show.txt", result.stdout)
