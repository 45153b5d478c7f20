"""``generate --fair``, ``--minutes N`` and ``--difficulty``: tracks that
race as asked, for any game whose races are simulated.

A target is about how a track races, which only races show.  So each
candidate is drawn by the game's own generation (one layout from a seed
of the run), raced :data:`TARGET_RACES` times by the game's expert
driver (``Game.expert_driver``, the field ``trackkit report`` races)
through the game's ``simulate`` job, and kept when its figures
meet every target asked; the others are thrown away.  The races' seed is
worked out from the track's own text, so whether a track meets the
targets depends on the track alone: keeping the candidates that pass from
a uniform draw is a uniform draw among the tracks that pass.

The targets:

* ``fair``: the pole's share of wins is within :data:`FAIR_BOUND` of an
  even share (a quarter for four cars);
* ``minutes``: the median race lasts within :data:`MINUTES_SLACK` of the
  minutes asked (moves at the game's seconds a move);
* ``difficulty``: the word of the track's rating is the one asked: the
  rating of :mod:`trackkit.difficulty`, read off the races as
  ``trackkit report`` reads it (:func:`trackkit.report.hardness`).

The work is bounded before it starts: at most :data:`MAX_TARGET_TRACKS`
tracks, each at most :data:`TARGET_DRAWS` candidates; and a run stops
after :data:`EARLY_LOOK` candidates when none met the targets and every
one missed one of them by far (the size, the laps or the corners are
wrong for them, not the luck of the draw).
"""

from __future__ import annotations

import statistics
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from trackkit.difficulty import BANDS, DIFFICULTIES, band, rating
from trackkit.errors import ArgumentError, GenerationError
from trackkit.game import Game
from trackkit.generation import Generated, Generation, Progress
from trackkit.montecarlo import Simulation
from trackkit.play import RaceRequest
from trackkit.randomness import make_rng
from trackkit.report import hardness

__all__ = [
    "EARLY_LOOK",
    "FAIR_BOUND",
    "FAR_POINTS",
    "MAX_TARGET_TRACKS",
    "MINUTES_SLACK",
    "TARGET_DRAWS",
    "TARGET_RACES",
    "Measured",
    "Targets",
    "generate_to_targets",
    "measure",
]

TARGET_RACES = 30
"""Races run on each candidate (about 1.5 processor seconds for a 24-tile
Racepack track with the expert driver: 0.25 s of its tables, 0.04 s a race)."""

TARGET_DRAWS = 30
"""Candidates drawn per track wanted before giving up."""

MAX_TARGET_TRACKS = 5
"""The most tracks one ``generate`` with targets makes: each may race up to
:data:`TARGET_DRAWS` candidates :data:`TARGET_RACES` times (about 1.5
seconds a 24-tile candidate), so five is already minutes of work when the
targets are hard to meet."""

EARLY_LOOK = 10
"""Candidates raced before a run stops whose candidates all missed a
target by far (see :meth:`Measured.far_from`)."""

FAR_POINTS = 1.0
"""How far, in points of the rating, a candidate's rating must lie outside
the band asked to count as missing ``--difficulty`` by far."""

FAIR_BOUND = 0.10
"""How far the pole's share of wins may stray from an even share for a fair track."""

MINUTES_SLACK = 0.15
"""How far, as a share of the minutes asked, a race may be from them."""


@dataclass(frozen=True)
class Targets:
    """What the races of a generated track must show (all off by default)."""

    fair: bool = False
    minutes: float | None = None
    difficulty: str | None = None

    def asked(self) -> bool:
        """Whether any target was asked for."""
        return self.fair or self.minutes is not None or self.difficulty is not None

    def words(self) -> str:
        """The targets as typed: ``--fair, --minutes 40``."""
        words = ["--fair"] if self.fair else []
        words += [f"--minutes {self.minutes:g}"] if self.minutes is not None else []
        words += [f"--difficulty {self.difficulty}"] if self.difficulty is not None else []
        return ", ".join(words)

    def check(self, game: Game) -> None:
        """Raise :class:`ArgumentError` for targets that cannot be read, or
        for a game whose races are not simulated."""
        if self.minutes is not None and self.minutes <= 0:
            raise ArgumentError(f"must be positive, not {self.minutes:g}", parameter="minutes")
        if self.difficulty is not None and self.difficulty not in DIFFICULTIES:
            raise ArgumentError(
                f"must be {', '.join(DIFFICULTIES)}, not {self.difficulty!r}", parameter="difficulty"
            )
        if self.asked() and game.simulate is None:
            raise ArgumentError(f"{self.words()} need simulated races, and {game.title} has none")


@dataclass(frozen=True)
class Measured:
    """A candidate's figures: the pole's share of wins beyond an even share
    (negative: below it), the median race in minutes, and the difficulty
    rating from 0 to 10 (:func:`trackkit.difficulty.rating`)."""

    pole_advantage: float
    minutes: float
    rating: float

    @property
    def difficulty(self) -> str:
        """The rating's word."""
        return band(self.rating)

    def far_from(self, targets: Targets) -> bool:
        """Whether these figures miss a target by far: ``--fair`` by twice
        :data:`FAIR_BOUND`, ``--minutes`` by twice the slack, or
        ``--difficulty`` by :data:`FAR_POINTS`."""
        if targets.fair and abs(self.pole_advantage) > 2 * FAIR_BOUND:
            return True
        minutes = targets.minutes
        if minutes is not None and abs(self.minutes - minutes) > 2 * MINUTES_SLACK * minutes:
            return True
        word = targets.difficulty
        return word is not None and _points_outside(self.rating, word) > FAR_POINTS

    def meets(self, targets: Targets) -> bool:
        """Whether these figures meet every target asked."""
        if targets.fair and abs(self.pole_advantage) > FAIR_BOUND:
            return False
        if (
            targets.minutes is not None
            and abs(self.minutes - targets.minutes) > MINUTES_SLACK * targets.minutes
        ):
            return False
        return targets.difficulty is None or self.difficulty == targets.difficulty


def _points_outside(rated: float, word: str) -> float:
    """How many points ``rated`` lies outside the band of ``word`` (0 inside it)."""
    bottoms = (0.0, *(top for top, _ in BANDS[:-1]))
    bottom, (top, _) = next((low, each) for low, each in zip(bottoms, BANDS) if each[1] == word)
    return max(0.0, bottom - rated, rated - top)


def measure(game: Game, layout: Any) -> Measured:
    """Race ``layout`` :data:`TARGET_RACES` times with the game's
    ``simulate`` job and its expert driver, the seed worked out from the
    track's text, and read the figures the targets ask about."""
    assert game.simulate is not None  # Targets.check refused the others
    seed = zlib.crc32(_track_text(game, layout).encode())
    request = RaceRequest(game.expert_driver, seed, races=TARGET_RACES)
    figures = game.simulate(layout, request, None)
    if not isinstance(figures, Simulation):
        raise ArgumentError(
            f"the races of {game.title} give no wins by grid slot or incidents to measure;"
            " leave out --fair, --minutes and --difficulty"
        )
    return Measured(
        figures.slot_wins[0] / figures.races - 1 / figures.cars,
        figures.minutes(statistics.median(figures.lengths)) if figures.lengths else 0.0,
        rating(hardness(game, layout, figures)),
    )


def _track_text(game: Game, layout: Any) -> str:
    """The layout's text without its description (which names the seed it
    was drawn with): the same track gives the same text."""
    text: str = game.dump(layout)
    return "".join(line for line in text.splitlines(keepends=True) if not line.startswith("description:"))


_QUIET = Progress(note=lambda text: None, bar=lambda label: None)
"""What the candidates after the first are told: nothing (one-off tables
are announced on the first)."""


def generate_to_targets(
    game: Game, settled: Any, seed: int, count: int, progress: Progress, targets: Targets
) -> Generated:
    """``count`` different layouts of ``game`` meeting ``targets``: one
    candidate at a time from seeds drawn from ``seed`` (the same seed, the
    same layouts), each raced and kept when it meets them.  The summary adds
    how many draws it took.  Raises :class:`GenerationError` when
    :data:`TARGET_DRAWS` candidates per layout wanted find too few, or the
    first :data:`EARLY_LOOK` all miss by far."""
    if count > MAX_TARGET_TRACKS:
        raise ArgumentError(
            f"must be at most {MAX_TARGET_TRACKS} with --fair, --minutes or --difficulty (each track may"
            f" race up to {TARGET_DRAWS} candidates {TARGET_RACES} times), not {count}",
            parameter="count",
        )
    kept: dict[str, Any] = {}
    raced: list[Measured] = []
    summary: list[str] = []
    for draw, text, layout in _candidates(game, settled, seed, count, progress, summary):
        measured = measure(game, layout)
        raced.append(measured)
        if not kept and len(raced) >= EARLY_LOOK and all(each.far_from(targets) for each in raced):
            break
        if measured.meets(targets):
            kept[text] = layout
            if progress.tracks is not None:
                progress.tracks(len(kept), count)
            if len(kept) == count:
                words = _summary(summary[0] if summary else None, targets, count, draw, game.expert_driver)
                return Generated(tuple(kept.values()), words)
    raise GenerationError(_too_few(targets, len(kept), count, raced))


def _candidates(
    game: Game, settled: Any, seed: int, count: int, progress: Progress, summary: list[str]
) -> Iterator[tuple[int, str, Any]]:
    """Each different candidate of :data:`TARGET_DRAWS` draws a track
    wanted, with its draw's number and its text; the game's summary of the
    draws goes into ``summary`` (the first draw alone is told of progress)."""
    generation = _generation(game)
    rng = make_rng(seed)
    seen: set[str] = set()
    for draw in range(1, TARGET_DRAWS * count + 1):
        told = Progress(progress.note, progress.bar) if draw == 1 else _QUIET
        made = generation.make(settled, rng.randrange(1 << 31), 1, told)
        if made.summary and not summary:
            summary.append(made.summary)
        layout = made.layouts[0]
        text = _track_text(game, layout)
        if text not in seen:
            seen.add(text)
            yield draw, text, layout


def _generation(game: Game) -> Generation:
    if game.generation is None:
        raise ArgumentError(f"{game.title} has no generation")
    return game.generation


def _summary(summary: str | None, targets: Targets, count: int, draws: int, driver: str) -> str:
    """The game's own summary, then how many draws the targets took."""
    tracks = "track" if count == 1 else "tracks"
    line = (
        f"{count:,} {tracks} of {draws:,} drawn met {targets.words()} ({TARGET_RACES} races of"
        f" {driver} drivers each); each track meeting them was equally likely"
    )
    return f"{summary}\n{line}" if summary else line


def _too_few(targets: Targets, found: int, count: int, raced: list[Measured]) -> str:
    """The refusal when the draws ran out, with the race lengths and
    ratings seen."""
    message = f"only {found:,} of {len(raced):,} tracks drawn met {targets.words()}; {count:,} wanted"
    if targets.minutes is not None and raced:
        minutes = [each.minutes for each in raced]
        message += (
            f" (their races took {min(minutes):.0f} to {max(minutes):.0f} minutes:"
            " more or fewer laps, or a longer or shorter track, move the length)"
        )
    if targets.difficulty is not None and raced:
        rated = [each.rating for each in raced]
        message += f" (their difficulty ran from {min(rated):.1f} to {max(rated):.1f} of 10)"
    return message + "; loosen the targets or ask for fewer tracks"
