"""Who leads, lead changes, when a race is decided, a driver's win rate with
each grid slot weighed alike: the report's figures from rows written by hand."""

from __future__ import annotations

import pytest

from trackkit.leads import decided_round, held_share, leader, leads_of
from trackkit.montecarlo import Interval, RaceRow
from trackkit.report import balanced_rate


def test_the_leader_is_the_first_home_else_the_furthest_along() -> None:
    assert leader([3, 7, 5]) == 1
    assert leader([3, 7, 9], finished=(1, 2)) == 1


def test_a_tie_leaves_the_lead_where_it_was() -> None:
    assert leader([7, 7, 5], previous=1) == 1
    assert leader([7, 7, 5], previous=2) == 0
    assert leader([7, 7, 5]) == 0


def _row(order: tuple[int, ...], leaders: tuple[int, ...], drivers: tuple[str, ...] = ("a", "b")) -> RaceRow:
    return RaceRow(order, drivers, len(leaders), (0,), (0,), leaders=leaders)


ROWS = [
    _row((0, 1), (1, 1, 0, 0)),  # the lead changes once, at round 3; car 0 wins
    _row((1, 0), (0, 1, 0, 1, 1), ("b", "a")),  # three changes; car 1 wins
    _row((1, 0), (1, 1)),  # no change, over after two rounds; car 1 wins
    _row((), (0, 0, 0)),  # stopped unfinished: not counted
]


def test_lead_changes_and_the_leaders_who_won_are_counted_race_by_race() -> None:
    leads = leads_of(ROWS, 2)
    assert leads.counted == 3
    assert leads.changes == (0, 1, 3)
    assert leads.mean_changes == pytest.approx(4 / 3)
    # round 1: leaders 1, 0, 1 against winners 0, 1, 1; from round 3 the
    # third race is over and its winner stands for its leader, from round 5
    # the first race's too
    assert leads.held == (1, 2, 2, 3, 3)
    assert held_share(leads, 3) == (2, 3)


def test_the_race_is_decided_after_the_first_round_whose_leader_wins_often_enough() -> None:
    leads = leads_of(ROWS, 2)
    assert decided_round(leads) == 4
    assert decided_round(leads, share=0.6) == 2
    assert decided_round(leads_of([], 2)) is None


def test_each_drivers_wins_are_counted_by_slot() -> None:
    leads = leads_of(ROWS, 2)
    assert leads.slot_starts == {"a": (3, 1), "b": (1, 3)}
    assert leads.slot_wins == {"a": (1, 1), "b": (0, 1)}


def test_the_balanced_rate_weighs_each_slot_equally() -> None:
    leads = leads_of(ROWS, 2)
    # a: 1 of 3 from slot 1, 1 of 1 from slot 2 -> (1/3 + 1) / 2, though
    # three of its four starts were from slot 1
    rate = balanced_rate(leads, "a")
    assert rate.rate == pytest.approx(2 / 3)
    # the mean of the Wilson intervals of 1 in 3 (0.0615 to 0.7923) and 1 in 1 (0.2065 to 1)
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.134, 0.8962)
    assert balanced_rate(leads, "nobody") == Interval(0.0, 0.0, 1.0)
