"""What happened in a Motocross race, turn by turn: enough to replay it and
to check every turn against the rules.

A space is named as in :mod:`trackkit.motocross.race.board` (``(x, y)``,
its south-west corner); a step's heading by its letter (``N``, ``E``,
``S``, ``W``); a die by its face: 0 for a null, 1 for an ace, 2 to 5.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.motocross.course import Course

__all__ = [
    "ACTIONS",
    "OUTCOMES",
    "RaceRecord",
    "TurnRecord",
]

ACTIONS = ("roll", "pass", "wait")
"""What a rider does with a turn: rolls the dice (to move, or to re-enter
the track), passes, or -- wiped out beside a space another bike stands on
-- waits (and draws a discarded coin, if there is one)."""

OUTCOMES = ("moved", "off", "finish", "landed", "stay", "wipe-out", "no-start", "")
"""How a rolled turn ended: ``moved`` to a space; ``off`` the track (a
wipe-out); ``finish`` across the line; ``landed`` on another bike off a
ramp (that bike wipes out); ``stay`` without moving (every die a null, no
number over the ramp ahead, or the rider chose not to move after
re-entering); ``wipe-out`` where it stood (every way into another bike);
``no-start``: no ace to re-enter with.  Empty for a pass or a wait."""


@dataclass(frozen=True)
class TurnRecord:
    """One turn of the rider in ``seat``.

    ``action`` is one of :data:`ACTIONS`.  For a roll: ``coin_start`` says
    a coin was discarded to re-enter the track, ``extra`` how many coins
    were spent on extra dice, ``dice`` the faces rolled, ``number`` the
    number moved (0 for no move) and ``headings`` its steps' headings (the
    last one may leave the track); ``outcome`` is one of :data:`OUTCOMES`.
    ``drew_coin`` says a waiting rider drew a discarded coin.
    """

    seat: int
    action: str
    coin_start: bool = False
    extra: int = 0
    dice: tuple[int, ...] = ()
    number: int = 0
    headings: str = ""
    outcome: str = ""
    drew_coin: bool = False


@dataclass(frozen=True)
class RaceRecord:
    """A whole race: the ``course``, each seat's driver (seat 0 the starting
    player), the space each bike started on, the coins each rider was dealt
    for the race, and every turn in the order played."""

    course: Course
    drivers: tuple[str, ...]
    starts: tuple[tuple[int, int], ...]
    coins: int
    turns: list[TurnRecord]
