"""The picture of a rally simulation (trackkit.render.simulation_rally) and
``simulate --svg`` on a rally deck: the cards shaded by shortages, their
figures, a legend, the win rate of each seat with its interval."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.games import load
from trackkit.rally.deck import RaceDeck
from trackkit.rally.race.drivers import parse_rally_drivers
from trackkit.rally.race.simulate import RallySimulation, simulate_rally
from trackkit.render.simulation import shade
from trackkit.render.simulation_rally import lettering_ink, rally_simulation_svg

SVG = "{http://www.w3.org/2000/svg}"
GoldenCheck = Callable[[str, str], None]


@cache
def _figures(name: str, players: int, races: int) -> tuple[RaceDeck, RallySimulation]:
    deck = load(LAYOUTS / f"{name}.yaml").layout
    drivers = parse_rally_drivers("bold,cautious,random")
    return deck, simulate_rally(deck, drivers, races=races, seed=2026, players=players)


def _groups(text: str) -> dict[str | None, ElementTree.Element]:
    root = ElementTree.fromstring(text)
    return {group.get("id"): group for group in root.iter(f"{SVG}g")}


@pytest.mark.parametrize(("name", "players", "races"), [("rally-base", 4, 100), ("rally-expansion", 6, 60)])
def test_the_picture_matches_its_golden_file(golden: GoldenCheck, name: str, players: int, races: int) -> None:
    deck, result = _figures(name, players, races)
    golden(f"simulation-{name}-{players}.svg", rally_simulation_svg(deck, result))


def _totals(result: RallySimulation) -> list[int]:
    """Each card's shortages and ghosts together."""
    return [sum(counts) for counts in zip(result.fuel_short, result.control_short, result.ghosts)]


def test_each_card_face_is_shaded_by_its_incidents_a_race() -> None:
    deck, result = _figures("rally-base", 4, 100)
    groups = _groups(rally_simulation_svg(deck, result))
    totals = _totals(result)
    most = max(totals)
    faces = [groups[f"card-{index}"].find(f"{SVG}rect") for index in range(len(deck.course))]
    fills = [face.get("fill") if face is not None else None for face in faces]
    assert fills == [shade(total / most) for total in totals]
    assert shade(1.0) in fills


def test_under_each_card_stand_its_shortages_and_ghosts() -> None:
    deck, result = _figures("rally-base", 4, 100)
    words = [text.text for text in _groups(rally_simulation_svg(deck, result))["shortages"].iter(f"{SVG}text")]
    expected = []
    for fuel, control, ghosts in zip(result.fuel_short, result.control_short, result.ghosts):
        expected += [f"Fuel {fuel / 100:.2f}", f"Control {control / 100:.2f}", f"ghosts {ghosts / 100:.2f}"]
    assert words == expected
    assert sum(result.ghosts) > 0


def test_the_cards_carry_their_course_numbers_and_names() -> None:
    deck, result = _figures("rally-base", 4, 100)
    lettering = _groups(rally_simulation_svg(deck, result))["card-lettering"]
    words = [text.text for text in lettering.iter(f"{SVG}text")]
    assert words[:2] == ["0", "START"]
    assert "CHECKPOINT" in words and "3 of 3" in words
    assert not any(word and word.startswith("stack ") for word in words)


def test_each_seat_has_a_bar_with_its_win_rate_and_the_points_are_listed() -> None:
    deck, result = _figures("rally-expansion", 6, 60)
    text = rally_simulation_svg(deck, result)
    chart = _groups(text)["win-rates"]
    assert len(chart.findall(f"{SVG}rect")) == 6
    labels = [label.text for label in chart.iter(f"{SVG}text")]
    assert "1 (starting)" in labels and "6" in labels
    for seat in range(6):
        assert f"{result.seat_rate(seat).rate * 100:.1f}" in labels
    points = ", ".join(f"{result.seat_mean(seat):.1f}" for seat in range(6))
    assert f"points a race by seat: {points}" in text


def test_the_same_seed_gives_the_same_bytes_whatever_the_workers() -> None:
    deck = load(LAYOUTS / "rally-base.yaml").layout
    drivers = parse_rally_drivers("bold,random")
    one, two = (simulate_rally(deck, drivers, races=30, seed=5, workers=workers) for workers in (1, 2))
    assert rally_simulation_svg(deck, one) == rally_simulation_svg(deck, two)


def test_cli_draws_the_picture_of_the_same_run(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "deck.svg"
    args = ["simulate", str(LAYOUTS / "rally-base.yaml"), "--races", "30", "--seed", "4", "--svg", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stderr == f"wrote {out}\n"
    deck = load(LAYOUTS / "rally-base.yaml").layout
    figures = simulate_rally(deck, parse_rally_drivers("expert"), races=30, seed=4)
    assert out.read_text() == rally_simulation_svg(deck, figures)
    again = runner.invoke(app, args)
    assert (again.exit_code, again.stderr) == (
        2,
        f"trackkit: error: {out}: already exists; choose another name, or add --force to replace it\n",
    )


@pytest.mark.parametrize(
    ("fill", "ink"), [("#ffffff", None), ("#d88c95", None), ("#c14655", "#ffffff"), ("#b2182b", "#ffffff")]
)
def test_lettering_turns_white_on_a_dark_shade(fill: str, ink: str | None) -> None:
    assert lettering_ink(fill) == ink


def test_the_busiest_cards_are_lettered_in_white() -> None:
    deck, result = _figures("rally-base", 4, 100)
    groups = _groups(rally_simulation_svg(deck, result))
    totals = _totals(result)
    busiest = totals.index(max(totals))
    fills = {text.get("fill") for text in groups[f"card-{busiest}-lettering"].iter(f"{SVG}text")}
    quiet = {text.get("fill") for text in groups["card-0-lettering"].iter(f"{SVG}text")}
    assert fills == {"#ffffff"}
    assert "#ffffff" not in quiet
