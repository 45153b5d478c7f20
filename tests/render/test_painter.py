"""The one painter: a picture's marks painted by role in each theme, and
its true-size picture cut into the pages its marks fall on."""

from __future__ import annotations

from dataclasses import replace

import pytest
from fifth_game.drag.game import GAME as DRAG
from fifth_game.drag.strip import Strip

from trackkit import registry
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import (
    Area,
    Chequer,
    Disc,
    Group,
    Line,
    Mark,
    Path,
    Picture,
    Piece,
    Route,
    Squares,
    Text,
    Tile,
)
from trackkit.picture.paper import Paper, get_paper
from trackkit.render.options import RenderOptions
from trackkit.render.painter import picture_pages, picture_svg
from trackkit.render.roles import ROAD_COLOURS, role_styles, style_of
from trackkit.render.themes import get_theme


def picture(*marks: Mark, width: float = 4.0, height: float = 3.0) -> Picture:
    return Picture("probe", "Probe", (), width, height, marks, (), LabelPlacer())


def test_each_mark_is_one_element_in_hundredths_of_a_space_coloured_by_its_role() -> None:
    square = ((1.0, 1.0), (2.0, 1.0), (2.0, 2.0), (1.0, 2.0))
    svg = picture_svg(
        picture(Group((Area(square, "corner-1"), Disc((3.0, 1.5), 0.25, "pole")), name="road", role="road")),
        RenderOptions(theme="color"),
    )
    assert '<g id="road" stroke="#222222" stroke-width="3">' in svg
    assert '<polygon fill="#e07a5f" points="100.0,100.0 200.0,100.0 200.0,200.0 100.0,200.0"/>' in svg
    assert '<circle cx="300" cy="150" fill="#2d5fb8" r="25" stroke="#2d5fb8" stroke-width="4"/>' in svg
    assert 'height="144" version="1.1" viewBox="0 0 400 300" width="192"' in svg


def test_a_role_of_several_words_takes_each_word_s_attributes_and_an_unknown_rating_its_family_s() -> None:
    styles = role_styles(get_theme("print"))
    assert style_of("corner-2 road", styles) == {"fill": "#cfcfcf", "stroke": "#000000", "stroke_width": "3"}
    assert style_of("corner-7", styles) == {"fill": ROAD_COLOURS["print"]["corner"]}
    assert style_of("", styles) == {}


def test_print_paints_in_greys_and_lines_texts_tiles_and_chequers_keep_their_places() -> None:
    svg = picture_svg(
        picture(
            Tile(0.5, 0.5, 2.5, 2.5, "tiles"),
            Line((0.0, 0.0), (1.0, 0.5), "wall"),
            Chequer((1.0, 0.0), (1.0, 1.0), "chequer", 0.16),
            Text("Probe", (0.4, 0.64), 0.42, "ink", bold=True),
        ),
        RenderOptions(true_size=True),
    )
    assert '<rect fill="#f2f2f2" height="200" stroke="#8c8c8c" stroke-width="2" width="200" x="50" y="50"/>' in svg
    assert '<line stroke="#000000" stroke-width="12" x1="0" x2="100" y1="0" y2="50"/>' in svg
    assert 'stroke="#ffffff" stroke-dasharray="8,8" stroke-width="8"' in svg
    assert '<text fill="#000000" font-size="42" font-weight="bold" x="40" y="64">Probe</text>' in svg
    assert 'height="3in"' in svg and 'width="4in"' in svg


def test_the_cutter_prints_only_the_sheets_a_mark_falls_on() -> None:
    # two small squares 20 inches apart on a 24-inch picture: letter sheets
    # show 7.5 by 10 inches, so the windows between them hold nothing
    far = picture(
        Area(((0.5, 0.5), (1.5, 0.5), (1.5, 1.5), (0.5, 1.5)), "space"),
        Area(((22.5, 0.5), (23.5, 0.5), (23.5, 1.5), (22.5, 1.5)), "space"),
        width=24.0,
        height=2.0,
    )
    pages = picture_pages(far, RenderOptions(true_size=True), get_paper("letter"))
    assert len(pages) == 3
    assert "Probe · page 1 of 2" in pages[0] and "Probe · page 2 of 2" in pages[1]
    assert "2 pages of Letter, outlined and numbered" in pages[2]


# --- a game the painter has never heard of ---------------------------------------


def test_a_game_with_a_picture_job_is_drawn_on_screen_and_on_paper_by_the_one_painter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The drag race of ``tests/fifth_game``: its picture grown from its
    setup, painted by the painter that has never heard of it."""
    monkeypatch.setitem(registry.GAMES, "drag", DRAG)
    strip = Strip(tiles=12, name="Drag strip")  # 27 inches long: three Letter sheets turned sideways
    svg = DRAG.draw_svg(strip, RenderOptions(title="Quarter mile"))
    assert svg.count("<rect ") == 12 + 1  # the tiles and the die
    assert '<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" id="drag">' in svg
    assert ">Quarter mile</text>" in svg
    pages = DRAG.draw_pages(strip, RenderOptions(true_size=True), get_paper("letter"))
    assert DRAG.count_pages is not None
    assert DRAG.count_pages(strip, RenderOptions(true_size=True), get_paper("letter")) == len(pages) == 3 + 1
    assert 'height="8.5in"' in pages[0] and "Drag strip · page 3 of 3" in pages[2]


def test_an_exact_nameless_picture_keeps_hundredths_and_paints_its_strokes_as_one_path() -> None:
    grid = Path((((0.5, 1.255), (2.5, 1.255)), ((1.5, 0.255), (1.5, 2.255))), "space-grid")
    exact = Picture("", "Probe", (), 4.005, 3.0, (grid,), (), LabelPlacer(), exact=True)
    svg = picture_svg(exact, RenderOptions())
    assert 'height="144" version="1.1" viewBox="0 0 400.5 300" width="192.24"' in svg
    assert '<path d="M50 125.5 L250 125.5 M150 25.5 L150 225.5" fill="none" stroke="#b3b3b3" stroke-width="1.2"/>' in svg
    assert "<g" not in svg.split("<defs/>")[1]  # no outermost layer
    empty = Picture("", "Probe", (), 4.0, 3.0, (Path((), "space-grid"),), (), LabelPlacer(), exact=True)
    assert "<path" not in picture_svg(empty, RenderOptions())


def test_closed_strokes_a_route_and_squares_are_each_one_path() -> None:
    arrow = Path((((1.0, 1.0), (1.5, 1.25), (1.0, 1.5)),), "heading", closed=True)
    line = Route(((0.5, 0.5), (1.5, 0.5), (1.5, 1.5)), "racing-path")
    band = Squares(((2.0, 0.0, 2.2, 0.2), (2.2, 0.2, 2.4, 0.4)), "chequer-dark")
    svg = picture_svg(picture(arrow, line, band, width=3.0, height=2.0), RenderOptions())
    assert '<path d="M100 100 L150 125 L100 150 Z" fill="#6e6e6e" stroke="none"/>' in svg
    assert (
        '<path d="M50 50L150 50L150 150" fill="none" stroke="#000000" stroke-dasharray="15 8"'
        ' stroke-linejoin="round" stroke-width="6"/>'
    ) in svg
    assert '<path d="M200 0 h20 v20 h-20 Z M220 20 h20 v20 h-20 Z" fill="#000000"/>' in svg


def test_pieces_are_drawn_in_the_theme_s_colours_and_a_letter_in_its_role_s() -> None:
    pieces = (
        Piece("die", (1.0, 1.0), 0.625, "1"),
        Piece("pole", (2.0, 1.0), 0.28, "1"),
        Piece("coin", (3.0, 1.0), 0.37, "suns"),
        Piece("letter", (1.0, 2.0), 0.4, "P", "stop-ink"),
        Piece("letter", (2.0, 2.0), 0.2, "17", "tile-number"),
    )
    svg = picture_svg(picture(*pieces), RenderOptions(theme="color"))
    assert 'rx="8.12" stroke="#b3261e" stroke-width="3.12" width="62.5" x="68.75" y="68.75"/>' in svg
    assert '>A</text>' in svg  # one lap: the die's ace
    assert '<circle cx="200" cy="100" fill="#ffd23f" r="28" stroke="#3f444b" stroke-width="2.5"/>' in svg
    assert '<circle cx="300" cy="100" fill="#d62a2a" r="37" stroke="#ffffff" stroke-width="2.59"/>' in svg
    assert 'fill="#ffffff" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="40"' in svg
    halo, ink = [line for line in svg.splitlines() if ">17<" in line]
    assert 'fill="#22262b"' in halo and 'stroke="#22262b"' in halo and 'fill="#ffffff"' in ink


def test_a_picture_with_a_version_for_the_paper_is_printed_in_it() -> None:
    wide = picture(Tile(0.5, 0.5, 23.5, 1.5, "tiles"), width=24.0, height=2.0)
    small = picture(Tile(0.5, 0.5, 1.5, 1.5, "tiles"), width=2.0, height=2.0)
    asked: list[str] = []

    def on_paper(paper: Paper) -> Picture:
        asked.append(paper.name)
        return small

    pages = picture_pages(replace(wide, on_paper=on_paper), RenderOptions(true_size=True), get_paper("a4"))
    assert asked == ["A4"]
    assert len(pages) == 2 and "1 pages of A4" in pages[1]
