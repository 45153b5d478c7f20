"""The terms of one Racepack race, shared by the engine that plays it, the
checker that replays it and the record that writes it: how a race is run
(:class:`RaceOptions`), how it went (:class:`RaceResult`), the penalty die
and when its rolls spin a car out, and the limits a race keeps to."""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.racepack.movement.speeds import SPIN_FACE
from trackkit.racepack.race.record import RaceRecord

__all__ = [
    "DIE_FACES",
    "MAX_CORNER_HAZARDS",
    "MAX_ROUNDS",
    "RaceOptions",
    "RaceResult",
    "spins_out",
]

DIE_FACES = 6
"""A piecepack die: null (0), ace (1), 2, 3, 4, 5."""

MAX_CORNER_HAZARDS = 2
"""'no corner tile may hold more than two hazards'."""

MAX_ROUNDS = 400
"""Rounds after which a race is stopped (cars not yet home do not finish)."""


@dataclass(frozen=True)
class RaceOptions:
    """How a race is run: ``cars`` on the grid, ``tokens`` (strategy tokens
    in play, five per car), ``record`` (keep every move), and the variants:
    ``pit_stops`` (one stop per car through the layout's pit lane) and
    ``extra_hazards`` (that many more hazard tokens, placed where cars spin
    out); ``hazards`` false races a layout without ``hazards:`` with none
    (otherwise each race rolls its own four, see
    :mod:`trackkit.racepack.race.simulate`)."""

    cars: int = 4
    tokens: bool = True
    record: bool = False
    pit_stops: bool = False
    extra_hazards: int = 0
    hazards: bool = True


@dataclass(frozen=True)
class RaceResult:
    """How one race went.

    ``order`` lists the grid slots (0 = pole) in finishing order (cars that
    never finished are left out); ``drivers[slot]`` names each slot's
    driver; ``turns`` is the race length: the turns the winner took.
    ``spins`` and ``overtakes`` count incidents by corner number (index 0
    unused), ``record`` holds the moves when asked for; ``leaders`` the
    slot leading after each round.
    """

    order: tuple[int, ...]
    drivers: tuple[str, ...]
    turns: int
    spins: tuple[int, ...]
    overtakes: tuple[int, ...]
    record: RaceRecord | None = None
    leaders: tuple[int, ...] = ()

    @property
    def winner(self) -> int | None:
        return self.order[0] if self.order else None


def spins_out(rolls: tuple[int, ...]) -> bool:
    """Whether the penalty rolls spin the car out: a 5 on the first roll, or
    on a forced re-roll a face at or above the rival's token."""
    if len(rolls) == 1:
        return rolls[0] >= SPIN_FACE
    return rolls[2] >= rolls[1]
