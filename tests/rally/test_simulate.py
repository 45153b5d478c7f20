"""Many rally races (trackkit.rally.race.simulate) and ``trackkit simulate`` on a rally deck."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import LAYOUTS, ROOT
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.games import load
from trackkit.rally.formats.play import check_rally_record_file
from trackkit.rally.formats.shapes import load_card_shapes, loads_card_shapes
from trackkit.rally.formats.simulate import rally_simulation_text
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.simulate import recorded_rally, simulate_rally

BASE = LAYOUTS / "rally-base.yaml"
DECK = load(BASE).layout

EXPECTED = """\
Rally base game deck: 12 races of 2 players (drivers bold, cautious; Skills cards none; seed 3)

seat            tokens  wins     win rate (95 % interval)  points a race
1 (starting)    3F 3C      10   83.3 %  (55.2 to 95.3)          40.33
2               3F 4C       2   16.7 %  ( 4.7 to 44.8)          37.67

starting tokens     seats  win rate a player (95 % interval)  points a race
3 Fuel, 3 Control   1       83.3 %  (55.2 to 95.3)                 40.33
3 Fuel, 4 Control   2       16.7 %  ( 4.7 to 44.8)                 37.67

Race length: 9.17 rounds on average (standard error 0.24); 10 % within 8, 50 % within 9, 90 % within 10
  about 14 minutes at 45 seconds a turn (2 turns a round)

card  name            Fuel short a race  Control short a race  ghosts a race
   0  start                        0.00                  0.00           0.00
   1  3-lane                       0.00                  0.00           0.33
   2  s-bend                       1.83                  0.92           0.83
   3  left-curve                   0.67                  1.00           0.25
   4  straight                     0.00                  0.00           0.08
   5  checkpoint                   0.33                  0.08           0.08
   6  hairpin                      0.00                  2.17           0.00
   7  jump                         0.00                  0.00           0.00
   8  right-curve                  0.17                  0.58           0.00
   9  straight                     0.00                  0.00           0.00
  10  checkpoint                   0.33                  0.00           0.08
  11  left-curve                   0.00                  1.25           0.00
  12  jump                         0.08                  0.17           0.00
  13  s-bend                       2.00                  3.17           0.50
  14  right-curve                  0.00                  0.83           0.50
  15  checkpoint                   0.00                  0.00           0.00

driver    starts    wins  win rate (95 % interval)  points a race
bold          12       8   66.7 %  (39.1 to 86.2)          39.67
cautious      12       4   33.3 %  (13.8 to 60.9)          38.33
"""


def test_the_same_seed_gives_the_same_figures_for_any_worker_count(pool_chunks: int) -> None:
    drivers = (RallyDriver("bold"), RallyDriver("random"))
    one = simulate_rally(DECK, drivers, races=3 * pool_chunks, seed=5)
    two = simulate_rally(DECK, drivers, races=3 * pool_chunks, seed=5, workers=2)
    assert one == two
    assert sum(one.seat_wins) + one.unfinished == 60
    assert sum(one.driver_starts.values()) == 240
    assert one.driver_wins["bold"] + one.driver_wins["random"] == sum(one.seat_wins)


def test_every_race_hands_out_every_scoring_card() -> None:
    """Four players: each Checkpoint gives 5+4+3+2 Lead Car and 9+8+7+6 Trail
    Car points, 132 over three Checkpoints."""
    result = simulate_rally(DECK, (RallyDriver("bold"), RallyDriver("cautious")), races=40, seed=2)
    assert result.unfinished == 0
    assert sum(result.seat_points) == 40 * 132
    assert [seats for _, seats in result.token_groups()] == [[0], [1], [2, 3]]
    assert len(result.fuel_short) == len(DECK.course)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ArgumentError, match="players must be from 2 to 6, not 1"):
        simulate_rally(DECK, (RallyDriver("bold"),), races=5, seed=1, players=1)
    with pytest.raises(ArgumentError, match="skills must be one of none, base, advanced"):
        simulate_rally(DECK, (RallyDriver("bold"),), races=5, seed=1, skills="all")


def test_cli_text(runner: CliRunner) -> None:
    args = [
        "simulate",
        str(BASE),
        "--races",
        "12",
        "--seed",
        "3",
        "--drivers",
        "bold,cautious",
        "--players",
        "2",
    ]
    result = runner.invoke(app, args)
    assert (result.exit_code, result.output) == (0, EXPECTED)
    assert runner.invoke(app, [*args, "--workers", "2"]).output == EXPECTED


def test_cli_json(runner: CliRunner) -> None:
    args = ["simulate", str(BASE), "--races", "10", "--seed", "4", "--skills", "advanced", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["game"], data["races"], data["players"], data["seed"], data["skills"]) == (
        "rally",
        10,
        4,
        4,
        "advanced",
    )
    assert [(seat["fuel"], seat["control"]) for seat in data["seats"]] == [(3, 3), (3, 4), (4, 4), (4, 4)]
    assert sum(seat["wins"] for seat in data["seats"]) + data["unfinished"] == 10
    assert [group["seats"] for group in data["starting_tokens"]] == [[1], [2], [3, 4]]
    assert [card["name"] for card in data["cards"]] == list(DECK.course)
    assert sorted(data["cards"][0]) == [
        "card",
        "control_shortages_per_race",
        "fuel_shortages_per_race",
        "ghosts_per_race",
        "name",
    ]
    assert data["length"]["seconds_per_turn"] == 45


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--laps", "2"], "trackkit: error: laps, pit stops and extra hazards are not rally options\n"),
        (["--players", "7"], "trackkit: error: --players must be from 2 to 6, not 7\n"),
        (["--wide-lanes", "3"], "trackkit: error: --wide-lanes is a Racepack option; leave it out for this layout\n"),
        (["--skills", "all"], "trackkit: error: --skills must be one of none, base, advanced, not 'all'\n"),
        (
            ["--drivers", "wild"],
            "trackkit: error: --drivers names an unknown driver 'wild' (known drivers: expert, bold, cautious, random)\n",
        ),
    ],
)
def test_cli_refuses_options_a_rally_race_lacks(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", str(BASE), "--races", "2", *args])
    assert result.exit_code == 2
    assert result.stderr == message


def test_cli_refuses_skills_on_a_racepack_track(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", str(LAYOUTS / "oval.yaml"), "--races", "2", "--skills", "base"])
    assert result.exit_code == 2
    assert result.stderr == "trackkit: error: --skills is a rally option; leave it out for this layout\n"


def test_cli_record_writes_the_first_race_and_the_checker_passes_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    target = tmp_path / "race.txt"
    args = ["simulate", str(BASE), "--races", "3", "--seed", "8", "--skills", "base", "--record", str(target)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0
    assert result.stderr == f"wrote {target}\n"
    read, problems = check_rally_record_file(target)
    assert problems == ()
    assert (read.seed, read.race, read.skills) == (8, 1, "base")
    assert read.record == recorded_rally(DECK, (RallyDriver("expert"),), seed=8, skills="base")
    again = runner.invoke(app, args)
    assert again.exit_code == 2
    assert (
        again.stderr
        == f"trackkit: error: {target}: already exists; choose another name, or add --force to replace it\n"
    )
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0


def test_replay_checks_a_rally_record_turn_by_turn(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "race.txt"
    args = ["simulate", str(BASE), "--races", "1", "--seed", "3", "--players", "2", "--record", str(target)]
    assert runner.invoke(app, args).exit_code == 0
    record = recorded_rally(DECK, (RallyDriver("expert"),), seed=3, players=2)
    result = runner.invoke(app, ["replay", str(target), "--to", "1"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[:2] == ["before the first turn", "  cars: 1a -  1b -  2a -  2b -"]
    assert lines[2].startswith("turn 1, seat 1: place 1a 0.4.1, 1b 0.4.2 | ")
    assert lines[-1] == f"{target}: every move of the {len(record.turns)} turns is legal"
    text = target.read_text()
    turn = next(line for line in text.splitlines() if line.startswith("3. {seat "))
    target.write_text(text.replace(turn, turn.replace(" | roll", " | 2a 0.4.1 1.1.1 | roll", 1)))
    tampered = runner.invoke(app, ["replay", str(target), "--to", "0"])
    assert tampered.exit_code == 1
    assert f"{target}: 1 illegal move:" in tampered.output.splitlines()


TEMPLATE = ROOT / "docs" / "rally-card-shapes.yaml"
WIDE_STRAIGHTS = "trackkit: 1\nshapes:\n  straight: {rows: 2, lanes: 3}\n  s-bend: {rows: 2, lanes: 2}\n"


def test_trackkits_own_shapes_given_as_a_file_change_nothing() -> None:
    drivers = (RallyDriver("bold"), RallyDriver("cautious"))
    own = load_card_shapes(TEMPLATE)
    assert simulate_rally(DECK, drivers, races=40, seed=9, shapes=own) == simulate_rally(
        DECK, drivers, races=40, seed=9
    )


def test_a_players_own_shape_changes_the_figures() -> None:
    """Without their Gates the s-bends (cards 2 and 13 of the base deck) are
    no longer where cars run short of Control, and with three-lane
    straights the races are shorter."""
    drivers = (RallyDriver("bold"), RallyDriver("cautious"))
    before = simulate_rally(DECK, drivers, races=60, seed=9)
    after = simulate_rally(DECK, drivers, races=60, seed=9, shapes=loads_card_shapes(WIDE_STRAIGHTS, "s"))
    assert (before.control_short[2], before.control_short[13]) == (210, 344)
    assert (after.control_short[2], after.control_short[13]) == (8, 47)
    assert after.mean_length < before.mean_length


def test_cli_races_on_the_players_own_shapes_and_records_them(runner: CliRunner, tmp_path: Path) -> None:
    shapes = tmp_path / "shapes.yaml"
    shapes.write_text(WIDE_STRAIGHTS)
    target = tmp_path / "race.txt"
    args = ["simulate", str(BASE), "--races", "6", "--seed", "2", "--players", "2", "--drivers", "bold,cautious"]
    plain = runner.invoke(app, args)
    result = runner.invoke(app, [*args, "--shapes", str(shapes), "--record", str(target)])
    assert (plain.exit_code, result.exit_code) == (0, 0)
    assert result.output != plain.output
    figures = simulate_rally(
        DECK,
        (RallyDriver("bold"), RallyDriver("cautious")),
        races=6,
        seed=2,
        players=2,
        shapes=loads_card_shapes(WIDE_STRAIGHTS, "s"),
    )
    assert result.stdout == rally_simulation_text(DECK.name, figures) + "\n"
    read, problems = check_rally_record_file(target)
    assert problems == ()
    assert [name for name, _ in read.record.shapes] == ["s-bend", "straight"]
    replayed = runner.invoke(app, ["replay", str(target), "--to", "1"])
    assert replayed.exit_code == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "trackkit: 1\nshapes:\n  hairpin: {rows: 3, lanes: 5}\n",
            "{file}:3:29: error: 'hairpin.lanes' is 5; it must be from 1 to 3\n",
        ),
        (
            "trackkit: 1\nshapes: 3\n",
            "{file}:2:9: error: 'shapes' must map card names to shapes, not '3' (e.g. hairpin: {{rows: 3, lanes: 2}})\n",
        ),
    ],
)
def test_cli_a_bad_shapes_file_gives_one_located_line_and_exit_2(
    runner: CliRunner, tmp_path: Path, text: str, message: str
) -> None:
    shapes = tmp_path / "shapes.yaml"
    shapes.write_text(text)
    result = runner.invoke(app, ["simulate", str(BASE), "--races", "2", "--shapes", str(shapes)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == message.format(file=shapes)


def test_cli_shapes_are_a_rally_option(runner: CliRunner, tmp_path: Path) -> None:
    shapes = tmp_path / "shapes.yaml"
    shapes.write_text(WIDE_STRAIGHTS)
    result = runner.invoke(app, ["simulate", str(LAYOUTS / "figure1.yaml"), "--races", "2", "--shapes", str(shapes)])
    assert (result.exit_code, result.stderr) == (
        2,
        "trackkit: error: --shapes is a rally option; leave it out for this layout\n",
    )
