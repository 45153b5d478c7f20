"""Play, record and replay reach a game only through its ``Game`` jobs: a
game declared in this file alone, registered for the test with one entry
in ``registry.GAMES``, is simulated, recorded as PPN and replayed by the
generic ``simulate`` and ``replay`` commands.

The game is a drag race of our own: the strip is a row of ``spaces``
spaces.  The cars start before the first space and take turns in grid
order; on its turn a car rolls one six-sided die and moves that many
spaces forward.  The first car past the last space wins, and the race
stops there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit import registry
from trackkit.cli import app
from trackkit.findings import Report
from trackkit.game import Game, Lazy
from trackkit.layoutfile.records import RecordHead, head_lines, movetext_of, ppn_text
from trackkit.layoutfile.source import LoadedLayout, SourceMap
from trackkit.play import Progress, RaceRequest, Replayed, Token
from trackkit.randomness import make_rng


@dataclass(frozen=True)
class Strip:
    """A drag strip: its name and its number of spaces."""

    name: str
    spaces: int
    game: str = "drag"


def read(root: yaml.MappingNode, text: str, file: str) -> LoadedLayout[Strip]:
    values = {key.value: value.value for key, value in root.value}
    return LoadedLayout(Strip(str(values.get("name", "")), int(values["spaces"])), SourceMap(), file)


def dump(strip: Strip) -> str:
    return f"trackkit: 1\nname: {strip.name}\ngame: drag\nspaces: {strip.spaces}\n"


def race(strip: Strip, request: RaceRequest) -> list[tuple[int, int, int]]:
    """Race ``request.race`` of the seed: each turn's car, roll and space reached."""
    rng = make_rng(request.seed * 1_000 + request.race)
    cars = request.cars or 2
    where, turns = [0] * cars, []
    while max(where) <= strip.spaces:
        car = len(turns) % cars
        roll = rng.randint(1, 6)
        where[car] += roll
        turns.append((car, roll, where[car]))
    return turns


def simulate(strip: Strip, request: RaceRequest, progress: Progress | None) -> dict[str, int]:
    """How many races each car won."""
    wins: dict[str, int] = {}
    for number in range(1, request.races + 1):
        winner = race(strip, RaceRequest(request.drivers, request.seed, request.cars, race=number))[-1][0]
        wins[f"car {winner + 1}"] = wins.get(f"car {winner + 1}", 0) + 1
    return dict(sorted(wins.items()))


def record_race(strip: Strip, request: RaceRequest) -> str:
    turns = race(strip, request)
    drivers = ["bold"] * (request.cars or 2)
    head = head_lines(f"Drag race on {strip.name}", "a test", request.seed, request.race, 1, drivers, dump(strip))
    moves = "".join(f"{n}. {{car {car + 1}}} {{roll {roll}; to {to}}}\n" for n, (car, roll, to) in enumerate(turns, 1))
    return ppn_text(head, moves)


def replay(head: RecordHead, strip: Strip) -> Replayed:
    """Each move re-checked: whose turn it is, and the roll moved exactly."""
    where, captions, standings, problems = [0] * len(head.drivers), ["the start"], [], []
    standings.append({f"car {n + 1}": Token("0") for n in range(len(where))})
    for number, line in enumerate(movetext_of(head, "drag").splitlines(), 1):
        found = re.fullmatch(r"\d+\. \{car (\d)\} \{roll (\d); to (\d+)\}", line)
        assert found is not None
        car, roll, to = int(found.group(1)) - 1, int(found.group(2)), int(found.group(3))
        if car != (number - 1) % len(where) or to != where[car] + roll:
            problems.append(f"turn {number}: car {car + 1} moves {roll} from {where[car]} to {to}")
        where[car] = to
        captions.append(f"turn {number}: car {car + 1} rolls {roll}")
        standings.append({f"car {n + 1}": Token(str(space)) for n, space in enumerate(where)})
    return Replayed(strip, "Drag race", captions, standings, tuple(problems))


DRAG = Game(
    name="drag",
    title="Drag race",
    read=read,
    validate=lambda strip: Report(),
    schema=lambda: {},
    dump=dump,
    size=lambda strip: f"{strip.spaces} spaces",
    info_text=lambda strip: "",
    info_json=lambda strip: {},
    draw_svg=lambda strip, options: "",
    draw_pages=lambda strip, options, paper: [],
    preview=lambda strip, options: "",
    rules=lambda: (),
    simulate=simulate,
    record_race=record_race,
    replay=replay,
    draw_replay=Lazy("trackkit.render.replay:listed_frame"),
    simulation_text=lambda name, figures: f"{name}: {figures}",
    simulation_json=lambda name, figures: {"wins": figures},
)


@pytest.fixture
def strip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setitem(registry.GAMES, "drag", DRAG)
    path = tmp_path / "strip.yaml"
    path.write_text(dump(Strip("Quarter mile", 12)))
    return path


def test_a_game_declared_in_a_test_is_simulated_recorded_and_replayed(
    runner: CliRunner, strip: Path, tmp_path: Path
) -> None:
    record = tmp_path / "race.ppn"
    args = ["simulate", str(strip), "--races", "4", "--seed", "2", "--cars", "3", "--record", str(record)]
    simulated = runner.invoke(app, args)
    assert simulated.exit_code == 0, simulated.output
    assert simulated.stdout == f"Quarter mile: {simulate(Strip('Quarter mile', 12), RaceRequest('bold', 2, 3, races=4), None)}\n"
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
    still = Game(**{**DRAG.__dict__, "simulate": None, "replay": None, "record_race": None})
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
