"""RACE! drawings: golden SVGs and terminal previews of the shipped tracks,
and what a drawing must show."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import GoldenCheck
from support import LAYOUTS, RACE_SHIPPED, SVG, assert_fault_strokes, svg_layers, write
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import LimitError
from trackkit.games import find_game, load
from trackkit.race.label_spots import inside, place_labels
from trackkit.race.setup import race_setup
from trackkit.race.shape import layout_shape
from trackkit.race.track import Corner, RaceLayout, grid_spaces
from trackkit.render.options import RenderOptions, TerminalOptions
from trackkit.render.pages import get_paper
from trackkit.render.painter import paint_pages, paint_svg
from trackkit.render.roles import ROAD_COLOURS
from trackkit.render.terminal import render_preview

RACE_CORPUS = Path(__file__).resolve().parent / "corpus"


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_svg_matches_its_golden_file(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.svg", paint_svg(load(path).layout))


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_preview_matches_its_golden_file(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.show.txt", render_preview(load(path).layout, TerminalOptions(width=80)))


def test_a_drawing_numbers_every_fifth_space_and_rates_each_corner() -> None:
    layout = RaceLayout(spaces=30, finish=30, corners=(Corner(4, 3, 1), Corner(12, 2, 2)))
    svg = paint_svg(layout, RenderOptions(theme="color"))
    numbers = [f">{n}</text>" for n in (1, 5, 10, 15, 20, 25, 30)]
    assert all(number in svg for number in numbers)
    assert svg.count(">R1</text>") == 1 and svg.count(">R2</text>") == 1
    # the corner's spaces and its sample in the key
    assert svg.count('fill="#e07a5f"') == 3 + 1 and svg.count('fill="#f2cc8f"') == 2 + 1


def test_a_converted_track_lies_on_its_tiles() -> None:
    shape = layout_shape(load(RACE_SHIPPED[0]).layout)
    assert len(shape.tiles) == 24 and len(shape.spaces) == 48


def test_the_same_layout_draws_the_same_bytes() -> None:
    layout = load(RACE_SHIPPED[0]).layout
    assert paint_svg(layout) == paint_svg(layout)


def test_a_huge_track_is_refused_before_drawing() -> None:
    with pytest.raises(LimitError):
        paint_svg(RaceLayout(spaces=5000, finish=1))
    with pytest.raises(LimitError):
        render_preview(RaceLayout(spaces=5000, finish=1))


@pytest.mark.parametrize("width", [8, 40, 80, 140])
def test_every_space_appears_once_in_a_preview(width: int) -> None:
    layout = RaceLayout(spaces=37, finish=10, racers=6)
    text = render_preview(layout, TerminalOptions(width=width))
    ring = text.split("\n\n")[1]
    assert ring.count("··") + ring.count("◉") + ring.count("○") == 37


def test_figure1_on_letter_is_six_pages_and_a_page_map() -> None:
    layout = load(LAYOUTS / "figure1-race.yaml").layout
    pages = paint_pages(layout, RenderOptions(true_size=True), get_paper("letter"))
    assert len(pages) == 7
    assert all('width="11in"' in page and 'height="8.5in"' in page for page in pages)
    assert [f"Figure 1 · page {n} of 6" in pages[n - 1] for n in range(1, 7)] == [True] * 6
    assert "6 pages of Letter, outlined and numbered" in pages[6]


def test_print_pages_keep_to_greys_and_color_tints_the_corners() -> None:
    layout = load(LAYOUTS / "figure1-race.yaml").layout
    printed = paint_svg(layout, RenderOptions(theme="print"))
    coloured = paint_svg(layout, RenderOptions(theme="color"))
    assert ROAD_COLOURS["color"]["corner-2"] in coloured and ROAD_COLOURS["color"]["corner-2"] not in printed
    colours = set(re.findall(r'"#([0-9a-f]{6})"', printed))
    assert all(c[0:2] == c[2:4] == c[4:6] for c in colours)


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_ratings_stand_clear_of_the_road(path: Path) -> None:
    layout = load(path).layout
    shape = layout_shape(layout)
    labels = place_labels(race_setup(layout))
    clear = [spot for _, spot in labels.ratings]
    assert not any(inside(spot, space.outline) for spot in clear for space in shape.spaces)
    assert len(labels.ratings) == len(layout.corners)


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_each_number_and_grid_disc_stands_in_its_own_space(path: Path) -> None:
    layout = load(path).layout
    shape = layout_shape(layout)
    labels = place_labels(race_setup(layout))
    assert [text for text, _ in labels.numbers] == [
        str(k) for k in range(1, layout.spaces + 1) if k == 1 or k % 5 == 0
    ]
    for text, spot in labels.numbers:
        assert inside(spot, shape.spaces[int(text) - 1].outline), text
    for space, spot in zip(grid_spaces(layout), labels.discs):
        assert inside(spot, shape.spaces[space - 1].outline), space


def test_a_track_with_no_corners_says_so_and_keys_no_corner() -> None:
    svg = paint_svg(load(LAYOUTS / "race-oval.yaml").layout)
    assert "24 spaces, no corners, counterclockwise" in svg
    assert "corner, radius" not in svg and "R1" not in svg and "R2" not in svg


def test_the_key_names_each_mark_drawn() -> None:
    svg = paint_svg(load(LAYOUTS / "race-road-course.yaml").layout)
    for words in (
        "driving direction",
        "finish line",
        "corner, radius 1 (tougher)",
        "corner, radius 2",
        "pole position",
        "grid place, in starting order",
    ):
        assert f">{words}</text>" in svg, words
    assert "piecepack tile" not in svg
    assert 'font-family="DejaVu Sans, Helvetica, Arial, sans-serif"' in svg


def _points(polygon: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in polygon.split())]


def _drawn_ends(svg: str) -> list[tuple[float, float]]:
    """Both ends of every ``line`` of ``svg`` and every point of every ``path``."""
    root = ElementTree.fromstring(svg)
    ends = []
    for line in root.iter(f"{SVG}line"):
        ends += [(float(line.get("x1", 0)), float(line.get("y1", 0))), (float(line.get("x2", 0)), float(line.get("y2", 0)))]
    for path in root.iter(f"{SVG}path"):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.get("d", ""))]
        ends += list(zip(numbers[::2], numbers[1::2]))
    return ends


def test_a_hairpin_laid_from_its_corners_draws_no_wall_in_its_infield() -> None:
    # Issue 38: the road course's radius-1 hairpin (spaces 12-15) left open
    # ground between its legs, where a wall stood alone in the infield
    svg = paint_svg(load(LAYOUTS / "race-road-course.yaml").layout)
    spaces = _polygons(svg, "spaces")
    legs = [point for n in (9, 10, 11, 16, 17, 18) for point in _points(spaces[n - 1])]
    left, right = min(x for x, _ in legs), max(x for x, _ in legs)
    top, bottom = min(y for _, y in legs), max(y for _, y in legs)
    # the box round the legs holds both ends of the wall that stood there
    assert left <= 989.4 and top <= 1314.5 and right >= 1032.5 and bottom >= 1509.8
    assert not [(x, y) for x, y in _drawn_ends(svg) if left <= x <= right and top <= y <= bottom]
    assert "walls" not in svg_layers(svg) and "hairpin" not in svg


def test_a_hairpin_on_tiles_keeps_its_wall_on_the_tiles_shared_edge() -> None:
    svg = paint_svg(load(LAYOUTS / "race-hairpin.yaml").layout)
    lines = svg_layers(svg)["walls"].iter(f"{SVG}line")
    ends = {((line.get("x1"), line.get("y1")), (line.get("x2"), line.get("y2"))) for line in lines}
    assert ends == {(("1750", "470"), ("1550", "470"))}
    # the edge where the road in (spaces 11-12) meets the road out (17-18)
    spaces = _polygons(svg, "spaces")
    road_in = {p for n in (11, 12) for p in _points(spaces[n - 1])}
    road_out = {p for n in (17, 18) for p in _points(spaces[n - 1])}
    assert {(1550.0, 470.0), (1750.0, 470.0)} <= road_in & road_out
    assert ">wall between the hairpin's roads</text>" in svg


def _polygons(svg: str, layer: str) -> list[str]:
    """The ``points`` of each polygon in the ``<g id=layer>`` of ``svg``."""
    return [p.get("points", "") for p in svg_layers(svg)[layer].iter(f"{SVG}polygon")]


def test_a_broken_track_outlines_the_spaces_of_the_corners_at_fault(golden: GoldenCheck) -> None:
    # corner-radius.yaml: "error race/corner-radius 0" and "... 1", corners on
    # spaces 5-7 and 12-13 (its recorded verdict)
    layout = load(RACE_CORPUS / "corner-radius.yaml").layout
    assert isinstance(layout, RaceLayout)
    svg = paint_svg(layout)
    spaces = _polygons(svg, "spaces")
    assert _polygons(svg, "faults") == [spaces[n - 1] for n in (5, 6, 7, 12, 13)]
    assert "corner breaking a rule: run trackkit validate" in svg
    golden("race-corner-radius.svg", svg)
    assert_fault_strokes(svg, paint_svg(layout, RenderOptions(theme="color")))


def test_a_corner_off_the_track_has_no_space_to_mark() -> None:
    # corner-beyond.yaml: "error race/corner-place 0", a corner past the last space
    layout = load(RACE_CORPUS / "corner-beyond.yaml").layout
    assert isinstance(layout, RaceLayout)
    svg = paint_svg(layout)
    assert 'id="faults"' not in svg and "breaking a rule" not in svg


# --- the terminal preview in colour and with fault marks ------------------------------

TIGHT = "trackkit: 1\nname: Tight\ngame: race\nspaces: 20\nracers: 2\nfinish: 20\ncorners:\n  - {from: 3, length: 2, radius: 3}\n"

TIGHT_PREVIEW = """\
Tight: 20 spaces, clockwise, finish ┃
after space 20

             20
          ○2 ◉1┃·· ··
       ··          !3
    ··                !3
    ··                ·· 5
 15 ··                ··
    ·· ··          ·· ··
          ·· ·· ·· ··
                10

▓1 radius-1 corner  ░2 radius-2 corner
◉1 pole  ○ grid  ·· straight
(numbers every fifth space)
! corner breaking a rule (run trackkit
validate)
"""
"""The ring drawn round the circle the SVG draws; spaces 3 and 4, the corner of
radius 3, carry the fault mark before their rating."""


def test_show_marks_the_spaces_of_a_corner_at_fault(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, TIGHT)
    result = runner.invoke(app, ["show", path, "-w", "40"])
    assert (result.exit_code, result.stdout) == (1, TIGHT_PREVIEW)
    assert result.stderr.startswith(f"{path}: the track breaks the rules (1 error: race/corner-radius)")


# --- the terminal preview drawn from the track's own geometry -------------------------

_SPACE_MARK = re.compile(r"··|[▓░▒!◉○].")


def _space_cells(picture: str) -> dict[tuple[int, int], str]:
    """Each space mark of a preview's picture by its row and cell (three
    characters a cell, the first cell one character in)."""
    return {
        (row, (found.start() - 1) // 3): found.group()
        for row, line in enumerate(picture.split("\n"))
        for found in _SPACE_MARK.finditer(line)
    }


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_a_preview_draws_each_corner_where_the_track_lays_it(path: Path) -> None:
    """Every corner space's rating stands within a cell of where the SVG
    drawing's space middle falls, one cell a space of the table."""
    layout = load(path).layout
    shape = race_setup(layout).shape
    cells = _space_cells(render_preview(layout, TerminalOptions(width=80)).split("\n\n")[1])
    assert len(cells) == layout.spaces
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    ys, xs = [s.centre[1] for s in shape.spaces], [s.centre[0] for s in shape.spaces]
    for corner in race_setup(layout).corners:
        for number in corner.spaces(layout.spaces):
            x, y = shape.spaces[number - 1].centre
            want = (top + max(ys) - y, left + x - min(xs))
            near = [
                mark
                for (r, c), mark in cells.items()
                if abs(r - want[0]) <= 1.5 and abs(c - want[1]) <= 1.5 and mark[1] == str(corner.radius)
            ]
            assert near, (number, want)


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_a_preview_shows_each_hairpin_wall_and_the_finish_by_the_pole(path: Path) -> None:
    layout = load(path).layout
    text = render_preview(layout, TerminalOptions(width=80))
    picture = text.split("\n\n")[1]
    walled = bool(race_setup(layout).shape.walls)
    assert ("═" in picture or "║" in picture) == walled
    assert ("═ ║ hairpin wall" in text) == walled
    assert "◉1┃" in picture or "┃◉1" in picture


def test_a_terminal_too_narrow_for_the_shape_gets_the_ring_round_a_rectangle() -> None:
    layout = load(LAYOUTS / "race-hairpin.yaml").layout
    picture = render_preview(layout, TerminalOptions(width=40)).split("\n\n")[1]
    assert picture.split("\n")[1] == "    ○5 ○4 ○3 ○2 ◉1┃·· ·· ·· ··"
    assert "═" not in picture and "║" not in picture


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("path", RACE_SHIPPED, ids=[p.stem for p in RACE_SHIPPED])
def test_the_sheets_are_counted_before_any_is_drawn(path: Path, paper: str) -> None:
    layout = load(path).layout
    options = RenderOptions(true_size=True)
    counted = find_game("race").count_pages
    assert counted is not None
    assert counted(layout, options, get_paper(paper)) == len(paint_pages(layout, options, get_paper(paper)))
