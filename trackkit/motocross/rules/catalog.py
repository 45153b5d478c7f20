"""The catalogue of Motocross's rules, by the id findings carry
(``motocross/touch``...): what ``trackkit rules --game motocross`` lists and
``trackkit explain`` shows (see :class:`~trackkit.findings.RuleEntry`)."""

from __future__ import annotations

from trackkit.findings import RuleEntry
from trackkit.motocross.rules import ramps, tiles

__all__ = ["CATALOG"]

CATALOG: tuple[RuleEntry, ...] = (
    RuleEntry(
        "motocross/adjacent",
        "each tile is played edge to edge with the last tile played",
        (tiles.check_adjacent,),
        "Adjacent to the last tile played",
    ),
    RuleEntry(
        "motocross/line-up",
        "a tile's spaces line up with those of the tile before",
        (tiles.check_line_up,),
        "Spaces line up",
    ),
    RuleEntry(
        "motocross/overlap",
        "no two tiles cover the same ground",
        (tiles.check_overlap,),
        "Touching other tiles",
    ),
    RuleEntry(
        "motocross/touch",
        "a tile touches only the tiles played just before and after it",
        (tiles.check_touch,),
        "Touching other tiles",
    ),
    RuleEntry(
        "motocross/tile-count",
        "every tile of the packs is played",
        (tiles.check_tile_count,),
        "Tiles dealt and played",
    ),
    RuleEntry(
        "motocross/deal",
        "the tiles deal evenly between the players",
        (tiles.check_deal,),
        "Tiles dealt and played",
    ),
    RuleEntry(
        "motocross/finish",
        "a finish tile follows the starting tile",
        (tiles.check_finish,),
        "Finish and start",
    ),
    RuleEntry(
        "motocross/players",
        "3 to 4 players, at most 4 bikes on the starting tile",
        (tiles.check_players,),
        "Finish and start",
    ),
    RuleEntry(
        "motocross/ramp-place",
        "a ramp sits on a tile in a straight line with both neighbours",
        (ramps.check_ramp_place,),
        "Jump ramps",
    ),
    RuleEntry(
        "motocross/ramp-height", "a jump ramp is 1 to 3 coins high", (ramps.check_ramp_height,), "Jump ramps"
    ),
    RuleEntry(
        "motocross/ramp-coins",
        "the ramps hold every coin dealt for building",
        (ramps.check_ramp_coins,),
        "Jump ramps",
    ),
)
"""Every Motocross rule id, in the order ``validate`` lists findings."""
