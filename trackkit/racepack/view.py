"""How far a picture of a Racepack table spreads and what its title line
says, worked out on the table before anything is drawn: the SVG drawing
and the terminal preview share them.

A picture shows every tile, the pieces beside the loop, the corner numbers
and the lap die; :func:`scene_bounds` is the smallest rectangle holding
them.  :func:`check_drawable` refuses a table too large to picture, and
:func:`subtitle` gives the line of facts under the title.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from trackkit.board import MAX_DRAWN_TILES, MAX_EXTENT
from trackkit.errors import LimitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import TILE
from trackkit.piecepack.loops import bounding_box
from trackkit.racepack.corner_labels import CornerLabel
from trackkit.racepack.layout import Layout
from trackkit.racepack.setup import ExtraPiece, LapDie, RacepackSetup

__all__ = ["MAX_DRAWN_TILES", "MAX_EXTENT", "Bounds", "check_drawable", "scene_bounds", "subtitle"]


@dataclass(frozen=True)
class Bounds:
    """A rectangle on the table in spaces: ``left <= x <= right``, ``bottom <= y <= top``."""

    left: float
    bottom: float
    right: float
    top: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.top - self.bottom

    def union(self, other: Bounds) -> Bounds:
        return Bounds(
            min(self.left, other.left),
            min(self.bottom, other.bottom),
            max(self.right, other.right),
            max(self.top, other.top),
        )


def check_drawable(layout: Layout) -> None:
    """Raise :class:`~trackkit.errors.LimitError` when ``layout`` has more
    than :data:`MAX_DRAWN_TILES` tiles or spreads over more than
    :data:`MAX_EXTENT` spaces, before any drawing work is done."""
    circuit = layout.circuit
    if len(circuit) > MAX_DRAWN_TILES:
        raise LimitError(f"the track has {len(circuit):,} tiles; diagrams show at most {MAX_DRAWN_TILES:,}")
    if not circuit.tiles:
        return
    left, bottom, right, top = bounding_box(circuit.centres())
    width, height = right - left + TILE, top - bottom + TILE
    if max(width, height) > MAX_EXTENT:
        raise LimitError(
            f"the track spreads over {width:,} by {height:,} inches; diagrams are at most"
            f" {MAX_EXTENT:,} inches ({MAX_EXTENT // 12} feet) on a side"
        )


def subtitle(setup: RacepackSetup) -> str:
    """One line of facts under the title: ``24 tiles · clockwise · 3 laps · 8 corners``.

    Tiles beside the loop are counted apart: ``20 tiles + 4 pit-lane tiles``.
    """
    layout, extras = setup.layout, setup.furniture.extras
    circuit = layout.circuit
    tiles = _plural(len(circuit), "tile")
    for row, words in (("pit", "pit-lane tile"), ("wide", "wide-straight tile")):
        count = sum(piece.row == row for piece in extras)
        if count:
            tiles += f" + {_plural(count, words)}"
    if not circuit.is_whole:
        return f"{tiles} · not a closed circuit: run 'trackkit validate'"
    corners = _plural(len(circuit.corners()), "corner")
    laps = _plural(layout.laps, "lap")
    return f"{tiles} · {setup.direction} · {laps} · {corners}"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- extent -----------------------------------------------------------------


def scene_bounds(
    circuit: Circuit, labels: Iterable[CornerLabel], die: LapDie | None, extras: tuple[ExtraPiece, ...] = ()
) -> Bounds:
    """The smallest rectangle holding every tile, corner number and the die."""
    centres = [*circuit.centres(), *(piece.centre for piece in extras)]
    boxes = [Bounds(x - 1, y - 1, x + 1, y + 1) for x, y in centres]
    boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in (label.cell for label in labels)]
    if die is not None:
        boxes += [Bounds(c[0], c[1], c[0] + 1, c[1] + 1) for c in die.cells]
    if not boxes:
        return Bounds(0, 0, 0, 0)
    result = boxes[0]
    for box in boxes[1:]:
        result = result.union(box)
    return result
