"""What ``trackkit replay`` checks beyond each move, on recorded Racepack and
RACE! races: the setup against the race, whose turn it is, and the end; and
records of races that showed a defect, refused with the rule they break."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.racepack.race import turn_order

RECORDS = ROOT / "tests" / "samples" / "records"
"""Races recorded by trackkit before a fix, kept as they were written."""

BACK_STEP = (
    "steps back inside corner {corner} from its exit half to its entry half"
    " ('Forward movements represent forward motion around the track')"
)


def _problems(output: str) -> list[str]:
    """The lines after replay's verdict on illegal moves."""
    return re.split(r"illegal moves?:\n", output, maxsplit=1)[1].splitlines()


def test_a_race_recorded_with_cars_stepping_back_inside_corners_is_refused(runner: CliRunner) -> None:
    """Issue 34, item 4: ``simulate layouts/chicane.yaml --races 1 --seed 102
    --cars 4 --drivers random --record`` written before the fix; turn 37, car
    1, movement 3 went (14.5,7.5) -> (15.5,8.5), from corner 7's exit half
    back to its entry half."""
    path = RECORDS / "chicane-seed-102-steps-back.ppn"
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert result.exit_code == 1
    assert _problems(result.output) == [
        f"  turn {turn} (car {car}): movement {movement}: " + BACK_STEP.format(corner=corner)
        for turn, car, movement, corner in [
            (37, 1, 3, 7),
            (57, 1, 2, 3),
            (67, 3, 1, 3),
            (86, 1, 3, 8),
            (106, 3, 2, 3),
            (111, 1, 2, 3),
            (123, 1, 1, 5),
        ]
    ]


def test_the_same_race_recorded_now_keeps_going_forward(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "chicane.ppn"
    layout = str(ROOT / "layouts" / "chicane.yaml")
    args = ["--races", "1", "--seed", "102", "--cars", "4", "--drivers", "random", "--record", str(path)]
    assert runner.invoke(app, ["simulate", layout, *args, "--no-hazards"]).exit_code == 0
    assert "(14.5,7.5)-(15.5,8.5) {lane-change" not in path.read_text()
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        0,
        f"{path}: every move of the 137 turns is legal",
    )


# --- Racepack: setup, turn order, end -------------------------------------------

LAYOUTS = ROOT / "layouts"
GENERATED = ROOT / "tests" / "samples" / "generated"
"""Tracks drawn by ``trackkit generate`` with seed 7, one per construction:
``racepack --hairpins 1``, ``--chicanes 1``, ``--pit``, ``--wide --packs 2
--tiles 32 --cars 8``, and ``race``."""

# The rulebook's sentences a refusal quotes, as the checker holds them.
FIRST_ROUND, LATER_ROUNDS, WINNER, OTHERS = (
    turn_order.FIRST_ROUND,
    turn_order.LATER_ROUNDS,
    turn_order.WINNER,
    turn_order.OTHERS,
)
GRID = (
    "'the first two cars setting side by side on the two spaces behind the start/finish line"
    " and the remaining cars behind them'"
)


_RECORDED: dict[tuple[str, ...], bytes] = {}
"""The record each run asked for in this file wrote, by its layout and
options: a run of a fixed seed writes the same record wherever it goes, so
the tests that change the same race's record start from one run of it."""


def _simulate(runner: CliRunner, layout: Path, path: Path, *options: str) -> Path:
    key = (str(layout), *options)
    if key in _RECORDED:
        path.write_bytes(_RECORDED[key])
        return path
    args = ["simulate", str(layout), "--races", "1", "--seed", "4", "--drivers", "bold", "--record", str(path)]
    args += options
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    _RECORDED[key] = path.read_bytes()
    return path


def _replay(runner: CliRunner, path: Path) -> tuple[int, list[str]]:
    """Replay's exit code and its verdict: the last line when every move is
    legal, else the problems."""
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    if result.exit_code == 0:
        return 0, result.output.splitlines()[-1:]
    return result.exit_code, _problems(result.output)


def _figure1(runner: CliRunner, tmp_path: Path, *options: str) -> tuple[Path, list[str]]:
    """A Figure 1 race, seed 4 (93 turns with four bold cars), and its lines;
    raced without hazards, so the turns these tests name stay those of the
    race they were written for (the races with hazards replay below)."""
    path = _simulate(runner, LAYOUTS / "figure1.yaml", tmp_path / "race.ppn", "--no-hazards", *options)
    return path, path.read_text().split("\n")


def _turn_line(lines: list[str], number: int) -> int:
    return next(index for index, line in enumerate(lines) if line.startswith(f"{number}. "))


def test_swapped_racepack_turns_are_refused_by_the_turn_order(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 34, item 7: turn 24 (car 4) ends a round and turn 25 (car 3)
    begins the next; swapped, car 3 plays twice in one round and car 4 not
    at all, which every move alone does not show."""
    assert LATER_ROUNDS.startswith(
        "'the turn order is set by the order of the cars in the race, with the driver"
    )
    path, lines = _figure1(runner, tmp_path)
    at = _turn_line(lines, 24)
    assert (lines[at][:10], lines[at + 1][:10]) == ("24. {car 4", "25. {car 3")
    lines[at], lines[at + 1] = "24. " + lines[at + 1][4:], "25. " + lines[at][4:]
    path.write_text("\n".join(lines))
    assert _replay(runner, path) == (
        1,
        [
            f"  turn 24 (car 3): car 3 has had its turn this round; car 4 plays now ({LATER_ROUNDS})",
            f"  turn 25 (car 4): car 3 plays now, not car 4 ({LATER_ROUNDS})",
            f"  turn 27 (car 4): car 4 has had its turn this round; car 1 plays now ({LATER_ROUNDS})",
            f"  turn 28 (car 1): car 4 plays now, not car 1 ({LATER_ROUNDS})",
        ],
    )


def test_a_first_round_out_of_grid_order_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _figure1(runner, tmp_path)
    at = _turn_line(lines, 3)
    lines[at], lines[at + 1] = "3. " + lines[at + 1][3:], "4. " + lines[at][3:]
    path.write_text("\n".join(lines))
    assert _replay(runner, path) == (
        1,
        [
            f"  turn 3 (car 4): car 3 plays now, not car 4 ({FIRST_ROUND})",
            f"  turn 4 (car 3): car 4 plays now, not car 3 ({FIRST_ROUND})",
        ],
    )


def test_a_truncated_racepack_race_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _figure1(runner, tmp_path)
    last = _turn_line(lines, 93)
    assert lines[last + 1 :] == [""]
    path.write_text("\n".join(lines[:last]) + "\n")
    assert _replay(runner, path) == (
        1,
        [f"  after turn 92: the record ends with car 2 still racing ({OTHERS})"],
    )
    path.write_text("\n".join(lines[: _turn_line(lines, 11)]) + "\n")
    assert _replay(runner, path) == (
        1,
        [f"  after turn 10: the record ends before any car has finished ({WINNER})"],
    )


def test_a_racepack_turn_past_the_end_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, _ = _figure1(runner, tmp_path)
    path.write_text(path.read_text() + "94. {car 1}\n")
    assert _replay(runner, path) == (
        1,
        [f"  turn 94 (car 1): car 1 has finished and left the track; it takes no more turns ({OTHERS})"],
    )


def test_a_finishing_order_the_moves_do_not_give_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _figure1(runner, tmp_path)
    assert "  finish: [3, 4, 1, 2]" in lines
    text = "\n".join(lines)
    path.write_text(text.replace("  finish: [3, 4, 1, 2]", "  finish: [4, 3, 1, 2]", 1))
    assert _replay(runner, path) == (
        1,
        [
            f"  the finish: the record gives the order 4, 3, 1, 2, but the cars finished 3, 4, 1, 2 ({WINNER}; {OTHERS})"
        ],
    )
    path.write_text(text.replace("  finish: [3, 4, 1, 2]\n", "", 1))  # a record from before it was kept
    assert _replay(runner, path) == (0, [f"{path}: every move of the 93 turns is legal"])


def test_the_setup_sets_out_the_races_cars(runner: CliRunner, tmp_path: Path) -> None:
    """Issue 34, item 6: two cars on the four-car Figure 1 set out two pawns;
    five set out the four pawns and a die (one pack has four pawns), each
    on its grid place; both replay."""
    path, lines = _figure1(runner, tmp_path, "--cars", "2")
    cars = [word for word in lines[lines.index("...") + 1].split() if word.startswith(("p", "d"))]
    assert cars == ["dS3@(8,0.5)", "pS@(8.5,2.5)", "pM@(8.5,1.5)"]
    assert _replay(runner, path) == (0, [f"{path}: every move of the 47 turns is legal"])
    five = _simulate(runner, LAYOUTS / "figure1.yaml", tmp_path / "five.ppn", "--no-hazards", "--cars", "5")
    setup = five.read_text().split("\nsetup. ")[1].split("\n")[0].split()
    assert [word for word in setup if word.startswith(("p", "d"))] == [
        "dS3@(8,0.5)",
        "pS@(8.5,2.5)",
        "pM@(8.5,1.5)",
        "pC@(9.5,2.5)",
        "pA@(9.5,1.5)",
        "dMn@(10.5,2.5)",
    ]
    assert setup[-10:] == ["{strategy", "tokens", "1", "2", "3", "4", "5", "for", "each", "car}"]
    assert _replay(runner, five)[0] == 0


def test_a_setup_not_of_this_race_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, _ = _figure1(runner, tmp_path, "--cars", "2")
    text = path.read_text()
    # the four cars of the layout, as records set them out before the fix
    path.write_text(text.replace(" pM@(8.5,1.5) ", " pM@(8.5,1.5) pC@(9.5,2.5) pA@(9.5,1.5) ", 1))
    assert _replay(runner, path) == (1, [f"  setup: sets out 4 cars, but 2 race, one per driver ({GRID})"])
    # the two cars on each other's grid place
    path.write_text(text.replace(" pS@(8.5,2.5) pM@(8.5,1.5) ", " pS@(8.5,1.5) pM@(8.5,2.5) ", 1))
    assert _replay(runner, path) == (
        1,
        [
            f"  setup: car 1 is not set out on its grid place, pS@(8.5,2.5) ({GRID})",
            f"  setup: car 2 is not set out on its grid place, pM@(8.5,1.5) ({GRID})",
            "  setup: pS@(8.5,1.5) is no piece of this race's table",
            "  setup: pM@(8.5,2.5) is no piece of this race's table",
        ],
    )
    # the lap die showing five laps for a three-lap race
    path.write_text(text.replace(" dS3@(8,0.5) ", " dS5@(8,0.5) ", 1))
    assert _replay(runner, path) == (
        1,
        [
            "  setup: the lap die, dS3@(8,0.5), is not set out",
            "  setup: dS5@(8,0.5) is no piece of this race's table",
        ],
    )


def test_tokens_the_setup_does_not_deal_are_refused_and_an_older_setup_deals_five(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, _ = _figure1(runner, tmp_path)
    text = path.read_text()
    token = " {strategy tokens 1 2 3 4 5 for each car}"
    assert text.count(token) == 1
    path.write_text(text.replace(token, "", 1))
    assert _replay(runner, path) == (0, [f"{path}: every move of the 93 turns is legal"])
    path.write_text(text.replace(token, " {strategy tokens 1 2 3 4 for each car}", 1))
    # the bold drivers play their tokens against rivals: two 5s in this race
    assert _replay(runner, path) == (
        1,
        [
            "  turn 30 (car 4): movement 2: car 2 holds no 5 strategy token ('each player receives a set of five (ace through 5) for each car they control')",
            "  turn 77 (car 3): movement 2: car 4 holds no 5 strategy token ('each player receives a set of five (ace through 5) for each car they control')",
        ],
    )
    path.write_text(text.replace(token, " {no strategy tokens}", 1))
    code, problems = _replay(runner, path)
    assert (code, problems[0]) == (
        1,
        "  turn 14 (car 4): movement 1: car 2 holds no 1 strategy token ('each player receives a set of five (ace through 5) for each car they control')",
    )


# --- RACE!: grid, turn order, end ------------------------------------------------

ORDER = (
    "'The leader takes the first turn, and you work your way back through the pack ... You do this until"
    " everyone has taken a turn. Then, you start a new set of turns.'"
)
PLACES = "'the order that the racers cross the finish line at the end of the final lap'"
RACE_GRID = (
    "'Place the pole position racer in the space just behind the finish line. The next racer is placed"
    " in the space behind the pole position, and proceeding downwards'"
)


def _oval(runner: CliRunner, tmp_path: Path) -> tuple[Path, list[str]]:
    """A RACE! race on the oval, seed 4: six bold racers, 55 turns."""
    path = _simulate(runner, LAYOUTS / "race-oval.yaml", tmp_path / "oval.ppn")
    lines = path.read_text().split("\n")
    assert "  grid: [24, 23, 22, 21, 20, 19]" in lines
    assert sum(1 for line in lines if re.match(r"\d+\. \{racer ", line)) == 55
    return path, lines


def _renumbered(line: str, number: int) -> str:
    """A RACE! record's move line as move ``number``."""
    return f"{number}. {line.split('. ', 1)[1]}"


def test_swapped_race_turns_are_refused_by_the_turn_order(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _oval(runner, tmp_path)
    first = lines.index("...") + 1
    fifth, sixth = lines[first + 4], lines[first + 5]
    lines[first + 4], lines[first + 5] = _renumbered(sixth, 5), _renumbered(fifth, 6)
    path.write_text("\n".join(lines))
    code, problems = _replay(runner, path)
    # the checker re-plays the dice, so the swapped racers' moves are wrong
    # too, and a round later the pack still stands otherwise
    assert (code, problems[0]) == (1, f"  turn 5 (racer 6): racer 5 plays now ({ORDER})")
    assert [problem for problem in problems if "plays now" in problem] == [
        f"  turn {turn} (racer {racer}): racer {expected} plays now ({ORDER})"
        for turn, racer, expected in [(5, 6, 5), (6, 5, 6), (11, 5, 6), (12, 6, 5)]
    ]


def test_a_truncated_race_and_a_turn_past_its_end_are_refused(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _oval(runner, tmp_path)
    turns = [line for line in lines if re.match(r"\d+\. \{racer ", line)]
    path.write_text("\n".join(lines[: lines.index(turns[-3])]) + "\n")
    assert _replay(runner, path) == (
        1,
        [f"  after turn 52: the record ends with racer 3, 4 still racing ({PLACES})"],
    )
    path.write_text("\n".join([*lines[:-1], _renumbered(turns[-1], 56)]) + "\n")
    assert _replay(runner, path) == (
        1,
        [f"  turn 56 (racer 3): racer 3 has finished and takes no more turns ({PLACES})"],
    )


def test_a_racer_that_finishes_skips_its_shake(runner: CliRunner, tmp_path: Path) -> None:
    path, lines = _oval(runner, tmp_path)
    last = max(index for index, line in enumerate(lines) if re.match(r"\d+\. \{racer ", line))
    assert lines[last] == "55. {racer 3} {speed 0; dice 7 6 7; to 1}"
    lines[last] = lines[last][:-1] + "; shakes 4; shaken to 3}"
    path.write_text("\n".join(lines))
    assert _replay(runner, path) == (
        1,
        [
            "  turn 55 (racer 3): shakes another racer though its move finished the race or no other"
            f" racer is left (a racer that has finished leaves the track: {PLACES})"
        ],
    )


def test_a_race_grid_not_the_rulebooks_is_refused_and_an_older_record_lines_up_by_the_rules(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, lines = _oval(runner, tmp_path)
    text = "\n".join(lines)
    path.write_text(text.replace("  grid: [24, 23, 22, 21, 20, 19]", "  grid: [24, 22, 23, 21, 20, 19]"))
    assert _replay(runner, path) == (
        1,
        [
            f"  the grid: racer 2 starts on space 22, not 23 ({RACE_GRID})",
            f"  the grid: racer 3 starts on space 23, not 22 ({RACE_GRID})",
        ],
    )
    path.write_text(text.replace("  grid: [24, 23, 22, 21, 20, 19]", "  grid: [24, 23]"))
    assert _replay(runner, path) == (1, [f"  the grid names 2 starting spaces for 6 racers ({RACE_GRID})"])
    path.write_text(text.replace("  grid: [24, 23, 22, 21, 20, 19]\n", ""))
    assert _replay(runner, path) == (0, [f"{path}: every move of the 55 turns is legal"])


# --- every shipped and generated track replays ------------------------------------

RACES = [
    *(
        (path, ())
        for path in sorted(LAYOUTS.glob("*.yaml"))
        if "motocross" not in path.name and "rally" not in path.name
    ),
    (LAYOUTS / "figure1.yaml", ("--drivers", "random+tokens,bold", "--extra-hazards", "2", "--cars", "6")),
    (LAYOUTS / "pit-lane.yaml", ("--drivers", "random,cautious+tokens", "--pit-stops")),
    (LAYOUTS / "wide-straight.yaml", ("--drivers", "random,bold", "--cars", "8", "--wide-lanes", "3")),
    (GENERATED / "hairpin.yaml", ("--drivers", "random,bold+tokens")),
    (GENERATED / "chicane.yaml", ("--drivers", "random,bold+tokens")),
    (GENERATED / "pit.yaml", ("--drivers", "random,cautious", "--pit-stops", "--extra-hazards", "2")),
    (GENERATED / "wide.yaml", ("--drivers", "random,bold")),
    (GENERATED / "race.yaml", ("--drivers", "random,bold", "--cars", "7")),
]


@pytest.mark.parametrize(
    ("layout", "options"), RACES, ids=[" ".join((layout.stem, *options)) for layout, options in RACES]
)
def test_recorded_races_of_every_shipped_and_generated_track_replay(
    runner: CliRunner, tmp_path: Path, layout: Path, options: tuple[str, ...]
) -> None:
    path = _simulate(runner, layout, tmp_path / "record.ppn", *options)
    code, verdict = _replay(runner, path)
    assert (code, verdict[0].split(" of the ")[0]) == (0, f"{path}: every move")


def test_a_record_of_more_cars_than_the_packs_can_set_out_is_refused_before_racing(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Eight cars on the one-pack Figure 1 need four pawns and four dice
    besides the lap die; one pack has four dice, so the record's setup
    cannot be laid and nothing is raced or written."""
    path = tmp_path / "eight.ppn"
    layout = LAYOUTS / "figure1.yaml"
    args = ["simulate", str(layout), "--races", "1", "--cars", "8", "--record", str(path)]
    result = runner.invoke(app, args)
    assert (result.exit_code, result.output) == (
        2,
        f"{layout}: error: this Racepack setup needs another die, but one piecepack holds only 4 dice;"
        " set 'packs' higher in the layout or use fewer pieces\n",
    )
    assert not path.exists()
