"""The drag strip on the editor's table: its tiles in one row going east,
a tile put down after the last, the last taken away."""

from __future__ import annotations

from dataclasses import replace

from fifth_game.drag.strip import Strip
from trackkit.tabletop import Piece, Placement, Spot, Stock, Table, refuse

PALETTE = (Piece("tile", "Tile", "one more tile at the east end of the strip", "s"),)


def palette(strip: Strip | None) -> tuple[Piece, ...]:
    """Tiles only."""
    return PALETTE


def place(strip: Strip | None, placement: Placement) -> Strip:
    """One tile more at the east end for each cell put down on; the chosen
    tiles taken away (the others close up)."""
    tiles = 0 if strip is None else strip.tiles
    base = strip if strip is not None else Strip(tiles=0)
    if placement.action in ("put", "road"):
        return replace(
            base, tiles=tiles + max(1, len({cell for cell in placement.cells if cell[0] >= tiles}))
        )
    if placement.action == "remove" and strip is not None:
        return replace(base, tiles=max(1, tiles - len({i for i in placement.chosen if 0 <= i < tiles})))
    raise refuse("a strip takes tiles at its east end")


def table(strip: Strip | None) -> Table:
    """The row of tiles, the cell after it, and the tiles of one pack used."""
    tiles = 0 if strip is None else strip.tiles
    spots = tuple(Spot(i, (float(i), 0.0), str(i + 1), "tile", f"tile {i + 1}") for i in range(tiles))
    return Table(spots, ((float(tiles), 0.0),), (), (Stock("tiles", tiles, 24),))


def text(strip: Strip) -> str:
    """The strip's file text."""
    from fifth_game.drag.strip import dump_strip

    return dump_strip(strip)
