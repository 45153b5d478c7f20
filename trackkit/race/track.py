"""The RACE! track: a loop of spaces, its corners, finish line and race.

A *space* is the room for one racer; racers line up and pass single file.
Spaces are numbered 1 to ``spaces`` in the direction the racers drive.  The
*finish line* lies between two spaces: ``finish = K`` puts it between space
``K`` and space ``K + 1`` (``K = spaces`` between the last space and space
1).  A *corner* is a run of ``length`` spaces starting at space ``first``
(wrapping past the last space to space 1) with a *radius rating*: the
highest speed at which a racer enters it without a hazard token, so a lower
rating is a tougher corner.  The *starting grid* is the spaces behind the
line, one racer each, the pole position in space ``finish``.

A track may also carry the piecepack circuit it was converted from
(:mod:`trackkit.race.convert`): each tile then holds two spaces.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit

__all__ = [
    "CLOCKWISE",
    "COUNTERCLOCKWISE",
    "DEFAULT_LAPS",
    "DEFAULT_RACERS",
    "DIRECTIONS",
    "GAME",
    "MAX_CORNERS",
    "MAX_CORNER_LENGTH",
    "MAX_RACERS",
    "MAX_RADIUS",
    "MAX_SPACES",
    "MIN_SPACES",
    "SPACES_PER_TILE",
    "Corner",
    "RaceLayout",
    "grid_spaces",
    "space_after",
    "space_before",
]

GAME = "race"
"""The name a RACE! layout gives in its ``game`` key."""

CLOCKWISE = "clockwise"
COUNTERCLOCKWISE = "counterclockwise"
DIRECTIONS = (CLOCKWISE, COUNTERCLOCKWISE)
"""The ways round a track may be driven ("Pick a direction")."""

MIN_SPACES = 2
"""The fewest spaces a file may give: a finish line needs two spaces to lie between."""

MAX_SPACES = 10_000
"""The most spaces a track may have; it bounds the work a small file asks for."""

MAX_CORNERS = 2_500
"""The most corners a file may list."""

MAX_CORNER_LENGTH = 48
"""The longest corner a file may give (the rules allow four spaces; longer
ones are read so that validation can say what is wrong)."""

MAX_RADIUS = 9
"""The highest radius rating a file may give (the rules allow one or two)."""


MAX_RACERS = 16
"""The most racers a layout may name."""

DEFAULT_LAPS = 2
"""Laps when a file names none: "If this is your first time playing, choose one or two laps."
Any number of laps from one up is legal ("Otherwise, pick any number you
like!"); nothing trackkit works out grows with the lap count."""

DEFAULT_RACERS = 6
"""Racers when a file names none: the smaller of the two points tables."""

SPACES_PER_TILE = 2
"""Spaces on each piecepack tile of a converted track: a tile is two spaces
long along the road (see :mod:`trackkit.race.convert`)."""


@dataclass(frozen=True)
class Corner:
    """A run of ``length`` spaces from space ``first`` on, rated ``radius``."""

    first: int
    length: int
    radius: int

    def spaces(self, loop: int) -> tuple[int, ...]:
        """The spaces the corner covers on a loop of ``loop`` spaces, in
        driving order (wrapping past the last space; at most ``loop`` of them)."""
        return tuple((self.first - 1 + offset) % loop + 1 for offset in range(min(self.length, loop)))

    def last(self, loop: int) -> int:
        """The corner's last space on a loop of ``loop`` spaces."""
        return (self.first - 1 + self.length - 1) % loop + 1

    def words(self, loop: int) -> str:
        """``spaces 13-16`` (or ``space 7`` for one space) as messages name it."""
        if self.length == 1:
            return f"space {self.first}"
        return f"spaces {self.first}-{self.last(loop)}"


@dataclass(frozen=True)
class RaceLayout:
    """One RACE! track as its file describes it.

    ``circuit`` is the piecepack circuit the spaces lie on, for a track
    converted from Racepack (tile ``i`` holds spaces ``2i + 1`` and
    ``2i + 2``); ``None`` for a track of spaces only.
    """

    spaces: int
    finish: int
    corners: tuple[Corner, ...] = ()
    direction: str = CLOCKWISE
    laps: int = DEFAULT_LAPS
    racers: int = DEFAULT_RACERS
    name: str | None = None
    description: str | None = None
    game: str = GAME
    circuit: Circuit | None = None
    finish_in_corner: bool = True
    """Whether the finish line may lie inside a corner: the rules allow it
    (a warning); players who forbid it as a house rule say ``False`` (an
    error; see :func:`trackkit.race.rules.course.check_finish`)."""


def space_after(space: int, loop: int, count: int = 1) -> int:
    """The space ``count`` spaces ahead of ``space`` on a loop of ``loop``."""
    return (space - 1 + count) % loop + 1


def space_before(space: int, loop: int, count: int = 1) -> int:
    """The space ``count`` spaces behind ``space`` on a loop of ``loop``."""
    return space_after(space, loop, -count)


def grid_spaces(layout: RaceLayout) -> tuple[int, ...]:
    """Where the racers line up, pole first: "Place the pole position racer
    in the space just behind the finish line. The next racer is placed in
    the space behind the pole position, and proceeding downwards."  At most
    one racer per space of the loop."""
    count = min(layout.racers, layout.spaces)
    return tuple(space_before(layout.finish, layout.spaces, back) for back in range(count))
