"""The setup of a recorded Racepack race checked against the race: the
``setup.`` move of a record must set out the table of this race, piece by
piece: the layout's tiles, the lap die, the hazard coins, and one car for
each driver the record names, each on its own grid place (car 1, the pole,
as the suns pawn...).

> "The four pawns are used to represent the cars. ... the first two cars
> setting side by side on the two spaces behind the start/finish line and
> the remaining cars behind them."

:func:`setup_problems` returns every difference as a sentence.
"""

from __future__ import annotations

from collections import Counter

from trackkit.errors import EquipmentError
from trackkit.racepack.layout import Layout
from trackkit.racepack.race.ppn import Places

__all__ = [
    "GRID_SENTENCE",
    "setup_problems",
]

GRID_SENTENCE = (
    "'the first two cars setting side by side on the two spaces behind the start/finish line"
    " and the remaining cars behind them'"
)


def setup_problems(layout: Layout, cars: int, drops: tuple[str, ...]) -> list[str]:
    """What is wrong with a setup dropping ``drops`` for a race of ``cars``
    cars on ``layout`` (an empty list when it is the race's table)."""
    try:
        places = Places(layout, cars)
    except EquipmentError as error:
        return [f"setup: the table of this race cannot be set out: {error}"]
    found = _cars_set_out(places, drops)
    if found != cars:
        return [f"setup: sets out {found} cars, but {cars} race, one per driver ({GRID_SENTENCE})"]
    wanted = Counter(places.drops)
    written = Counter(drops)
    role = dict(zip(places.drops, places.roles))
    missing = wanted - written
    problems = [_missing(piece, role[piece]) for piece in places.drops if missing.pop(piece, 0)]
    extra = [piece for piece in drops if piece in written - wanted]
    return problems + [f"setup: {piece} is no piece of this race's table" for piece in extra]


def _cars_set_out(places: Places, drops: tuple[str, ...]) -> int:
    """How many pawns and dice stand on spaces of the track (the cars: the
    lap die stands beside the track)."""
    on_track = 0
    for text in drops:
        code, _, where = text.partition("@")
        if code[0] in "pd" and where in places.space:
            on_track += 1
    return on_track


def _missing(piece: str, role: str) -> str:
    """A piece of the race's table the setup leaves out."""
    if role.startswith("car "):
        return f"setup: {role} is not set out on its grid place, {piece} ({GRID_SENTENCE})"
    return f"setup: the {role}, {piece}, is not set out"
