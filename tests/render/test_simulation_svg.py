"""The picture of a simulation (trackkit.render.simulation) and
``simulate --svg``: corners shaded by incidents, a legend, win rates with
their intervals."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.api.simulation import simulate_file
from trackkit.cli import app
from trackkit.render.simulation import shade, simulation_svg

SVG = "{http://www.w3.org/2000/svg}"
GoldenCheck = Callable[[str, str], None]


@pytest.mark.parametrize(
    ("share", "colour"), [(0.0, "#ffffff"), (1.0, "#b2182b"), (0.5, "#d88c95"), (2.0, "#b2182b")]
)
def test_shades_run_from_white_to_deep_red(share: float, colour: str) -> None:
    assert shade(share) == colour


@pytest.mark.parametrize(("name", "races"), [("figure1", 50), ("race-road-course", 100)])
def test_the_picture_matches_its_golden_file(golden: GoldenCheck, name: str, races: int) -> None:
    layout, result = simulate_file(
        LAYOUTS / f"{name}.yaml", races=races, seed=2026, drivers="bold,cautious,random"
    )
    golden(f"simulation-{name}.svg", simulation_svg(layout, result))


def test_each_corner_is_shaded_by_its_incidents_and_each_slot_has_a_bar() -> None:
    # Forty races leave incidents at every corner; what is checked is that
    # each corner gets the shade of its own count, whatever the counts are.
    layout, result = simulate_file(LAYOUTS / "figure1.yaml", races=40, seed=2026, drivers="bold")
    assert all(result.incidents[1:])
    root = ElementTree.fromstring(simulation_svg(layout, result))
    groups = {group.get("id"): group for group in root.iter(f"{SVG}g")}
    fills = [polygon.get("fill") for polygon in groups["track"].iter(f"{SVG}polygon")]
    most = max(result.incidents[1:])
    expected = {shade(count / most) for count in result.incidents[1:]}
    assert expected <= set(fills)
    assert fills.count("#d9d9d9") == len(layout.circuit) - 8
    numbers = [text.text for text in groups["corner-numbers"].iter(f"{SVG}text")]
    assert numbers == [str(number) for number in range(1, 9)]
    bars = [rect for rect in groups["win-rates"].iter(f"{SVG}rect")]
    assert len(bars) == result.cars
    labels = [text.text for text in groups["win-rates"].iter(f"{SVG}text")]
    for slot in range(result.cars):
        assert f"{result.slot_rate(slot).rate * 100:.1f}" in labels


def test_cli_writes_the_picture(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "race.svg"
    args = ["simulate", str(LAYOUTS / "race-oval.yaml"), "--races", "20", "--seed", "1", "--svg", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.output.endswith(f"wrote {out}\n")
    assert out.read_text().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert "exists" in again.output
