"""What happened in a RACE! race, turn by turn: enough to replay it and to
check every turn against the rules.

A racer's *position* counts the spaces it has driven from the pole's place
(see :mod:`trackkit.race.racing`); a record names the space a racer ends on
(the track's own numbering), which is what a player sees on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "BLOCKED_CHOICES",
    "MOST_DICE",
    "RaceLog",
    "RacerTurn",
]

BLOCKED_CHOICES = ("slow", "risk")
"""What a blocked racer's driver chose: slow down, or risk a crash."""

MOST_DICE = 12
"""The most dice a turn of a record may list (a turn rolls at most eight)."""


@dataclass(frozen=True)
class RacerTurn:
    """One racer's turn.

    ``racer`` is its grid slot (0 = pole); ``speed`` the speed it set (an
    out-of-control racer regains control and keeps its speed); ``dice`` the
    racer and speed dice rolled, ``hazard_dice`` the hazard dice; ``to`` the
    space it ended on and ``blocked`` its driver's choice when the racers
    ahead stopped it (``slow`` or ``risk``, else ``None``).  ``shaken`` is
    the racer it moved with its lowest die (``None`` when it moved none),
    ``shaken_to`` where that racer ended and ``shaken_blocked`` its choice.
    """

    racer: int
    speed: int
    dice: tuple[int, ...]
    hazard_dice: tuple[int, ...]
    to: int
    blocked: str | None = None
    shaken: int | None = None
    shaken_to: int | None = None
    shaken_blocked: str | None = None


@dataclass(frozen=True)
class RaceLog:
    """A whole RACE! race: ``laps``, each grid slot's driver, every turn in
    the order played and the ``grid``."""

    laps: int
    drivers: tuple[str, ...]
    turns: tuple[RacerTurn, ...]
    grid: tuple[int, ...] = ()
    """The space each racer starts on, by grid slot (empty: not recorded,
    the racers line up as the rulebook says)."""
    finish: tuple[int, ...] | None = None
    """The grid slots in the order the racers crossed the finish line at the
    end of the final lap (``None``: not recorded)."""
