"""Complete races on every shipped Motocross course, re-checked turn by turn
by the independent checker; tampered records are caught."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LAYOUTS

from trackkit.games import load
from trackkit.motocross.race.board import board_of
from trackkit.motocross.race.checker import check_race
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.engine import RaceCourse, play_race
from trackkit.motocross.race.record import RaceRecord, TurnRecord

COURSES = sorted(path.stem for path in LAYOUTS.glob("motocross-*.yaml"))
FIELDS = ["bold,cautious,random,random", "random,random,random", "cautious,bold,bold,cautious"]


def recorded(name: str, field: str, seed: int) -> RaceRecord:
    course = RaceCourse(board_of(load(LAYOUTS / f"{name}.yaml").layout))
    result = play_race(course, parse_riders(field), seed=seed, record=True)
    assert result.record is not None
    return result.record


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("name", COURSES)
def test_whole_races_pass_the_independent_check(name: str, field: str) -> None:
    for seed in range(6):
        record = recorded(name, field, seed)
        assert record.turns[-1].outcome == "finish"
        assert check_race(record) == []


def test_every_shipped_course_is_raced() -> None:
    assert COURSES == ["motocross-four-players", "motocross-max-ramps", "motocross-three-players"]


def tampered(record: RaceRecord, index: int, **changes: object) -> RaceRecord:
    turns = list(record.turns)
    turns[index] = replace(turns[index], **changes)  # type: ignore[arg-type]
    return replace(record, turns=turns)


def first(record: RaceRecord, outcome: str) -> int:
    return next(index for index, turn in enumerate(record.turns) if turn.outcome == outcome)


def test_a_number_not_rolled_is_caught() -> None:
    record = recorded("motocross-four-players", FIELDS[0], 1)
    index = first(record, "moved")
    turn = record.turns[index]
    wrong = next(number for number in range(1, 6) if number not in turn.dice)
    problems = check_race(tampered(record, index, number=wrong))
    assert problems and problems[0].startswith(f"turn {index + 1} ") and "did not roll" in problems[0]


def test_a_die_too_many_is_caught() -> None:
    record = recorded("motocross-max-ramps", FIELDS[0], 2)
    index = first(record, "moved")
    turn = record.turns[index]
    problems = check_race(tampered(record, index, dice=(*turn.dice, 0)))
    assert problems and "dice in place" in problems[0]


def test_a_move_that_runs_off_recorded_as_a_move_is_caught() -> None:
    record = recorded("motocross-four-players", FIELDS[0], 3)
    index = first(record, "off")
    problems = check_race(tampered(record, index, outcome="moved"))
    assert problems and "ends 'off'" in problems[0]


def test_a_coin_never_held_is_caught() -> None:
    record = recorded("motocross-three-players", FIELDS[1], 4)
    index = first(record, "moved")
    problems = check_race(tampered(record, index, extra=9, dice=record.turns[index].dice + (0,) * 9))
    assert problems and "spends 9 coins" in problems[0]


def test_a_turn_out_of_order_is_caught() -> None:
    record = recorded("motocross-three-players", FIELDS[1], 5)
    turns = [record.turns[1], record.turns[0], *record.turns[2:]]
    assert check_race(replace(record, turns=turns)) == ["turn 1 (seat 2): seat 1 was to play"]


def test_a_turn_played_after_the_finish_is_caught() -> None:
    record = recorded("motocross-max-ramps", FIELDS[2], 0)
    extra = TurnRecord((len(record.turns)) % len(record.drivers), "pass")
    problems = check_race(replace(record, turns=[*record.turns, extra]))
    assert problems == [
        f"turn {len(record.turns) + 1} (seat {extra.seat + 1}): played after the race was won"
    ]


def test_a_start_without_an_ace_is_caught() -> None:
    record = recorded("motocross-four-players", FIELDS[0], 1)
    index = first(record, "no-start")
    turn = record.turns[index]
    problems = check_race(tampered(record, index, outcome="stay"))
    assert turn.dice and problems and "re-enters without an ace" in problems[0]


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(COURSES),
    kinds=st.lists(st.sampled_from(["bold", "cautious", "random"]), min_size=1, max_size=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_field_and_seed_plays_a_race_the_checker_accepts(name: str, kinds: list[str], seed: int) -> None:
    record = recorded(name, ",".join(kinds), seed)
    assert check_race(record) == []
