"""Command lines with hostile option values, for the commands whose work
grows with a number: ``simulate`` (races, cars, laps, seed), ``replay``
(the turn to stop at, the width), ``count`` (tiles, box sizes).

Each option given is drawn either from the ordinary values a person would
type or from :data:`~trackkit.fuzz.values.HOSTILE_COUNTS` (zero, negative,
a hundred million, 30 and 101 digits, not a number): an ordinary value
must be answered within the limits, a hostile one refused at once.  A value
that is honest work in proportion to what it asks (a thousand races, a
count of 40 tiles, which takes seconds by design) is never drawn, as for
``generate --count`` (see :data:`~trackkit.fuzz.drivers.FUZZED_COUNT`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from trackkit.fuzz.values import HOSTILE_COUNTS

__all__ = ["count_options", "replay_options", "simulate_options"]

_HOSTILE = 0.4
"""The share of option values drawn hostile."""

_SIMULATE: Mapping[str, Sequence[str]] = {
    "--cars": ("1", "2", "3", "4", "6", "8", "16"),
    "--laps": ("1", "2", "3", "5"),
    "--seed": ("0", "1", "7", "99"),
    "--drivers": ("bold", "cautious", "random", "bold,cautious+tokens", "wild", "bold,,bold"),
    "--extra-hazards": ("0", "1", "3"),
    "--wide-lanes": ("3", "4"),
    "--skills": ("none", "base", "advanced", "expert"),
}
"""``simulate``'s options that change one race, with ordinary values."""

_GAME_OPTIONS: Mapping[str, Sequence[str]] = {
    "racepack": ("--cars", "--laps", "--seed", "--drivers", "--extra-hazards"),
    "motocross": ("--cars", "--seed", "--drivers"),
    "race": ("--cars", "--laps", "--seed", "--drivers"),
    "rally": ("--cars", "--seed", "--drivers", "--skills"),
}
"""The options of :data:`_SIMULATE` each game takes: an option of another
game's is refused whatever its value, so it is given only now and then."""

_FOREIGN = 0.1
"""How often ``simulate`` is also given an option its game does not take."""

_COUNT: Mapping[str, Sequence[str]] = {
    "--max-width": ("2", "3", "5", "10", "20in", "7in"),
    "--max-height": ("2", "4", "6", "12in", "0in", "wide"),
}
"""``count``'s box options, with ordinary values and near misses."""


def _value(rng: random.Random, ordinary: Sequence[str]) -> str:
    """An ordinary value, or (four times in ten) a hostile count."""
    return rng.choice(HOSTILE_COUNTS) if rng.random() < _HOSTILE else rng.choice(ordinary)


def _some(rng: random.Random, options: Mapping[str, Sequence[str]], share: float) -> list[str]:
    """Each of ``options`` given a value, with chance ``share``."""
    args: list[str] = []
    for name, ordinary in options.items():
        if rng.random() < share:
            args += [name, _value(rng, ordinary)]
    return args


def simulate_options(rng: random.Random, layout: str, game: str) -> list[str]:
    """``simulate LAYOUT`` (a layout of ``game``) on one worker with one to
    three races and about a third of the options its game takes, now and
    then one it does not, sometimes recording the first race or drawing
    the results, and sometimes asking for JSON."""
    races = rng.choice(HOSTILE_COUNTS) if rng.random() < 0.25 else rng.choice(("1", "2", "3"))
    taken = {name: _SIMULATE[name] for name in _GAME_OPTIONS.get(game, ())}
    args = ["simulate", layout, "--workers", "1", "--races", races, *_some(rng, taken, 0.35)]
    if rng.random() < _FOREIGN:
        foreign = rng.choice([name for name in (*_SIMULATE, "--pit-stops") if name not in taken])
        args += [foreign] if foreign == "--pit-stops" else [foreign, _value(rng, _SIMULATE[foreign])]
    if rng.random() < 0.3:
        args += ["--record", "race.rec"]
    if rng.random() < 0.2:
        args += ["--svg", "sim.svg"]
    if rng.random() < 0.3:
        args += ["--format", "json"]
    return [*args, "--force"]


def replay_options(rng: random.Random) -> list[str]:
    """``replay``'s options: the turn to stop at, the width, colour."""
    args: list[str] = []
    if rng.random() < 0.4:
        args += ["--to", _value(rng, ("0", "1", "3", "1000000"))]
    args += ["--width", _value(rng, ("20", "40", "80", "200"))]
    return [*args, "--color" if rng.random() < 0.2 else "--no-color"]


def count_options(rng: random.Random) -> list[str]:
    """``count`` of at most 24 tiles (up to 60 is honest work of seconds to
    minutes), or of a hostile number, with about half its other options."""
    tiles = rng.choice(HOSTILE_COUNTS) if rng.random() < _HOSTILE else str(rng.randint(1, 24))
    args = ["count", "--tiles", tiles, *_some(rng, _COUNT, 0.5)]
    if rng.random() < 0.3:
        args.append("--corners")
    if rng.random() < 0.3:
        args += ["--format", "json"]
    return args
