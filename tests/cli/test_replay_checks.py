"""What ``trackkit replay`` checks beyond each move, on recorded Racepack and
RACE! races: the setup against the race, whose turn it is, and the end; and
records of races that showed a defect, refused with the rule they break."""

from __future__ import annotations

from pathlib import Path

from support import ROOT
from typer.testing import CliRunner

from trackkit.cli import app

RECORDS = ROOT / "tests" / "samples" / "records"
"""Races recorded by trackkit before a fix, kept as they were written."""

BACK_STEP = (
    "steps back inside corner {corner} from its exit half to its entry half"
    " ('Forward movements represent forward motion around the track')"
)


def _problems(output: str) -> list[str]:
    """The lines after replay's verdict on illegal moves."""
    return output.split("illegal moves:\n", 1)[1].splitlines()


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
    assert runner.invoke(app, ["simulate", layout, *args]).exit_code == 0
    assert "(14.5,7.5)-(15.5,8.5) {lane-change" not in path.read_text()
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert (result.exit_code, result.output.splitlines()[-1]) == (
        0,
        f"{path}: every move of the 137 turns is legal",
    )
