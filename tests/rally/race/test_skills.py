"""Dealing the Skills cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from trackkit.errors import ArgumentError
from trackkit.rally.race.skills import SKILLS, deal_skills, skills_sets


def test_base_gives_every_player_one_set() -> None:
    assert deal_skills("base", 3, False, random.Random(1)) == (SKILLS, SKILLS, SKILLS)
    assert deal_skills("none", 2, False, random.Random(1)) == ((), ())


def test_the_advanced_deal_comes_from_the_boxes_sets() -> None:
    hands = deal_skills("advanced", 6, True, random.Random(5))
    assert all(len(hand) == 4 for hand in hands)
    dealt = Counter(card for hand in hands for card in hand)
    assert sum(dealt.values()) == 24
    assert all(count == 6 for count in dealt.values())
    four = deal_skills("advanced", 4, False, random.Random(5))
    assert max(Counter(card for hand in four for card in hand).values()) <= 4


def test_an_unknown_mode() -> None:
    with pytest.raises(ArgumentError, match="none, base, advanced"):
        deal_skills("expert", 2, False, random.Random(1))


@pytest.mark.parametrize(("players", "left"), [(5, 4), (6, 0)])
def test_five_or_six_players_are_dealt_from_the_expansion_s_sets_too(players: int, left: int) -> None:
    """Issue 34, item 9: on a base deck seats 5 and 6 were dealt nothing
    (16 cards for 24 places); five or six players need the expansion pack,
    whose 8 Skill cards join the deal."""
    hands = deal_skills("advanced", players, False, random.Random(1))
    assert [len(hand) for hand in hands] == [4] * players
    dealt = Counter(card for hand in hands for card in hand)
    assert sum(dealt.values()) == 24 - left
    assert max(dealt.values()) <= 6
    assert skills_sets(players, False) == 6
    assert (skills_sets(4, False), skills_sets(4, True)) == (4, 6)
