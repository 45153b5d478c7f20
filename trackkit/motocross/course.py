"""A Motocross course: the open path of tiles the players built, with its ramps.

In Motocross the players build the race track during the game: the starting
player lays the *starting tile*, then each turn a player either adds a tile
next to the last tile played or slips a coin under a tile to raise a *jump
ramp*.  The finished *course* is therefore an open path of tiles in the order
they were played (tile 0 is the starting tile, the last one the *finish
tile*), and a few ramps, each a stack of coins under one tile's edge.

Positions are in spaces, as everywhere in :mod:`trackkit.piecepack.geometry`:
a tile is two spaces across, so tile centres on the tile grid have even
coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from trackkit.piecepack.circuit import Circuit, Kind, Transform, heading_between
from trackkit.piecepack.equipment import COINS_PER_PACK, TILES_PER_PACK
from trackkit.piecepack.geometry import TILE, Heading, Point

__all__ = [
    "BUILDING_COINS_PER_PACK",
    "CORNER_TOUCH",
    "GAME",
    "HOUSE_RULES",
    "MAX_BIKES",
    "MAX_COURSE_TILES",
    "MAX_HEIGHT",
    "MAX_PACKS",
    "MAX_PLAYERS",
    "MAX_RAMP_COINS",
    "MIN_PLAYERS",
    "SHORT_COURSE",
    "Course",
    "course_kinds",
    "course_turns",
    "path_centres",
    "straight_step",
    "turn_of",
]

GAME = "motocross"
"""The name a Motocross layout gives in its ``game`` key."""

MIN_PLAYERS = 3
MAX_PLAYERS = 4
"""Motocross is for three or four players."""

MAX_BIKES = 4
"""The starting tile has four spaces, one bike on each at most."""

MAX_HEIGHT = 3
"""The rules' highest jump ramp: three coins."""

MAX_RAMP_COINS = 99
"""The most coins a file may stack under one ramp (the rules allow three;
the reader takes more so that validation can say so)."""

MAX_PACKS = 8
"""The most piecepacks a course may combine."""

MAX_COURSE_TILES = 20_000
"""The most tiles trackkit reads in a Motocross course, fewer than the
120,000 of a Racepack track: eight packs hold 192 tiles, so a longer course
is only ever a typo or a hostile file, and the touch rules of a course of
100,000 tiles took over 2 s to check (Motocross checks corner points and
each tile against every tile but its two neighbours).  The reader still
takes far more tiles than any pack holds, so that ``validate`` can say how
many are too many."""

BUILDING_COINS_PER_PACK = COINS_PER_PACK // 2
"""Coins each pack adds to those dealt for building: the rules set half of
all coins aside for the race, so a pack's 24 coins give 12.  With several
packs every coin is pooled before halving, so ``packs`` packs give
``12 * packs``."""

SHORT_COURSE = "short-course"
HOUSE_RULES = (SHORT_COURSE,)
"""The house rules a course may declare (``house_rules: [short-course]``).

*short-course*: the players agree to finish building before every dealt
tile and building coin is played.  The rules say "After all players have
played all of their tiles and coins, the race track is finished", so
without it tiles or coins left over are an error; with it, a warning."""

CORNER_TOUCH = ("allowed", "forbidden")
"""How the touching rule treats two tiles meeting only at a corner point:
``allowed`` (the default) lets them, ``forbidden`` counts it as touching."""


@dataclass(frozen=True)
class Course:
    """One Motocross course as a file describes it.

    ``centres`` are the tiles' centres in play order (tile 0 the starting
    tile, the last the finish tile).  ``ramps`` are ``(tile, height)`` pairs
    in tile order: ``height`` coins stacked under the tile's raised edge.
    ``players`` is how many play (so how the tiles and coins are dealt),
    ``packs`` how many piecepacks supply them, ``corner_touch`` one of
    :data:`CORNER_TOUCH` and ``house_rules`` those of :data:`HOUSE_RULES`
    agreed on.
    """

    centres: tuple[Point, ...]
    ramps: tuple[tuple[int, int], ...] = ()
    players: int = 4
    packs: int = 1
    name: str | None = None
    description: str | None = None
    corner_touch: str = "allowed"
    game: str = GAME
    house_rules: tuple[str, ...] = ()
    """The house rules the players agreed on, of :data:`HOUSE_RULES`."""

    def __len__(self) -> int:
        return len(self.centres)

    @property
    def short_course(self) -> bool:
        """Whether the players agreed to leave dealt tiles or coins unplayed."""
        return SHORT_COURSE in self.house_rules

    @property
    def tile_supply(self) -> int:
        """How many tiles the packs provide (all of them are dealt)."""
        return self.packs * TILES_PER_PACK

    @property
    def building_coins(self) -> int:
        """How many coins are dealt for building ramps: half of all coins."""
        return self.packs * BUILDING_COINS_PER_PACK

    @property
    def ramp_coins(self) -> int:
        """How many coins all the ramps hold together."""
        return sum(height for _, height in self.ramps)

    def height(self, tile: int) -> int:
        """The height of the ramp on ``tile`` (0 when it has none)."""
        return dict(self.ramps).get(tile, 0)

    def step(self, tile: int) -> Heading | None:
        """The heading from ``tile`` to the next tile, or ``None`` when the
        next tile does not lie beyond one of its edges (or there is none)."""
        if not 0 <= tile < len(self.centres) - 1:
            return None
        return heading_between(self.centres[tile], self.centres[tile + 1])

    def exit_heading(self, tile: int) -> Heading | None:
        """The way a bike leaves ``tile``: towards the next tile, or for the
        finish tile on across it, away from the tile before."""
        if tile == len(self.centres) - 1 and tile > 0:
            return heading_between(self.centres[tile - 1], self.centres[tile])
        return self.step(tile)

    def mapped(self, transform: Transform) -> Course:
        """The same course moved on the table by ``transform``."""
        return replace(self, centres=tuple(transform(c) for c in self.centres))


def straight_step(a: Point, b: Point) -> Heading | None:
    """The heading from tile ``a`` to tile ``b`` when ``b`` lies squarely
    beyond one of ``a``'s edges, its spaces lined up with ``a``'s."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dy == 0 and (dx == TILE or dx == -TILE):  # what heading_between names, written out
        return Heading.EAST if dx > 0 else Heading.WEST
    if dx == 0 and (dy == TILE or dy == -TILE):
        return Heading.NORTH if dy > 0 else Heading.SOUTH
    return None


def turn_of(course: Course, tile: int) -> str | None:
    """``L`` or ``R`` when the course turns on ``tile`` (entering by one edge
    and leaving by a neighbouring one), ``S`` when it runs straight across,
    ``None`` for the starting and finish tiles or where tiles do not line up."""
    if not 0 < tile < len(course) - 1:
        return None
    before = straight_step(course.centres[tile - 1], course.centres[tile])
    after = straight_step(course.centres[tile], course.centres[tile + 1])
    return _turn(before, after)


def course_turns(course: Course) -> list[str | None]:
    """:func:`turn_of` every tile, each step between two tiles worked out once."""
    centres = course.centres
    steps = [straight_step(a, b) for a, b in pairwise(centres)]
    inner = [_turn(before, after) for before, after in pairwise(steps)]
    return [None, *inner, None] if len(centres) > 1 else [None] * len(centres)


def _turn(before: Heading | None, after: Heading | None) -> str | None:
    if before is None or after is None:
        return None
    if after is before:
        return Kind.STRAIGHT.value
    if after is before.left():
        return Kind.LEFT.value
    if after is before.right():
        return Kind.RIGHT.value
    return None


def path_centres(
    kinds: Sequence[Kind], *, origin: Point = (0, 0), heading: Heading = Heading.EAST
) -> tuple[Point, ...]:
    """Where the tiles of a path lie, laid out as the piecepack core lays an
    open path: tile 0 centred on ``origin`` and entered heading ``heading``,
    each next tile beyond the edge the one before leaves by."""
    return Circuit.from_path(kinds, origin=origin, heading=heading).centres()


def course_kinds(course: Course) -> list[Kind]:
    """The course as a path of tile kinds: the starting and finish tiles
    straight, every other tile straight or a turn.  Requires every tile to
    lie squarely beyond an edge of the one before."""
    return [Kind(turn or "S") for turn in course_turns(course)]
