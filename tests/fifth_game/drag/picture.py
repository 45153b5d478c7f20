"""What a drawing shows of a strip, grown from its setup.

The picture (for the one painter) is in spaces from its top left, y down
the page: the title and a line of facts, then the table as the setup lays
it (tiles, a numbered disc a pawn, the die) and the chequered finish line
at the east end of the row.
"""

from __future__ import annotations

from typing import Any

from fifth_game.drag.setup import drag_setup, race_words
from fifth_game.drag.strip import Strip
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import Chequer, Disc, Group, Mark, Picture, Text, Tile
from trackkit.piecepack.setup import Piece

MARGIN = 0.5
"""Blank paper round the drawing, in spaces."""

TABLE_TOP = 2.0
"""Where the table starts below the title and the facts."""

TILE_HALF, PIECE_HALF = 1.0, 0.3
PAWN_RADIUS = 0.22
"""Half a tile's side, and half the side a pawn or the die is drawn."""


def title_of(strip: Strip, asked: str | None = None) -> str:
    """The heading: the title asked for, else the strip's name."""
    return asked or strip.name or "Drag strip"


def drag_picture(strip: Strip, options: Any) -> Picture:
    """The picture of ``strip`` drawn with the render ``options``."""
    pieces = drag_setup(strip).pieces
    west = min(piece.x - _half(piece) for piece in pieces)
    east = max(piece.x + _half(piece) for piece in pieces)

    def spot(piece: Piece) -> tuple[float, float]:
        return piece.x - west + MARGIN, TABLE_TOP + (2.0 - piece.y)

    title, facts = title_of(strip, options.title), f"drag race: {strip.tiles} tiles, {race_words(strip)}"
    finish = (2.0 * strip.tiles) - west + MARGIN
    marks: tuple[Mark, ...] = (
        Text(title, (MARGIN, 0.9), 0.42, "ink", bold=True),
        Text(facts, (MARGIN, 1.4), 0.28, "facts"),
        Group(tuple(_square(spot(p), TILE_HALF) for p in pieces if p.kind == "tile"), name="tiles", role="tiles"),
        Chequer((finish, TABLE_TOP), (finish, TABLE_TOP + 2.0), "chequer", 0.16),
        Group(tuple(_pawn(spot(p), p.role) for p in pieces if p.kind == "pawn"), name="cars"),
        Group(tuple(_square(spot(p), PIECE_HALF) for p in pieces if p.kind == "die"), name="die", role="road space"),
    )
    return Picture("drag", title, (facts,), east - west + 2 * MARGIN, TABLE_TOP + 2.0 + MARGIN, marks, (),
                   LabelPlacer())


def _half(piece: Piece) -> float:
    return TILE_HALF if piece.kind == "tile" else PIECE_HALF


def _square(centre: tuple[float, float], half: float) -> Tile:
    x, y = centre
    return Tile(x - half, y - half, x + half, y + half)


def _pawn(centre: tuple[float, float], role: str) -> Group:
    """A car's pawn: a ring with the car's number in it."""
    number = role.split()[-1]
    x, y = centre
    return Group((Disc(centre, PAWN_RADIUS, "place"), Text(number, (x, y + 0.1), 0.28, "place-number", middle=True)))
