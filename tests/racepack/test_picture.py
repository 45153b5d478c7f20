"""Racepack's picture, grown from its setup before anything is painted:
its layers in painting order, the symbols its labels keep clear of, and
the boxes its paper pages are planned around."""

from __future__ import annotations

from support import FIGURE1_PATH, LAYOUTS

from trackkit.picture.marks import Group, Picture, Piece
from trackkit.picture.paper import PAPERS
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.picture import racepack_picture
from trackkit.render.options import RenderOptions


def figure1(options: RenderOptions) -> Picture:
    return racepack_picture(loads_layout(f"trackkit: 1\npath: {FIGURE1_PATH}\n").layout, options)


def layers(picture: Picture) -> list[str]:
    return [mark.name for mark in picture.marks if isinstance(mark, Group)]


def test_figure1_grows_its_layers_bottom_first_and_only_those_it_shows() -> None:
    picture = figure1(RenderOptions())
    assert layers(picture) == [
        "background", "tiles", "space-grid", "tile-borders", "road-edges", "arrows", "start-finish",
        "lap-die", "corner-numbers", "title", "legend",
    ]  # fmt: skip
    assert (picture.width, round(picture.height, 2)) == (19.0, 17.18)
    assert picture.facts == ("24 tiles · clockwise · 3 laps · 8 corners",)
    assert [item.swatch for item in picture.legend] == ["arrow", "finish", "die", "corner"]


def test_the_options_add_their_layers_and_the_pieces_stand_where_the_setup_puts_them() -> None:
    picture = figure1(RenderOptions(grid=True, lanes=True, line=True, numbers=True))
    assert layers(picture) == [
        "background", "tiles", "inside-lane", "space-grid", "tile-borders", "road-edges", "arrows",
        "start-finish", "racing-line-path", "starting-grid", "racing-line", "lap-die", "corner-numbers",
        "tile-numbers", "title", "legend",
    ]  # fmt: skip
    grid = next(mark for mark in picture.marks if isinstance(mark, Group) and mark.name == "starting-grid")
    assert [(piece.kind, piece.words) for piece in grid.marks if isinstance(piece, Piece)] == [
        ("pole", "1"), ("pawn", "2"), ("pawn", "3"), ("pawn", "4"),
    ]  # fmt: skip
    assert {kind for _, kind in picture.placer.symbols} == {"arrow", "chequer", "pawn", "turn-end", "die", "disc"}
    assert len(picture.placer.labels) == 24  # every tile's number, set clear of them


def test_the_pages_are_planned_round_the_tiles_and_the_lines_of_words() -> None:
    picture = figure1(RenderOptions(true_size=True))
    assert picture.plan is not None
    tiles, words = picture.plan
    assert len(tiles) == 24 and (tiles[0][2] - tiles[0][0], tiles[0][3] - tiles[0][1]) == (2.0, 2.0)
    assert len(words) == 2 + 4 + 8 + 1  # title and facts, the key's items, the corners' discs, the die


def test_on_paper_the_grand_prix_s_key_is_narrowed_by_a_row_and_figure1_s_kept() -> None:
    grand_prix = racepack_picture(load_layout(LAYOUTS / "grand-prix.yaml").layout, RenderOptions(true_size=True))
    plain = figure1(RenderOptions(true_size=True))
    for paper in PAPERS.values():
        assert grand_prix.on_paper is not None and plain.on_paper is not None
        printed = grand_prix.on_paper(paper)
        assert printed.width == grand_prix.width and round(printed.height - grand_prix.height, 2) == 0.48
        assert plain.on_paper(paper).marks == plain.marks
