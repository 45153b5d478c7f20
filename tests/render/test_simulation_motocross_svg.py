"""The picture of a run of Motocross races (trackkit.render.simulation_motocross)
and ``simulate --svg`` on a course: tiles shaded by wipe-outs and failed
jumps, the ramps and finish line, a legend, win rates by seat."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path

import pytest
from support import LAYOUTS, MOTOCROSS_SHIPPED
from typer.testing import CliRunner

from trackkit.api.simulation import simulate_file
from trackkit.cli import app
from trackkit.games import loads
from trackkit.montecarlo import Simulation
from trackkit.motocross.course import Course
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.simulate import simulate_motocross
from trackkit.render.simulation import shade
from trackkit.render.simulation_motocross import motocross_simulation_svg

SVG = "{http://www.w3.org/2000/svg}"
GoldenCheck = Callable[[str, str], None]
COURSE = LAYOUTS / "motocross-four-players.yaml"
LARGEST = """\
trackkit: 1
game: motocross
players: 4
packs: 8
path: 2S L R S L R S R L S R S R S L R L R L 4S R L R L R S L S R S R L 2S R 3S L 2S L R 5S L S L S R L R L S L R S R S L R L R S R L R L 2S L R S R L R 2S R S L 2S R L 2S R L R S R S L R L R L 2S L S R L 2S L S R S L S R S R L R L S L R S L S L R S L R L R 2S L R L R S L R S R L 2S L R L R S R S R L R L S R 2S L R S R L S L S L R S L S L R 2S L R S L R L R S
ramps: {1: 2, 7: 3, 10: 1, 12: 2, 14: 3, 20: 2, 22: 2, 23: 2, 29: 1, 31: 1, 33: 1, 36: 1, 37: 2, 39: 2, 41: 2, 43: 1, 44: 1, 47: 1, 48: 1, 49: 2, 50: 1, 51: 1, 55: 2, 60: 1, 63: 1, 65: 1, 75: 3, 76: 3, 83: 2, 84: 1, 86: 2, 88: 2, 89: 1, 92: 2, 97: 1, 99: 2, 105: 1, 106: 1, 108: 3, 111: 2, 112: 1, 114: 1, 118: 1, 120: 2, 125: 2, 128: 1, 139: 1, 144: 3, 150: 3, 151: 1, 156: 1, 158: 1, 163: 1, 165: 1, 166: 3, 169: 1, 172: 1, 174: 1, 179: 1, 186: 3}
"""
"""A legal course of eight packs' 192 tiles (from trackkit generate motocross --packs 8 --tiles 192 --seed 3)."""


@functools.cache
def _simulated(path: Path, races: int = 200) -> tuple[Course, Simulation]:
    """The races on ``path``, played once for this file: the golden and the
    three tests of its marks, shades and legend read the same figures."""
    course, result = simulate_file(path, races=races, seed=2026, drivers="bold,cautious,random")
    assert isinstance(course, Course) and isinstance(result, Simulation)
    return course, result


def _groups(picture: str) -> dict[str | None, ElementTree.Element]:
    root = ElementTree.fromstring(picture)
    return {group.get("id"): group for group in root.iter(f"{SVG}g")}


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=lambda path: path.stem)
def test_the_picture_matches_its_golden_file(golden: GoldenCheck, path: Path) -> None:
    course, result = _simulated(path)
    golden(f"simulation-{path.stem}.svg", motocross_simulation_svg(course, result))


def test_each_tile_is_shaded_by_its_wipe_outs_and_failed_jumps() -> None:
    course, result = _simulated(COURSE)
    fills = [polygon.get("fill") for polygon in _groups(motocross_simulation_svg(course, result))["course"]]
    totals = [wipe_outs + failed for wipe_outs, failed in zip(result.incidents, result.overtakes)]
    assert len(fills) == len(course) == len(totals)
    assert fills == [shade(total / max(totals)) for total in totals]
    assert fills[totals.index(max(totals))] == "#b2182b"
    assert sum(result.overtakes) > 0


def test_the_marks_numbers_and_bars() -> None:
    course, result = _simulated(COURSE)
    groups = _groups(motocross_simulation_svg(course, result))
    heights = [text.text for text in groups["ramps"].iter(f"{SVG}text")]
    assert heights == [str(height) for _, height in course.ramps]
    assert len(list(groups["finish"].iter(f"{SVG}line"))) == 1
    assert len(list(groups["start"].iter(f"{SVG}polygon"))) == 1
    numbers = [text.text for text in groups["tile-numbers"].iter(f"{SVG}text")]
    assert numbers == [str(tile) for tile in range(len(course))]
    assert len(list(groups["win-rates"].iter(f"{SVG}rect"))) == result.cars == 4
    labels = [text.text for text in groups["win-rates"].iter(f"{SVG}text")]
    assert labels[:2] == ["win rate by seat (95 % interval)", "0 %"]
    assert "1 (first)" in labels and labels[-1] == "seat"
    for seat in range(result.cars):
        assert f"{result.slot_rate(seat).rate * 100:.1f}" in labels


def test_the_legend_names_the_busiest_tiles() -> None:
    course, result = _simulated(COURSE)
    words = [text.text or "" for text in _groups(motocross_simulation_svg(course, result))["legend"]]
    busiest = words[-1]
    totals = [wipe_outs + failed for wipe_outs, failed in zip(result.incidents, result.overtakes)]
    top = max(range(len(totals)), key=lambda tile: (totals[tile], -tile))
    assert busiest.startswith(
        f"busiest (a race): tile {top}: {result.incidents[top] / 200:.2f} wipe-outs,"
        f" {result.overtakes[top] / 200:.2f} failed jumps; "
    )
    assert busiest.count("tile ") == 3


def test_cli_draws_a_course(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "races.svg"
    args = ["simulate", str(COURSE), "--races", "30", "--seed", "4", "--svg", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.output.endswith(f"wrote {out}\n")
    course, figures = simulate_file(COURSE, races=30, seed=4)
    assert out.read_text() == motocross_simulation_svg(course, figures)
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "exists" in again.output


def test_a_map_of_tiny_tiles_numbers_every_fifth_tile() -> None:
    course = loads(LARGEST).layout
    assert isinstance(course, Course) and len(course) == 192
    result = simulate_motocross(course, parse_riders("bold"), races=3, seed=1)
    groups = _groups(motocross_simulation_svg(course, result))
    numbers = [text.text for text in groups["tile-numbers"].iter(f"{SVG}text")]
    assert numbers == [str(tile) for tile in range(0, 192, 5)]
    heights = [text.text for text in groups["ramps"].iter(f"{SVG}text")]
    assert heights == [str(height) for _, height in course.ramps]
