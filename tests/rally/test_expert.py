"""The rally expert: how it weighs a Fuel move, and its head-to-heads."""

from __future__ import annotations

import random

from support import LAYOUTS

from trackkit.games import load
from trackkit.head_to_head import head_to_head
from trackkit.rally.race.drivers import RallyDriver, parse_rally_drivers
from trackkit.rally.race.engine import RallyOptions, _new_race, rally_track
from trackkit.rally.race.expert import expert_pick
from trackkit.rally.race.moves import Candidate
from trackkit.rally.race.simulate import _job

DECK = load(LAYOUTS / "rally-base.yaml").layout


def test_the_trail_car_and_the_team_bonus_outweigh_a_longer_lead() -> None:
    race = _new_race(rally_track(DECK.course), [RallyDriver("expert")] * 2, RallyOptions(), random.Random(1))
    table = race.table
    for car, space in ((0, 15), (1, 3)):  # lead car on row 5, trail car on row 1, lane 0
        table.pos[car] = space
        table.occupied[space] += 1
    lead = Candidate(0, (15, 18, 21), 0, False, "", 2, False)
    trail = Candidate(1, (3, 6), 0, False, "", 1, True)
    # Bold counts rows: the lead car's two win.  The expert counts the
    # trail car's row twice (8) and three more for ending within four
    # moves of the lead car (Team Racing): 11 against 8.
    assert RallyDriver("bold").pick([lead, trail], random.Random(1)) == lead
    assert expert_pick(table, [lead, trail]) == trail
    assert expert_pick(table, []) is None


def test_a_move_ending_right_behind_a_car_earns_the_drafting_die() -> None:
    race = _new_race(rally_track(DECK.course), [RallyDriver("expert")] * 2, RallyOptions(), random.Random(1))
    table = race.table
    for car, space in ((0, 12), (1, 3), (2, 10)):  # a rival's car on row 3, lane 1
        table.pos[car] = space
        table.occupied[space] += 1
    straight_on = Candidate(1, (3, 6), 0, False, "", 1, True)
    behind_rival = Candidate(1, (3, 4, 7), 0, False, "", 1, True)
    # A row each; the second ends directly behind the rival: +1 die.
    assert table.road.ahead(7) == 10
    assert RallyDriver("bold").pick([straight_on, behind_rival], random.Random(1)) == straight_on
    assert expert_pick(table, [straight_on, behind_rival]) == behind_rival


def test_the_expert_beats_random_head_to_head() -> None:
    first = _job(DECK, parse_rally_drivers("expert,random"), 2026, 2, "none", False)
    second = _job(DECK, parse_rally_drivers("random,expert"), 2026, 2, "none", False)
    result = head_to_head(first, second, "expert", 20)
    # 1,000 races of this pairing (docs/simulation.md): every one won.
    assert (result.won, result.races) == (40, 40)
    assert result.interval.low > 0.55
