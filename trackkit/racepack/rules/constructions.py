"""The rules for Racepack's special constructions: hairpins, chicanes, pit
lanes and wide main straights (see :mod:`trackkit.racepack.constructions`
for what each one is).

:func:`prepare` runs while the rules' context is built: it lays the extra
tiles (pit lane, wide row) on the ground and records which contacts between
tiles a construction makes legal (a hairpin's wall, a pit lane against its
straight) and which ones a construction's rule reports in its own words.
"""

from __future__ import annotations

import trackkit.racepack.rules.chicanes as chicanes
import trackkit.racepack.rules.hairpins as hairpins
import trackkit.racepack.rules.rows as rows
from trackkit.piecepack.ground import Ground
from trackkit.racepack.constructions import extra_tiles
from trackkit.racepack.rules.context import Context, Rule

__all__ = ["RULES", "prepare"]


def prepare(ctx: Context) -> None:
    """Lay extra tiles on the ground and sort out the contacts constructions make."""
    if not ctx.circuit.is_whole:
        hairpins.sort_u_turn_contacts(ctx)  # a hairpin is one before the track closes too
        return
    ctx.extra = extra_tiles(ctx.layout)
    if ctx.extra:
        loop = [(tile.index, tile.centre) for tile in ctx.circuit]
        ctx.ground = Ground([*loop, *((tile.index, tile.centre) for tile in ctx.extra)])
        rows.sort_row_contacts(ctx)
    hairpins.sort_u_turn_contacts(ctx)


RULES: tuple[Rule, ...] = (*hairpins.RULES, *chicanes.RULES, *rows.RULES)
"""The special-construction rules, in the order their findings are listed."""
