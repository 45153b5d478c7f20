"""Races share a place's ranked turns when the hazards that can change them agree."""

from __future__ import annotations

import pytest
from support import figure1_layout

from trackkit.racepack.race.track import RaceTrack, Style

FIGURE1 = figure1_layout()
TRACK = RaceTrack(FIGURE1)
CORNERS = sorted(TRACK.corner_number, key=TRACK.corner_number.__getitem__)


def _corner_and_next() -> frozenset[int]:
    """A hazard on corner 1's tile and one on the tile after it."""
    return frozenset({4 * CORNERS[0] + 1, 4 * ((CORNERS[0] + 1) % TRACK.tiles) + 2})


def _re_entries() -> frozenset[int]:
    """A hazard on a space a car spun out at corner 2 re-enters on, and one
    three tiles further on."""
    space = TRACK.board.outside_spaces(CORNERS[1])[0]
    return frozenset({space, 4 * ((space // 4 + 3) % TRACK.tiles)})


@pytest.mark.parametrize("hazards", [_corner_and_next(), _re_entries()], ids=["corner", "re-entry"])
def test_turns_see_only_the_hazards_that_can_change_them(hazards: frozenset[int]) -> None:
    """Every place of Figure 1, on the track or off it beside a corner,
    ranks its turns (plans and order) as with all the hazards, for the bold
    and the cautious style and with tokens, though it files them under the
    hazards on a space it re-enters on or passes before its last movement
    only; some places within reach of a hazard's tile meet none of it.
    (With tokens, only the turns that play one are ranked.)"""
    narrower = 0
    places = [*TRACK.board.states(), *((-1 - tile, -1) for tile in CORNERS)]
    for risky in (True, False):
        for tokens in (False, True):
            every = TRACK.planner(hazards, risky, tokens=tokens)
            for space, heading in places:
                place = (space, heading)
                seen = TRACK.touchable(hazards, (place, False, risky, False, tokens))
                narrower += seen < TRACK.within_reach(hazards, space)
                ranked = TRACK.ranked(Style(risky), hazards, place, 2, False, tokens=tokens)
                plans = [plan for plan in every.plans((space, heading, 2, 0)) if plan.tokens or not tokens]
                wanted = sorted(plans, key=lambda plan: TRACK.expected(Style(risky), 2, plan))
                assert [candidate.plan for candidate in ranked] == wanted
    assert narrower > 0


@pytest.mark.parametrize("hazards", [_corner_and_next(), _re_entries()], ids=["corner", "re-entry"])
def test_the_best_expectation_is_the_first_ranked_turns(hazards: frozenset[int]) -> None:
    """The hazard toll asks only for the best next turn's expectation: at
    every place of Figure 1 on its second and third laps, worked out on a
    fresh track from the plans without ranking them, it is the number the
    first of the ranked turns holds, to the last digit."""
    fresh = RaceTrack(FIGURE1)
    risky = Style(risky=True)
    places = [*TRACK.board.states(), *((-1 - tile, -1) for tile in CORNERS)]
    asked = 0
    for level in (2, 3):
        for place in places:
            best = fresh.best_expected(risky, hazards, place, level, False)
            ranked = TRACK.ranked(risky, hazards, place, level, False)
            assert best == (ranked[0].expected if ranked else None)
            asked += 1
    assert asked == 2 * len(places)
