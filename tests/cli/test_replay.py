"""``trackkit simulate --record`` and ``trackkit replay``: a race written
move by move, read back, re-checked by the independent move checker and
shown turn by turn."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner, Result

from trackkit.cli import app
from trackkit.cli.stepping import CLEAR, PROMPT, step_through


def _record(runner: CliRunner, tmp_path: Path, layout: str, name: str, *extra: str) -> Path:
    out = tmp_path / name
    args = ["simulate", str(LAYOUTS / layout), "--races", "3", "--seed", "5", "--drivers", "bold", "--record", str(out)]
    args += extra
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize(
    ("layout", "name", "drivers"),
    [
        ("figure1.yaml", "race.ppn", "bold,cautious,random"),
        ("race-road-course.yaml", "race.ppn", "bold,random"),
    ],
)
def test_a_recorded_race_replays_with_every_move_legal(
    runner: CliRunner, tmp_path: Path, layout: str, name: str, drivers: str
) -> None:
    path = _record(runner, tmp_path, layout, name, "--drivers", drivers)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    turns = sum(1 for line in lines if line.startswith("turn "))
    assert lines[0] == "the grid"
    assert lines[-1] == f"{path}: every move of the {turns} turns is legal"
    assert turns > 20


def test_an_eight_car_race_on_the_wide_straight_replays_with_every_move_legal(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Row spaces have PPN locations and replay squares: the record reads
    back, every move re-checked, and a car on the row is drawn there."""
    drivers = ("--drivers", "bold,random,cautious,random")
    path = _record(runner, tmp_path, "wide-straight.yaml", "eight.ppn", "--cars", "8", *drivers)
    again = _record(
        runner, tmp_path, "wide-straight.yaml", "again.ppn", "--cars", "8", *drivers, "--workers", "2"
    )
    assert path.read_bytes() == again.read_bytes()
    result = runner.invoke(app, ["replay", str(path), "--no-color"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    turns = sum(1 for line in lines if line.startswith("turn "))
    assert lines[-1] == f"{path}: every move of the {turns} turns is legal"
    assert turns > 8 * 20
    setup, moves = path.read_text().split("\nsetup. ")[1].split("\n", 1)
    assert "t@(3,19)" in setup  # the row's first tile, north of the main straight's (3,17)
    assert ",18.5)" in moves  # so cars drove on the row's spaces (y 18.5 and 19.5)


def test_the_same_seed_records_the_same_bytes(runner: CliRunner, tmp_path: Path) -> None:
    first = _record(runner, tmp_path, "figure1.yaml", "a.ppn").read_bytes()
    second = _record(runner, tmp_path, "figure1.yaml", "b.ppn").read_bytes()
    assert first == second
    assert first.startswith(b"---\nEvent: Racepack race on Figure 1\n")
    assert b"\n...\nsetup. t@(" in first


def test_to_stops_the_replay_at_a_turn(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "race-oval.yaml", "oval.ppn")
    result = runner.invoke(app, ["replay", str(path), "--to", "2"])
    lines = result.output.splitlines()
    assert next(line for line in lines if line.startswith(("the grid", "turn "))) == "the grid"
    assert sum(1 for line in lines if line.startswith("turn ")) == 2
    assert "\x1b[" not in result.output


def test_a_tampered_racepack_move_exits_1_naming_the_move_and_the_rule(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _record(runner, tmp_path, "figure1.yaml", "race.ppn")
    text = path.read_text()
    path.write_text(text.replace("\n1. {car 1} ", "\n1. {car 2} ", 1))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    problems = result.output.split(f"{path}: ")[-1].splitlines()
    assert problems[0].endswith("illegal moves:")
    assert problems[1].startswith("  turn 1 (car 2): ")


def test_a_record_naming_more_cars_than_the_grid_holds_exits_2_at_the_drivers(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _record(runner, tmp_path, "figure1.yaml", "race.ppn")
    text = path.read_text()
    path.write_text(
        text.replace("  drivers: [bold, bold, bold, bold]", "  drivers: [" + ", ".join(["bold"] * 14) + "]")
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert (result.exit_code, result.output) == (
        2,
        f"{path}:9:12: error: 'Trackkit.drivers' names more cars than the layout's grid holds: 14 cars need 7"
        " rows of two behind the start/finish line at the entry edge of tile 21, but the straight behind it"
        " (tiles 20, 19, 18) has room for 6 rows (12 cars); move the line further along the straight or race"
        " fewer cars (name one driver per car the grid has room for)\n",
    )


def test_a_tampered_race_turn_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "race-oval.yaml", "oval.ppn")
    lines = path.read_text().splitlines()
    first = lines.index("...") + 1
    lines[first] = lines[first].replace("{speed 1;", "{speed 3;", 1)
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "  turn 1 (racer 1): speed 0 → 3: 'up by one, down by one or stay the same'" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: Ring\n", "1:1: error: unknown key 'name' in 'a record'"),
        ("Event: x\n", "1:1: error: this is not a trackkit race record: it has no 'Trackkit' metadata"),
        (
            "Trackkit: {record: 2, seed: 1, race: 1, laps: 1, drivers: [bold], layout: {}}\n",
            "1:20: error: record version 2 is not one this trackkit reads (use 1)",
        ),
        (
            "Trackkit: {record: 1, seed: 1, race: 1, laps: 1, drivers: [fast], layout: {}}\n",
            "1:60: error: 'Trackkit.drivers' is 'fast'; it must be expert or bold or cautious or random",
        ),
    ],
)
def test_bad_records_exit_2_with_the_place(
    runner: CliRunner, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.ppn"
    path.write_text(text)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"{path}:{message}")
    assert len(result.output.splitlines()) == 1


def test_a_racepack_record_without_movetext_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "figure1.yaml", "race.ppn")
    text = path.read_text()
    path.write_text(text[: text.index("\n...\n") + 1])
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert "error: a Racepack record needs PPN movetext after a line '...'" in result.output


def test_record_refuses_an_existing_file_unless_forced(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "race.ppn"
    out.write_text("keep me")
    args = ["simulate", str(LAYOUTS / "figure1.yaml"), "--races", "2", "--seed", "1", "--record", str(out)]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 2
    assert out.read_text() == "keep me"
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0
    assert forced.output.endswith(f"wrote {out}\n")


def _stepped(runner: CliRunner, tmp_path: Path, to: int, keys: str) -> Result:
    """``replay --step --to TO`` of a RACE! race, answered with ``keys``."""
    path = _record(runner, tmp_path, "race-oval.yaml", "oval.ppn")
    result = runner.invoke(app, ["replay", str(path), "--step", "--to", str(to)], input=keys)
    assert result.exit_code == 0
    return result


def test_step_waits_for_enter_and_goes_on_when_the_input_ends(runner: CliRunner, tmp_path: Path) -> None:
    result = _stepped(runner, tmp_path, 3, "\n")
    assert result.stderr.count(PROMPT) == 2
    assert re.findall(r"turn (\d+): racer", result.output) == ["1", "2", "3"]
    assert CLEAR not in result.output  # not a terminal: the frames scroll


def test_step_goes_back_with_b_and_stops_with_q(runner: CliRunner, tmp_path: Path) -> None:
    # frames: the grid, turn 1 (Enter), turn 2 (n), turn 1 again (b), quit (q);
    # the verdict on every move still ends the report
    result = _stepped(runner, tmp_path, 5, "\nn\nb\nq\n")
    assert result.stderr.count(PROMPT) == 4
    assert re.findall(r"turn (\d+): racer", result.stdout) == ["1", "2", "1"]
    assert result.stdout.splitlines()[-1].endswith(" turns is legal")


def test_on_a_terminal_each_frame_is_redrawn_in_place() -> None:
    shown: list[str] = []
    asked: list[str] = []
    keys = iter([" ", "n", "b", "x", "p", "p", "q"])
    step_through(["A", "B", "C"], lambda: next(keys), shown.append, asked.append, redraw=True)
    # space and n go on, b and p go back (not before the first), x redraws, q quits
    assert shown == [CLEAR + frame for frame in "ABCBBAA"]
    assert asked == [PROMPT] * 7 + ["\n"]  # the prompt's line ended when stepping stops


def test_stepping_past_the_last_frame_ends_and_an_ended_input_shows_the_rest() -> None:
    shown: list[str] = []
    keys = iter(["\n", "\n", "\n"])
    step_through(["A", "B", "C"], lambda: next(keys), shown.append, lambda _: None, redraw=False)
    assert shown == ["A", "B", "C"]
    shown.clear()
    ended = iter(["\n", None])
    step_through(["A", "B", "C", "D"], lambda: next(ended), shown.append, lambda _: None, redraw=True)
    assert shown == [CLEAR + "A", CLEAR + "B", "C", "D"]


def test_a_pit_stop_race_records_the_pit_laps(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "pit-lane.yaml", "pits.ppn", "--pit-stops", "--drivers", "bold+tokens")
    assert "\n  pit laps: [3, 3, 3, 3]\n" in path.read_text()
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].endswith(" turns is legal")


def test_a_recorded_motocross_race_replays_with_every_move_legal(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "motocross-max-ramps.yaml", "race.ppn")
    text = path.read_text()
    assert text.startswith("---\nEvent: Motocross race on Whoops Section\n")
    assert "\n  laps: 1\n  drivers: [bold, bold, bold, bold]\n" in text
    assert "\n...\nsetup. t@(1,1) t@(3,1) " in text
    second = (
        "\n2. {seat 2} (1.5,1.5)-(2.5,1.5) (2.5,1.5)-(3.5,1.5) (3.5,1.5)-(4.5,1.5) (4.5,1.5)-(5.5,1.5)"
        " {roll 3 4; number 4; moved}\n"
    )
    assert second in text
    result = runner.invoke(app, ["replay", str(path), "--width", "60"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "the bikes on the starting tile"
    assert "turn 2: seat 2 (bold): rolls 3 4, moves 4, steps EEEE" in lines
    assert lines[-1] == f"{path}: every move of the 50 turns is legal"


def test_a_motocross_frame_shows_the_bikes_by_seat(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "motocross-max-ramps.yaml", "race.ppn")
    result = runner.invoke(app, ["replay", str(path), "--to", "1", "--width", "60"])
    lines = result.output.splitlines()
    turn = lines.index("turn 1: seat 1 (bold): 1 coin for extra dice, rolls 5 4,")
    assert lines[turn + 1] == "moves 5, steps EEEEE"
    starting = [line[:7] for line in lines[: turn - 1] if line.startswith("┃")]
    assert starting == ["┃ 4│ 2┃", "┃ 3│ 1┃"]
    assert lines[-6:-3] == [
        "┃ 4│ 2┃→→│●1┃→→│●1┃→→│●1┃→→│●1┃→→│●1┃→→│●1┃↑↑│↑↑┃",
        "┠──┼──╂──┼──╂──┼──╂──┼──╂──┼──╂──┼──╂──┼──╂──┼──┨",
        "┃ 3│SS┃→→│●1┃→→│●1┃ 1│●1┃→→│●1┃→→│●1┃→→│●1┃↑↑│↑↑┃",
    ]


def test_a_tampered_motocross_roll_exits_1_naming_the_turn(runner: CliRunner, tmp_path: Path) -> None:
    path = _record(runner, tmp_path, "motocross-max-ramps.yaml", "race.ppn")
    path.write_text(path.read_text().replace("{roll 3 4; number 4; moved}", "{roll 3 3; number 4; moved}", 1))
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert result.exit_code == 1
    problems = result.output.split(f"{path}: ")[-1].splitlines()
    assert problems[1] == (
        "  turn 2 (seat 2): moves 4, which it did not roll (dice [3, 3]): \"Choose 'one' of the numbers"
        ' you have rolled ... and move your pawn in a straight line a number of spaces exactly equal to'
        ' that number."'
    )


def test_a_badly_written_motocross_record_exits_2_with_one_located_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _record(runner, tmp_path, "motocross-max-ramps.yaml", "race.ppn")
    lines = path.read_text().splitlines()
    number = next(index for index, line in enumerate(lines) if line.startswith("5. {seat 1} "))
    lines[number] = lines[number].replace("{seat 1}", "{seat 2}")
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert (result.exit_code, result.output) == (
        2,
        f"{path}:{number + 1}:13: error: seat 2's pawn stands at (5.5,1.5)"
        " (start each step where the pawn stands)\n",
    )


def test_a_motocross_record_of_a_course_its_packs_cannot_hold_exits_2_located(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = _record(runner, tmp_path, "motocross-max-ramps.yaml", "race.ppn")
    lines = path.read_text().splitlines()
    number = next(index for index, line in enumerate(lines) if line.startswith("    path: "))
    lines[number] = lines[number].replace("path: ", "path: 2S ", 1)
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.startswith(f"{path}:11:5: error: the course of this record cannot be laid out: ")
    assert result.output.endswith(" (record a legal course)\n")
    assert result.output.count("\n") == 1
