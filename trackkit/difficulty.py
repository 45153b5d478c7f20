"""How hard a track is to drive, in one word: ``easy``, ``medium`` or ``hard``.

A track is hard when drivers keep making mistakes on it: spinning out of a
corner (Racepack, RACE!), wiping out on a jump (Motocross), crashing out
of a stage (rally).  Every game's simulation counts those *incidents*, so
the rating reads one figure, the incidents per car per lap of simulated
races, and cuts it where the default Racepack tracks of 24 tiles fall in
thirds for four bold drivers over three laps (25 tracks measured: from
0.81 to 1.55, a third below 1.08 and a third from 1.25).

This is a pure function of the figures, so ``generate --difficulty`` and a
track's report can rate a track the same way.
"""

from __future__ import annotations

__all__ = ["DIFFICULTIES", "EASY_BELOW", "HARD_FROM", "difficulty", "incident_rate"]

DIFFICULTIES = ("easy", "medium", "hard")
"""The ratings, easiest first."""

EASY_BELOW = 1.08
"""Incidents per car per lap under which a track is ``easy``."""

HARD_FROM = 1.25
"""Incidents per car per lap from which a track is ``hard``."""


def incident_rate(incidents: int, races: int, cars: int, laps: int) -> float:
    """Incidents per car per lap: ``incidents`` counted over ``races`` races
    of ``cars`` cars over ``laps`` laps (0 for no races)."""
    laps_driven = races * cars * laps
    return incidents / laps_driven if laps_driven else 0.0


def difficulty(rate: float) -> str:
    """The rating of a track whose races show ``rate`` incidents per car per
    lap: ``easy`` under :data:`EASY_BELOW`, ``hard`` from
    :data:`HARD_FROM`, ``medium`` between."""
    if rate < EASY_BELOW:
        return "easy"
    return "hard" if rate >= HARD_FROM else "medium"
