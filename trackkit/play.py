"""What every game's races are asked and give back: the words between the
generic commands (``simulate``, ``simulate --record``, ``replay``) and a
game's own engine, record and move checker.

A command builds one :class:`RaceRequest` for any game; the game's jobs
(see :class:`trackkit.game.Game`) play it, write its first race as a
record, and read a record back as a :class:`Replayed` race: the words of
each turn, where every piece stands after it, and what the move checker
found.  A drawing then shows each :class:`Standing` without knowing the
game's rules.  This module sits below the games, so it names their layouts,
figures and records only as ``Any``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "IncidentMap",
    "MapPatch",
    "OldRecord",
    "Progress",
    "RaceRequest",
    "RecordPace",
    "Replayed",
    "Standing",
    "Token",
    "turn_captions",
]

Progress = Callable[[int, int], None]
"""Told ``(races done, races in all)`` as a run goes on."""


@dataclass(frozen=True)
class RaceRequest:
    """Races to play on a layout, in any game.

    ``drivers`` is a comma-separated list (``bold,cautious,random``) dealt
    to the cars (racers, riders, players) in turn; ``cars`` and ``laps``
    are ``None`` for the layout's own; ``seed`` is already drawn; ``race``
    is the number of the race a record holds (race 1: the one a run's
    figures count first); ``races`` and ``workers`` size a run; ``record``
    says whether a record of the run's first race is wanted too.
    ``options`` holds only the game's own options that were given
    (``pit_stops``, ``wide_lanes``, ``skills``...): a game lists those it
    takes in :attr:`trackkit.game.Game.race_options`, and any other is
    refused before a game sees the request."""

    drivers: str
    seed: int
    cars: int | None = None
    laps: int | None = None
    races: int = 1
    race: int = 1
    workers: int = 1
    record: bool = False
    options: Mapping[str, Any] = field(default_factory=dict)

    def option(self, name: str, default: Any = None) -> Any:
        """The option ``name`` as given, or ``default`` when it was not."""
        return self.options.get(name, default)


@dataclass(frozen=True)
class RecordPace:
    """How a game's race fills a record, to refuse one too long before any
    race is played: ``advance``, the length of track (in ``unit``: tiles,
    spaces) a car covers in a round, on the slow side of what races show;
    ``rounds``, the engine's cap on a race's rounds; ``turn_bytes``, about
    the most a turn takes in the record; and ``size(layout)``, the track's
    length in that unit, its cars and its laps."""

    unit: str
    advance: float
    rounds: int
    turn_bytes: int
    size: Callable[[Any], tuple[int, int, int]]


@dataclass(frozen=True)
class Token:
    """What marks a piece on a replay's frame: its ``label`` (a car's
    number, ``x2`` for a bike that wiped out) and whether it is ``down``
    (out of the race for now, drawn as a fault)."""

    label: str
    down: bool = False


Standing = Mapping[Any, Token]
"""Where the pieces stand after a turn: each place (a square, a space, a
card's space) the game's drawing knows, and the token on it."""


@dataclass(frozen=True)
class Replayed:
    """A record read back and checked: the ``layout`` raced on, the game's
    ``title``, the caption of each frame (``captions``: before the first
    turn, then one per turn), where the pieces stand in each frame
    (``standings``, as many) and every ``problem`` the move checker found
    (none for a legal race)."""

    layout: Any
    title: str
    captions: Sequence[str]
    standings: Sequence[Standing]
    problems: tuple[str, ...]

    @property
    def turns(self) -> int:
        """The turns the record holds."""
        return len(self.captions) - 1


def turn_captions(words: Sequence[str], start: str = "the grid") -> list[str]:
    """The captions of a replay's frames: ``start`` over the pieces before
    the first turn, then ``turn N: WORDS`` for each turn's ``words``."""
    return [start, *(f"turn {number}: {said}" for number, said in enumerate(words, 1))]


@dataclass(frozen=True)
class OldRecord:
    """A form a game's records took before they were written as PPN:
    ``sniff(text)`` says whether a file's text is in it, ``replay(text,
    file)`` reads and checks it."""

    sniff: Callable[[str], bool]
    replay: Callable[[str, str], Replayed]


@dataclass(frozen=True)
class MapPatch:
    """One piece of road on a simulation's map: its ``outline`` (table
    inches, y up) and the ``corner`` it belongs to (0 for none)."""

    outline: tuple[tuple[float, float], ...]
    corner: int


@dataclass(frozen=True)
class IncidentMap:
    """A track as a simulation's picture maps it: its pieces of road, where
    each corner's number goes, and the start/finish line's two ends (if
    known), all in table inches."""

    patches: list[MapPatch]
    labels: dict[int, tuple[float, float]]
    finish: tuple[tuple[float, float], tuple[float, float]] | None
