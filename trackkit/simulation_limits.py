"""How much a simulation may be asked to do, in any game, and the drivers it
names: every count is checked here before any race is played, so a hostile
number is refused at once with the option that gave it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from trackkit.errors import ArgumentError

__all__ = [
    "MAX_CARS", "MAX_LAPS", "MAX_RACES", "MAX_SEED_DIGITS", "MAX_WORKERS", "check_bounds", "check_counts",
    "check_layout_laps", "driver_names", "named_drivers",
]

T = TypeVar("T")

MAX_RACES = 1_000_000
"""The most races one run plays (bounds the work)."""

MAX_CARS = 16
"""The most cars (racers, riders, players) a simulation fields in any game:
a Racepack layout's and a RACE! track's own most.  Each game has its own
lower limit too (Motocross 4 riders, the rally game 6 players, Racepack and
RACE! what the grid holds)."""

MAX_LAPS = 99
"""The most laps a simulated race runs, in any game (a Racepack layout's
own most, and what a race record holds): a RACE! track's laps are
otherwise unbounded ("pick any number you like!")."""

MAX_SEED_DIGITS = 100
"""The most digits of a seed, as of any number trackkit reads back from a file."""

MAX_WORKERS = 64
"""The most worker processes one run starts."""


def driver_names(text: str) -> list[str]:
    """The names in a comma-separated list of drivers (``bold,cautious``);
    raises :class:`ArgumentError` for an empty name."""
    names = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not name for name in names):
        raise ArgumentError(f"must be driver names separated by commas, not {text!r}", parameter="drivers")
    return names


def named_drivers(text: str, kinds: Sequence[str], make: Callable[[str], T]) -> tuple[T, ...]:
    """The drivers a comma-separated list names (``bold,cautious``), each
    made by ``make`` from its name; raises :class:`ArgumentError` for a name
    not among a game's ``kinds``."""
    drivers = []
    for name in driver_names(text):
        if name not in kinds:
            known = ", ".join(kinds)
            problem = f"names an unknown driver {name!r} (known drivers: {known})"
            raise ArgumentError(problem, parameter="drivers")
        drivers.append(make(name))
    return tuple(drivers)


def check_bounds(
    *, races: int, cars: int | None, laps: int | None, seed: int | None, workers: int = 1
) -> None:
    """Refuse, with :class:`ArgumentError` naming the parameter, a count
    past the limits every game's simulation shares, before any work: races
    from 1 to :data:`MAX_RACES`, cars from 1 to :data:`MAX_CARS`, laps from
    1 to :data:`MAX_LAPS`, workers from 1 to :data:`MAX_WORKERS`, and a
    seed from 0 of at most :data:`MAX_SEED_DIGITS` digits (a race record
    writes it, and reads back no other).  ``None`` leaves a count to the
    layout or the game."""
    for name, value, most in (
        ("races", races, MAX_RACES),
        ("cars", cars, MAX_CARS),
        ("laps", laps, MAX_LAPS),
        ("workers", workers, MAX_WORKERS),
    ):
        if value is not None and not 1 <= value <= most:
            raise ArgumentError(f"must be from 1 to {most:,}, not {_shown_count(value)}", parameter=name)
    if seed is not None and not 0 <= seed < 10**MAX_SEED_DIGITS:
        raise ArgumentError(
            f"must be a whole number from 0 up, of at most {MAX_SEED_DIGITS} digits,"
            f" not {_shown_count(seed)}",
            parameter="seed",
        )


def check_layout_laps(laps: int) -> None:
    """Refuse with :class:`ArgumentError` a layout whose own laps pass
    :data:`MAX_LAPS` (a RACE! track may say any number), before any race."""
    if laps > MAX_LAPS:
        raise ArgumentError(
            f"the layout races {laps:,} laps, and a simulation races at most {MAX_LAPS};"
            f" give {{laps}} {MAX_LAPS} or fewer",
            mentions=("laps",),
        )


def _shown_count(value: int) -> str:
    """``value`` as a message shows it: a number of many digits by its length."""
    digits = len(str(abs(value)))
    return f"{value:,}" if digits <= 12 else f"a number of {digits} digits"


def check_counts(races: int, cars: int, workers: int, drivers: int) -> None:
    """Raise :class:`ArgumentError` for a count out of range."""
    if not 1 <= races <= MAX_RACES:
        raise ArgumentError(f"must be from 1 to {MAX_RACES:,}, not {races}", parameter="races")
    if cars < 1:
        raise ArgumentError(f"must be at least 1, not {cars}", parameter="cars")
    if workers < 1:
        raise ArgumentError(f"must be at least 1, not {workers}", parameter="workers")
    if drivers < 1:
        raise ArgumentError("must name at least one driver", parameter="drivers")
