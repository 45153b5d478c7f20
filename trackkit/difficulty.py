"""How hard a track is to drive: one rating from 0 to 10, and its word.

This is the one definition of difficulty: ``trackkit report`` prints it,
and ``generate --difficulty easy|medium|hard`` keeps the tracks whose
report would print that word.  It reads three things a field of the
game's expert drivers shows when it races the track:

* **slowness**: how far below a fast pace the field gets round.  The
  pace is the track a car covers in a round of turns (a lap's length times
  the laps, over the race's mean length); it is divided by the pace the
  game states as the slow side of its races (``RecordPace.advance``:
  Racepack 2.5 tiles a round, RACE! 3 spaces, Motocross 1 tile).  Corners
  are where a driver brakes to 1 or risks the penalty die at 2, spins out,
  is blocked or forced to re-roll; every one of those costs movement, so
  a track that asks for them often is slow, whatever its length;
* **incidents**: the game's own incidents (spin-outs, hazard tokens,
  wipe-outs, token shortages) per car per lap;
* **spread**: of the race lengths, the 90 % length less the 10 % length
  over the median; races that may run short or long are hard to plan.

Slowness weighs most because it is what separates the tracks of one game:
a Racepack oval and a road course of 24 tiles show about the same
incidents per car per lap (the expert takes an oval's four corners at
speed 2 and often spins, and brakes to 1 in a tight road course), but the
road course takes a quarter more turns a lap.  The expert's win rate
against a random driver, which the report also gives, is left out: it
measures the game more than the track (Racepack's expert wins every such
race on every shipped layout) and would need a second set of races.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BANDS",
    "DIFFICULTIES",
    "FAST_PACE",
    "INCIDENT_HALF",
    "SLOW_PACE",
    "SPREAD_CEILING",
    "WEIGHTS",
    "Hardness",
    "band",
    "incident_rate",
    "pace_ratio",
    "rating",
]

DIFFICULTIES = ("easy", "medium", "hard")
"""The words for a rating, easiest first."""

FAST_PACE = 1.7
"""The pace, over the game's slow pace, at which slowness counts for
nothing (Racepack: 4.25 tiles a round, a little faster than the shipped
8-car Wide straight)."""

SLOW_PACE = 1.2
"""The pace, over the game's slow pace, at which the slowness share is full
(Racepack: 3 tiles a round, a little slower than the shipped Road Course)."""

INCIDENT_HALF = 1.0
"""Incidents per car per lap at which the incident share is one half: the
share is ``x / (x + 1)``, so it grows quickly at first and nears 1 only
when every car comes to grief several times a lap (the games count
different things, and some count many)."""

SPREAD_CEILING = 0.5
"""The spread of race lengths at which the spread share is full."""

WEIGHTS = (0.5, 0.3, 0.2)
"""How much slowness, incidents and spread weigh in the rating."""

BANDS = ((3.5, "easy"), (5.5, "medium"), (10.0, "hard"))
"""The words for a rating: easy below 3.5, medium below 5.5, hard from 5.5."""


def incident_rate(incidents: int, races: int, cars: int, laps: int) -> float:
    """Incidents per car per lap: ``incidents`` counted over ``races`` races
    of ``cars`` cars over ``laps`` laps (0 for no races)."""
    laps_driven = races * cars * laps
    return incidents / laps_driven if laps_driven else 0.0


def pace_ratio(lap_length: int, laps: int, mean_length: float, slow_pace: float) -> float:
    """The field's pace (``lap_length`` times ``laps`` over the race's
    ``mean_length`` in rounds) over the game's ``slow_pace`` (0 for no
    race)."""
    if mean_length <= 0 or slow_pace <= 0:
        return 0.0
    return lap_length * laps / mean_length / slow_pace


@dataclass(frozen=True)
class Hardness:
    """What the rating is made of: ``pace`` (see :func:`pace_ratio`;
    ``None`` for a game that states no pace), ``incidents_per_lap`` and
    ``spread`` (see the module's docstring)."""

    pace: float | None
    incidents_per_lap: float
    spread: float

    def shares(self) -> tuple[float | None, float, float]:
        """Each measure as a share from 0 (easy) to 1 (hard): slowness
        (``None`` without a pace), incidents, spread."""
        slowness = None if self.pace is None else _clip((FAST_PACE - self.pace) / (FAST_PACE - SLOW_PACE))
        incidents = self.incidents_per_lap / (self.incidents_per_lap + INCIDENT_HALF)
        return slowness, _clip(incidents), _clip(self.spread / SPREAD_CEILING)


def _clip(share: float) -> float:
    return min(1.0, max(0.0, share))


def rating(hardness: Hardness) -> float:
    """The rating from 0 (a fast track where nobody comes to grief and every
    race is as long) to 10, to a tenth: ten times the shares weighed by
    :data:`WEIGHTS`, over the weights of the shares there are (a game
    without a pace is rated on incidents and spread alone)."""
    weighed = [(weight, share) for weight, share in zip(WEIGHTS, hardness.shares()) if share is not None]
    total = sum(weight for weight, _ in weighed)
    return round(10 * sum(weight * share for weight, share in weighed) / total, 1)


def band(rated: float) -> str:
    """``easy``, ``medium`` or ``hard`` for a rating (see :data:`BANDS`)."""
    for top, word in BANDS:
        if rated < top:
            return word
    return BANDS[-1][1]
