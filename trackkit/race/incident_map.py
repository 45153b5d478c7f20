"""A RACE! track as the picture of a simulation maps it (the game's
``incident_map`` job): each space of the road as its outline, the spaces of
a corner carrying the corner's number (on the corner's middle space), and
the finish line, all read from the table's setup."""

from __future__ import annotations

from trackkit.play import IncidentMap, MapPatch
from trackkit.race.setup import race_setup
from trackkit.race.track import RaceLayout

__all__ = ["incident_map"]


def incident_map(layout: RaceLayout) -> IncidentMap:
    """The map of ``layout``: its spaces, its corners' numbers and its finish line."""
    setup = race_setup(layout)
    loop = layout.spaces
    corner_at: dict[int, int] = {}
    labels: dict[int, tuple[float, float]] = {}
    for number, corner in enumerate(layout.corners, 1):
        if corner not in setup.corners:
            continue
        spaces = corner.spaces(loop)
        for space in spaces:
            corner_at.setdefault(space, number)
        labels[number] = setup.shape.spaces[spaces[len(spaces) // 2] - 1].centre
    patches = [
        MapPatch(tuple(space.outline), corner_at.get(number, 0))
        for number, space in enumerate(setup.shape.spaces, 1)
    ]
    return IncidentMap(patches, labels, setup.shape.finish)
