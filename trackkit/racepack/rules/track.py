"""The core track-building rules of Racepack: closure and connection (in
:mod:`~trackkit.racepack.rules.closure`), overlap, adjacency, the tile
budget, the start/finish line and the lap die.

Each rule is one small function that takes a
:class:`~trackkit.racepack.rules.context.Context` and yields its findings.
Its docstring quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import trackkit.racepack.rules.chicanes as chicanes
import trackkit.racepack.rules.closure as closure
from trackkit.edits import Put
from trackkit.findings import Deferred, Finding, error, warning
from trackkit.piecepack.alongside import Run, run_words, side_by_side
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.racepack import analysis
from trackkit.racepack.layout import MAX_PACKS
from trackkit.racepack.rules.context import Context, Rule

__all__ = [
    "RULES",
    "check_adjacency",
    "check_lap_die",
    "check_overlap",
    "check_start_finish",
    "check_tile_budget",
]


def check_overlap(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Turn all twenty-four tiles grid side up and use them to construct a
    closed circuit": a tile lies flat on the table, so no two share ground.
    """
    return Deferred(ctx.ground.overlaps(), lambda pair: _overlap_error(ctx, *pair))


def _overlap_error(ctx: Context, a: int, b: int) -> Finding:
    """The finding for tiles ``a`` and ``b`` covering the same ground."""
    return error(
        "overlap",
        f"{ctx.describe(a)} overlaps {ctx.describe(b)}",
        (a, b),
        "no two tiles may cover the same ground; move one of them",
    )


def check_adjacency(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Each tile should be orthogonally adjacent to exactly two other tiles."
    The two are the tiles before and after it; any other contact is an
    error unless a recognised construction (a hairpin wall, say) allows it.
    A stretch of road lying alongside another touches it tile after tile:
    the whole stretch is one finding (see :mod:`trackkit.piecepack.alongside`).
    """
    order = _sweep_order(ctx)
    runs = side_by_side(_swept_contacts(ctx, order))
    return Deferred(runs, lambda ranked: _adjacency_error(ctx, order, ranked))


def _adjacency_error(ctx: Context, order: list[int], ranked: Run) -> Finding:
    """The finding for one stretch of contacts, ``ranked`` by their places
    in the sweep's ``order``."""
    run = Run([(order[a], order[b]) for a, b in ranked.pairs])
    notes = _notes_on(ctx, run)
    note = "; and ".join(words.removeprefix(": ") for words, _ in notes)
    note = f": {note}" if note else ""
    hint = notes[0][1] if notes else _ADJACENCY_HINT
    return error(
        "adjacency",
        f"{run_words(run, ctx.describe)}; each tile may touch only"
        f" the tile before it and the tile after it{note}",
        run.tiles,
        hint,
    )


def _notes_on(ctx: Context, run: Run) -> list[tuple[str, str]]:
    """The notes a construction left on the contacts of ``run`` (none on
    most tracks, which then make no pairs to look them up)."""
    if not ctx.notes:
        return []
    return [ctx.notes[pair] for pair in map(frozenset, run.pairs) if pair in ctx.notes]


def _sweep_order(ctx: Context) -> list[int]:
    """The tiles in the order the adjacency sweep meets them: a closed loop
    from the first tile at or after the start/finish line that touches
    nothing out of turn (so no stretch is cut in two where the sweep
    begins, and the stretches found are the same however the loop is
    numbered), then the extra tiles."""
    n = len(ctx.circuit)
    first = int(ctx.start) % n if ctx.start is not None and n else 0
    if ctx.start is not None:
        first = next((tile for tile in _round_from(first, n) if _touches_in_turn(ctx, tile)), first)
    return [*range(first, n), *range(first), *range(n, n + len(ctx.extra))]


def _round_from(first: int, n: int, most: int = 64) -> Iterator[int]:
    """Up to ``most`` tiles of a loop of ``n``, from ``first`` on."""
    return ((first + step) % n for step in range(min(n, most)))


def _touches_in_turn(ctx: Context, tile: int) -> bool:
    """Whether ``tile`` touches only tiles it may touch."""
    return all(ctx.expects_contact(tile, other) for other in ctx.ground.neighbours(tile))


def _swept_contacts(ctx: Context, order: list[int]) -> Iterator[tuple[int, int]]:
    """Each unexpected contact once, as the places in ``order`` of its two
    tiles, the nearer first, in the order the sweep meets them.  A loop
    tile may always touch the tiles just before and after it round the
    loop (:meth:`Context.beside`), and on most tracks those are all it
    touches: they are passed over before anything else is asked."""
    rank = {tile: place for place, tile in enumerate(order)}
    for place, tile in enumerate(order):
        beside = ctx.beside(tile)
        for other in sorted([rank[other] for other in ctx.ground.neighbours(tile) if other not in beside]):
            if other > place and not ctx.expects_contact(tile, order[other]):
                yield place, other


_ADJACENCY_HINT = "leave at least a tile's gap between roads, or meet only at a corner point"


def check_tile_budget(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Turn all twenty-four tiles grid side up ..." (one piecepack has 24
    tiles; two piecepacks supply 48).
    """
    layout = ctx.layout
    used = ctx.tile_count
    supply = layout.tile_supply
    if used > supply:
        packs = "one piecepack has" if layout.packs == 1 else f"{layout.packs} piecepacks have"
        yield error(
            "tile-budget",
            f"the track uses {used} tiles but {packs} only {supply}",
            hint=_budget_hint(used, supply),
            edit=_packs_for(used),
        )
    elif layout.packs == 1 and used < supply:
        yield warning(
            "tile-budget",
            f"the track uses {used} of the {TILES_PER_PACK} tiles; the rules say to turn all twenty-four",
            hint=f"add {supply - used} more {'tile' if supply - used == 1 else 'tiles'},"
            " or set 'packs: 2' if you meant a two-pack track",
        )


def _budget_hint(used: int, supply: int) -> str:
    """Remove the tiles too many, or set the packs that hold them when no
    more than :data:`MAX_PACKS` do."""
    packs = _packs_for(used)
    remove = f"remove {_tiles(used - supply)}"
    return f"{remove}, or {packs.words()}" if packs else remove


def _packs_for(used: int) -> Put | None:
    """The edit that sets the fewest packs holding ``used`` tiles, when no
    more than :data:`MAX_PACKS` do."""
    packs = -(-used // TILES_PER_PACK)
    return Put(("packs",), packs) if packs <= MAX_PACKS else None


def _tiles(count: int) -> str:
    return f"{count:,} tile" if count == 1 else f"{count:,} tiles"


def check_start_finish(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Next, the location of the start/finish line is chosen, preferably near
    the middle of the longest straight."
    """
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
            *_onto_a_straight(circuit),
        )
        return
    longest = analysis.longest_straight(circuit)
    if longest is None:
        return
    main = analysis.main_straight(circuit, start)
    if main is None or main.length < longest.length:
        where = _where(circuit, start, main)
        best, middle = _best_start(circuit)
        edit = Put(("start",), _number(best))
        place = "in the middle of the longest straight" if middle else _CLEAR
        yield warning(
            "start-finish",
            f"the start/finish line at {_fmt(start)} {where}; the longest straight"
            f" has {longest.length} tiles, from tile {longest.first}",
            longest.tiles,
            f"{edit.words()} to put it {place}",
            edit,
        )


_CLEAR = "on the longest straight, clear of chicanes"


def _onto_a_straight(circuit: Circuit) -> tuple[str, Put | None]:
    """Move a line that crosses a corner to the best place on the longest
    straight (an edit), or say to put it on a straight when there is none."""
    if not analysis.straights(circuit):
        return "put the line on a straight; this track has none", None
    best, middle = _best_start(circuit)
    edit = Put(("start",), _number(best))
    place = "in the middle of the longest straight" if middle else _CLEAR
    return f"put the line on a straight: {edit.words()} to put it {place}", edit


def _best_start(circuit: Circuit) -> tuple[Fraction, bool]:
    """Where the hint moves the line, and whether that is a straight's middle.

    The hint is checked before it is offered: the middle of a longest
    straight with no chicane after it; else another place on a longest
    straight, the nearest to its middle first, with no chicane after it; else
    the plain middle (no place on the longest straights avoids a chicane).
    """
    runs = analysis.straights(circuit)
    longest = max(run.length for run in runs)
    best = [run for run in runs if run.length == longest]
    n = len(circuit)
    middles = [(run.first + Fraction(run.length, 2)) % n for run in best]
    others = [
        (abs(Fraction(half - run.length, 2)), (run.first + Fraction(half, 2)) % n)
        for run in best
        for half in range(1, 2 * run.length)
    ]
    others.sort(key=lambda pair: pair[0])
    for place in [*middles, *(place for _, place in others)]:
        if not chicanes.chicanes_after_line(circuit, place):
            return place, place in middles
    return analysis.default_start(circuit), True


def _where(circuit: Circuit, start: Fraction, main: analysis.Straight | None) -> str:
    """Where the line lies, in words, when it is not across the longest straight."""
    if main is not None:
        return f"is on a {main.length}-tile straight"
    ahead = analysis.straight_ahead(circuit, start)
    if ahead is None:
        return "is not on a straight"
    corner = circuit[ahead.first - 1].index
    return (
        f"is on the edge where corner tile {corner} meets the {ahead.length}-tile straight"
        f" from tile {ahead.first}, not across the straight"
    )


def _number(value: Fraction) -> int | float:
    """A place on the loop as a file writes it: ``12`` or ``12.5``."""
    return int(value) if value.denominator == 1 else float(value)


def _fmt(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


DIE_LAPS = 5
"""The most laps one piecepack die can show: its faces are null, ace and 2 to 5."""


def check_lap_die(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "One of the dice is placed against the outside of the track and
    oriented to show the number of laps in the race on top."

    A piecepack die shows null, ace (one) and 2 to 5, so one die counts at most
    five laps; a longer race is still a race, and the warning says how
    players can count it.
    """
    laps = ctx.layout.laps
    if 1 <= laps <= DIE_LAPS:
        return
    yield warning(
        "laps",
        f"a {laps}-lap race cannot be shown on the lap die: a piecepack die shows ace to {DIE_LAPS}",
        (),
        f"count the laps left with two dice side by side (up to {2 * DIE_LAPS}), turning one down each lap,"
        f" or {_DIE_LAPS.words()} or fewer",
        _DIE_LAPS,
    )


_DIE_LAPS = Put(("laps",), DIE_LAPS)
"""The edit that makes a race one die can count."""


RULES: tuple[Rule, ...] = (
    *closure.RULES,
    check_overlap,
    check_adjacency,
    check_tile_budget,
    check_start_finish,
    check_lap_die,
)
"""The core rules, in the order their findings are listed."""
