"""``generate --fair``, ``--minutes N`` and ``--difficulty``: tracks that
race as asked, for any game whose races are simulated.

A target is about how a track races, which only races show.  So each
candidate is drawn by the game's own generation (one layout from a seed
of the run), raced :data:`TARGET_RACES` times by :data:`TARGET_DRIVERS`
drivers through the game's ``simulate`` job, and kept when its figures
meet every target asked; the others are thrown away.  The races' seed is
worked out from the track's own text, so whether a track meets the
targets depends on the track alone: keeping the candidates that pass from
a uniform draw is a uniform draw among the tracks that pass.

The targets:

* ``fair``: the pole's share of wins is within :data:`FAIR_BOUND` of an
  even share (a quarter for four cars);
* ``minutes``: the median race lasts within :data:`MINUTES_SLACK` of the
  minutes asked (moves at the game's seconds a move);
* ``difficulty``: the track's rating (:func:`trackkit.difficulty.difficulty`)
  is the one asked.
"""

from __future__ import annotations

import statistics
import zlib
from dataclasses import dataclass
from typing import Any

from trackkit.difficulty import DIFFICULTIES, difficulty, incident_rate
from trackkit.errors import ArgumentError, GenerationError
from trackkit.game import Game
from trackkit.generation import Generated, Generation, Progress
from trackkit.montecarlo import Simulation
from trackkit.play import RaceRequest
from trackkit.randomness import make_rng

__all__ = [
    "EARLY_LOOK",
    "FAIR_BOUND",
    "MINUTES_SLACK",
    "TARGET_DRAWS",
    "TARGET_DRIVERS",
    "TARGET_RACES",
    "Measured",
    "Targets",
    "generate_to_targets",
    "measure",
]

TARGET_DRIVERS = "bold"
"""The drivers a candidate is raced by: ``simulate``'s default."""

TARGET_RACES = 30
"""Races run on each candidate (about a second for a 24-tile Racepack track)."""

TARGET_DRAWS = 40
"""Candidates drawn per track wanted before giving up."""

EARLY_LOOK = 10
"""Candidates raced before a run whose races are all far too long or too
short for ``--minutes`` stops."""

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
    (negative: below it), the median race in minutes, and the rating."""

    pole_advantage: float
    minutes: float
    difficulty: str

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


def measure(game: Game, layout: Any) -> Measured:
    """Race ``layout`` :data:`TARGET_RACES` times with the game's
    ``simulate`` job, the seed worked out from the track's text, and read
    the figures the targets ask about."""
    assert game.simulate is not None  # Targets.check refused the others
    seed = zlib.crc32(_track_text(game, layout).encode())
    figures = game.simulate(layout, RaceRequest(TARGET_DRIVERS, seed, races=TARGET_RACES), None)
    if not isinstance(figures, Simulation):
        raise ArgumentError(
            f"the races of {game.title} give no wins by grid slot or incidents to measure;"
            " leave out --fair, --minutes and --difficulty"
        )
    rate = incident_rate(sum(figures.incidents), figures.races, figures.cars, figures.laps)
    return Measured(
        figures.slot_wins[0] / figures.races - 1 / figures.cars,
        figures.minutes(statistics.median(figures.lengths)) if figures.lengths else 0.0,
        difficulty(rate),
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
    :data:`TARGET_DRAWS` candidates per layout wanted find too few."""
    generation = _generation(game)
    rng = make_rng(seed)
    kept: dict[str, Any] = {}
    summary, seen, spread = None, set(), []
    for draw in range(1, TARGET_DRAWS * count + 1):
        told = Progress(progress.note, progress.bar) if draw == 1 else _QUIET
        made = generation.make(settled, rng.randrange(1 << 31), 1, told)
        summary = summary or made.summary
        layout = made.layouts[0]
        text = _track_text(game, layout)
        if text in seen:
            continue
        seen.add(text)
        measured = measure(game, layout)
        spread.append(measured.minutes)
        if _hopeless(targets, kept, spread):
            break
        if measured.meets(targets):
            kept[text] = layout
            if progress.tracks is not None:
                progress.tracks(len(kept), count)
            if len(kept) == count:
                return Generated(tuple(kept.values()), _summary(summary, targets, count, draw))
    raise GenerationError(_too_few(targets, len(kept), count, len(seen), spread))


def _hopeless(targets: Targets, kept: dict[str, Any], minutes: list[float]) -> bool:
    """Whether to stop early: :data:`EARLY_LOOK` tracks raced, none kept,
    and every race twice the slack or more from the minutes asked (the
    laps or the size are wrong for them, not the luck of the draw)."""
    if kept or targets.minutes is None or len(minutes) < EARLY_LOOK:
        return False
    return all(abs(each - targets.minutes) > 2 * MINUTES_SLACK * targets.minutes for each in minutes)


def _generation(game: Game) -> Generation:
    if game.generation is None:
        raise ArgumentError(f"{game.title} has no generation")
    return game.generation


def _summary(summary: str | None, targets: Targets, count: int, draws: int) -> str:
    """The game's own summary, then how many draws the targets took."""
    tracks = "track" if count == 1 else "tracks"
    line = (
        f"{count:,} {tracks} of {draws:,} drawn met {targets.words()} ({TARGET_RACES} races of"
        f" {TARGET_DRIVERS} drivers each); each track meeting them was equally likely"
    )
    return f"{summary}\n{line}" if summary else line


def _too_few(targets: Targets, found: int, count: int, draws: int, minutes: list[float]) -> str:
    """The refusal when the draws ran out, with the race lengths seen."""
    message = f"only {found:,} of {draws:,} tracks drawn met {targets.words()}; {count:,} wanted"
    if targets.minutes is not None and minutes:
        message += (
            f" (their races took {min(minutes):.0f} to {max(minutes):.0f} minutes:"
            " more or fewer laps, or a longer or shorter track, move the length)"
        )
    return message + "; loosen the targets or ask for fewer tracks"
