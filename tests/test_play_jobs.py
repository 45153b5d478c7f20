"""Play, record and replay reach a game only through its ``Game`` jobs: the
drag race of ``tests/fifth_game`` (its rules in :mod:`fifth_game.drag`),
registered for the test with one entry in ``registry.GAMES``, is
simulated, recorded as PPN and replayed by the generic ``simulate`` and
``replay`` commands.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fifth_game.drag.game import GAME as DRAG
from fifth_game.drag.strip import Strip, dump_strip
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit import registry
from trackkit.cli import app


@pytest.fixture
def strip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(registry.GAMES, "drag", DRAG)
    path = tmp_path / "strip.yaml"
    path.write_text(dump_strip(Strip(6, name="Quarter mile")))
    return path


def test_a_game_declared_in_a_test_is_simulated_recorded_and_replayed(
    runner: CliRunner, strip: Path, tmp_path: Path
) -> None:
    record = tmp_path / "race.ppn"
    args = ["simulate", str(strip), "--races", "4", "--seed", "2", "--cars", "3", "--record", str(record)]
    simulated = runner.invoke(app, args)
    assert simulated.exit_code == 0, simulated.output
    assert simulated.stdout == "Quarter mile: car 1 won 2, car 2 won 1, car 3 won 1\n"
    text = record.read_text()
    assert text.startswith("---\nEvent: Drag race on Quarter mile\n")
    moves = text.split("\n...\n")[1].splitlines()
    assert moves[0].startswith("1. {car 1} {roll ")
    replayed = runner.invoke(app, ["replay", str(record), "--to", "1"])
    assert replayed.exit_code == 0, replayed.output
    lines = replayed.output.splitlines()
    assert lines[:2] == ["the start", "  cars: car 1 0  car 2 0  car 3 0"]
    assert lines[2].startswith("turn 1: car 1 rolls ")
    assert lines[-1] == f"{record}: every move of the {len(moves)} turns is legal"


def test_the_test_games_checker_and_its_own_options(runner: CliRunner, strip: Path, tmp_path: Path) -> None:
    record = tmp_path / "race.ppn"
    runner.invoke(app, ["simulate", str(strip), "--races", "1", "--seed", "2", "--record", str(record)])
    text = record.read_text()
    record.write_text(text.replace("\n1. {car 1} {roll ", "\n1. {car 2} {roll ", 1))
    tampered = runner.invoke(app, ["replay", str(record), "--to", "0"])
    assert tampered.exit_code == 1
    problems = tampered.output.split(f"{record}: ")[-1].splitlines()
    assert problems[0].endswith(" illegal moves:")
    assert problems[1].startswith("  turn 1: car 2 moves ")
    refused = runner.invoke(app, ["simulate", str(strip), "--races", "1", "--skills", "base"])
    assert (refused.exit_code, refused.stderr) == (
        2,
        "trackkit: error: --skills is a rally option; leave it out for this layout\n",
    )


def test_a_game_without_races_is_refused_by_simulate_and_replay(
    runner: CliRunner, strip: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = tmp_path / "race.ppn"
    runner.invoke(app, ["simulate", str(strip), "--races", "1", "--seed", "2", "--record", str(record)])
    still = replace(DRAG, simulate=None, replay=None, record_race=None)
    monkeypatch.setitem(registry.GAMES, "drag", still)
    simulated = runner.invoke(app, ["simulate", str(strip), "--races", "1"])
    assert (simulated.exit_code, simulated.stderr) == (
        2,
        f"{strip}: error: race simulations belong to Racepack and RACE! tracks and Motocross courses"
        " and rally card game decks, and this is a Drag race layout\n",
    )
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 2
    assert replayed.stderr.startswith(f"{record}: error: race records belong to ")
    assert replayed.stderr.endswith(", not Drag race ones\n")


@pytest.mark.parametrize(
    ("layout", "option", "message"),
    [
        ("race-oval.yaml", "--pit-stops", "pit stops and extra hazards are Racepack variants; RACE! has neither"),
        (
            "motocross-max-ramps.yaml",
            "--pit-stops",
            "laps, pit stops and extra hazards belong to circuits; a Motocross race runs once,"
            " from the starting tile to the finish line",
        ),
        ("rally-base.yaml", "--pit-stops", "laps, pit stops and extra hazards are not rally options"),
    ],
)
def test_a_game_words_the_refusal_of_a_variant_it_lacks(
    runner: CliRunner, layout: str, option: str, message: str
) -> None:
    """``race_lacks``: each game refuses Racepack's variants in its own words."""
    result = runner.invoke(app, ["simulate", str(LAYOUTS / layout), "--races", "1", option])
    assert (result.exit_code, result.stderr) == (2, f"trackkit: error: {message}\n")


def test_without_words_of_its_own_a_game_names_the_games_that_take_the_option(
    runner: CliRunner, strip: Path
) -> None:
    result = runner.invoke(app, ["simulate", str(strip), "--races", "1", "--pit-stops"])
    assert (result.exit_code, result.stderr) == (
        2,
        "trackkit: error: --pit-stops is a Racepack option; leave it out for this layout\n",
    )
