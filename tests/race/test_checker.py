"""The independent RACE! move checker (trackkit.race.checker) against races
the engine recorded (trackkit.race.racing), and against tampered records."""

from __future__ import annotations

import dataclasses

import pytest
from support import LAYOUTS

from trackkit.games import load
from trackkit.race.checker import check_race_log
from trackkit.race.racing import RaceDriver, RaceTrackFacts, run_race
from trackkit.race.record import RaceLog, RacerTurn
from trackkit.race.replay import race_standings, racer_turn_words
from trackkit.race.track import RaceLayout

NAMES = ("bold", "cautious", "random", "bold", "random", "cautious", "random", "bold")


def _race(name: str, seed: int, racers: int = 8) -> tuple[RaceLayout, RaceLog]:
    layout = load(LAYOUTS / f"{name}.yaml").layout
    drivers = [RaceDriver(driver) for driver in NAMES[:racers]]
    log = run_race(RaceTrackFacts(layout), drivers, seed, record=True).log
    assert log is not None
    return layout, log


def _with_turn(log: RaceLog, index: int, **changes: object) -> RaceLog:
    turns = list(log.turns)
    turns[index] = dataclasses.replace(turns[index], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(log, turns=tuple(turns))


@pytest.mark.parametrize("name", ["race-oval", "race-road-course", "race-hairpin"])
@pytest.mark.parametrize("seed", range(8))
def test_recorded_races_pass_the_checker(name: str, seed: int) -> None:
    layout, log = _race(name, seed)
    assert check_race_log(layout, log) == []
    assert len(log.turns) >= 8


def test_the_log_does_not_change_the_race() -> None:
    layout = load(LAYOUTS / "race-road-course.yaml").layout
    drivers = [RaceDriver(driver) for driver in NAMES]
    facts = RaceTrackFacts(layout)
    plain = run_race(facts, drivers, 11)
    logged = run_race(facts, drivers, 11, record=True)
    assert dataclasses.replace(logged, log=None) == plain


def test_a_wrong_end_space_is_caught_with_the_rule() -> None:
    layout, log = _race("race-road-course", 3)
    turn = log.turns[9]
    wrong = turn.to % layout.spaces + 1
    problems = check_race_log(layout, _with_turn(log, 9, to=wrong))
    assert problems[0].startswith(f"turn 10 (racer {turn.racer + 1}): the move ends on space {wrong}, but ")


def test_a_speed_jump_is_caught() -> None:
    layout, log = _race("race-oval", 1)
    turn = log.turns[0]
    problems = check_race_log(layout, _with_turn(log, 0, speed=3, dice=(*turn.dice, 1, 2)))
    assert problems[0] == "turn 1 (racer 1): speed 0 → 3: 'up by one, down by one or stay the same'"


def test_missing_dice_are_caught() -> None:
    layout, log = _race("race-oval", 1)
    turn = log.turns[0]
    problems = check_race_log(layout, _with_turn(log, 0, dice=turn.dice[:-1]))
    assert problems[0].startswith(f"turn 1 (racer 1): {len(turn.dice) - 1} racer and speed dice at speed ")


def test_out_of_order_turns_are_caught() -> None:
    layout, log = _race("race-oval", 1)
    swapped = dataclasses.replace(log, turns=(log.turns[1], log.turns[0], *log.turns[2:]))
    problems = check_race_log(layout, swapped)
    assert problems[0].startswith("turn 1 (racer 2): racer 1 plays now")


def test_a_choice_nothing_forced_is_caught() -> None:
    layout, log = _race("race-road-course", 2)
    index = next(n for n, turn in enumerate(log.turns) if turn.blocked is None)
    problems = check_race_log(layout, _with_turn(log, index, blocked="slow"))
    assert any("records a choice (slow) though nothing blocked it" in problem for problem in problems)


def test_standings_and_words() -> None:
    layout, log = _race("race-oval", 1, racers=6)
    found = race_standings(layout, log)
    assert found[0] == (24, 23, 22, 21, 20, 19)
    assert found[-1] == (None,) * 6
    turn = RacerTurn(0, 2, (5, 3, 8, 1, 7), (4,), 14, None, 2, 9, "slow")
    assert racer_turn_words(log, turn) == (
        f"racer 1 ({log.drivers[0]}): speed 2, dice 5 3 8 1 7 and hazard dice 4 → space 14; "
        "shakes racer 3 to space 9 (blocked: slows down)"
    )


def test_a_racer_passing_a_queue_over_the_line_finishes_once() -> None:
    """Race 2 on the oval: racer 8 finished by passing racers that stood
    beyond the line, and the engine counted it home once per space it moved
    over the line (the order read 8, 8, 4, ...: nine places for eight
    racers).  It finishes once, and the record's finishing order is checked."""
    layout = load(LAYOUTS / "race-oval.yaml").layout
    drivers = [RaceDriver(driver) for driver in NAMES]
    outcome = run_race(RaceTrackFacts(layout), drivers, 2, record=True)
    assert outcome.order == (7, 3, 5, 6, 4, 0, 1, 2)
    assert outcome.log is not None
    assert outcome.log.finish == outcome.order
    wrong = dataclasses.replace(outcome.log, finish=(7, 7, 3, 5, 6, 4, 0, 1, 2))
    assert check_race_log(layout, wrong) == [
        "the finish: the record gives the order 8, 8, 4, 6, 7, 5, 1, 2, 3, but the racers finished"
        " 8, 4, 6, 7, 5, 1, 2, 3 ('the order that the racers cross the finish line at the end of the final lap')"
    ]
