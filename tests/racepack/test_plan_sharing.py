"""Races share a place's ranked turns when the hazards its turns can touch agree."""

from __future__ import annotations

from support import figure1_layout

from trackkit.racepack.race.track import RaceTrack, Style

FIGURE1 = figure1_layout()


def test_turns_see_only_the_hazards_on_spaces_they_touch() -> None:
    """With hazards on corner 1's tile and on the tile after it, every
    place of Figure 1 ranks its turns (plans and order) as with both
    hazards, for the bold and the cautious style and with tokens; some
    places within reach of a hazard's tile never touch its space.  (With
    tokens, only the turns that play one are ranked.)"""
    track = RaceTrack(FIGURE1)
    corner = next(tile for tile, number in track.corner_number.items() if number == 1)
    hazards = frozenset({4 * corner + 1, 4 * ((corner + 1) % track.tiles) + 2})
    narrower = 0
    for risky in (True, False):
        for tokens in (False, True):
            both = track.planner(hazards, risky, tokens=tokens)
            policy = track.policy(risky)
            for space, heading in track.board.states():
                place = (space, heading)
                seen = track.touchable(hazards, (place, False, risky, False, tokens))
                narrower += seen < track.within_reach(hazards, space)
                ranked = track.ranked(Style(risky), hazards, place, 2, False, tokens=tokens)
                plans = [plan for plan in both.plans((space, heading, 2, 0)) if plan.tokens or not tokens]
                wanted = sorted(plans, key=lambda plan: track.expected(Style(risky), 2, plan))
                assert [candidate.plan for candidate in ranked] == wanted
                assert policy is track.policy(risky)
    assert narrower > 0
