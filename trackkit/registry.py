"""The games trackkit knows: one list, and a lookup by name.

Every layout file may say ``game: NAME``; a file that does not is a Racepack
layout.  Each game package exports its :class:`~trackkit.game.Game` as
``GAME``; this list is the only place that names the packages, so adding a
game is one line here.  The registry stands below the file formats, the
drawings and everything that uses them (as a chess library lists its board
variants below its notation and picture code), so each of those can reach
any game through it.
"""

from __future__ import annotations

from collections.abc import Iterable

from trackkit.errors import ArgumentError, LayoutError, did_you_mean
from trackkit.game import Game
from trackkit.motocross.game import GAME as MOTOCROSS
from trackkit.race.game import GAME as RACE
from trackkit.racepack.game import GAME as RACEPACK
from trackkit.rally.game import GAME as RALLY

__all__ = [
    "DEFAULT_GAME",
    "DRAWING_OPTIONS",
    "GAMES",
    "MOTOCROSS",
    "RACE",
    "RACEPACK",
    "RALLY",
    "find_game",
    "refuse_undrawn",
]

DEFAULT_GAME = "racepack"
"""The game of a layout file that names none."""

GAMES: dict[str, Game] = {game.name: game for game in (RACEPACK, MOTOCROSS, RACE, RALLY)}
"""Every game, by the name a layout file gives in its ``game`` key."""

DRAWING_OPTIONS = ("lanes", "grid", "numbers", "line")
"""Drawing options (``render --lanes``, ``show --light``...) that only some
games' pictures show."""


def find_game(name: str) -> Game:
    """The game called ``name`` or one of its aliases (any case); raises
    :class:`~trackkit.errors.LayoutError` for a name no game has."""
    wanted = name.strip().lower()
    for game in GAMES.values():
        if wanted == game.name or wanted in game.aliases:
            return game
    raise LayoutError(
        f"unknown game {name!r}{did_you_mean(wanted, list(GAMES))}",
        hint=f"known games: {', '.join(GAMES)}",
    )


def refuse_undrawn(game: Game, asked: Iterable[str]) -> None:
    """Raise :class:`~trackkit.errors.ArgumentError` for the first option of
    ``asked`` that ``game``'s pictures would silently leave out:
    ``--lanes is for Racepack tracks``."""
    for option in asked:
        if option not in game.draws:
            takers = [other.title for other in GAMES.values() if option in other.draws]
            raise ArgumentError(f"is for {' and '.join(takers)} tracks", parameter=option)
