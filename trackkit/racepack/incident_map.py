"""A Racepack track as the picture of a simulation maps it (the game's
``incident_map`` job): each loop tile and each tile beside the loop as its
square, the loop tiles of a corner carrying the corner's number, and the
start/finish line, all read from the table's setup."""

from __future__ import annotations

from trackkit.play import IncidentMap, MapPatch
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import table_setup

__all__ = ["incident_map"]


def incident_map(layout: Layout) -> IncidentMap:
    """The map of ``layout``: its tiles, its corners' numbers and its finish line."""
    setup = table_setup(layout)
    corner_of = {corner.tile: corner.number for corner in setup.corners}
    patches = [MapPatch(_square(tile.centre), corner_of.get(tile.index, 0)) for tile in layout.circuit]
    patches += [MapPatch(_square(extra.centre), 0) for extra in setup.furniture.extras]
    labels = {corner.number: _float(layout.circuit[corner.tile].centre) for corner in setup.corners}
    finish = None if setup.finish is None else setup.finish.ends
    return IncidentMap(patches, labels, finish)


def _square(centre: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    """The outline of the 2-inch tile centred on ``centre``."""
    x, y = centre
    return ((x - 1.0, y - 1.0), (x + 1.0, y - 1.0), (x + 1.0, y + 1.0), (x - 1.0, y + 1.0))


def _float(point: tuple[int, int]) -> tuple[float, float]:
    return (float(point[0]), float(point[1]))
