"""``trackkit generate drag``: random legal strips from one seed."""

from __future__ import annotations

from typing import Any

from fifth_game.drag.rules import FEWEST, LONGEST, MOST, SHORTEST
from fifth_game.drag.strip import Strip
from trackkit.errors import ArgumentError
from trackkit.generation import Generated, Progress
from trackkit.randomness import make_rng


def settle_strips(request: Any) -> Any:
    """Refuse a request no legal strip meets."""
    if request.tiles is not None and not SHORTEST <= request.tiles <= LONGEST:
        raise ArgumentError(f"must be from {SHORTEST} to {LONGEST}", parameter="tiles")
    if request.cars is not None and not FEWEST <= request.cars <= MOST:
        raise ArgumentError(f"must be from {FEWEST} to {MOST}", parameter="cars")
    return request


def make_strips(request: Any, seed: int, count: int, progress: Progress) -> Generated:
    """``count`` strips drawn from ``seed``: the tiles and cars asked for,
    else drawn within the rules."""
    rng = make_rng(seed)
    strips = []
    for number in range(1, count + 1):
        tiles = request.tiles or rng.randint(SHORTEST, LONGEST)
        cars = request.cars or rng.randint(FEWEST, MOST)
        strips.append(Strip(tiles, cars, name=f"Strip {seed}-{number}"))
    return Generated(strips, summary=f"{count} strip{'s' if count > 1 else ''}")
