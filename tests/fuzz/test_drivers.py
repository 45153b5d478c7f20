"""The modes that make their command from the input: generate's options
and a mutated race record for replay (the editor's requests:
``test_editor.py``)."""

from __future__ import annotations

import contextlib
import io
import random
import shutil
from pathlib import Path

import pytest
from support import ROOT

from trackkit.cli.app import built_command
from trackkit.fuzz import drivers
from trackkit.fuzz.commands import run_mode


@pytest.mark.parametrize("game", ["racepack", "motocross", "race", "rally"])
def test_generate_options_are_the_games_own_and_repeat_for_a_seed(game: str) -> None:
    command = built_command()
    sub = command.commands["generate"].commands[game]
    known = {name for option in sub.params for name in option.opts}
    for seed in range(20):
        args = drivers.generate_options(random.Random(seed), command, game)
        assert args[:2] == ["generate", game]
        assert "--seed" in args and "--force" in args
        assert {arg for arg in args[2:] if arg.startswith("-") and arg in known} <= known
        assert args == drivers.generate_options(random.Random(seed), command, game)


def test_a_fuzzed_count_is_small_or_past_the_limit() -> None:
    """A count within the limit is honest work in proportion to it, so the
    fuzzer asks for at most eight tracks; one past the limit stays, to be refused."""
    command = built_command()
    counts: set[str] = set()
    for seed in range(400):
        args = drivers.generate_options(random.Random(seed), command, "race")
        counts |= {args[i + 1] for i, arg in enumerate(args[:-1]) if arg == "--count"}
    # Read as the command line reads them: "1_000" and " 12" are whole numbers too.
    whole = {int(count) for count in counts if count.strip().lstrip("+-").replace("_", "").isdigit()}
    assert drivers.FUZZED_COUNT == 8
    assert whole and all(n <= 8 or n > 10_000 for n in whole)
    assert 8 in whole


@pytest.mark.parametrize(
    ("drawn", "asked"), [("1_000", "8"), ("10_001", "10_001"), ("many", "many"), ("3", "3")]
)
def test_a_fuzzed_count_however_written_is_small_or_past_the_limit(
    monkeypatch: pytest.MonkeyPatch, drawn: str, asked: str
) -> None:
    # The third campaign asked for "1_000" RACE! tracks: 2.8 s of honest work.
    monkeypatch.setattr(drivers, "_drawn_value", lambda rng, name, shown: drawn)
    assert drivers._option_value(random.Random(0), "--count", "INTEGER") == asked


def test_the_input_names_the_game_or_it_is_racepack() -> None:
    names = ["motocross", "race", "racepack", "rally"]
    assert drivers.game_of("trackkit: 1\ngame: rally\n", names) == "rally"
    assert drivers.game_of("trackkit: 1\npath: 2S\n", names) == "racepack"
    assert drivers.game_of("game: chess\n", names) == "racepack"


def test_a_mutated_record_is_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout that races gives its own record, mutated; one that cannot
    race gets the last record of its game."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(drivers, "_RECORDS", {})
    shutil.copy(ROOT / "layouts" / "figure1.yaml", "in.yaml")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        first = drivers.replay_mutated(run_mode, random.Random(1), "racepack")
        recorded = drivers._RECORDS["racepack"]
        Path("in.yaml").write_text("trackkit: 1\npath: [\n")
        second = drivers.replay_mutated(run_mode, random.Random(2), "racepack")
    assert first in (0, 1, 2) and second in (0, 1, 2)
    assert drivers._RECORDS["racepack"] == recorded
    assert Path(drivers.RECORD).read_text() != recorded


def test_a_record_past_the_size_held_to_2_s_gives_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(drivers, "_RECORDS", {"racepack": "kept record\n"})
    monkeypatch.setattr(drivers, "MAX_RECORD_BYTES", 100)
    shutil.copy(ROOT / "layouts" / "figure1.yaml", "in.yaml")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        drivers.replay_mutated(run_mode, random.Random(1), "racepack")
    assert drivers._RECORDS == {"racepack": "kept record\n"}
