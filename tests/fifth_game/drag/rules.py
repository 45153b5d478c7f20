"""The rules of a drag strip, one small function each, quoting the rule it
checks (the rules are written in :mod:`fifth_game.drag`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from fifth_game.drag.strip import Strip
from trackkit.findings import Finding, Report, RuleEntry, capped, error

SHORTEST, LONGEST = 3, 12
"""The tiles a strip may have."""

FEWEST, MOST = 2, 4
"""The cars a race may have: one pawn of each suit at most."""


def check_length(strip: Strip) -> Iterator[Finding]:
    """Rulebook: "A strip is at least three tiles long and at most twelve."  A
    shorter or longer row is an error."""
    if not SHORTEST <= strip.tiles <= LONGEST:
        yield error(
            "drag/length",
            f"the strip is {strip.tiles} tiles long; a strip is {SHORTEST} to {LONGEST} tiles long",
            hint=f"write tiles: {min(max(strip.tiles, SHORTEST), LONGEST)}",
        )


def check_cars(strip: Strip) -> Iterator[Finding]:
    """Rulebook: "Two to four cars race, each a pawn of its own suit."  Fewer
    or more cars are an error: a piecepack has four pawns."""
    if not FEWEST <= strip.cars <= MOST:
        yield error(
            "drag/cars",
            f"{strip.cars} cars cannot race; {FEWEST} to {MOST} cars race, one pawn of each suit",
            hint=f"write cars: {min(max(strip.cars, FEWEST), MOST)}",
        )


RULES: tuple[Callable[[Strip], Iterator[Finding]], ...] = (check_length, check_cars)
"""Every rule, in the order their findings are listed."""

CATALOG: tuple[RuleEntry, ...] = (
    RuleEntry("drag/length", "a strip is three to twelve tiles long", (check_length,), "The strip"),
    RuleEntry("drag/cars", "two to four cars race", (check_cars,), "The cars"),
)
"""What ``rules --game drag`` lists and ``explain`` shows."""


def validate(strip: Strip) -> Report:
    """Every finding of every rule on ``strip``."""
    return Report(tuple(finding for rule in RULES for finding in capped(rule(strip))))
