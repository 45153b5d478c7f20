"""The hairpin rule, and which contacts a U-turn of the road makes legal.

A *hairpin* folds the road back on itself in three corners (R, R, L or its
mirror image) after a straight of at least three tiles, so that the two
roads run side by side with no gap; the players stand a wall between them.
"""

from __future__ import annotations

from collections.abc import Iterator

from trackkit.findings import Finding, error
from trackkit.piecepack.circuit import Kind
from trackkit.racepack.constructions import HAIRPIN_APPROACH
from trackkit.racepack.rules.context import Context, Rule
from trackkit.racepack.u_turns import Hairpin, HairpinMiss

__all__ = [
    "RULES",
    "check_hairpin_approach",
    "sort_u_turn_contacts",
]


def sort_u_turn_contacts(ctx: Context) -> None:
    """Rulebook: "a tight hairpin corner can be constructed as follows ... The
    hairpin can be a little confusing visually because two sections of the
    road run parallel to each other with no space in between."  That one
    contact, the hairpin's wall, is legal.  Any other pair of same-way corners
    whose neighbours touch breaks the adjacency rule, and its message says how
    a hairpin would have been built.
    """
    for turn, reading in ctx.u_turn_readings():
        pair = frozenset(turn.wall)
        if isinstance(reading, Hairpin):
            ctx.sanctioned.add(pair)
        elif reading.shaped:
            ctx.claimed.add(pair)
        else:
            ctx.notes[pair] = _u_turn_note(ctx, reading)


def _u_turn_note(ctx: Context, miss: HairpinMiss) -> tuple[str, str]:
    turn = miss.turn
    a, b = turn.corners
    n = len(ctx.circuit)
    other = "left" if turn.hand == "right" else "right"
    letter, other_letter = turn.hand[0].upper(), other[0].upper()
    note = (
        f": {ctx.corner_words((a, b))} both turn {turn.hand}, folding the road back against itself,"
        " which only a hairpin may do"
    )
    approach = ((turn.before - 1) % n, turn.before)
    straighten = ""
    if any(ctx.circuit[i].is_corner for i in approach):
        straighten = f", with tiles {approach[0]} and {approach[1]} plain straights"
    hint = (
        f"for a hairpin ({letter}, {letter}, {other_letter}) make tile {turn.after} a {other}-hand"
        f" corner{straighten}; otherwise leave a tile's gap between the roads"
    )
    return note, hint


def check_hairpin_approach(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Assume there is a straight that is three or more tiles long. Place a
    tile adjacent to the last tile of the straight to form a right-hand
    corner."  The straight's last tile becomes the first corner, so two
    plain tiles of it must remain before the corners.
    """
    for _, reading in ctx.u_turn_readings():
        if isinstance(reading, HairpinMiss) and reading.shaped:
            yield _short_hairpin(ctx, reading)


def _short_hairpin(ctx: Context, miss: HairpinMiss) -> Finding:
    turn = miss.turn
    a, b = turn.corners
    forward = miss.short[-1] == turn.before
    corners = (a, b, turn.after) if forward else (turn.before, a, b)
    turns = ", ".join(_letter(ctx, i) for i in corners)
    corner_tiles = [i for i in miss.short if ctx.circuit[i].is_corner]
    named = " and ".join(ctx.describe(i) for i in corner_tiles)
    verb = "is a corner" if len(corner_tiles) == 1 else "are corners"
    where = "before" if forward else "after"
    end = corners[0] if forward else corners[-1]
    return error(
        "hairpin",
        f"{ctx.describe(turn.before)} touches {ctx.describe(turn.after)}: {ctx.corner_words(corners)}"
        f" turn {turns} like a hairpin, but a hairpin"
        f" needs a straight of at least {HAIRPIN_APPROACH} tiles {where} its corners, and {named} {verb}",
        (*corners, *miss.short),
        f"make {_plain_straights(miss.short)},"
        f" so that the straight {where} tile {end} is at least {HAIRPIN_APPROACH} tiles long",
    )


def _plain_straights(indices: tuple[int, ...]) -> str:
    """``tiles 3 and 4 plain straights``, or ``tile 4 a plain straight``
    where an open course ends next to the hairpin and only one tile is laid."""
    if len(indices) == 1:
        return f"tile {indices[0]} a plain straight"
    return "tiles " + " and ".join(str(i) for i in indices) + " plain straights"


def _letter(ctx: Context, index: int) -> str:
    return "R" if ctx.circuit[index].kind is Kind.RIGHT else "L"


RULES: tuple[Rule, ...] = (check_hairpin_approach,)
