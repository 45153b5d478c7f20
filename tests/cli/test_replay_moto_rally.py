"""Issue 34: Motocross and rally records replay whole races on every shipped
and generated course, and a tampered record -- turns swapped, cut short, a
wrong setup, a turn past the end -- exits 1 with the rule it breaks in the
rulebook's words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app

TURN_ORDER = '"Take turns ..., beginning with the starting player and passing play to the left."'
FINISH = '"The first player to cross the finish line wins the race."'
COINS = '"Deal the second half of the coins (which were set aside earlier) evenly between the players."'
FLAG = (
    '"When you have finished moving your cars and you have the dice, pass the “Current Driver” flag'
    ' to the player to your left."'
)
END = (
    '"When the last car has passed through the final Checkpoint, all players total up the values of'
    ' the scoring cards they collected throughout the race."'
)
USE_CARD = (
    '"To use a card, show it to the other players, explain what it allows you to do, and then remove'
    ' the card from the game."'
)


_RECORDED: dict[tuple[str, ...], bytes] = {}
"""The record each run of a fixed seed asked for in this file wrote, by
its layout and options: such a run writes the same record wherever it
goes, so the tests that read or change the same race's record start from
one run of it."""


def _record(runner: CliRunner, layout: Path, out: Path, *extra: str) -> Path:
    key = (str(layout), *extra)
    if key in _RECORDED:
        out.write_bytes(_RECORDED[key])
        return out
    args = ["simulate", str(layout), "--races", "1", "--record", str(out), "--force", *extra]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    if "--seed" in extra:
        _RECORDED[key] = out.read_bytes()
    return out


def _replayed(runner: CliRunner, path: Path) -> tuple[int, list[str]]:
    """The exit status and the lines after the frames (the verdict)."""
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    return result.exit_code, result.output.split(f"{path}: ", 1)[1].splitlines()


def _legal(runner: CliRunner, path: Path) -> None:
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(
        rf"{re.escape(str(path))}: every move of the \d+ turns is legal", result.output.splitlines()[-1]
    )


# --- every course --------------------------------------------------------------


@pytest.mark.parametrize("name", ["motocross-four-players", "motocross-max-ramps", "motocross-three-players"])
def test_a_recorded_race_on_every_shipped_motocross_course_replays_legal(
    runner: CliRunner, tmp_path: Path, name: str
) -> None:
    for riders, seed in ((4, 1), (3, 2), (2, 3)):
        path = _record(
            runner,
            LAYOUTS / f"{name}.yaml",
            tmp_path / f"{riders}.ppn",
            "--seed",
            str(seed),
            "--cars",
            str(riders),
            "--drivers",
            "bold,cautious,random",
        )
        _legal(runner, path)


def test_recorded_races_on_generated_motocross_courses_replay_legal(
    runner: CliRunner, tmp_path: Path
) -> None:
    for players, seed in ((3, 11), (4, 12)):
        course = tmp_path / f"course-{players}.yaml"
        made = runner.invoke(
            app, ["generate", "motocross", "--players", str(players), "--seed", str(seed), "-o", str(course)]
        )
        assert made.exit_code == 0, made.output
        _legal(runner, _record(runner, course, tmp_path / f"{players}.ppn", "--seed", str(seed)))


@pytest.mark.parametrize(
    ("name", "players", "skills"),
    [
        ("rally-base", 2, "none"),
        ("rally-base", 4, "base"),
        ("rally-base", 6, "advanced"),
        ("rally-expansion", 5, "advanced"),
        ("rally-expansion", 3, "base"),
    ],
)
def test_a_recorded_race_on_every_shipped_rally_deck_replays_legal(
    runner: CliRunner, tmp_path: Path, name: str, players: int, skills: str
) -> None:
    path = _record(
        runner,
        LAYOUTS / f"{name}.yaml",
        tmp_path / "race.txt",
        "--seed",
        "7",
        "--players",
        str(players),
        "--skills",
        skills,
        "--drivers",
        "bold,cautious,random",
    )
    _legal(runner, path)


def test_recorded_races_on_generated_rally_decks_replay_legal(runner: CliRunner, tmp_path: Path) -> None:
    cards = str(LAYOUTS / "rally-expansion.yaml")
    for extra, (players, seed) in enumerate(((5, 4), (6, 5), (3, 6))):
        deck = tmp_path / f"deck-{seed}.yaml"
        made = runner.invoke(
            app,
            [
                "generate",
                "rally",
                "--cards",
                cards,
                "--expansion",
                "--extra",
                str(extra),
                "--seed",
                str(seed),
                "-o",
                str(deck),
            ],
        )
        assert made.exit_code == 0, made.output
        path = _record(
            runner,
            deck,
            tmp_path / f"{seed}.txt",
            "--seed",
            str(seed),
            "--players",
            str(players),
            "--skills",
            "advanced",
        )
        _legal(runner, path)


# --- Motocross tampered --------------------------------------------------------


@pytest.fixture
def motocross(runner: CliRunner, tmp_path: Path) -> tuple[str, list[str]]:
    """A four-rider race of 88 turns: its metadata and its movetext lines."""
    path = _record(
        runner, LAYOUTS / "motocross-four-players.yaml", tmp_path / "race.ppn", "--seed", "3", "--drivers", "bold"
    )
    head, moves = path.read_text().split("\n...\n")
    lines = moves.splitlines()
    assert len(lines) == 89 and lines[-1].startswith("88. {seat 4} ") and lines[-1].endswith("finish}")
    return head, lines


def _motocross_file(tmp_path: Path, head: str, lines: list[str]) -> Path:
    path = tmp_path / "tampered.ppn"
    path.write_text(head + "\n...\n" + "\n".join(lines) + "\n")
    return path


def _swapped(lines: list[str]) -> list[str]:
    """Turns 1 and 2 played the other way round (seat 2 first)."""
    first, second = lines[1].split(" ", 1), lines[2].split(" ", 1)
    return [lines[0], f"1. {second[1]}", f"2. {first[1]}", *lines[3:]]


@pytest.mark.parametrize(
    ("tamper", "problem"),
    [
        (_swapped, f"turn 1 (seat 2): seat 1 was to play: {TURN_ORDER}"),
        (
            lambda lines: lines[:71],
            f"the race ends after 70 turns with no bike across the finish line: {FINISH}",
        ),
        (
            lambda lines: [lines[0].replace(" {3 coins each}", " {4 coins each}"), *lines[1:]],
            f"each rider holds 4 coins, not the 3 dealt: {COINS}",
        ),
        (
            lambda lines: [*lines, "89. {seat 1} {pass}"],
            f"turn 89 (seat 1): plays after the race was won: {FINISH}",
        ),
    ],
    ids=["turns swapped", "cut off", "wrong coins", "a turn past the finish"],
)
def test_a_tampered_motocross_record_exits_1_with_the_rule(
    runner: CliRunner, tmp_path: Path, motocross: tuple[str, list[str]], tamper: Any, problem: str
) -> None:
    head, lines = motocross
    changed = tamper(lines)
    assert changed != lines
    path = _motocross_file(tmp_path, head, changed)
    assert _replayed(runner, path) == (1, ["1 illegal move:", f"  {problem}"])


# --- rally tampered --------------------------------------------------------------


@pytest.fixture
def rally(runner: CliRunner, tmp_path: Path) -> list[str]:
    """Issue 34's reproducer: six players, advanced Skills, seed 1 (44 turns)."""
    path = _record(
        runner,
        LAYOUTS / "rally-base.yaml",
        tmp_path / "race.txt",
        "--players",
        "6",
        "--skills",
        "advanced",
        "--seed",
        "1",
        "--drivers",
        "bold",
    )
    lines = path.read_text().splitlines()
    assert sum(1 for line in lines if re.match(r"\d+\. \{seat ", line)) == 44
    return lines


def test_the_advanced_deal_gives_seats_5_and_6_four_cards_each(rally: list[str]) -> None:
    """Issue 34, item 9: main dealt seats 5 and 6 nothing (`seat 5: bold; 4 Fuel, 4 Control; -`)."""
    assert [line for line in rally if line.startswith(("{seat 5:", "{seat 6:"))] == [
        "{seat 5: 4 Fuel, 4 Control; Turbo, Turbo, All In, All In}",
        "{seat 6: 4 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In}",
    ]


def _rally_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "tampered.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_rally_turns_swapped_are_refused(runner: CliRunner, tmp_path: Path, rally: list[str]) -> None:
    at = next(index for index, line in enumerate(rally) if line.startswith("1. {seat 1: "))
    first, second = rally[at].split(": ", 1)[1], rally[at + 1].split(": ", 1)[1]
    lines = [*rally[:at], f"1. {{seat 2: {second}", f"2. {{seat 1: {first}", *rally[at + 2 :]]
    assert _replayed(runner, _rally_file(tmp_path, lines)) == (
        1,
        ["1 illegal move:", f"  turn 1: seat 2 drives; seat 1 has the flag: {FLAG}"],
    )


def test_a_rally_race_cut_off_is_refused(runner: CliRunner, tmp_path: Path, rally: list[str]) -> None:
    lines = [line for line in rally if not re.match(r"(3[1-9]|4\d)\. ", line)]
    assert _replayed(runner, _rally_file(tmp_path, lines)) == (
        1,
        ["1 illegal move:", f"  the race ends with 9 of 12 cars short of the final Checkpoint: {END}"],
    )


def test_a_rally_setup_with_a_hand_left_out_is_refused(
    runner: CliRunner, tmp_path: Path, rally: list[str]
) -> None:
    """The record main wrote: seat 5 dealt no Skills cards."""
    lines = [re.sub(r"^(\{seat 5: 4 Fuel, 4 Control; ).*$", r"\1-}", line) for line in rally]
    assert _replayed(runner, _rally_file(tmp_path, lines)) == (
        1,
        [
            "5 illegal moves:",
            '  seat 5 is dealt no cards: "shuffle all of the Skills cards face down and deal 4 to each player."',
            f"  turn 5: seat 5 plays Turbo before moving without holding it: {USE_CARD}",
            f"  turn 5: seat 5 plays All In without holding it: {USE_CARD}",
            f"  turn 11: seat 5 plays Turbo before moving without holding it: {USE_CARD}",
            f"  turn 11: seat 5 plays All In without holding it: {USE_CARD}",
        ],
    )


def test_a_rally_turn_past_the_end_is_refused(runner: CliRunner, tmp_path: Path, rally: list[str]) -> None:
    at = rally.index(next(line for line in rally if line.startswith("{scores: ")))
    lines = [*rally[:at], "45. {seat 1: roll 1 2 3 4 5 6; fuel 1; control 2}", *rally[at:]]
    assert _replayed(runner, _rally_file(tmp_path, lines)) == (
        1,
        ["1 illegal move:", f"  turn 45: a turn after the race has ended: {END}"],
    )


# --- fewer riders than the rulebook plays ----------------------------------------


@pytest.mark.parametrize(
    ("riders", "warning"),
    [
        (1, '1 rider races; the rulebook plays Motocross with "3 to 4 players"'),
        (2, '2 riders race; the rulebook plays Motocross with "3 to 4 players"'),
        (3, None),
        (4, None),
    ],
)
def test_simulate_warns_when_fewer_than_three_riders_race(
    runner: CliRunner, riders: int, warning: str | None
) -> None:
    layout = LAYOUTS / "motocross-four-players.yaml"
    result = runner.invoke(
        app, ["simulate", str(layout), "--races", "2", "--seed", "1", "--cars", str(riders)]
    )
    assert result.exit_code == 0
    assert result.stderr == ("" if warning is None else f"{layout}: warning: {warning}\n")
    assert result.stdout.startswith(f"Hillside Switchbacks: 2 races of {riders} riders on 24 tiles")
