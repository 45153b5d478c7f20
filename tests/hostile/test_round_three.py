"""Issue 35's hostile command lines (all but the editor's and the paper
PNG pages'): each reproducer with its exact answer and exit status.  The
ones that are one file and one command live in ``tests/hostile/corpus/``;
here are those that need options, names or files of their own."""

from __future__ import annotations

import os
import random
import shutil
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit import games
from trackkit.api import render_file
from trackkit.api.records import check_recordable, replay_file
from trackkit.board import Board, Mark, Style
from trackkit.cli import app
from trackkit.cli.file_names import file_names, path_parameters
from trackkit.errors import LayoutError, LimitError, OutputError
from trackkit.fileio import name_problem
from trackkit.layoutfile import yaml_nodes
from trackkit.motocross import generate as motocross_generate
from trackkit.race import preview as race_preview
from trackkit.race.setup import RaceSetup
from trackkit.race.track import RaceLayout
from trackkit.render.terminal_boxes import bordered_rows


@pytest.fixture
def layouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding copies of the shipped layouts, made the current one."""
    for path in LAYOUTS.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def answer(runner: CliRunner, *args: str) -> tuple[int, str]:
    """The exit status and standard error of ``trackkit ARGS``, which must not crash."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


@pytest.mark.parametrize("game", ["figure1", "race-oval", "rally-base", "motocross-three-players"])
@pytest.mark.parametrize("width", ["0", "-1", "7"])
def test_a_preview_narrower_than_8_is_refused_alike_in_every_game(
    runner: CliRunner, layouts: Path, game: str, width: str
) -> None:
    assert answer(runner, "show", f"{game}.yaml", "-w", width) == (
        2,
        f"trackkit: error: --width {width} is too narrow; give 8 or more\n",
    )


@pytest.fixture
def fifo(layouts: Path) -> Iterator[str]:
    """``f.yaml``, a named pipe no one writes to; a test reading it would
    block forever, so each is stopped after 10 s."""
    os.mkfifo(layouts / "f.yaml")

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("blocked on the FIFO")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    yield "f.yaml"
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


FIFO_REFUSED = "f.yaml: error: is not a regular file (give the path of a .yaml file)\n"


@pytest.mark.parametrize(
    "args",
    [
        ["info", "f.yaml"],
        ["show", "f.yaml"],
        ["render", "f.yaml", "-o", "out.svg"],
        ["replay", "f.yaml"],
        ["generate", "rally", "--cards", "f.yaml"],
        ["simulate", "rally-base.yaml", "--shapes", "f.yaml"],
    ],
)
def test_a_fifo_given_as_any_input_is_refused_at_once(runner: CliRunner, fifo: str, args: list[str]) -> None:
    assert answer(runner, *args) == (2, FIFO_REFUSED)


def test_validate_reports_a_fifo_as_unreadable(runner: CliRunner, fifo: str) -> None:
    result = runner.invoke(app, ["validate", fifo])
    assert (result.exit_code, result.stdout) == (2, FIFO_REFUSED + "f.yaml: unreadable (1 error)\n")


LONG = "a" * 300 + ".yaml"
LONG_SHOWN = "'aaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaa.yaml' is 305 bytes long"


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["validate", LONG], "'FILE|DIR|-...'"),
        (["info", LONG], "'FILE'"),
        (["replay", LONG], "'file'"),
        (["edit", LONG], "'[FILE]'"),
        (["render", "figure1.yaml", "-o", LONG], "'--output' / '-o'"),
        (["convert", "figure1.yaml", "--to", "tiles", "-o", LONG], "'--output' / '-o'"),
        (["export", "figure1.yaml", "--to", "ppn", "-o", LONG], "'--output' / '-o'"),
        (["simulate", "figure1.yaml", "--record", LONG], "'--record'"),
        (["simulate", "figure1.yaml", "--svg", LONG], "'--svg'"),
        (["simulate", "rally-base.yaml", "--shapes", LONG], "'--shapes'"),
        (["generate", "-o", LONG], "'--output' / '-o'"),
        (["generate", "race", "--svg", LONG], "'--svg'"),
        (["generate", "rally", "--cards", LONG], "'--cards'"),
        (["hazards", LONG], "'FILE'"),
    ],
)
def test_a_name_too_long_is_a_usage_error_at_the_option_that_gave_it(
    runner: CliRunner, layouts: Path, args: list[str], where: str
) -> None:
    status, stderr = answer(runner, *args)
    assert status == 2
    assert stderr.splitlines()[-1] == (
        f"Error: Invalid value for {where}: the name {LONG_SHOWN}; a file or folder name holds at most 255"
        " (shorten it)"
    )
    assert sorted(path.name for path in layouts.iterdir()) == sorted(path.name for path in LAYOUTS.glob("*.yaml"))


def test_every_path_parameter_of_every_command_checks_its_name() -> None:
    declared = list(path_parameters(app))
    assert len(declared) >= 25
    assert all(item.callback is file_names for item in declared)


def test_numbered_outputs_too_long_are_refused_before_any_track_is_made(runner: CliRunner, layouts: Path) -> None:
    base = "b" * 250 + ".yaml"
    assert answer(runner, "generate", "--count", "2", "-o", base) == (
        2,
        "trackkit: error: the name 'bbbbbbbbbbbbbbbbbbbbbbbb...bbbbbbbbbbbbbbbbb-1.yaml' is 257 bytes long;"
        " a file or folder name holds at most 255 (shorten it)\n",
    )


def test_a_name_of_250_bytes_is_written_through_a_shorter_temporary_name(runner: CliRunner, layouts: Path) -> None:
    name = "c" * 246 + ".svg"
    assert answer(runner, "render", "figure1.yaml", "-o", name) == (0, f"wrote {name}\n")
    assert (layouts / name).read_text().startswith("<?xml")


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("ok/fine.yaml", None),
        ("x\0.yaml", "the name holds a NUL character, which no file name may hold (remove it)"),
        (
            "x\ud800.yaml",
            f"the name holds '\\ud800', which the file system's encoding ({sys.getfilesystemencoding()})"
            " cannot write (rename it)",
        ),
        ("d/" * 2100, "the path is 4,200 bytes long; a path holds at most 4,096 (shorten it)"),
        ("d" * 255 + "/x", None),
    ],
)
def test_name_problem_says_what_the_file_system_would_refuse(name: str, problem: str | None) -> None:
    assert name_problem(name) == problem


def test_the_library_refuses_a_bad_output_name_as_an_output_error(layouts: Path) -> None:
    with pytest.raises(OutputError, match=r"^the name holds a NUL character"):
        render_file("figure1.yaml", "x\0.svg")
    assert not list(layouts.glob("x*"))


RACE_120 = "trackkit: 1\ngame: race\nspaces: 120\nlaps: 3\nracers: 8\nfinish: 120\n"
"""The RACE! loop of issue 35 whose 58 KB record took 5 s to replay (49 KB
since RACE! records are PPN)."""


def test_a_replay_lays_the_race_track_out_once_for_all_its_frames(
    runner: CliRunner, layouts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (layouts / "long.yaml").write_text(RACE_120)
    args = ("simulate", "long.yaml", "--races", "1", "--seed", "1", "--drivers", "bold", "--record", "long.txt")
    assert answer(runner, *args)[0] == 0
    assert 45_000 < (layouts / "long.txt").stat().st_size < 55_000
    calls: list[int] = []
    real = race_preview.race_setup

    def counted(layout: RaceLayout) -> RaceSetup:
        calls.append(layout.spaces)
        return real(layout)

    monkeypatch.setattr(race_preview, "race_setup", counted)
    race_preview._laid_out.cache_clear()
    replay = replay_file("long.txt")
    assert len(replay.frames) == replay.turns + 1 > 500
    assert replay.problems == ()
    assert calls == [120]


def test_a_long_text_read_by_libyaml_gives_the_same_nodes_as_the_careful_reader() -> None:
    text = "trackkit: 1\nname: 'é ŝ 😀'\n" + "".join(f"k{i}: [a, 'é', {i}, x: 1]\n" for i in range(2_000))
    assert len(text) > yaml_nodes.QUICK_FROM
    quick = yaml_nodes._quick_documents(text)
    assert quick is not None
    careful = list(yaml.compose_all(text, Loader=yaml_nodes.LayoutLoader))
    assert node_facts(quick[0]) == node_facts(careful[0])


def test_a_long_text_with_an_alias_is_left_to_the_careful_reader() -> None:
    text = "a: &x [1, 2]\nb: *x\n" + "# padding\n" * 2_000
    assert yaml_nodes._quick_documents(text) is None
    with pytest.raises(LayoutError, match="YAML aliases"):
        yaml_nodes.compose_documents(text)


def node_facts(node: yaml.Node) -> list[object]:
    """Every node's kind, tag, value and place, in order."""
    facts: list[object] = [type(node).__name__, node.tag, node.start_mark.line, node.start_mark.column]
    if isinstance(node, yaml.SequenceNode):
        for item in node.value:
            facts += node_facts(item)
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            facts += node_facts(key) + node_facts(value)
    else:
        facts += [node.value, node.end_mark.column]
    return facts


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--cars", "100000000", "--cars must be from 1 to 16, not 100,000,000"),
        ("--cars", "9" * 30, "--cars must be from 1 to 16, not a number of 30 digits"),
        ("--laps", "0", "--laps must be from 1 to 99, not 0"),
        ("--laps", "-1", "--laps must be from 1 to 99, not -1"),
        ("--laps", "100", "--laps must be from 1 to 99, not 100"),
        ("--races", "0", "--races must be from 1 to 1,000,000, not 0"),
        ("--workers", "1000", "--workers must be from 1 to 64, not 1,000"),
        ("--seed", "-1", "--seed must be a whole number from 0 up, of at most 100 digits, not -1"),
        (
            "--seed",
            "1" + "0" * 100,
            "--seed must be a whole number from 0 up, of at most 100 digits, not a number of 101 digits",
        ),
    ],
)
@pytest.mark.parametrize("game", ["figure1", "race-oval", "motocross-three-players", "rally-base"])
def test_simulation_counts_are_bounded_alike_in_every_game_before_any_race(
    runner: CliRunner, layouts: Path, game: str, option: str, value: str, message: str
) -> None:
    args = ["simulate", f"{game}.yaml", option, value, "--record", "race.txt"]
    assert answer(runner, *args) == (2, f"trackkit: error: {message}\n")
    assert not (layouts / "race.txt").exists()


def test_the_largest_seed_is_written_into_the_record_and_read_back(runner: CliRunner, layouts: Path) -> None:
    seed = "9" * 100
    assert answer(runner, "simulate", "race-oval.yaml", "--races", "1", "--seed", seed, "--record", "r.txt")[0] == 0
    assert f"  seed: {seed}\n" in (layouts / "r.txt").read_text()
    result = runner.invoke(app, ["replay", "r.txt"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].startswith("r.txt: every move of the ")


def test_a_race_track_of_a_thousand_laps_is_not_simulated(runner: CliRunner, layouts: Path) -> None:
    text = (layouts / "race-oval.yaml").read_text().replace("laps: 2\n", "laps: 1000\n")
    (layouts / "long.yaml").write_text(text)
    assert answer(runner, "simulate", "long.yaml", "--races", "1") == (
        2,
        "trackkit: error: the layout races 1,000 laps, and a simulation races at most 99; give --laps 99 or fewer\n",
    )
    assert answer(runner, "simulate", "long.yaml", "--races", "1", "--laps", "2")[0] == 0


def test_a_race_too_long_to_record_is_refused_with_its_size_before_any_race(
    runner: CliRunner, layouts: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (layouts / "race-oval.yaml").read_text().replace("laps: 2\n", "laps: 99\n")
    (layouts / "long.yaml").write_text(text)

    def no_race(*args: object, **kwargs: object) -> None:
        raise AssertionError("a race was played")

    monkeypatch.setattr("trackkit.race.simulate.simulate_race", no_race)
    assert answer(runner, "simulate", "long.yaml", "--record", "r.txt") == (
        2,
        "long.yaml: error: a record of this race would hold some 4,752 turns (6 cars, 99 laps of 24 spaces),"
        " about 557 KiB; a record holds at most 1,000 turns and 1,024 KiB, so nothing was raced or written"
        " (record fewer laps or cars)\n",
    )
    assert not (layouts / "r.txt").exists()


@pytest.mark.parametrize("laps", ["3", "20"])
def test_what_simulate_records_replay_reads_back(runner: CliRunner, layouts: Path, laps: str) -> None:
    args = ["simulate", "figure1.yaml", "--races", "1", "--seed", "5", "--laps", laps, "--record", "r.txt"]
    assert answer(runner, *args)[0] == 0
    result = runner.invoke(app, ["replay", "r.txt"])
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1].startswith("r.txt: every move of the ")


def test_recordable_estimates_the_turns_of_the_188_tile_99_lap_race_of_issue_35() -> None:
    layout = games.loads("trackkit: 1\npacks: 8\nlaps: 99\npath: 92S R R 92S R R\n").layout
    with pytest.raises(LimitError, match=r"^a record of this race would hold some 1,600 turns \(4 cars, 99 laps of 188"):
        check_recordable(layout, None, None)
    check_recordable(layout, None, 3)


@pytest.mark.parametrize(
    "args",
    [
        ["generate", "rally", "--cards", "deck.yaml", "-o", "deck.yaml", "--force"],
        ["generate", "rally", "--cards", "deck.yaml", "--svg", "deck.yaml", "--force"],
        ["generate", "rally", "--cards", "./deck.yaml", "-o", "deck.yaml"],
        ["simulate", "rally-base.yaml", "--shapes", "deck.yaml", "--record", "deck.yaml", "--force"],
        ["simulate", "rally-base.yaml", "--shapes", "deck.yaml", "--svg", "deck.yaml", "--force"],
    ],
)
def test_no_command_writes_over_a_file_it_reads(runner: CliRunner, layouts: Path, args: list[str]) -> None:
    shapes = "trackkit: 1\nshapes:\n  hairpin: {rows: 3, lanes: 2}\n"
    text = shapes if args[0] == "simulate" else (layouts / "rally-base.yaml").read_text()
    (layouts / "deck.yaml").write_text(text)
    assert answer(runner, *args) == (
        2,
        "trackkit: error: deck.yaml: refusing to overwrite the input file; choose another output\n",
    )
    assert (layouts / "deck.yaml").read_text() == text


def test_two_outputs_of_one_name_are_refused(runner: CliRunner, layouts: Path) -> None:
    assert answer(runner, "simulate", "figure1.yaml", "--record", "x.txt", "--svg", "x.txt") == (
        2,
        "trackkit: error: x.txt is given for two outputs; give each its own name\n",
    )
    assert not (layouts / "x.txt").exists()


def test_a_generate_that_fails_leaves_none_of_its_outputs(runner: CliRunner, layouts: Path) -> None:
    status, stderr = answer(runner, "generate", "race", "--spaces", "10000", "-o", "g.yaml", "--svg", "g.svg")
    assert (status, stderr.splitlines()[-1]) == (
        2,
        "trackkit: error: a drawing shows at most 2,000 spaces; this track has 10,000",
    )
    assert not list(layouts.glob("g.*"))


class _PlainRandom(random.Random):
    """A generator the quick draw does not take: the careful loop draws for it."""


def test_the_quick_motocross_draw_makes_the_same_shapes_from_the_same_draws() -> None:
    for seed in range(300):
        quick, careful = random.Random(seed), _PlainRandom(seed)
        for _ in range(20):
            assert motocross_generate._draw(quick, 48, False) == motocross_generate._draw(careful, 48, False)
        assert quick.random() == careful.random()


def test_two_pack_motocross_courses_with_14_ramps_are_drawn_in_well_under_two_seconds() -> None:
    started = time.process_time()
    course = motocross_generate.generate_course(motocross_generate.CourseRequest(packs=2, ramps=14), seed=3)
    assert len(course.ramps) == 14
    assert time.process_time() - started < 1.5


def test_a_board_drawn_again_with_other_marks_reuses_its_border_lines() -> None:
    board = Board(corner=(0, 0), size=(2, 1), owners={(0, 0): 1, (1, 0): 1})
    first = bordered_rows(board, {(0, 0): Mark("1", Style.CAR, repeat=False)})
    again = bordered_rows(board, {(1, 0): Mark("2", Style.CAR, repeat=False)})
    assert ["".join(c for c, _ in row) for row in first] == ["┏━━┯━━┓", "┃ 1│  ┃", "┗━━┷━━┛"]
    assert ["".join(c for c, _ in row) for row in again] == ["┏━━┯━━┓", "┃  │ 2┃", "┗━━┷━━┛"]
    assert first[0] is not again[0]
