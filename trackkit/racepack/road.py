"""The road on a diagram: which squares the tiles cover, where the road's
edges run, and the arrows showing the driving direction.

The *road edges* are the sides of the road, where a car would leave the
track: every stretch of a tile's outline not shared with the tile before or
after it.  *Arrows* sit on the tiles where the road runs straight; a *turn*
(a curved arrow) on each corner tile follows the middle of the road round
the tile's *inner corner point*, the corner of the tile the road bends about.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Heading, Point, Square
from trackkit.piecepack.ground import footprint
from trackkit.racepack.setup import ExtraPiece, FinishLine, covered_cells, open_pieces, outline

__all__ = ["Arrow", "Segment", "Turn", "arrows", "clear_of", "covered_cells", "road_edges", "turns"]


@dataclass(frozen=True)
class Segment:
    """A straight stretch of road edge from ``start`` to ``end`` (points in spaces)."""

    start: Point
    end: Point


@dataclass(frozen=True)
class Arrow:
    """A driving-direction arrow at ``at``, the centre of tile ``tile`` (``-1``
    for a tile beside the loop)."""

    tile: int
    at: Point
    heading: Heading


@dataclass(frozen=True)
class Turn:
    """A curved arrow on corner tile ``tile`` (centre ``at``), which cars
    enter heading ``entry`` and leave heading ``exit``."""

    tile: int
    at: Point
    entry: Heading
    exit: Heading

    def along(self, fraction: float, radius: float = 1.0) -> tuple[float, float]:
        """The point ``fraction`` of the way round the middle of the road, from
        where it comes onto the tile (0) to where it leaves (1).

        The middle of the road is a quarter circle of radius 1 (one space)
        about the inner corner point, which lies back against the entry and
        towards the exit from the tile's centre; ``radius`` follows a wider
        or narrower circle about the same point (a drawing swings its arrow
        out round a coin on the inner space)."""
        angle = fraction * math.pi / 2
        back, out = radius * math.cos(angle), radius * math.sin(angle)
        x = self.at[0] - self.entry.dx + self.exit.dx - back * self.exit.dx + out * self.entry.dx
        y = self.at[1] - self.entry.dy + self.exit.dy - back * self.exit.dy + out * self.entry.dy
        return (x, y)


def turns(circuit: Circuit, skipped: Collection[int] = ()) -> tuple[Turn, ...]:
    """A turn on every corner tile not in ``skipped`` (tiles already carrying
    an arrow)."""
    return tuple(
        Turn(t.index, t.centre, t.entry, t.exit)
        for t in circuit
        if t.kind is not None
        and t.kind.is_corner
        and t.entry is not None
        and t.exit is not None
        and t.index not in skipped
    )


def road_edges(circuit: Circuit, extras: tuple[ExtraPiece, ...] = ()) -> tuple[Segment, ...]:
    """The road's edges, joined into the longest straight stretches.

    A stretch of a tile's outline is an edge unless the road crosses it into
    the tile before or after (the loop wraps round only when it is closed).
    Stretches where two roads touch side by side (a hairpin) are edges of both
    and appear once.  A tile beside the loop (``extras``) widens the road:
    the stretch it shares with the tile it lies against, and with the next
    tile of its row, is open.
    """
    tiles = circuit.tiles
    outlines = [outline(t.centre) for t in tiles]
    pieces: set[tuple[Point, Point]] = set()
    for index, own in enumerate(outlines):
        shared: set[tuple[Point, Point]] = set()
        for other in _road_neighbours(index, len(tiles), circuit.closed):
            shared |= own & outlines[other]
        pieces |= own - shared
    for piece in extras:
        pieces |= outline(piece.centre)
    pieces -= open_pieces(circuit, extras)
    return tuple(_join(pieces))


def _road_neighbours(index: int, count: int, closed: bool) -> Iterator[int]:
    """The tiles the road runs into from tile ``index``: before and after."""
    for other in (index - 1, index + 1):
        if 0 <= other < count:
            yield other
        elif closed and count > 1:
            yield other % count


def _join(pieces: Iterable[tuple[Point, Point]]) -> Iterator[Segment]:
    """Merge one-space pieces that continue each other in a straight line."""
    remaining = set(pieces)
    for piece in sorted(remaining):
        if piece not in remaining:
            continue
        start, end = piece
        vertical = start[0] == end[0]
        while (before := _previous_piece(start, vertical)) in remaining:
            remaining.discard(before)
            start = before[0]
        while (after := _next_piece(end, vertical)) in remaining:
            remaining.discard(after)
            end = after[1]
        remaining.discard(piece)
        yield Segment(start, end)


def _previous_piece(point: Point, vertical: bool) -> tuple[Point, Point]:
    x, y = point
    return ((x, y - 1), point) if vertical else ((x - 1, y), point)


def _next_piece(point: Point, vertical: bool) -> tuple[Point, Point]:
    x, y = point
    return (point, (x, y + 1)) if vertical else (point, (x + 1, y))


def arrows(
    circuit: Circuit, finish: FinishLine | None, extras: tuple[ExtraPiece, ...] = ()
) -> tuple[Arrow, ...]:
    """An arrow on every tile the road crosses straight, except a tile whose
    middle the start/finish line crosses, and on every tile of a wide straight's
    extra row (a pit lane's tiles carry its stopping places instead).
    A loop of corners alone gets an arrow on each corner, pointing the way
    the road leaves it."""
    crossed = finish.tile if finish is not None and finish.position.denominator == 2 else None
    found = [
        Arrow(t.index, t.centre, t.entry)
        for t in circuit
        if t.entry is not None and t.kind is not None and t.kind.is_straight and t.index != crossed
    ]
    found += [Arrow(-1, p.centre, p.heading) for p in extras if p.row == "wide" and p.beside != crossed]
    if found or not circuit.is_whole:
        return tuple(found)
    return tuple(Arrow(t.index, t.centre, t.exit) for t in circuit if t.exit is not None)


def clear_of(found: tuple[Arrow, ...], cells: set[Square]) -> tuple[Arrow, ...]:
    """The arrows on tiles none of whose spaces is in ``cells`` (the cars of the
    starting grid stand there instead)."""
    return tuple(arrow for arrow in found if not cells & set(footprint(arrow.at)))
