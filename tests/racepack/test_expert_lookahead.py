"""The expert looks one turn further: the hazards its next turn would meet."""

from __future__ import annotations

import pytest
from support import figure1_layout

from trackkit.racepack.race.candidates import best_free
from trackkit.racepack.race.expert import CHOICES, MARGIN, RIVAL_RISK
from trackkit.racepack.race.lookahead import LOOK_MARGIN, LOOKED, hazard_toll, tolled, with_toll
from trackkit.racepack.race.track import RaceTrack

HAZARD = 76
"""A hazard on Figure 1's straight tile 19, in the lane of spaces 72, 76."""

BEHIND = (72, 2)
"""One tile short of the hazard, in its lane, heading along the track."""

BESIDE = (74, 2)
"""Level with ``BEHIND``, in the other lane."""


def test_a_hazard_just_ahead_in_the_lane_costs_the_next_turn() -> None:
    """A hazard "the driver may not make any further movements that turn"
    after passing or landing on: from
    one tile short of it, in its lane, the best next turn needs a third of a
    turn more; from the other lane, nothing; past the finish, nothing."""
    track = RaceTrack(figure1_layout())
    hazards = frozenset({HAZARD})
    assert hazard_toll(track, hazards, BEHIND, 2, False) == pytest.approx(0.3177726337)
    assert hazard_toll(track, hazards, BESIDE, 2, False) == 0.0
    assert hazard_toll(track, hazards, BEHIND, track.goal, False) == 0.0
    assert track.tolls[hazards][(BEHIND, 2, False)] == pytest.approx(0.3177726337)


def test_the_expert_ends_its_turn_beside_the_hazard_not_behind_it() -> None:
    """From space 60, three turns tie for a car alone on the road as valued
    without the hazard ahead (8.0017 expected turns): two end in the
    hazard's lane one tile short of it, one in the other lane.  Counting the
    toll, the one in the other lane comes first and those behind the
    hazard fall to 8.3194."""
    track = RaceTrack(figure1_layout())
    hazards = frozenset({HAZARD})
    ranked = track.ranked(RIVAL_RISK, hazards, (60, 3), 2, False)
    assert [(c.plan.end, round(c.expected, 4)) for c in ranked[:3]] == [
        ((72, 2), 8.0017),
        ((74, 2), 8.0017),
        ((73, 2), 8.0017),
    ]
    looked = tolled(track, hazards, ranked, 0, 2, False)
    assert (looked[0].plan.end, round(looked[0].expected, 4)) == ((74, 2), 8.0017)
    assert next(round(c.expected, 4) for c in looked if c.plan.end == (72, 2)) == 8.3194


def test_turns_that_bump_a_car_are_not_looked_past() -> None:
    """A car standing on space 74 leaves the turns ending elsewhere."""
    track = RaceTrack(figure1_layout())
    hazards = frozenset({HAZARD})
    ranked = track.ranked(RIVAL_RISK, hazards, (60, 3), 2, False)
    looked = tolled(track, hazards, ranked, 1 << 74, 2, False)
    assert looked and all(not c.mask & 1 << 74 for c in looked)
    assert looked[0].plan.end != (74, 2)


def test_looking_past_stops_where_no_later_turn_can_be_weighed() -> None:
    """Tolls are never below 0, so the expert stops working them out at the
    first turn that cannot be among the six weighed: at every place of
    Figure 1 with a hazard on each of its straights 19 and 2, its six are
    those of valuing all twelve looked at and sorting them by the new value."""
    track = RaceTrack(figure1_layout())
    hazards = frozenset({HAZARD, 4 * 2 + 1})
    differ = 0
    for place in track.board.states():
        ranked = track.ranked(RIVAL_RISK, hazards, place, 2, False)
        everything = [with_toll(track, hazards, c, 2, False) for c in best_free(ranked, 0, 0, LOOKED, LOOK_MARGIN)]
        everything.sort(key=lambda candidate: candidate.expected)
        wanted = best_free(everything, 0, 0, CHOICES, MARGIN)
        assert all(toll >= 0 for toll in track.tolls[hazards].values())
        assert tolled(track, hazards, ranked, 0, 2, False, CHOICES, MARGIN) == wanted
        differ += [c.plan for c in wanted] != [c.plan for c in ranked[: len(wanted)]]
    assert differ > 0


def test_a_toll_skips_the_turn_search_only_where_it_is_0() -> None:
    """Where the best turn on the road without hazards meets none of them
    before its last movement the toll is 0 without a turn search with
    them: at every place of Figure 1 it is what the search gives, and some
    places still pay one."""
    track = RaceTrack(figure1_layout())
    searched = RaceTrack(figure1_layout())
    hazards = frozenset({HAZARD, 4 * 2 + 1})
    paying = 0
    for place in track.board.states():
        meeting = searched.best_expected(RIVAL_RISK, hazards, place, 2, False)
        clear = searched.best_expected(RIVAL_RISK, frozenset(), place, 2, False)
        assert meeting is not None and clear is not None
        toll = hazard_toll(track, hazards, place, 2, False)
        assert toll == max(0.0, meeting - clear)
        paying += toll > 0
    assert paying > 0
