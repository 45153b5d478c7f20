"""What a rally race is given and gives back: the seats it takes, the tokens
each starts with, how it is run, the road made ready for it and what came
of it.  The race itself is :mod:`~trackkit.rally.race.engine`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from trackkit.errors import ArgumentError
from trackkit.rally.race.moves import Ways, road_ways
from trackkit.rally.race.record import RallyRecord
from trackkit.rally.race.road import CardShape, Road, build_road, check_raceable

__all__ = [
    "MAX_PLAYERS", "MIN_PLAYERS", "REACH", "TURBO_REACH", "RallyOptions", "RallyResult", "RallyTrack",
    "check_players", "rally_track", "starting_tokens",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 6
"""'2-4 Players (expandable up to 6)'."""

REACH = 3
"""'move one of your cars up to 3 spaces'."""

TURBO_REACH = 4


def starting_tokens(seat: int) -> tuple[int, int]:
    """The (Fuel, Control) a seat starts with: 3 & 3 for the starting
    player, 3 Fuel & 4 Control for the next, 4 & 4 for the others."""
    return ((3, 3), (3, 4))[seat] if seat < 2 else (4, 4)


@dataclass(frozen=True)
class RallyOptions:
    """How a race is run: ``skills`` (``none``, ``base`` or ``advanced``),
    ``expansion`` (the expansion's Skills cards join the advanced deal) and
    ``record`` (keep every move)."""

    skills: str = "none"
    expansion: bool = False
    record: bool = False


@dataclass(frozen=True)
class RallyResult:
    """What a race came to: each seat's ``scores``, the seats in their
    final ``standings`` (winner first; empty when stopped unfinished), the
    ``rounds`` played, the token ``shortages`` on each card (Fuel, Control
    alternating: ``shortages[2 * card]`` and ``shortages[2 * card + 1]``),
    the ``ghosts`` on each card (moves that paid a Control token to pass
    through a car standing there), the ``record`` when asked for, and the
    seat leading on points after each round (``leaders``; the winner after
    the last)."""

    scores: tuple[int, ...]
    standings: tuple[int, ...]
    rounds: int
    shortages: tuple[int, ...]
    record: RallyRecord | None = None
    ghosts: tuple[int, ...] = ()
    leaders: tuple[int, ...] = ()


@dataclass(frozen=True)
class RallyTrack:
    """A course made ready for racing: its ``road``, every way a Fuel
    token can take a car from each space (built once, shared by races), and
    the players' own card ``shapes`` the road was built with (if any)."""

    road: Road
    ways: Ways
    shapes: tuple[tuple[str, CardShape], ...] = ()


def rally_track(course: Sequence[str], shapes: Sequence[tuple[str, CardShape]] = ()) -> RallyTrack:
    """The race-ready road of ``course`` (card names in course order), its
    cards laid out by the players' ``shapes`` (name, shape) where given;
    refuses a course no race can finish (see :func:`check_raceable`)."""
    check_raceable(course)
    road = build_road(course, dict(shapes))
    return RallyTrack(road, _ways_of(road), tuple(shapes))


ROADS_KEPT = 16
"""How many roads' ways :func:`_ways_of` keeps (a run races one road; a
test session a handful over and over)."""


@lru_cache(maxsize=ROADS_KEPT)
def _ways_of(road: Road) -> Ways:
    """Every way a Fuel token can take a car on ``road``, worked out once
    per road: the ways follow from the road alone, so every race, run and
    check on the same course shares them (and the moves they remember)."""
    return road_ways(road, (REACH, TURBO_REACH))


def check_players(players: int) -> None:
    """Raise :class:`ArgumentError` for a number of players the game does not seat."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ArgumentError(
            f"must be from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}", parameter="players"
        )
