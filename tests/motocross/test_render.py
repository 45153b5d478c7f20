"""Motocross drawings: golden SVGs and previews of the shipped courses, true
size, pages, and the marks a player looks for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import GoldenCheck
from support import (
    LAYOUTS,
    MOTOCROSS_CORPUS,
    MOTOCROSS_SHIPPED,
    SVG,
    assert_fault_strokes,
    rect_centre,
    svg_layers,
    write,
)
from typer.testing import CliRunner

from trackkit import games
from trackkit.board import Style
from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.motocross.course import Course
from trackkit.render.options import RenderOptions, TerminalOptions
from trackkit.render.pages import PAPERS
from trackkit.render.painter import paint_pages, paint_svg
from trackkit.render.terminal import PALETTES, render_preview


def course_of(path: Path) -> Course:
    course = games.load(path).layout
    assert isinstance(course, Course)
    return course


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=[p.stem for p in MOTOCROSS_SHIPPED])
def test_each_shipped_course_matches_its_golden_svg(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.svg", paint_svg(course_of(path)))


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=[p.stem for p in MOTOCROSS_SHIPPED])
def test_each_shipped_course_matches_its_golden_preview(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.show.txt", render_preview(course_of(path), TerminalOptions(width=80)))


def test_the_drawing_shows_every_tile_number_ramp_and_the_finish() -> None:
    course = course_of(MOTOCROSS_SHIPPED[0])
    svg = paint_svg(course)
    assert svg.count('<rect height="200" width="200"') == 24
    for tile in range(24):
        assert f">{tile}</text>" in svg
    assert 'id="finish-line"' in svg and 'id="start-tile"' in svg and ">START</text>" in svg
    assert svg.count("<circle") == course.ramp_coins


def test_true_size_makes_tiles_two_inches() -> None:
    svg = paint_svg(course_of(MOTOCROSS_SHIPPED[0]), RenderOptions(true_size=True))
    head = svg.splitlines()[1]
    # 10.6 inches of tiles, margins and title, and a row of explanation under the facts
    assert 'width="19in"' in head and 'height="10.94in"' in head


def test_a_course_cut_into_letter_pages() -> None:
    pages = paint_pages(
        course_of(MOTOCROSS_SHIPPED[0]), RenderOptions(true_size=True), PAPERS["letter"]
    )
    assert len(pages) == 4  # three sheets, then the page map
    assert all('width="8.5in"' in page or 'width="11in"' in page for page in pages)
    assert "page 1 of 3" in pages[0]
    assert 'id="page-map"' in pages[-1]


def test_the_preview_marks_start_ramps_and_finish() -> None:
    course = Course(((0, 0), (2, 0), (4, 0), (6, 0)), ramps=((1, 2),), players=3, name="Tiny")
    assert render_preview(course, TerminalOptions(width=40)) == (
        "Tiny — 4 tiles · 3 players · 1 ramp\n"
        "\n"
        "┏━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┓\n"
        "┃ 0│SS┃ 1│●2┃ 2│→→┃ 3│▚▚┃\n"
        "┠──┼──╂──┼──╂──┼──╂──┼──┨\n"
        "┃SS│SS┃→→│●2┃→→│→→┃→→│▚▚┃\n"
        "┗━━┷━━┻━━┷━━┻━━┷━━┻━━┷━━┛\n"
        "\n"
        "0–3 tiles numbered in play order\n"
        "S starting tile\n"
        "●N ramp N coins high at its raised edge\n"
        "▚ finish line\n"
    )


def test_a_narrow_preview_is_refused() -> None:
    with pytest.raises(ArgumentError):
        render_preview(course_of(MOTOCROSS_SHIPPED[0]), TerminalOptions(width=5))


def test_render_and_show_commands(runner: CliRunner, tmp_path: Path) -> None:
    path = str(MOTOCROSS_SHIPPED[0])
    out = tmp_path / "course.svg"
    result = runner.invoke(app, ["render", path, "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == paint_svg(course_of(MOTOCROSS_SHIPPED[0]))
    shown = runner.invoke(app, ["show", path, "--width", "80", "--no-color"])
    assert shown.exit_code == 0
    assert shown.stdout == render_preview(course_of(MOTOCROSS_SHIPPED[0]), TerminalOptions(width=80))


def test_a_course_spread_too_far_is_refused_before_drawing(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "far.yaml"
    path.write_text("trackkit: 1\ngame: motocross\ntiles: [[0, 0], [1, 0], [900, 0]]\n")
    message = (
        f"{path}: error: the course spreads over 1,802 by 2 inches;"
        " diagrams are at most 1,000 inches (83 feet) on a side\n"
    )
    for args in (["show", str(path)], ["render", str(path), "-o", str(tmp_path / "far.svg")]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2
        assert result.stderr == message


def test_a_coloured_preview_is_the_plain_one_with_colours() -> None:
    course = games.load(LAYOUTS / "motocross-three-players.yaml").layout
    plain = render_preview(course, TerminalOptions(width=60))
    painted = render_preview(course, TerminalOptions(width=60, color=True))
    assert painted != plain and re.sub(r"\x1b\[[0-9;]*m", "", painted) == plain
    assert f"{PALETTES['dark'][Style.RAMP]}③" in painted  # the ramps stand out in yellow


def test_a_sheet_with_no_tile_and_no_words_is_left_out() -> None:
    course = games.load(LAYOUTS / "motocross-three-players.yaml").layout
    pages = paint_pages(course, RenderOptions(true_size=True), PAPERS["a4"])
    # the windows showing only grass are left out: six sheets (eight while the
    # explanation stood under the course and took two sheets of its own)
    assert len(pages) == 7 and "page 1 of 6" in pages[0]
    assert "6 pages of A4, outlined and numbered" in pages[-1]


def _rect_centres(svg: str, layer: str) -> list[tuple[float, float]]:
    """The centre of each rectangle in the ``<g id=layer>`` of ``svg``."""
    return [rect_centre(r) for r in svg_layers(svg)[layer].iter(f"{SVG}rect")]


def test_a_broken_course_rings_the_tiles_at_fault(golden: GoldenCheck) -> None:
    # adjacent-gap.yaml: "error motocross/adjacent 3 2" (its recorded verdict)
    course = course_of(MOTOCROSS_CORPUS / "adjacent-gap.yaml")
    svg = paint_svg(course)
    tiles = _rect_centres(svg, "tiles")
    assert _rect_centres(svg, "faults") == [tiles[2], tiles[3]]
    assert "Rings: tiles breaking a rule (run trackkit validate)." in svg
    golden("motocross-adjacent-gap.svg", svg)
    assert_fault_strokes(svg, paint_svg(course, RenderOptions(theme="color")))


def test_a_legal_course_has_no_fault_marks() -> None:
    svg = paint_svg(course_of(MOTOCROSS_SHIPPED[0]))
    assert 'id="faults"' not in svg and "Rings:" not in svg


# --- colour themes and fault marks in the terminal ---------------------------------------

GAP = (
    "trackkit: 1\nname: Gap\ngame: motocross\nplayers: 3\ntiles: [[0, 0], [1, 0], [3, 0], [4, 0]]\n"
    "ramps: {1: 2}\nhouse_rules: [short-course]\n"
)

GAP_PREVIEW = """\
Gap — 4 tiles · 3 players · 1 ramp

┏━━┯━━┳━━┯━━┓     ┏━━┯━━┳━━┯━━┓
┃ 0│SS┃ 1│!!┃     ┃ 2│!!┃ 3│▚▚┃
┠──┼──╂──┼──┨     ┠──┼──╂──┼──┨
┃SS│SS┃!!│!!┃     ┃!!│!!┃→→│▚▚┃
┗━━┷━━┻━━┷━━┛     ┗━━┷━━┻━━┷━━┛

0–3 tiles numbered in play order
S starting tile
●N ramp N coins high at its raised edge
▚ finish line
! tile breaking a rule (run trackkit
validate)
"""
"""Tile 2 is not next to tile 1, and tile 1's ramp has no straight line:
both tiles show the fault mark in every space but their number."""


def test_show_marks_the_tiles_a_broken_rule_names(runner: CliRunner, tmp_path: Path) -> None:
    path = write(tmp_path, GAP)
    result = runner.invoke(app, ["show", path, "-w", "40"])
    assert (result.exit_code, result.stdout) == (1, GAP_PREVIEW)
    assert result.stderr.startswith(f"{path}: the track breaks the rules (2 errors:")


def test_a_course_of_more_tiles_than_a_diagram_shows_is_refused_before_drawing(tmp_path: Path) -> None:
    """A drawing of 2,000 Motocross tiles takes about a second; the campaign's
    4,447-tile pile took over three seconds as a PNG, so past 2,000 none is drawn."""
    layout = tmp_path / "long.yaml"
    layout.write_text("trackkit: 1\ngame: motocross\nplayers: 3\npath: " + "R L " * 1000 + "S\n")
    result = CliRunner().invoke(app, ["render", str(layout), "-o", str(tmp_path / "long.png")])
    assert (result.exit_code, result.stderr) == (
        2, f"{layout}: error: the course has 2,001 tiles; diagrams show at most 2,000\n"
    )
    assert not (tmp_path / "long.png").exists()
