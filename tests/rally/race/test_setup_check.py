"""The table a rally record sets out: course, tokens and Skills cards,
checked against the rules' setup (issue 34)."""

from __future__ import annotations

import dataclasses
import random

from support import LAYOUTS

from trackkit.games import load
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.engine import RallyOptions, play_rally, rally_track
from trackkit.rally.race.record import RallyRecord
from trackkit.rally.race.setup_check import rules_tokens, setup_problems
from trackkit.rally.race.skills import SKILLS

BASE_SET = (
    '"Separate the Skills cards into sets of 4 cards, with each set containing 1 Turbo, 1 Best Line,'
    ' 1 Stunt Driver, and 1 All In. ... Give 1 set of cards to each player."'
)
DEAL = '"shuffle all of the Skills cards face down and deal 4 to each player."'


def race(players: int, skills: str, deck: str = "rally-base") -> RallyRecord:
    layout = load(LAYOUTS / f"{deck}.yaml").layout
    options = RallyOptions(skills=skills, expansion=layout.expansion, record=True)
    drivers = [RallyDriver("bold")] * players
    result = play_rally(rally_track(layout.course), drivers, options, random.Random(2))
    assert result.record is not None
    return result.record


def test_a_recorded_setup_is_the_rules_setup() -> None:
    for players, skills in ((2, "none"), (4, "base"), (5, "advanced"), (6, "advanced")):
        record = race(players, skills)
        assert (record.skills, record.expansion) == (skills, False)
        assert setup_problems(record) == []


def test_the_starting_tokens_by_seat() -> None:
    assert rules_tokens(4) == ((3, 3), (3, 4), (4, 4), (4, 4))
    record = race(3, "none")
    problems = setup_problems(dataclasses.replace(record, tokens=((3, 3), (3, 3), (4, 4))))
    assert problems == [
        "the starting tokens are [(3, 3), (3, 3), (4, 4)], not [(3, 3), (3, 4), (4, 4)]:"
        ' "Starting player – 3 Control & 3 Fuel ● Next player to their left – 4 Control & 3 Fuel'
        ' ● All other players – 4 Control & 4 Fuel"'
    ]


def test_a_wrong_hand_is_named_by_the_skills_mode() -> None:
    base = race(3, "base")
    hands = (SKILLS, ("Turbo", "Turbo", "Best Line", "All In"), SKILLS)
    assert setup_problems(dataclasses.replace(base, hands=hands)) == [
        f"seat 2 holds Turbo, Turbo, Best Line, All In, not one set: {BASE_SET}"
    ]
    none = race(2, "none")
    assert setup_problems(dataclasses.replace(none, hands=((), ("Turbo",)))) == [
        'seat 2 holds Skills cards in a race without them: "Using Skills cards is optional and may be skipped"'
    ]


def test_the_advanced_deal_holds_no_card_more_often_than_the_boxes() -> None:
    record = race(4, "advanced")
    seven_turbos = (("Turbo",) * 4, ("Turbo", "Best Line", "Best Line", "All In"), SKILLS, SKILLS)
    assert setup_problems(dataclasses.replace(record, hands=seven_turbos)) == [
        f"7 Turbo cards are dealt; the boxes hold 4: {DEAL}"
    ]
    assert setup_problems(dataclasses.replace(record, hands=(*seven_turbos[:3], ()))) == [
        f"seat 4 is dealt no cards: {DEAL}",
        f"6 Turbo cards are dealt; the boxes hold 4: {DEAL}",
    ]


def test_a_record_that_does_not_say_whether_the_expansion_is_used_reads_loosely() -> None:
    """Records written before the 'expansion' line: checked with the
    expansion's six sets and its larger groups, so they still pass."""
    record = race(4, "advanced", "rally-expansion")
    assert record.expansion is True
    old = dataclasses.replace(record, expansion=None)
    assert setup_problems(old) == []
    assert setup_problems(dataclasses.replace(record, expansion=False))[0].startswith(
        "the course is not a race deck the setup builds (rally/group-size): "
    )
