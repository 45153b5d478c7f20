"""The table before the start: the row of tiles, the pawns on the start line
and the die beside them, every piece once (as ``export`` writes it).

Places are in inches, x east and y north, the first tile's centre at
(1, 1): "A drag strip is one straight row of piecepack tiles, laid grid
side up end to end, from the start in the west to the finish in the
east."  "Two to four cars race, each a pawn of its own suit, lined up side
by side on the start line, west of the first tile; the die waits beside
them."
"""

from __future__ import annotations

from dataclasses import dataclass

from fifth_game.drag.strip import Strip
from trackkit.piecepack.equipment import SUITS
from trackkit.piecepack.setup import Piece, PieceBox, laid_tiles

START_X = -0.5
"""Where the pawns stand: half an inch west of the first tile."""


@dataclass(frozen=True)
class DragSetup:
    """The pieces of one strip's table."""

    strip: Strip
    pieces: tuple[Piece, ...]


def drag_setup(strip: Strip) -> DragSetup:
    """Tiles east from the origin, a pawn a car on the start line (car 1
    northmost), and the die west of them."""
    box = PieceBox(1, "drag race")
    tiles = laid_tiles(box, ((f"tile {n + 1}", (1.0 + 2 * n, 1.0)) for n in range(strip.tiles)))
    pawns = [
        Piece("pawn", SUITS[car % len(SUITS)], 0, START_X, 1 + 0.5 * ((strip.cars - 1) / 2 - car), "face", f"car {car + 1}",
              box.take("pawn", SUITS[car % len(SUITS)]))
        for car in range(strip.cars)
    ]
    die = Piece("die", SUITS[0], 0, START_X - 1, 1.0, "face", "die", box.take("die", SUITS[0]))
    return DragSetup(strip, (*tiles, *pawns, die))


def race_words(strip: Strip) -> str:
    """The race a setup is for: ``2 cars, 12 spaces``."""
    return f"{strip.cars} cars, {strip.spaces} spaces"
