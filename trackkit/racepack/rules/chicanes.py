"""The chicane rules.

A *chicane* is a straight tile pushed one space sideways in the middle of a
straight, so the road jogs and narrows to one lane where it meets its
neighbours.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from trackkit.findings import Finding, error, warning
from trackkit.piecepack.circuit import Circuit
from trackkit.racepack import analysis
from trackkit.racepack.analysis import Straight
from trackkit.racepack.constructions import (
    chicanes,
    span_words,
)
from trackkit.racepack.rules.context import Context, Rule

__all__ = [
    "RULES",
    "check_chicane_after_start",
    "check_chicane_in_straight",
    "chicanes_after_line",
]


def check_chicane_in_straight(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Another possibility that makes efficient use of tiles is to form a
    chicane by offsetting a tile in the middle of a straight by 1 space."
    Both neighbours of a chicane must be plain straight tiles.
    """
    if not ctx.circuit.is_whole:
        return
    circuit = ctx.circuit
    for chicane in chicanes(circuit):
        here = chicane.tile
        for there in (here - 1, here + 1):
            neighbour = circuit[there]
            if neighbour.is_corner:
                yield error(
                    "chicane",
                    f"chicane {ctx.describe(here)} is next to corner {ctx.describe(neighbour.index)};"
                    " a chicane goes in the middle of a straight",
                    (here, neighbour.index),
                    f"put a plain straight tile between the chicane and corner tile {neighbour.index}",
                )
            elif there == here + 1 and neighbour.kind is not None and neighbour.kind.is_chicane:
                yield error(
                    "chicane",
                    f"chicane {ctx.describe(here)} is next to chicane {ctx.describe(neighbour.index)};"
                    " a chicane is one tile offset in a straight, with plain straights on both sides",
                    (here, neighbour.index),
                    f"make tile {neighbour.index} a plain straight (S), or put a straight between them",
                )


def check_chicane_after_start(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Because of this, a chicane should never be placed on the main straight
    after the start/finish line because it would then unfairly favor the
    pole-setter at the beginning of the race."
    The main straight after the line is the one the line crosses or, for a
    line on the edge where a corner meets a straight, the whole straight that
    begins there (see :func:`~trackkit.racepack.analysis.straight_ahead`).
    """
    if ctx.start is None:
        return
    if ctx.layout.start is None:
        yield from _chicanes_where_the_line_may_go(ctx)
        return
    for tile in chicanes_after_line(ctx.circuit, ctx.start):
        yield error(
            "chicane",
            f"chicane {ctx.describe(tile)} is on the main straight after the start/finish"
            " line; it would narrow the road in front of the starting grid and favour the pole-setter",
            (tile,),
            "move the chicane to another straight, or to the main straight before the line",
        )


def chicanes_after_line(circuit: Circuit, start: Fraction) -> tuple[int, ...]:
    """The chicane tiles on the main straight after a line at ``start``."""
    main = analysis.straight_ahead(circuit, start)
    if main is None:
        return ()
    after = _tiles_from_line(main, start, len(circuit))
    return tuple(chicane.tile for chicane in chicanes(circuit) if chicane.tile in after)


def _tiles_from_line(main: Straight, start: Fraction, size: int) -> tuple[int, ...]:
    """The main straight's tiles from the one the line crosses (or the first
    one after it) to the straight's end."""
    offset = (start - main.first) % size
    return tuple(tile for position, tile in enumerate(main.tiles) if position + 1 > offset)


def _chicanes_where_the_line_may_go(ctx: Context) -> Iterator[Finding]:
    """Without a chosen line, trackkit puts it in the middle of a longest
    straight: a chicane on any longest straight may end up after it."""
    runs = analysis.straights(ctx.circuit)
    longest = max((run.length for run in runs), default=0)
    chicane_tiles = {chicane.tile for chicane in chicanes(ctx.circuit)}
    for run in runs:
        if run.length != longest:
            continue
        for tile in sorted(chicane_tiles.intersection(run.tiles)):
            yield warning(
                "chicane",
                f"chicane {ctx.describe(tile)} is on a longest straight"
                f" ({span_words(run.tiles)}), where trackkit puts the start/finish line when"
                " 'start' is not set; a chicane must never be on the main straight after the line",
                (tile,),
                "set 'start' so that the line lies after the chicane or on another straight",
            )


RULES: tuple[Rule, ...] = (
    check_chicane_in_straight,
    check_chicane_after_start,
)
