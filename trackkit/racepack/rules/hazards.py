"""Rules for the hazards and suit icons a layout records (rule id ``hazards``).

A layout may store the hazard tokens already placed (``hazards``), where the
small suit icon of some tiles lies (``icons``) and whether the race plays
the two-pack variant in which spinning out leaves a hazard on the corner
(``spinout_hazards``).  These rules check that what is stored could be on a
real table.  Each function opens with the sentence of the rulebook it
enforces; every violation is reported, not just the first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from trackkit.findings import Finding, error, warning
from trackkit.piecepack.equipment import NULLS_PER_PACK
from trackkit.racepack.rules.context import Context

__all__ = [
    "RULE",
    "RULES",
    "check_corner_hazard_limit",
    "check_hazard_supply",
    "check_hazards_on_track",
    "check_hazards_per_tile",
    "check_icons_on_track",
    "check_one_hazard_per_space",
    "check_spinout_needs_two_packs",
]

RULE = "hazards"
"""The rule id of every finding here."""


def check_hazards_on_track(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Place one of the null tokens on top of the tile in the space that
    corresponds to the location of the small suit icon": a hazard lies on
    a space of one of the track's tiles.
    """
    n = len(ctx.circuit)
    for number, (tile, quadrant) in enumerate(ctx.layout.hazards, 1):
        if tile >= n:
            yield error(
                RULE,
                f"hazard {number} is on tile {tile} ({quadrant}), but the track's tiles are 0 to {n - 1}",
                hint="put every hazard on a tile of the loop, or run 'trackkit hazards --write' again",
            )


def check_one_hazard_per_space(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Place one of the null tokens on top of the tile in the space ...":
    a space holds one token, so no two hazards share a space.
    """
    counts = Counter(ctx.layout.hazards)
    for (tile, quadrant), count in counts.items():
        if count > 1 and tile < len(ctx.circuit):
            yield error(
                RULE,
                f"{count} hazards are on the same space, {quadrant} of {ctx.describe(tile)}",
                (tile,),
                "a space holds one token; remove the extra hazards or move them",
            )


def check_hazards_per_tile(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Tilt the tile up for a moment and note the location of the small suit
    icon in the corner": a tile has one icon, so setup puts at most one
    hazard on it.  In the spin-out variant "no corner tile may hold more
    than two hazards" (that limit is checked by check_corner_hazard_limit).
    """
    counts = Counter(tile for tile, _ in set(ctx.layout.hazards) if tile < len(ctx.circuit))
    for tile, count in sorted(counts.items()):
        if count < 2 or (ctx.layout.spinout_hazards and ctx.circuit[tile].is_corner):
            continue
        yield warning(
            RULE,
            f"{ctx.describe(tile)} holds {count} hazards; setup puts at most one on a tile,"
            " under its one suit icon",
            (tile,),
            "keep one hazard per tile, or set 'spinout_hazards: true' if corners collect spin-out hazards",
        )


def check_corner_hazard_limit(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "except a hazard may not be moved from a corner tile, and no corner
    tile may hold more than two hazards."
    """
    if not ctx.layout.spinout_hazards:
        return
    counts = Counter(tile for tile, _ in ctx.layout.hazards if tile < len(ctx.circuit))
    for tile, count in sorted(counts.items()):
        if count > 2 and ctx.circuit[tile].is_corner:
            yield error(
                RULE,
                f"corner {ctx.describe(tile)} holds {count} hazards; no corner tile may hold more than two",
                (tile,),
                "move the extra hazards off this corner",
            )


def check_hazard_supply(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "The four null tokens are used to indicate hazards around the track":
    each piecepack supplies four; the spin-out variant also uses the other
    tokens a second pack makes available.
    """
    layout = ctx.layout
    nulls = NULLS_PER_PACK * layout.packs
    if layout.spinout_hazards or len(layout.hazards) <= nulls:
        return
    packs = "one piecepack has" if layout.packs == 1 else f"{layout.packs} piecepacks have"
    yield error(
        RULE,
        f"the layout has {len(layout.hazards)} hazards but {packs} only {nulls} null tokens",
        hint=f"remove {len(layout.hazards) - nulls} hazards, or set 'packs' for more null tokens",
    )


def check_spinout_needs_two_packs(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "The other advantage of having two piecepacks is that there are more
    tokens available. These can be used to place additional track hazards"
    """
    if ctx.layout.spinout_hazards and ctx.layout.packs < 2:
        yield error(
            RULE,
            "the spin-out hazard variant needs the extra tokens of a second piecepack",
            hint="set 'packs: 2', or remove 'spinout_hazards'",
        )


def check_icons_on_track(ctx: Context) -> Iterator[Finding]:
    """Rulebook: "Tilt the tile up for a moment and note the location of the small suit
    icon in the corner": an icon belongs to one of the track's tiles.
    """
    n = len(ctx.circuit)
    for tile, quadrant in ctx.layout.icons:
        if tile >= n:
            yield error(
                RULE,
                f"'icons' gives tile {tile} an icon at {quadrant}, but the track's tiles are 0 to {n - 1}",
                hint="remove that entry from 'icons'",
            )


RULES = (
    check_hazards_on_track,
    check_one_hazard_per_space,
    check_hazards_per_tile,
    check_corner_hazard_limit,
    check_hazard_supply,
    check_spinout_needs_two_packs,
    check_icons_on_track,
)
"""The hazard rules, in the order their findings are listed."""
