"""The extra-hazards variant: hazards laid where cars spin out.

"One is to place a track hazard on a corner tile whenever a car spins out
on that corner.  Place the hazard on the space the car was setting on when
the driver rolled the penalty die."  When the extra tokens are used up, one
is moved there from elsewhere on the track, "except a hazard may not be
moved from a corner tile, and no corner tile may hold more than two
hazards".
"""

from __future__ import annotations

from trackkit.racepack.race.terms import MAX_CORNER_HAZARDS
from trackkit.racepack.race.track import RaceTrack

__all__ = ["spin_hazard"]

Hazards = tuple[frozenset[int], set[int], int]
"""The hazards in effect, those not yet turned suit side up (a set the
variant may take one from) and the extra tokens still to lay."""


def spin_hazard(track: RaceTrack, hazards: Hazards, tile: int, space: int) -> tuple[frozenset[int], int]:
    """After a car spun out at corner ``tile`` having rolled on ``space``:
    the hazards in effect and the extra tokens left.  A token moved from
    elsewhere (the one furthest back along the lap, off the corners) is
    taken from the blank ones too when it was blank."""
    active, blank, extra_left = hazards
    placed = active | blank
    if space in placed or sum(1 for other in placed if other // 4 == tile) >= MAX_CORNER_HAZARDS:
        return active, extra_left
    if extra_left:
        return active | {space}, extra_left - 1
    corner = track.board.corner
    movable = sorted((other for other in placed if not corner[other // 4]), key=track.board.rel.__getitem__)
    if not movable:
        return active, extra_left
    moved = movable[0]
    blank.discard(moved)
    return (active - {moved}) | {space}, extra_left
