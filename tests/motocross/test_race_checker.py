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
    assert problems[0] == (
        "turn 9 (seat 1): records 'moved' where the move ends 'off': \"If you run out of track during a"
        ' move, you wipe out from the space you left the track."'
    )


def test_a_coin_never_held_is_caught() -> None:
    record = recorded("motocross-three-players", FIELDS[1], 4)
    index = first(record, "moved")
    problems = check_race(tampered(record, index, extra=9, dice=record.turns[index].dice + (0,) * 9))
    assert problems and "spends 9 coins" in problems[0]


def test_a_turn_out_of_order_is_caught() -> None:
    record = recorded("motocross-three-players", FIELDS[1], 5)
    turns = [record.turns[1], record.turns[0], *record.turns[2:]]
    assert check_race(replace(record, turns=turns)) == [
        'turn 1 (seat 2): seat 1 was to play: "Take turns ..., beginning with the starting player'
        ' and passing play to the left."'
    ]


def test_a_turn_played_after_the_finish_is_caught() -> None:
    record = recorded("motocross-max-ramps", FIELDS[2], 0)
    extra = TurnRecord((len(record.turns)) % len(record.drivers), "pass")
    problems = check_race(replace(record, turns=[*record.turns, extra]))
    assert problems == [
        f"turn {len(record.turns) + 1} (seat {extra.seat + 1}): plays after the race was won:"
        ' "The first player to cross the finish line wins the race."'
    ]


def test_a_start_without_an_ace_is_caught() -> None:
    record = recorded("motocross-four-players", FIELDS[0], 1)
    index = first(record, "no-start")
    turn = record.turns[index]
    problems = check_race(tampered(record, index, outcome="stay"))
    assert problems[0] == (
        f"turn {index + 1} (seat {turn.seat + 1}): re-enters with no ace in {list(turn.dice)} and no coin:"
        ' "If you fail to roll an ace while attempting to re-enter the track, your bike would not start"'
    )


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(COURSES),
    kinds=st.lists(st.sampled_from(["bold", "cautious", "random"]), min_size=1, max_size=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_field_and_seed_plays_a_race_the_checker_accepts(name: str, kinds: list[str], seed: int) -> None:
    record = recorded(name, ",".join(kinds), seed)
    assert check_race(record) == []


# Issue 34, item 8: a race cut off before anyone finished is refused, and each
# illegal move names the rule it breaks in the rulebook's words (it used to be
# "goes on after leaving the track" for all three, and a no-start with an ace
# "records 'no-start' without moving").

FOUR_BOLD = "bold,bold,bold,bold"


def test_a_race_cut_off_before_anyone_finished_is_refused() -> None:
    record = recorded("motocross-four-players", FOUR_BOLD, 3)
    assert len(record.turns) > 70
    assert check_race(replace(record, turns=record.turns[:70])) == [
        "the race ends after 70 turns with no bike across the finish line:"
        ' "The first player to cross the finish line wins the race."'
    ]


@pytest.mark.parametrize(
    ("course", "seed", "index", "number", "headings", "problem"),
    [
        (
            "motocross-max-ramps",
            0,
            0,
            4,
            "NNNN",
            'turn 1 (seat 1): step 1 of NNNN moves into or through a bike on the ground: "You may not move'
            " into or through a space that is occupied by another player's pawn (except when jumping)\"",
        ),
        (
            "motocross-max-ramps",
            0,
            0,
            4,
            "WWWW",
            'turn 1 (seat 1): step 1 of WWWW moves away from the next tile: "You may never move away'
            ' from the next tile."',
        ),
        (
            "motocross-three-players",
            1,
            25,
            2,
            "SS",
            "turn 26 (seat 2): step 2 of SS crosses the 2-high jump ramp of tile 6 with a 2:"
            ' "the roll used for movement must be higher than the height of the jump ramp"',
        ),
        (
            "motocross-max-ramps",
            0,
            0,
            4,
            "EEEEE",
            "turn 1 (seat 1): takes 5 steps with a 4: \"Choose 'one' of the numbers you have rolled"
            ' ... and move your pawn in a straight line a number of spaces exactly equal to that number."',
        ),
    ],
    ids=[
        "through a bike on the ground",
        "a step backwards",
        "a 2-high ramp with a 2",
        "more steps than the number",
    ],
)
def test_an_illegal_move_names_the_rule_it_breaks(
    course: str, seed: int, index: int, number: int, headings: str, problem: str
) -> None:
    """The recorded move (turn 1: a 5 from (5, 4), EEEEE; turn 26: a 4 from
    (2, 3, 4, 3), SSSS) replaced by one the rules forbid, with a number rolled."""
    record = recorded(course, FOUR_BOLD, seed)
    assert number in record.turns[index].dice
    assert check_race(tampered(record, index, number=number, headings=headings))[0] == problem


def test_a_no_start_with_an_ace_rolled_names_the_ace() -> None:
    record = recorded("motocross-four-players", FOUR_BOLD, 3)
    turn = record.turns[28]
    assert (turn.seat, turn.dice, turn.coin_start, turn.outcome) == (0, (0, 4, 1, 5), False, "moved")
    assert record.turns[24].outcome == "no-start"  # seat 1 was off the track on its turn before
    problems = check_race(tampered(record, 28, number=0, headings="", outcome="no-start"))
    assert problems[0] == (
        "turn 29 (seat 1): records a no-start though it rolled an ace ([0, 4, 1, 5]):"
        ' "If you roll an ace, you have successfully kick-started your bike"'
    )
