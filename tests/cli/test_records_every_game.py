"""Issue 33: one record format.  ``simulate --record`` writes a Portable
Piecepack Notation game (YAML metadata, a line ``...``, numbered moves) for
every registered game, and ``replay`` reads it back; records written
before RACE! and rally records were PPN (RACE!'s YAML, rally's plain text)
still replay, as the same race."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import LAYOUTS, ROOT, game_of_file
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.layoutfile.records import read_record_head
from trackkit.registry import GAMES

OLD_RECORDS = ROOT / "tests" / "samples" / "records"


def _first_layout(game: str) -> Path:
    """The first shipped layout of ``game``."""
    return next(path for path in sorted(LAYOUTS.glob("*.yaml")) if game_of_file(path) == game)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_record_is_ppn_that_replay_accepts(runner: CliRunner, tmp_path: Path, game: str) -> None:
    layout = _first_layout(game)
    path = tmp_path / "race.ppn"
    args = ["simulate", str(layout), "--races", "2", "--seed", "7", "--record", str(path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = path.read_text()
    head = read_record_head(text, str(path))
    assert text.startswith(f"---\nEvent: {GAMES[game].title.split()[0]} race on ")
    assert (head.seed, head.race, head.turns) == (7, 1, None)
    moves = [line for line in (head.movetext or "").splitlines() if re.match(r"\d+\. \{", line)]
    assert moves and moves[0].startswith("1. {")
    replayed = runner.invoke(app, ["replay", str(path), "--no-color"])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.splitlines()[-1] == f"{path}: every move of the {len(moves)} turns is legal"


@pytest.mark.parametrize(
    ("old", "layout", "options"),
    [
        (
            "race-oval-seed-5.old.yaml",
            "race-oval.yaml",
            ("--races", "3", "--seed", "5"),
        ),
        (
            "rally-base-seed-3.old.txt",
            "rally-base.yaml",
            ("--races", "3", "--seed", "3", "--skills", "base", "--drivers", "bold,cautious,random"),
        ),
    ],
)
def test_a_record_written_before_ppn_replays_as_the_same_race(
    runner: CliRunner, tmp_path: Path, old: str, layout: str, options: tuple[str, ...]
) -> None:
    """The old record, and the PPN record the same run writes now, replay
    frame for frame alike; only the file named in the verdict differs."""
    before = OLD_RECORDS / old
    assert not before.read_text().startswith("---\n") or "\n...\n" not in before.read_text()
    now = tmp_path / "race.ppn"
    args = ["simulate", str(LAYOUTS / layout), "--drivers", "bold", *options, "--record", str(now)]
    assert runner.invoke(app, args).exit_code == 0
    old_replay = runner.invoke(app, ["replay", str(before), "--no-color"])
    new_replay = runner.invoke(app, ["replay", str(now), "--no-color"])
    assert (old_replay.exit_code, new_replay.exit_code) == (0, 0)
    *old_frames, old_verdict = old_replay.output.splitlines()
    *new_frames, new_verdict = new_replay.output.splitlines()
    assert old_frames == new_frames
    assert old_verdict.replace(str(before), str(now)) == new_verdict
    assert re.fullmatch(rf"{re.escape(str(now))}: every move of the \d+ turns is legal", new_verdict)


def test_a_tampered_old_race_record_still_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    """The old RACE! YAML record is checked by the same move checker."""
    lines = (OLD_RECORDS / "race-oval-seed-5.old.yaml").read_text().splitlines()
    first = lines.index("Turns:") + 1
    lines[first] = lines[first].replace("speed: 1,", "speed: 3,", 1)
    path = tmp_path / "old.yaml"
    path.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(path), "--to", "0"])
    assert result.exit_code == 1
    assert "  turn 1 (racer 1): speed 0 → 3: 'up by one, down by one or stay the same'" in result.output
