"""One difficulty rating, 0 to 10, from what a track report measures.

A track is hard when cars come to grief on it, when skill decides the
race, and when a race may run short or long.  Each of those is measured
by the report and turned into a share from 0 to 1 against a stated
ceiling, and the rating weighs the three shares: half for incidents, three
tenths for skill, a fifth for the spread of race lengths.  The scales
and weights are ours (docs/report.md gives them and their reasons); the
rating compares tracks of one game better than tracks of different games,
whose incidents are different things (a spin-out, a hazard token, a
wipe-out, a token shortage).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BANDS",
    "INCIDENT_HALF",
    "SKILL_FLOOR",
    "SPREAD_CEILING",
    "WEIGHTS",
    "Hardness",
    "band",
    "difficulty",
]

INCIDENT_HALF = 1.0
"""Incidents per car per lap at which the incident share is one half: the
share is ``x / (x + 1)`` for ``x`` incidents per car per lap, so it grows
quickly at first and nears 1 only when every car comes to grief several
times a lap (the games count different things, and some count many)."""

SKILL_FLOOR = 0.5
"""The expert's win rate against a random driver at which skill counts for
nothing: a coin toss."""

SPREAD_CEILING = 0.5
"""The spread of race lengths (the 90 % length less the 10 % length, over
the median) at which the spread share is full."""

WEIGHTS = (0.5, 0.3, 0.2)
"""How much incidents, skill and spread weigh in the rating."""

BANDS = ((10 / 3, "easy"), (20 / 3, "medium"), (10.0, "hard"))
"""The words for a rating: easy below 3.3, medium below 6.7, hard above."""


@dataclass(frozen=True)
class Hardness:
    """What the rating is made of: ``incidents_per_lap`` (incidents per car
    per lap), ``skill`` (the expert's win rate against a random driver,
    slots swapped evenly) and ``spread`` (of the race lengths, see
    :data:`SPREAD_CEILING`)."""

    incidents_per_lap: float
    skill: float
    spread: float

    def shares(self) -> tuple[float, float, float]:
        """Each measure as a share from 0 to 1 of its ceiling."""
        incidents = self.incidents_per_lap / (self.incidents_per_lap + INCIDENT_HALF)
        skill = (self.skill - SKILL_FLOOR) / (1 - SKILL_FLOOR)
        spread = self.spread / SPREAD_CEILING
        return _clip(incidents), _clip(skill), _clip(spread)


def _clip(share: float) -> float:
    return min(1.0, max(0.0, share))


def difficulty(hardness: Hardness) -> float:
    """The rating from 0 (nothing happens, skill does not matter, every
    race the same length) towards 10 (every car comes to grief many times
    a lap, the expert always beats a random driver, and race lengths
    spread by half the median or more), to a tenth."""
    rating = 10 * sum(weight * share for weight, share in zip(WEIGHTS, hardness.shares()))
    return round(rating, 1)


def band(rating: float) -> str:
    """``easy``, ``medium`` or ``hard`` for a rating."""
    for top, word in BANDS:
        if rating < top:
            return word
    return BANDS[-1][1]
