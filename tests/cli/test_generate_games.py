"""``trackkit generate GAME``: each game its own command, with its own help
and examples, the same option names for the same ideas, and --format json
for every game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support import GENERATE_SHARED_OPTIONS, LAYOUTS, ROOT
from typer.testing import CliRunner

from trackkit import generation as generation_module
from trackkit import registry
from trackkit.cli import app
from trackkit.generation import request_options

RALLY_CARDS = str(LAYOUTS / "rally-base.yaml")

QUICK = {
    "racepack": ["--tiles", "14"],
    "motocross": ["--players", "3"],
    "race": ["--spaces", "30"],
    "rally": ["--cards", RALLY_CARDS],
}
"""Options that make each game's generation quick."""


def test_generate_lists_the_four_games(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "-h"])
    assert result.exit_code == 0
    assert result.output.split("Commands:\n")[1] == (
        "  racepack   Racepack circuits of tiles.\n"
        "  motocross  Motocross courses with jump ramps.\n"
        "  race       RACE! tracks of spaces and corners.\n"
        "  rally      Rally race decks from your cards.\n"
    )
    assert "Draw random legal tracks for a game: racepack, motocross, race (RACE!) or\n  rally." in result.output


@pytest.mark.parametrize(
    ("game", "example", "own"),
    [
        ("racepack", "trackkit generate racepack --tiles 40 --packs 2 --corners 10 --count 3 -o gp.yaml", "--pit"),
        ("motocross", "trackkit generate motocross --players 3 --ramps 5 --seed 11", "--corner-touch <str>"),
        ("race", "trackkit generate race --spaces 40 --corners 4 --seed 7", "--cars, --racers <int>"),
        ("rally", "trackkit generate rally --cards layouts/rally-base.yaml --seed 7", "--cards <path>"),
    ],
)
def test_each_game_has_its_own_help_with_examples_and_the_shared_options(
    runner: CliRunner, game: str, example: str, own: str
) -> None:
    result = runner.invoke(app, ["generate", game, "-h"])
    assert result.exit_code == 0
    assert result.output.startswith(f"Usage: trackkit generate {game} [OPTIONS]\n")
    assert "\n  Examples:\n    trackkit generate " in result.output
    assert f"\n    {example}\n" in result.output
    for option in [*GENERATE_SHARED_OPTIONS, own]:
        assert f"  {option} " in result.output or f"  {option}\n" in result.output, option
    others = {"racepack": "--hairpins", "motocross": "--ramps", "race": "--spaces", "rally": "--expansion"}
    assert all(f"{name} " not in result.output for other, name in others.items() if other != game)


@pytest.mark.parametrize("game", sorted(QUICK))
def test_every_game_prints_json_with_the_seed_and_each_layout(runner: CliRunner, game: str) -> None:
    args = ["generate", game, *QUICK[game], "--seed", "4", "--count", "2", "-f", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seed"] == 4
    assert len(data["layouts"]) == 2
    assert all(entry["layout"].startswith("trackkit: 1\n") for entry in data["layouts"])
    assert runner.invoke(app, args).stdout == result.stdout
    as_yaml = runner.invoke(app, ["generate", game, *QUICK[game], "--seed", "4", "--count", "2"])
    assert as_yaml.stdout == "---\n".join(entry["layout"] for entry in data["layouts"])


def test_generate_with_no_game_is_racepack(runner: CliRunner) -> None:
    plain = runner.invoke(app, ["generate", "--tiles", "12", "--seed", "9"])
    named = runner.invoke(app, ["generate", "racepack", "--tiles", "12", "--seed", "9"])
    assert (plain.exit_code, named.exit_code) == (0, 0)
    assert plain.stdout == named.stdout
    assert "game: racepack\n" in plain.stdout


def test_race_takes_its_racers_and_direction(runner: CliRunner) -> None:
    args = ["generate", "race", "--spaces", "30", "--seed", "3", "--direction", "counterclockwise"]
    result = runner.invoke(app, [*args, "--cars", "8"])
    assert result.exit_code == 0
    assert "direction: counterclockwise\n" in result.stdout
    assert "racers: 8\n" in result.stdout
    assert runner.invoke(app, [*args, "--racers", "8"]).stdout == result.stdout
    bad = runner.invoke(app, ["generate", "race", "--direction", "widdershins"])
    assert bad.exit_code == 2
    assert "'widdershins' is not a direction; use any, clockwise or counterclockwise" in bad.stderr


def test_options_before_the_game_are_refused(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--seed", "3", "motocross"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --seed goes after the game: trackkit generate motocross --seed ...\n"


def test_the_old_game_option_says_what_to_type(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "--game", "motocross"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "trackkit: error: --game motocross is now a command: type 'trackkit generate motocross' and options\n"
    )
    unknown = runner.invoke(app, ["generate", "--game", "rallye"])
    assert unknown.stderr == (
        "trackkit: error: unknown game 'rallye' (did you mean 'rally'?); use trackkit generate"
        " racepack|motocross|race|rally\n"
    )
    racepack = runner.invoke(app, ["generate", "--game", "racepack", "--tiles", "12", "--seed", "9"])
    assert racepack.exit_code == 0
    assert racepack.stderr.startswith("note: --game is no longer needed; type 'trackkit generate racepack'\n")


def test_a_motocross_option_error_names_motocross_not_racepack(runner: CliRunner) -> None:
    result = runner.invoke(app, ["generate", "motocross", "--players", "7"])
    assert result.exit_code == 2
    assert "Racepack" not in result.stderr
    assert result.stderr.startswith("trackkit: error: --players")


@pytest.mark.parametrize("game", sorted(QUICK))
@pytest.mark.parametrize("output", [[], ["-f", "json"], ["-o", "gen.yaml"]])
def test_every_game_makes_at_most_10000_tracks_whatever_the_output(
    runner: CliRunner, game: str, output: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Racepack had no limit on standard output (a million tracks would
    take about three hours); the same one holds for every output."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["generate", game, *QUICK[game], "--seed", "4", "--count", "10001", *output])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --count must be at most 10,000, not 10,001\n"
    assert list(tmp_path.iterdir()) == []


def test_the_racepack_library_makes_at_most_10000_tracks() -> None:
    from trackkit.api.generated import MAX_GENERATED
    from trackkit.errors import ArgumentError
    from trackkit.racepack.generate import GenerationRequest, generate_layouts
    from trackkit.racepack.generate.request import MAX_COUNT

    assert MAX_COUNT == MAX_GENERATED == 10_000
    with pytest.raises(ArgumentError) as caught:
        generate_layouts(GenerationRequest(tiles=12), seed=1, count=10_001)
    assert str(caught.value) == "count must be at most 10,000, not 10,001"


@pytest.mark.parametrize("game", sorted(QUICK))
def test_a_bar_follows_the_tracks_only_on_a_terminal(
    runner: CliRunner, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bar is drawn on standard error when it is a terminal; the tracks
    are the same bytes with it or without it."""
    from trackkit.cli import generated_output, progress

    args = ["generate", game, *QUICK[game], "--seed", "4", "--count", "3"]
    plain = runner.invoke(app, args)
    assert plain.exit_code == 0 and "generating" not in plain.stderr
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    assert generated_output.tracks_bar(1) is None
    monkeypatch.setattr(progress, "progress_bar", lambda label, write, **kw: lambda d, t: calls.append((d, t)))
    barred = runner.invoke(app, args)
    assert barred.exit_code == 0
    assert barred.stdout == plain.stdout
    assert calls == [(1, 3), (2, 3), (3, 3)]


# ---------------------------------------------------------------------------
# Every registered game: the command comes from its request dataclass
# ---------------------------------------------------------------------------

SHARED_FLAGS = {("-o", "--output"), ("--svg",), ("--seed",), ("--count",), ("--force",), ("-f", "--format"), ("-h", "--help")}
"""The options of every game's generate that are not fields of its request."""

TARGET_FLAGS = {("--fair",), ("--minutes",), ("--difficulty",)}
"""The targets a game with simulated races takes besides (see trackkit.api.targets)."""

MAKERS = sorted(name for name, game in registry.GAMES.items() if game.generation is not None)


def listed_flags(help_text: str) -> list[tuple[str, ...]]:
    """The option names of each entry of a help's ``Options:`` list, in order."""
    entries = help_text.split("Options:\n")[1].split("\n\n")[0]
    flags = []
    for line in entries.splitlines():
        match = re.match(r"^  (-[^ ,]+(?:, -[^ ,]+)*)", line)
        if match:
            flags.append(tuple(match.group(1).split(", ")))
    return flags


@pytest.mark.parametrize("game", MAKERS)
def test_generate_help_lists_exactly_the_fields_of_the_games_request(runner: CliRunner, game: str) -> None:
    generation = registry.GAMES[game].generation
    assert generation is not None
    result = runner.invoke(app, ["generate", game, "--help"])
    assert result.exit_code == 0
    targets = TARGET_FLAGS if registry.GAMES[game].simulate is not None else set()
    own = [flags for flags in listed_flags(result.stdout) if flags not in SHARED_FLAGS | targets]
    fields = [told.flags(each.name) for each, told in request_options(generation.request)]
    order = [name for name in generation.option_order() if name not in generation_module.SHARED_OPTIONS]
    by_name = {each.name: told.flags(each.name) for each, told in request_options(generation.request)}
    assert own == [by_name[name] for name in order]
    assert sorted(own) == sorted(fields)
    assert set(listed_flags(result.stdout)) - set(own) == SHARED_FLAGS | targets
    for _, told in request_options(generation.request):
        assert " ".join(told.help.split()[:3]) in " ".join(result.stdout.split())


def test_the_help_check_reads_an_options_list() -> None:
    text = "Usage: x\n\nOptions:\n  -o, --output <path>  Out.\n  --cars, --racers <int>\n                  Cars.\n  --pit   Pit.\n"
    assert listed_flags(text) == [("-o", "--output"), ("--cars", "--racers"), ("--pit",)]


@pytest.mark.parametrize("game", MAKERS)
def test_every_game_generates_with_seed_5_a_legal_layout_byte_for_byte_again(
    runner: CliRunner, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    generation = registry.GAMES[game].generation
    assert generation is not None
    monkeypatch.chdir(ROOT)
    args = ["generate", game, "--seed", "5", *generation.sample]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert first.stderr.startswith("seed: 5\n")
    assert first.stdout.startswith("trackkit: 1\n")
    written = tmp_path / "generated.yaml"
    written.write_text(first.stdout, encoding="utf-8")
    checked = runner.invoke(app, ["validate", str(written)])
    assert checked.exit_code == 0, checked.output
    assert f"game: {game}\n" in first.stdout
    again = runner.invoke(app, args)
    assert (again.exit_code, again.stdout, again.stderr) == (0, first.stdout, first.stderr)
