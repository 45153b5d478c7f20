"""The picture of a run of Motocross races (trackkit.render.simulation_motocross)
and ``simulate --svg`` on a course: tiles shaded by wipe-outs and failed
jumps, the ramps and finish line, a legend, win rates by seat."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path

import pytest
from support import LAYOUTS, MOTOCROSS_SHIPPED
from typer.testing import CliRunner

from trackkit.api.simulation import simulate_file
from trackkit.cli import app
from trackkit.montecarlo import Simulation
from trackkit.motocross.course import Course
from trackkit.render.simulation import shade
from trackkit.render.simulation_motocross import motocross_simulation_svg

SVG = "{http://www.w3.org/2000/svg}"
GoldenCheck = Callable[[str, str], None]
COURSE = LAYOUTS / "motocross-four-players.yaml"


def _simulated(path: Path, races: int = 200) -> tuple[Course, Simulation]:
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
