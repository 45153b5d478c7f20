"""The circuit id of a layout."""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.errors import CircuitError
from trackkit.piecepack.cells import Cell
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.racepack.circuits import circuit_id, hairpin_walls
from trackkit.racepack.constructions import extra_tile_count
from trackkit.racepack.layout import Layout

__all__ = ["LayoutId", "layout_id", "loop_cells"]

# ---------------------------------------------------------------------------
# The id of a layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutId:
    """A layout's circuit id, and what the id leaves out: how many of its
    tiles are chicanes (taken as on the line) and how many lie off the loop
    (pit lane, wide row); and how many hairpins the loop has (the id names
    them: they are part of its shape)."""

    code: str
    chicanes: int
    extra_tiles: int
    hairpins: int = 0


def loop_cells(circuit: Circuit) -> list[Cell]:
    """The loop's tiles as cells, a chicane taken where its driving line runs.

    Needs a whole circuit; raises :class:`CircuitError` otherwise.
    """
    from trackkit.racepack.analysis import require_whole

    require_whole(circuit)
    points = [tile.line_point for tile in circuit]
    return [(x // TILE, y // TILE) for x, y in points]


def layout_id(layout: Layout) -> LayoutId:
    """The circuit id of a layout's loop (see :func:`trackkit.racepack.circuits.circuit_id`).

    The same for every rotation, reflection, starting tile and driving
    direction.  A chicane counts as the plain straight it was pushed from, and
    pit-lane or wide-row tiles are left out; hairpins are named with the
    rest of the loop.  Raises :class:`CircuitError` when the loop is broken
    or is not a circuit that is plain but for its hairpins (a tile touching
    another road).
    """
    cells = loop_cells(layout.circuit)
    walls = hairpin_walls(cells)
    if walls is None:
        raise CircuitError(_not_plain(len(cells)))
    chicane_count = sum(1 for tile in layout.circuit if tile.kind is not None and tile.kind.is_chicane)
    return LayoutId(circuit_id(cells, hairpins=True), chicane_count, extra_tile_count(layout), len(walls))


def _not_plain(size: int) -> str:
    return (
        f"the loop of {size} tiles is neither a plain circuit nor one with hairpins (some tiles"
        " overlap or touch another road); run 'trackkit validate' to see where"
    )
