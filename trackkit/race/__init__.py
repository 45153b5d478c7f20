"""RACE!, Darcy Burgess's dice racing game, on a track the players build.

A RACE! *track* is a loop of *spaces* driven one way round, with a finish
line between two of them and, under the advanced rules, some runs of spaces
rated as *corners*.  This package holds its model (:mod:`.track`), its rules
(:mod:`.rules`), the conversion of a Racepack circuit into a RACE! track
(:mod:`.convert`), the shape a drawing gives its spaces (:mod:`.shape`) and
its generator (:mod:`.generate`).
"""

from __future__ import annotations

__all__: list[str] = []
