"""The race deck model: stacking order against course order, the groups of
the pattern, scoring stacks, and the rules on hand-built decks."""

from __future__ import annotations

import pytest

from trackkit.rally.deck import (
    Collection,
    RaceDeck,
    course_from_stacking,
    group_sizes,
    groups_of,
    scoring_stacks,
    setup_cards,
    stacking_order,
)
from trackkit.rally.rules import validate

# The rules' list, bottom up, with random cards a..i in the order stacked.
STACK = (
    "checkpoint",
    "a",
    "b",
    "jump",
    "c",
    "checkpoint",
    "d",
    "e",
    "jump",
    "f",
    "checkpoint",
    "g",
    "h",
    "i",
)
COURSE = (
    "start", "3-lane", "i", "h", "g", "checkpoint", "f", "jump", "e", "d", "checkpoint", "c", "jump", "b", "a",
    "checkpoint",
)  # fmt: skip
COLLECTION = Collection(tuple((name, 1) for name in "abcdefghi"), (("a", 1), ("x", 2)))


def summary(deck: RaceDeck) -> list[str]:
    return [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in validate(deck).findings]


def test_the_deck_is_played_from_the_top_so_course_order_is_stacking_order_reversed() -> None:
    assert course_from_stacking(STACK) == COURSE
    assert stacking_order(COURSE) == STACK


def test_the_groups_of_the_list_in_course_order() -> None:
    groups = groups_of(COURSE)
    assert groups is not None
    assert [(g.number, g.special, g.special_at, g.cards) for g in groups] == [
        (1, "checkpoint", 15, (13, 14)),
        (2, "jump", 12, (11,)),
        (3, "checkpoint", 10, (8, 9)),
        (4, "jump", 7, (6,)),
        (5, "checkpoint", 5, (2, 3, 4)),
    ]


def test_group_sizes_base_and_expansion() -> None:
    assert group_sizes(False, 2) == ((2, 2), (1, 1), (2, 2), (1, 1), (3, 3))
    assert group_sizes(True, 2) == ((2, 4), (1, 3), (2, 4), (1, 3), (3, 3))
    assert group_sizes(True, 1) == ((2, 3), (1, 2), (2, 3), (1, 2), (3, 3))


def test_scoring_stacks_wait_at_each_checkpoint_top_card_first() -> None:
    stacks = scoring_stacks(COURSE)
    assert [(s.number, s.at) for s in stacks] == [(1, 5), (2, 10), (3, 15)]
    assert stacks[0].lead_car == (5, 4, 3, 2, 1)
    assert stacks[0].trail_car == (9, 8, 7, 6, 5, 4, 3, 2, 1)


def test_setup_lays_the_opening_pair_and_three_cards() -> None:
    assert setup_cards(COURSE) == (0, 1, 2, 3, 4)


def test_the_base_deck_is_legal() -> None:
    assert summary(RaceDeck(COURSE, COLLECTION)) == []


def test_collection_counts_expansion_copies_only_with_the_expansion() -> None:
    course = tuple("x" if card == "i" else card for card in COURSE)
    assert summary(RaceDeck(course, COLLECTION)) == ["error rally/collection 2"]
    assert summary(RaceDeck(course, COLLECTION, expansion=True)) == []


def test_expansion_groups_may_grow_by_two_except_the_last() -> None:
    stack = list(STACK)
    stack[1:1] = ["x", "x"]  # group 1: 4 cards
    deck = RaceDeck(course_from_stacking(stack), COLLECTION, expansion=True)
    assert summary(deck) == []
    assert summary(RaceDeck(deck.course, COLLECTION)) == [
        "error rally/group-size 13 14 15 16",
        "error rally/collection 15 16",
    ]
    top = [*STACK, "x"]  # group 5: 4 cards
    assert summary(RaceDeck(course_from_stacking(top), COLLECTION, expansion=True)) == [
        "error rally/group-size 2 3 4 5"
    ]


def test_every_rule_reports_at_once() -> None:
    course = ("3-lane", "start", "jump", "jump", "checkpoint", "zz", "b")
    assert summary(RaceDeck(course, COLLECTION)) == [
        "error rally/opening 0",
        "error rally/opening 1",
        "error rally/pattern 4",
        "error rally/collection 5",
        "error rally/end 5 6",
    ]


def test_specials_out_of_order() -> None:
    course = (
        "start",
        "3-lane",
        "a",
        "jump",
        "b",
        "checkpoint",
        "c",
        "checkpoint",
        "d",
        "jump",
        "e",
        "checkpoint",
    )
    assert summary(RaceDeck(course, COLLECTION)) == ["error rally/pattern 3 5 7 9 11"]


def test_no_collection_is_a_warning() -> None:
    assert summary(RaceDeck(COURSE)) == ["warning rally/collection"]


@pytest.mark.parametrize("card", ["checkpoint", "jump"])
def test_a_misspelt_card_gets_a_suggestion(card: str) -> None:
    course = tuple(card[:-1] + "x" if c == "i" else c for c in COURSE)
    finding = validate(RaceDeck(course, COLLECTION)).findings[0]
    assert finding.hint == f"did you mean {card!r}? make card 2 {card!r}"
