"""The track-building rules of Racepack.

Each rule is one small function that takes a :class:`Context` and yields its
findings; :func:`validate` runs them all and keeps every finding, so a player
sees everything wrong with a track at once.  The comment opening each function
quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from trackkit import analysis
from trackkit.constructions import ExtraTile, extra_tile_count
from trackkit.model.circuit import Circuit, Tile
from trackkit.model.geometry import TILE, format_point, step
from trackkit.model.ground import Ground
from trackkit.model.layout import TILES_PER_PACK, Layout
from trackkit.rules import constructions as special_constructions
from trackkit.rules import hazards as hazard_rules
from trackkit.rules.findings import Finding, Report, error, warning

Pair = frozenset[int]
"""Two tiles, unordered, by index."""


@dataclass
class Context:
    """What the rules look at: the layout, its tiles on the ground, where the
    start/finish line is (``None`` until the loop is whole), and the extra
    contacts that a recognised construction makes legal.

    ``extra`` holds the tiles on the table that are not part of the loop (a
    pit lane, a wide main straight's second row), numbered after the loop's
    tiles.  ``claimed`` holds contacts that a construction rule reports in
    its own words, so the adjacency rule leaves them alone; ``notes`` holds,
    for some contacts the adjacency rule does report, a sentence to add to its
    message and a hint to use instead of its own.
    """

    layout: Layout
    ground: Ground[int]
    start: Fraction | None
    sanctioned: set[Pair] = field(default_factory=set)
    extra: tuple[ExtraTile, ...] = ()
    claimed: set[Pair] = field(default_factory=set)
    notes: dict[Pair, tuple[str, str]] = field(default_factory=dict)

    @property
    def circuit(self) -> Circuit:
        return self.layout.circuit

    @property
    def tile_count(self) -> int:
        """Every tile the layout lays down: the loop's and the extra ones."""
        return len(self.circuit) + extra_tile_count(self.layout)

    def describe(self, index: int) -> str:
        """``tile 7 at (3, 2)`` for a loop tile, ``pit tile 2 at (9, 2)`` for an extra one."""
        if index >= len(self.circuit):
            return self.extra[index - len(self.circuit)].describe()
        return self.circuit[index].describe()

    def follows(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are loop tiles that follow one another."""
        n = len(self.circuit)
        return a < n and b < n and consecutive(a, b, n)

    def expects_contact(self, a: int, b: int) -> bool:
        """Whether the adjacency rule should stay silent about ``a`` touching
        ``b``: they follow one another round the loop, a construction
        sanctions the contact, or a construction rule reports it itself."""
        pair = frozenset((a, b))
        return self.follows(a, b) or pair in self.sanctioned or pair in self.claimed


Rule = Callable[[Context], Iterator[Finding]]


def make_context(layout: Layout) -> Context:
    """Index the layout's tiles and settle the start/finish line."""
    circuit = layout.circuit
    ground = Ground((tile.index, tile.centre) for tile in circuit)
    start = analysis.resolve_start(layout) if circuit.is_whole else None
    ctx = Context(layout, ground, start)
    # special constructions add the contacts they sanction here
    special_constructions.prepare(ctx)
    return ctx


def consecutive(a: int, b: int, n: int) -> bool:
    """Whether tiles ``a`` and ``b`` follow one another round a loop of ``n``."""
    return (a - b) % n in (1, n - 1)


def check_closure(ctx: Context) -> Iterator[Finding]:
    # "Turn all twenty-four tiles grid side up and use them to construct a
    # closed circuit."
    circuit = ctx.circuit
    if circuit.closed or not circuit.tiles:
        if not circuit.tiles:
            yield error("closure", "the track has no tiles", hint="list the tiles in 'path' or 'tiles'")
        return
    last = circuit.tiles[-1]
    first = circuit.tiles[0]
    message = f"the track does not close: the road leaves {last.describe()}"
    if last.exit is not None:
        target = step(_line_point(last), last.exit, TILE)
        message += f" heading {last.exit.name.lower()} towards {format_point(target)}"
    message += f", but {first.describe()}"
    if first.entry is not None:
        message += f" is entered heading {first.entry.name.lower()}"
    yield error("closure", message, (last.index, first.index), _closure_hint(circuit))


def _line_point(tile: Tile) -> tuple[int, int]:
    if tile.kind is None or tile.entry is None:
        return tile.centre
    dx, dy = tile.kind.offset(tile.entry)
    return (tile.centre[0] - dx, tile.centre[1] - dy)


def _closure_hint(circuit: Circuit) -> str:
    if len(circuit) % 2:
        return f"a closed loop always has an even number of tiles; this one has {len(circuit)}"
    if any(t.kind is None for t in circuit):
        return "make every tile follow the one before, then close the loop back into tile 0"
    turning = circuit.turning_number()
    if abs(turning) != 4:
        return (
            f"the path turns right {turning:+d} times net; a closed loop turns right"
            " 4 more times than left (clockwise) or left 4 more times than right"
        )
    return "the turns add up, so change the number of straights so the road returns to tile 0"


def check_connected(ctx: Context) -> Iterator[Finding]:
    # "use them to construct a closed circuit": each tile leads on into the
    # next, sharing an edge (a whole edge, or one space of it at a chicane).
    for fault in ctx.circuit.breaks:
        yield error(
            "connected",
            fault.message,
            fault.tiles,
            "place each tile beyond the exit edge of the tile before it",
        )


def check_overlap(ctx: Context) -> Iterator[Finding]:
    # "Turn all twenty-four tiles grid side up and use them to construct a
    # closed circuit": a tile lies flat on the table, so no two share ground.
    for a, b in ctx.ground.overlaps():
        yield error(
            "overlap",
            f"{ctx.describe(a)} overlaps {ctx.describe(b)}",
            (a, b),
            "no two tiles may cover the same ground; move one of them",
        )


def check_adjacency(ctx: Context) -> Iterator[Finding]:
    # "Each tile should be orthogonally adjacent to exactly two other tiles."
    # The two are the tiles before and after it; any other contact is an
    # error unless a recognised construction (a hairpin wall, say) allows it.
    for a, b in ctx.ground.contacts():
        if ctx.expects_contact(a, b):
            continue
        note, hint = ctx.notes.get(frozenset((a, b)), ("", _ADJACENCY_HINT))
        yield error(
            "adjacency",
            f"{ctx.describe(a)} touches {ctx.describe(b)}; each tile may touch only"
            f" the tile before it and the tile after it{note}",
            (a, b),
            hint,
        )


_ADJACENCY_HINT = "leave at least a tile's gap between roads, or meet only at a corner point"


def check_tile_budget(ctx: Context) -> Iterator[Finding]:
    # "Turn all twenty-four tiles grid side up ..." (one piecepack has 24
    # tiles; two piecepacks supply 48).
    layout = ctx.layout
    used = ctx.tile_count
    supply = layout.tile_supply
    if used > supply:
        packs = "one piecepack has" if layout.packs == 1 else f"{layout.packs} piecepacks have"
        yield error(
            "tile-budget",
            f"the track uses {used} tiles but {packs} only {supply}",
            hint=f"remove {used - supply} tiles, or set 'packs' to {-(-used // TILES_PER_PACK)}",
        )
    elif layout.packs == 1 and used < supply:
        yield warning(
            "tile-budget",
            f"the track uses {used} of the 24 tiles; the rules say to turn all twenty-four",
            hint=f"add {supply - used} more tiles, or set 'packs' if you meant a two-pack track",
        )


def check_start_finish(ctx: Context) -> Iterator[Finding]:
    # "Next, the location of the start/finish line is chosen, preferably near
    # the middle of the longest straight."
    if ctx.start is None:
        return
    circuit = ctx.circuit
    start = ctx.start
    if start.denominator == 2 and circuit[int(start)].is_corner:
        tile = int(start)
        yield error(
            "start-finish",
            f"the start/finish line at {_fmt(start)} crosses corner {circuit[tile].describe()}",
            (tile,),
            "put the line on a straight, preferably the middle of the longest one",
        )
        return
    longest = analysis.longest_straight(circuit)
    if longest is None:
        return
    main = analysis.main_straight(circuit, start)
    if main is None or main.length < longest.length:
        where = "is not on a straight" if main is None else f"is on a {main.length}-tile straight"
        best = analysis.default_start(circuit)
        yield warning(
            "start-finish",
            f"the start/finish line at {_fmt(start)} {where}; the longest straight"
            f" has {longest.length} tiles, from tile {longest.first}",
            longest.tiles,
            f"set 'start: {_fmt(best)}' to put it in the middle of the longest straight",
        )


def _fmt(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


RULES: tuple[Rule, ...] = (
    check_closure,
    check_connected,
    check_overlap,
    check_adjacency,
    check_tile_budget,
    check_start_finish,
    # special-construction rules go here
    *special_constructions.RULES,
    # hazard rules go here
    *hazard_rules.RULES,
)
"""Racepack's rules, in the order their findings are listed."""


def validate(layout: Layout) -> Report:
    """Check a layout against every Racepack rule and report all findings."""
    ctx = make_context(layout)
    return Report(tuple(finding for rule in RULES for finding in rule(ctx)))
