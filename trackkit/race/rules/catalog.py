"""The catalogue of RACE!'s rules, by the id findings carry
(``race/grid``...): what ``trackkit rules --game race`` lists and
``trackkit explain`` shows (see :class:`~trackkit.findings.RuleEntry`)."""

from __future__ import annotations

from trackkit.findings import RuleEntry
from trackkit.race.rules import corners, course, tiles

__all__ = ["CATALOG"]

CATALOG: tuple[RuleEntry, ...] = (
    RuleEntry(
        "race/overlap",
        "a track on tiles has no two tiles on the same ground",
        (tiles.check_tile_overlap,),
        "A RACE! track on piecepack tiles",
    ),
    RuleEntry(
        "race/touch",
        "road beside road on tiles is worth knowing",
        (tiles.check_tile_touch,),
        "A RACE! track on piecepack tiles",
    ),
    RuleEntry(
        "race/length", "a track shouldn't be shorter than twenty spaces", (course.check_length,), "Length"
    ),
    RuleEntry(
        "race/loop",
        "a track laid on tiles closes into a loop",
        (course.check_loop,),
        "A piecepack circuit as a RACE! track",
    ),
    RuleEntry(
        "race/finish-corner",
        "a finish line inside a corner is worth knowing (or forbidden)",
        (course.check_finish,),
        "Finish line",
    ),
    RuleEntry(
        "race/grid",
        "the racers line up single file behind the finish line",
        (course.check_grid,),
        "Starting grid",
    ),
    RuleEntry(
        "race/grid-corner",
        "a starting grid reaching into a corner is worth knowing",
        (course.check_grid,),
        "Starting grid",
    ),
    RuleEntry("race/racers", "the points tables are for 6 or 8 racers", (course.check_racers,), "Racers"),
    RuleEntry(
        "race/corner-place",
        "a corner is made of the track's own spaces",
        (corners.check_corner_place,),
        "Corners",
    ),
    RuleEntry(
        "race/corner-length",
        "a corner is two to four spaces long",
        (corners.check_corner_length,),
        "Corners",
    ),
    RuleEntry("race/corner-radius", "a corner is rated 1 or 2", (corners.check_corner_radius,), "Corners"),
    RuleEntry(
        "race/corner-overlap",
        "two corners do not share a space",
        (corners.check_corner_overlap,),
        "Corners",
    ),
)
"""Every RACE! rule id, in the order ``validate`` lists findings."""
