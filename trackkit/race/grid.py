"""The starting grid of a RACE! race: which space each racer starts on.

"Place the pole position racer in the space just behind the finish line.
The next racer is placed in the space behind the pole position, and
proceeding downwards."  Racers line up single file, one a space, so a grid
needs fewer racers than the loop has spaces (the ``race/grid`` rule); a
racer whose space lies in a corner starts in it, which the rules allow.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError, GridError
from trackkit.race.rules.course import corner_spaces
from trackkit.race.track import MAX_RACERS, RaceLayout, space_before

__all__ = ["RaceGrid", "race_grid", "raced_by"]


@dataclass(frozen=True)
class RaceGrid:
    """The grid of a race: ``spaces`` holds each racer's space, the pole
    position's first, and ``corners`` the corner (numbered from 1 in the
    layout's list) each of those spaces lies in, or ``None``."""

    finish: int
    spaces: tuple[int, ...]
    corners: tuple[int | None, ...]


def race_grid(layout: RaceLayout, cars: int | None = None) -> RaceGrid:
    """Line up ``cars`` racers (by default the layout's ``racers``) behind
    the finish line.  Raises :class:`ArgumentError` for fewer than one racer
    or more than trackkit races, and :class:`GridError` when the loop has
    no room for them single file."""
    count = layout.racers if cars is None else cars
    if not 1 <= count <= MAX_RACERS:
        raise ArgumentError(f"must be from 1 to {MAX_RACERS} racers, not {count}", parameter="cars")
    if count >= layout.spaces:
        raise GridError(
            f"{count} racers cannot line up single file behind the finish line on a track of"
            f" {layout.spaces} spaces (one racer a space, with room left before the line);"
            f" race {layout.spaces - 1} racers or fewer"
        )
    spaces = tuple(space_before(layout.finish, layout.spaces, back) for back in range(count))
    owner = corner_spaces(layout)
    corners = tuple(None if owner.get(space) is None else owner[space] + 1 for space in spaces)
    return RaceGrid(layout.finish, spaces, corners)


def raced_by(layout: RaceLayout, cars: int | None = None) -> RaceLayout:
    """The track as ``grid --cars N`` asks it to be raced: by ``cars``
    racers (the layout's own ``racers`` when ``None``)."""
    return layout if cars is None else replace(layout, racers=cars)
