"""The rule on how many cars race.

A *car* is a pawn, or, in a one-pack race of five or six cars, a die standing
in for a pawn.  One piecepack has four pawns and four dice; one die marks
the laps and one is the penalty die, so two dice are left to be cars.
"""

from __future__ import annotations

from collections.abc import Iterator

from trackkit.edits import Put
from trackkit.findings import Finding, error
from trackkit.racepack.rules.context import Context, Rule

__all__ = [
    "FEWEST_CARS",
    "MOST_CARS",
    "ONE_PACK_CARS",
    "RULES",
    "check_cars",
]

FEWEST_CARS = 4
"""'... so there are always at least four cars in a race.'"""

ONE_PACK_CARS = 6
"""One pack seats four pawns and two dice: 'Since there are only four pawns in
a piecepack, two of the dice are pressed into service to represent cars.'"""

MOST_CARS = 8
"""'If two piecepacks are combined, 6 to 8-car races are supported.'"""


def check_cars(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "For games utilizing one piecepack, when playing with four players each
    player assumes control of one car, and when playing with two or three
    people each player assumes the role of team manager and controls two cars
    so there are always at least four cars in a race.  If two piecepacks are
    combined, 6 to 8-car races are supported"; and "Since there are only four
    pawns in a piecepack, two of the dice are pressed into service to
    represent cars."  So: at least four cars; one pack seats at most six
    (four pawns, two dice); two or more packs at most eight.
    """
    layout = ctx.layout
    cars = layout.cars
    if cars < FEWEST_CARS:
        yield error(
            "cars",
            f"{cars} {'car races' if cars == 1 else 'cars race'}, but there are always at least"
            f" {FEWEST_CARS} cars in a race",
            hint=f"{_cars(FEWEST_CARS).words()}; with two or three players each drives two cars",
            edit=_cars(FEWEST_CARS),
        )
    elif layout.packs == 1 and cars > ONE_PACK_CARS:
        yield error(
            "cars",
            f"{cars} cars race, but one piecepack seats at most {ONE_PACK_CARS}"
            " (four pawns, and two dice standing in as cars)",
            hint=f"{_cars(ONE_PACK_CARS).words()} or fewer, or set 'packs: 2' for up to {MOST_CARS} cars",
            edit=_cars(ONE_PACK_CARS),
        )
    elif cars > MOST_CARS:
        yield error(
            "cars",
            f"{cars} cars race, but the rules support races of at most {MOST_CARS} cars",
            hint=f"{_cars(MOST_CARS).words()} or fewer",
            edit=_cars(MOST_CARS),
        )


def _cars(count: int) -> Put:
    """The edit that sets the number of cars."""
    return Put(("cars",), count)


RULES: tuple[Rule, ...] = (check_cars,)
"""The cars rule."""
