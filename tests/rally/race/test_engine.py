"""Whole rally races by the rules."""

from __future__ import annotations

import random

import pytest
from support import LAYOUTS

from trackkit.errors import ArgumentError
from trackkit.games import load
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.engine import RallyOptions, play_rally, rally_track, starting_tokens
from trackkit.rally.race.record import FINISHED

BASE = rally_track(load(LAYOUTS / "rally-base.yaml").layout.course)


def field(players: int) -> list[RallyDriver]:
    kinds = ("bold", "cautious", "random")
    return [RallyDriver(kinds[seat % 3]) for seat in range(players)]


def test_starting_tokens() -> None:
    assert [starting_tokens(seat) for seat in range(5)] == [(3, 3), (3, 4), (4, 4), (4, 4), (4, 4)]


@pytest.mark.parametrize(
    ("players", "points"), [(2, 3 * (9 + 17)), (4, 3 * (14 + 30)), (5, 3 * (15 + 35)), (6, 3 * (15 + 35))]
)
def test_every_scoring_card_a_race_hands_out(players: int, points: int) -> None:
    """Each Checkpoint's Lead Car stack gives 5, 4, ... and its Trail Car
    stack 9, 8, ... to one car of each player; in a six-player game the
    sixth car of either kind takes nothing."""
    result = play_rally(BASE, field(players), RallyOptions(record=True), random.Random(players))
    assert sum(result.scores) == points
    assert sorted(result.standings) == list(range(players))
    assert result.record is not None
    assert result.record.winner == result.standings[0]


def test_a_race_ends_when_every_car_has_finished() -> None:
    result = play_rally(BASE, field(3), RallyOptions(record=True), random.Random(9))
    assert result.record is not None
    last = result.record.turns[-1]
    assert last.moves[-1].path[-1] == FINISHED
    finished = {move.car for turn in result.record.turns for move in turn.moves if move.path[-1] == FINISHED}
    assert finished == set(range(6))


def test_the_winner_has_most_points_and_ties_go_to_the_first_lead_car_home() -> None:
    for seed in range(30):
        result = play_rally(BASE, field(4), RallyOptions(), random.Random(seed))
        top = max(result.scores)
        assert result.scores[result.standings[0]] == top
        ranked = [result.scores[seat] for seat in result.standings]
        assert ranked == sorted(ranked, reverse=True)


def test_the_same_seed_plays_the_same_race() -> None:
    one = play_rally(BASE, field(4), RallyOptions(skills="advanced", record=True), random.Random(4))
    two = play_rally(BASE, field(4), RallyOptions(skills="advanced", record=True), random.Random(4))
    assert one == two


def test_skills_cards_are_played_and_leave_the_hand() -> None:
    result = play_rally(
        BASE, [RallyDriver("bold")] * 4, RallyOptions(skills="base", record=True), random.Random(2)
    )
    assert result.record is not None
    played = [card for turn in result.record.turns for card in turn.played]
    assert sorted(set(played)) == ["Best Line", "Turbo"]
    assert len(played) <= 8
    assert any(turn.roll is not None and turn.roll.all_in for turn in result.record.turns)


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(ArgumentError, match="from 2 to 6"):
        play_rally(BASE, field(players), RallyOptions(), random.Random(1))


def test_token_shortages_are_counted_on_cards() -> None:
    result = play_rally(BASE, [RallyDriver("cautious")] * 4, RallyOptions(), random.Random(3))
    assert len(result.shortages) == 2 * len(BASE.road.cards)
    assert sum(result.shortages) > 0


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_ghosting_move_is_counted_on_the_card_of_the_first_car_it_passes(seed: int) -> None:
    result = play_rally(BASE, field(6), RallyOptions(record=True), random.Random(seed))
    assert result.record is not None
    before: dict[int, int] = {}
    expected = [0] * len(BASE.road.cards)
    for turn in result.record.turns:
        for car, space in turn.placed:
            before[car] = space
        for move in turn.moves:
            if move.ghost:
                taken = {space for other, space in before.items() if other != move.car and space >= 0}
                first = next(space for space in move.path[1:] if space in taken)
                expected[BASE.road.card[first // 3]] += 1
            before[move.car] = move.path[-1]
    assert list(result.ghosts) == expected
    assert sum(expected) > 0
