"""``generate --fair``, ``--minutes`` and ``--difficulty``: candidates raced
and kept when they meet the targets, uniformly among the tracks that do."""

from __future__ import annotations

import zlib
from collections import Counter
from typing import Any

import pytest
from support import chi_square, chi_square_limit
from typer.testing import CliRunner

from trackkit import registry
from trackkit.api import targets as targets_module
from trackkit.api.targets import Measured, Targets, generate_to_targets
from trackkit.cli import app
from trackkit.errors import ArgumentError, GenerationError
from trackkit.game import Game
from trackkit.generation import Progress
from trackkit.report import measure as measure_report

RACEPACK = registry.find_game("racepack")
QUIET = Progress(note=lambda text: None, bar=lambda label: None)


@pytest.mark.parametrize(
    ("measured", "targets", "meets"),
    [
        (Measured(0.10, 45.0, 2.0), Targets(fair=True), True),
        (Measured(-0.11, 45.0, 2.0), Targets(fair=True), False),
        (Measured(0.3, 45.0, 2.0), Targets(minutes=40), True),  # 40 minutes, give or take 6
        (Measured(0.3, 46.5, 2.0), Targets(minutes=40), False),
        (Measured(0.3, 45.0, 5.5), Targets(difficulty="hard", minutes=45), True),
        (Measured(0.0, 45.0, 5.4), Targets(fair=True, difficulty="hard"), False),
        (Measured(0.0, 45.0, 3.5), Targets(difficulty="medium"), True),
        (Measured(0.0, 45.0, 3.4), Targets(difficulty="medium"), False),
    ],
)
def test_a_track_meets_every_target_asked(measured: Measured, targets: Targets, meets: bool) -> None:
    assert measured.meets(targets) is meets


@pytest.mark.parametrize(
    ("measured", "targets", "far"),
    [
        (Measured(0.0, 45.0, 4.4), Targets(difficulty="hard"), True),  # 1.1 points below 5.5
        (Measured(0.0, 45.0, 4.5), Targets(difficulty="hard"), False),
        (Measured(0.0, 45.0, 4.6), Targets(difficulty="easy"), True),  # 1.1 points above 3.5
        (Measured(0.0, 45.0, 9.0), Targets(difficulty="medium"), True),
        (Measured(0.0, 45.0, 3.0), Targets(difficulty="medium"), False),
        (Measured(0.0, 53.0, 2.0), Targets(minutes=40), True),  # more than 12 minutes off
        (Measured(0.0, 51.0, 2.0), Targets(minutes=40), False),
        (Measured(0.21, 45.0, 2.0), Targets(fair=True), True),  # the pole 21 points above even
        (Measured(-0.19, 45.0, 2.0), Targets(fair=True), False),
        (Measured(0.0, 45.0, 9.0), Targets(fair=True), False),  # only the targets asked count
    ],
)
def test_a_track_misses_by_far(measured: Measured, targets: Targets, far: bool) -> None:
    assert measured.far_from(targets) is far


def test_targets_that_cannot_be_read_are_refused() -> None:
    with pytest.raises(ArgumentError, match="must be positive, not -5"):
        Targets(minutes=-5).check(RACEPACK)
    with pytest.raises(ArgumentError, match="must be easy, medium, hard, not 'brutal'"):
        Targets(difficulty="brutal").check(RACEPACK)


def _settled(**options: Any) -> Any:
    generation = RACEPACK.generation
    assert generation is not None
    return generation.settle(generation.request(**options))


RACED: dict[tuple[str, int], Measured] = {}
"""Each track's figures from its races, raced once for the whole file: they
depend on the track alone (the races' seed is worked out from its text) and
on the races a candidate, so measuring it again gives the same.  14-tile
tracks are raced by several tests, six races of experts each."""


@pytest.fixture
def few_races(monkeypatch: pytest.MonkeyPatch) -> dict[str, Measured]:
    """Six races a candidate, not thirty: quick, and just as much a
    function of the track.  Each track is raced once in the file
    (:data:`RACED`); the tracks this test measured are returned."""
    monkeypatch.setattr(targets_module, "TARGET_RACES", 6)
    measured: dict[str, Measured] = {}
    real = targets_module.measure

    def remembered(game: Game, layout: Any) -> Measured:
        text = targets_module._track_text(game, layout)
        key = (text, targets_module.TARGET_RACES)
        if key not in RACED:
            RACED[key] = real(game, layout)
        measured[text] = RACED[key]
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


def test_targets_draw_uniformly_among_the_tracks_that_meet_them(few_races: dict[str, Measured]) -> None:
    # 14 tiles: 12 circuits people race, each driven either way, 24 tracks.
    fair = Targets(fair=True)
    meeting = {
        targets_module._track_text(RACEPACK, track)
        for track in _every_track(14)
        if targets_module.measure(RACEPACK, track).meets(fair)
    }
    assert len(few_races) == 24 and 2 <= len(meeting) < 24
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


def test_too_few_tracks_meet_the_targets(few_races: dict[str, Measured]) -> None:
    with pytest.raises(GenerationError) as caught:
        generate_to_targets(RACEPACK, _settled(tiles=14), 3, 1, QUIET, Targets(minutes=500))
    message = str(caught.value)
    assert message.startswith("only 0 of 10 tracks drawn met --minutes 500; 1 wanted (their races took ")
    assert message.endswith(
        " minutes: more or fewer laps, or a longer or shorter track, move the length);"
        " loosen the targets or ask for fewer tracks"
    )


def test_a_difficulty_no_track_comes_near_stops_after_ten_draws(few_races: None) -> None:
    """Every 14-tile track people race rates hard (5.5 to 7.0 of 10), so
    after ten candidates rated a point or more above easy the run stops:
    exit 1, in words, instead of racing all thirty draws."""
    result = CliRunner().invoke(app, ["generate", "--tiles", "14", "--seed", "3", "--difficulty", "easy"])
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    assert last.startswith("trackkit: error: only 0 of 10 tracks drawn met --difficulty easy; 1 wanted")
    assert last.endswith(" of 10); loosen the targets or ask for fewer tracks")


def test_generate_says_how_many_draws_the_targets_took(few_races: None) -> None:
    result = CliRunner().invoke(app, ["generate", "--tiles", "14", "--seed", "4", "--fair", "--count", "2"])
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    assert lines[:2] == [
        "seed: 4",
        "14 tiles: 12 of 36 circuits meet the constraints of a track people race; each was equally likely",
    ]
    assert lines[2].startswith("2 tracks of ") and lines[2].endswith(
        " drawn met --fair (6 races of expert drivers each); each track meeting them was equally likely"
    )
    again = CliRunner().invoke(app, ["generate", "--tiles", "14", "--seed", "4", "--fair", "--count", "2"])
    assert (again.stdout, again.stderr) == (result.stdout, result.stderr)


def test_a_bad_difficulty_is_refused_on_the_command_line() -> None:
    result = CliRunner().invoke(app, ["generate", "--difficulty", "brutal"])
    assert result.exit_code == 2
    assert "'brutal' is not a difficulty; use easy, medium or hard" in result.stderr


def test_many_tracks_with_targets_are_refused_before_any_is_raced() -> None:
    """Each track with targets may race 30 candidates 30 times: six tracks
    would be many minutes of races, so they are refused at once."""
    result = CliRunner().invoke(app, ["generate", "--fair", "--count", "6", "--seed", "1"])
    assert (result.exit_code, result.stderr) == (
        2,
        "trackkit: error: --count must be at most 5 with --fair, --minutes or --difficulty"
        " (each track may race up to 30 candidates 30 times), not 6\n",
    )


def test_generate_and_report_rate_a_track_alike(few_races: None) -> None:
    """``--difficulty`` keeps the word the report would print: raced with
    the same seed and races, the report's rating and the target's are one
    number (``trackkit.report.hardness`` and ``trackkit.difficulty.rating``
    serve both)."""
    layout = _every_track(14)[0]
    seed = zlib.crc32(targets_module._track_text(RACEPACK, layout).encode())
    report = measure_report(RACEPACK, layout, races=6, seed=seed)
    measured = targets_module.measure(RACEPACK, layout)
    assert (measured.rating, measured.difficulty) == (report.difficulty, report.band)
    assert report.expert == RACEPACK.expert_driver == "expert"
