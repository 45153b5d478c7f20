"""A Racepack circuit on the editor's table (``Game.tabletop``; see
:mod:`trackkit.tabletop`).

The tiles are kept where they lie (the ``tiles`` form), so laying one never
moves another; the reader works out each tile's kind from its neighbours.
Besides tiles, the palette puts the rules' constructions on a tile: a
chicane ("a tile pushed one space to the side"), the start/finish line,
the pit lane and the wide straight beside it, a suit icon and a hazard
token on one of its four spaces.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.roads import Renumber, chicane, closing_cells, ghosts, road_placed, road_text
from trackkit.racepack.layout import Layout, PitLane, WideRow
from trackkit.tabletop import Piece, Placement, Spot, Stock, Table, refuse

__all__ = ["palette", "place", "table", "text"]

QUADRANTS = ("NE", "NW", "SE", "SW")
"""The four spaces of a tile, where an icon or a hazard token lies."""

PALETTE = (
    Piece(
        "straight", "Straight on", "lay a tile ahead of the road's end, or on the cell it is dropped on", "s"
    ),
    Piece("left", "Turn left", "the road turns left on its last tile: the next tile goes to its left", "l"),
    Piece(
        "right", "Turn right", "the road turns right on its last tile: the next tile goes to its right", "r"
    ),
    Piece("hairpin-right", "Hairpin right", "three tiles turning right, right, left"),
    Piece("hairpin-left", "Hairpin left", "three tiles turning left, left, right"),
    Piece(
        "chicane-left", "Chicane left", "push a straight tile half a tile to the left of the road", on="piece"
    ),
    Piece("chicane-right", "Chicane right", "push a straight tile half a tile to the right", on="piece"),
    Piece("start", "Start line", "the start/finish line across this tile's entry edge", on="piece"),
    Piece("pit", "Pit lane", "a row of four tiles beside the straight from this tile on", on="piece"),
    Piece("wide", "Wide straight", "a second row beside the straight from this tile to its end", on="piece"),
    Piece("icon", "Suit icon", "where this tile's suit icon lies (the next free space)", on="piece"),
    Piece("hazard", "Hazard", "a hazard token on the next free space of this tile", on="piece"),
    Piece(
        "plain",
        "Plain tile",
        "back on the line, with no line, pit, row, icon or hazard starting here",
        on="piece",
    ),
)


def palette(layout: Layout | None) -> tuple[Piece, ...]:
    """Every Racepack piece, whatever the layout."""
    return PALETTE


def _centres(layout: Layout | None) -> list[tuple[int, int]]:
    return [] if layout is None else list(layout.circuit.centres())


def _renumbered(layout: Layout, renumber: Renumber) -> Layout:
    """The layout's numbered things moved with their tiles (dropped with them)."""

    def marks(pairs: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
        return tuple((new, where) for tile, where in pairs if (new := renumber(tile)) is not None)

    start = None if layout.start is None else renumber(int(layout.start))
    start_at = None if start is None or layout.start is None else start + layout.start % 1
    pit = layout.pit and (None if (f := renumber(layout.pit.first)) is None else replace(layout.pit, first=f))
    wide = layout.wide and (
        None if (w := renumber(layout.wide.first)) is None else replace(layout.wide, first=w)
    )
    return replace(
        layout, start=start_at, pit=pit, wide=wide, icons=marks(layout.icons), hazards=marks(layout.hazards)
    )


def _free_space(pairs: tuple[tuple[int, str], ...], tile: int) -> str:
    used = {where for at, where in pairs if at == tile}
    free = [quadrant for quadrant in QUADRANTS if quadrant not in used]
    if not free:
        raise refuse(f"every space of tile {tile} holds one already")
    return free[0]


def _straight_run(layout: Layout, first: int) -> int:
    """How many tiles from ``first`` on the road runs straight through."""
    tiles = layout.circuit.tiles
    count = 0
    while (
        first + count < len(tiles)
        and tiles[first + count].kind is not None
        and not tiles[first + count].is_corner
    ):
        count += 1
    return max(count, 1)


def _marked(layout: Layout, piece: str, tile: int) -> Layout:
    """The layout with a construction put on tile ``tile``."""
    if piece in ("chicane-left", "chicane-right"):
        side = piece.removeprefix("chicane-")
        return layout.with_circuit(Circuit.from_centres(chicane(_centres(layout), tile, side)))
    if piece == "start":
        return replace(layout, start=float(tile))
    if piece == "pit":
        return replace(layout, pit=PitLane(tile))
    if piece == "wide":
        return replace(layout, wide=WideRow(tile, _straight_run(layout, tile)))
    if piece == "icon":
        return replace(layout, icons=(*layout.icons, (tile, _free_space(layout.icons, tile))))
    if piece == "hazard":
        return replace(layout, hazards=(*layout.hazards, (tile, _free_space(layout.hazards, tile))))
    if piece == "plain":
        return _plain(layout, tile)
    raise refuse(f"{piece!r} is not a Racepack piece")


def _plain(layout: Layout, tile: int) -> Layout:
    """Tile ``tile`` with nothing on it but the road."""
    centres = (
        chicane(_centres(layout), tile, "line") if 0 < tile < len(layout.circuit) - 1 else _centres(layout)
    )
    return replace(
        layout.with_circuit(Circuit.from_centres(centres)),
        start=None if layout.start is not None and int(layout.start) == tile else layout.start,
        pit=None if layout.pit is not None and layout.pit.first == tile else layout.pit,
        wide=None if layout.wide is not None and layout.wide.first == tile else layout.wide,
        icons=tuple(pair for pair in layout.icons if pair[0] != tile),
        hazards=tuple(pair for pair in layout.hazards if pair[0] != tile),
    )


def place(layout: Layout | None, placement: Placement) -> Layout:
    """The layout after one placement on the table."""
    laid = road_placed(_centres(layout), placement, loops=True)
    if laid is not None:
        centres, renumber = laid
        base = layout if layout is not None else Layout(circuit=Circuit.from_centres([]))
        return _renumbered(base.with_circuit(Circuit.from_centres(centres)), renumber)
    if layout is None or len(placement.chosen) != 1 or not 0 <= placement.chosen[0] < len(layout.circuit):
        raise refuse("put it on one tile of the road")
    return _marked(layout, placement.piece, placement.chosen[0])


def _label(layout: Layout, index: int) -> tuple[str, str]:
    """What the table writes on a tile, and the note for it."""
    tile = layout.circuit.tiles[index]
    kind = tile.kind.value if tile.kind is not None else "·"
    marks = []
    if layout.start is not None and int(layout.start) == index:
        marks.append("start")
    if layout.pit is not None and layout.pit.first == index:
        marks.append("pit")
    if layout.wide is not None and layout.wide.first == index:
        marks.append("wide")
    marks += ["icon" for at, _ in layout.icons if at == index]
    marks += ["hazard" for at, _ in layout.hazards if at == index]
    note = f"tile {index}: {kind}" + "".join(f", {mark}" for mark in marks)
    return kind + ("|" if "start" in marks else "") + ("!" * marks.count("hazard")), note


def _cell(point: tuple[int, int]) -> tuple[float, float]:
    return (point[0] / TILE, point[1] / TILE)


def table(layout: Layout | None) -> Table:
    """The tiles where they lie, the cells beside the road's ends, the way
    to close it, and the tiles used of the packs'."""
    centres = _centres(layout)
    spots = []
    if layout is not None:
        for index, centre in enumerate(centres):
            label, note = _label(layout, index)
            spots.append(Spot(index, _cell(centre), label, "tile", note))
    supply = layout.tile_supply if layout is not None else 24
    return Table(
        tuple(spots),
        tuple(_cell(cell) for cell in ghosts(centres)),
        tuple(_cell(cell) for cell in closing_cells(centres)) if len(centres) > 1 else (),
        (Stock("tiles", len(centres), supply),),
    )


def text(layout: Layout) -> str:
    """The layout as the editor keeps it (see :func:`~trackkit.piecepack.roads.road_text`)."""
    from trackkit.racepack.formats.layout_file import dump_layout

    return road_text(dump_layout, layout)
