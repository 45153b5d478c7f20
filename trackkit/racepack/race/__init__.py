"""Whole Racepack races with several cars, and many of them at once.

* :mod:`~trackkit.racepack.race.track` — a track made ready for racing: the
  board, grid, race order and every place's turn plans ranked per driving style;
* :mod:`~trackkit.racepack.race.drivers` — the bots that make the players' choices;
* :mod:`~trackkit.racepack.race.engine` — one race by the rules, turn by turn;
* :mod:`~trackkit.racepack.race.blocked` — the turn of a car other cars hem in;
* :mod:`~trackkit.racepack.race.record` — a race move by move;
* :mod:`~trackkit.racepack.race.checker` — an independent check of a record;
* :mod:`~trackkit.racepack.race.simulate` — many races and their figures.
"""

from trackkit.racepack.race.checker import check_race
from trackkit.racepack.race.drivers import DRIVER_KINDS, Driver, parse_drivers
from trackkit.racepack.race.engine import RaceOptions, RaceResult, play_race
from trackkit.racepack.race.record import MoveRecord, RaceRecord, TurnRecord
from trackkit.racepack.race.simulate import simulate
from trackkit.racepack.race.track import RaceTrack

__all__ = [
    "DRIVER_KINDS",
    "Driver",
    "MoveRecord",
    "RaceOptions",
    "RaceRecord",
    "RaceResult",
    "RaceTrack",
    "TurnRecord",
    "check_race",
    "parse_drivers",
    "play_race",
    "simulate",
]
