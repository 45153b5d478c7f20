"""The catalogue of Racepack's rules, by the id findings carry.

A *rule id* (``adjacency``, ``chicane``...) names one rule of the game as a
player would look it up; one id may be checked by several small functions
(the chicane rule has one for its place in a straight and one for the start
line).  ``trackkit rules`` lists this catalogue; ``trackkit explain RULE``
shows an entry: what the rule asks, the rulebook sentences each function
quotes, and how trackkit reads them.
"""

from __future__ import annotations

from trackkit.findings import RuleEntry
from trackkit.racepack.rules import cars, chicanes, closure, hairpins, hazards, rows, track

__all__ = ["CATALOG"]


CATALOG: tuple[RuleEntry, ...] = (
    RuleEntry(
        "closure", "the tiles form one closed circuit", (closure.check_closure,), "Closure and connection"
    ),
    RuleEntry(
        "connected", "each tile leads on into the next", (closure.check_connected,), "Closure and connection"
    ),
    RuleEntry("overlap", "no two tiles share ground", (track.check_overlap,), "Adjacency"),
    RuleEntry(
        "adjacency",
        "each tile touches only the tiles before and after it",
        (track.check_adjacency,),
        "Adjacency",
    ),
    RuleEntry(
        "tile-budget", "the track uses the tiles the packs hold", (track.check_tile_budget,), "Tile budget"
    ),
    RuleEntry(
        "start-finish",
        "the line lies on the longest straight",
        (track.check_start_finish,),
        "Start/finish line",
    ),
    RuleEntry(
        "cars", "four to six cars on one pack, up to eight on two", (cars.check_cars,), "How many cars race"
    ),
    RuleEntry("laps", "the lap die can show the race's laps (1 to 5)", (track.check_lap_die,), "The lap die"),
    RuleEntry(
        "hairpin",
        "a hairpin follows a straight of three tiles",
        (hairpins.check_hairpin_approach,),
        "Hairpin",
    ),
    RuleEntry(
        "chicane",
        "a chicane sits mid-straight, never after the line",
        (chicanes.check_chicane_in_straight, chicanes.check_chicane_after_start),
        "Chicane",
    ),
    RuleEntry(
        "pit-lane",
        "four tiles outside the main straight, for long races",
        (
            rows.check_pit_lane_length,
            rows.check_pit_lane_outside,
            rows.check_pit_lane_on_main_straight,
            rows.check_pit_lane_room,
            rows.check_pit_lane_contacts,
            rows.check_pit_race_length,
        ),
        "Pit lane",
    ),
    RuleEntry(
        "wide-straight",
        "more than six cars need a two-tile-wide main straight",
        (rows.check_wide_row_on_main_straight, rows.check_wide_row_contacts, rows.check_wide_for_many_cars),
        "Wide main straight",
    ),
    RuleEntry(
        "hazards",
        "hazard tokens lie on icon spaces, one per space",
        tuple(hazards.RULES),
        "Hazards",
    ),
)
"""Every rule id, in the order ``validate`` lists findings."""
