"""The circuit id of a layout."""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.racepack.circuits import (
    Cell,
    circuit_id,
    is_plain_circuit,
)
from trackkit.racepack.constructions import (
    extra_tile_count,
    hairpins,
)
from trackkit.racepack.layout import Layout

__all__ = ["LayoutId", "layout_id", "loop_cells"]

# ---------------------------------------------------------------------------
# The id of a layout
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LayoutId:
    """A layout's circuit id, and what the id leaves out: how many of its
    tiles are chicanes (taken as on the line) and how many lie off the loop
    (pit lane, wide row)."""

    code: str
    chicanes: int
    extra_tiles: int


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
    pit-lane or wide-row tiles are left out.  Raises :class:`CircuitError`
    when the loop is broken or is not a plain circuit (a hairpin, or a tile
    touching another road).
    """
    cells = loop_cells(layout.circuit)
    if not is_plain_circuit(cells):
        raise CircuitError(_not_plain(layout.circuit, len(cells)))
    chicane_count = sum(1 for tile in layout.circuit if tile.kind is not None and tile.kind.is_chicane)
    return LayoutId(circuit_id(cells), chicane_count, extra_tile_count(layout))


def _not_plain(circuit: Circuit, size: int) -> str:
    found = hairpins(circuit)
    if found:
        word = "a hairpin" if len(found) == 1 else f"{len(found)} hairpins"
        return (
            f"the loop has {word}; circuit ids name plain circuits, where every tile touches"
            " only the tile before it and the tile after it"
        )
    return (
        f"the loop of {size} tiles is not a plain circuit (some tiles overlap or touch another"
        " road); run 'trackkit validate' to see where"
    )
