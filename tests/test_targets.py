"""``generate --fair``, ``--minutes`` and ``--difficulty``: candidates raced
and kept when they meet the targets, uniformly among the tracks that do."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from support import chi_square, chi_square_limit
from typer.testing import CliRunner

from trackkit import registry
from trackkit.api import targets as targets_module
from trackkit.api.targets import Measured, Targets, generate_to_targets
from trackkit.cli import app
from trackkit.difficulty import difficulty, incident_rate
from trackkit.errors import ArgumentError, GenerationError
from trackkit.game import Game
from trackkit.generation import Progress

RACEPACK = registry.find_game("racepack")
QUIET = Progress(note=lambda text: None, bar=lambda label: None)


@pytest.mark.parametrize(
    ("rate", "word"), [(0.0, "easy"), (1.079, "easy"), (1.08, "medium"), (1.249, "medium"), (1.25, "hard")]
)
def test_difficulty_cuts_incidents_per_car_per_lap(rate: float, word: str) -> None:
    assert difficulty(rate) == word


def test_incident_rate_is_per_car_per_lap() -> None:
    assert incident_rate(120, races=10, cars=4, laps=3) == 1.0
    assert incident_rate(0, races=0, cars=4, laps=3) == 0.0


@pytest.mark.parametrize(
    ("measured", "targets", "meets"),
    [
        (Measured(0.10, 45.0, "easy"), Targets(fair=True), True),
        (Measured(-0.11, 45.0, "easy"), Targets(fair=True), False),
        (Measured(0.3, 45.0, "easy"), Targets(minutes=40), True),  # 40 minutes, give or take 6
        (Measured(0.3, 46.5, "easy"), Targets(minutes=40), False),
        (Measured(0.3, 45.0, "hard"), Targets(difficulty="hard", minutes=45), True),
        (Measured(0.0, 45.0, "medium"), Targets(fair=True, difficulty="hard"), False),
    ],
)
def test_a_track_meets_every_target_asked(measured: Measured, targets: Targets, meets: bool) -> None:
    assert measured.meets(targets) is meets


def test_targets_that_cannot_be_read_are_refused() -> None:
    with pytest.raises(ArgumentError, match="must be positive, not -5"):
        Targets(minutes=-5).check(RACEPACK)
    with pytest.raises(ArgumentError, match="must be easy, medium, hard, not 'brutal'"):
        Targets(difficulty="brutal").check(RACEPACK)


def _settled(**options: Any) -> Any:
    generation = RACEPACK.generation
    assert generation is not None
    return generation.settle(generation.request(**options))


@pytest.fixture
def few_races(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six races a candidate, not thirty: quick, and just as much a
    function of the track."""
    monkeypatch.setattr(targets_module, "TARGET_RACES", 6)


@pytest.fixture
def raced_once(monkeypatch: pytest.MonkeyPatch, few_races: None) -> dict[str, Measured]:
    """Race each track once in a test: its figures depend on the track
    alone, so a second measure would give the same."""
    measured: dict[str, Measured] = {}
    real = targets_module.measure

    def remembered(game: Game, layout: Any) -> Measured:
        text = targets_module._track_text(game, layout)
        if text not in measured:
            measured[text] = real(game, layout)
        return measured[text]

    monkeypatch.setattr(targets_module, "measure", remembered)
    return measured


def _every_track(tiles: int) -> list[Any]:
    """Every track people race of ``tiles`` tiles, driven either way."""
    generation = RACEPACK.generation
    assert generation is not None
    tracks = []
    for direction in ("clockwise", "counterclockwise"):
        settled = _settled(tiles=tiles, direction=direction)
        tracks += generation.make(settled, 0, 12, QUIET).layouts
    return tracks


def test_targets_draw_uniformly_among_the_tracks_that_meet_them(raced_once: dict[str, Measured]) -> None:
    # 14 tiles: 12 circuits people race, each driven either way, 24 tracks.
    fair = Targets(fair=True)
    meeting = {
        targets_module._track_text(RACEPACK, track)
        for track in _every_track(14)
        if targets_module.measure(RACEPACK, track).meets(fair)
    }
    assert len(raced_once) == 24 and 2 <= len(meeting) < 24
    settled = _settled(tiles=14)
    draws = 25 * len(meeting)
    counts = Counter(
        targets_module._track_text(
            RACEPACK, generate_to_targets(RACEPACK, settled, seed, 1, QUIET, fair).layouts[0]
        )
        for seed in range(draws)
    )
    assert set(counts) == meeting
    assert chi_square(counts, meeting) < chi_square_limit(len(meeting) - 1)


def test_too_few_tracks_meet_the_targets(raced_once: dict[str, Measured]) -> None:
    with pytest.raises(GenerationError) as caught:
        generate_to_targets(RACEPACK, _settled(tiles=14), 3, 1, QUIET, Targets(minutes=500))
    message = str(caught.value)
    assert message.startswith("only 0 of 10 tracks drawn met --minutes 500; 1 wanted (their races took ")
    assert message.endswith(
        " minutes: more or fewer laps, or a longer or shorter track, move the length);"
        " loosen the targets or ask for fewer tracks"
    )


def test_generate_says_how_many_draws_the_targets_took(few_races: None) -> None:
    result = CliRunner().invoke(app, ["generate", "--tiles", "14", "--seed", "4", "--fair", "--count", "2"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[:2] == [
        "seed: 4",
        "14 tiles: 12 of 36 circuits meet the constraints of a track people race; each was equally likely",
    ]
    assert lines[2].startswith("2 tracks of ") and lines[2].endswith(
        " drawn met --fair (6 races of bold drivers each); each track meeting them was equally likely"
    )
    again = CliRunner().invoke(app, ["generate", "--tiles", "14", "--seed", "4", "--fair", "--count", "2"])
    assert (again.stdout, again.stderr) == (result.stdout, result.stderr)


def test_a_bad_difficulty_is_refused_on_the_command_line() -> None:
    result = CliRunner().invoke(app, ["generate", "--difficulty", "brutal"])
    assert result.exit_code == 2
    assert "'brutal' is not a difficulty; use easy, medium or hard" in result.stderr
