"""The independent move checker: clean races pass, tampered ones do not."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from support import LAYOUTS, game_of_file

from trackkit.games import load
from trackkit.rally.race.checker import check_rally
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.engine import RallyOptions, play_rally, rally_track
from trackkit.rally.race.record import MoveRecord, RallyRecord, TurnRecord

RALLY_SHIPPED = sorted(path for path in LAYOUTS.glob("*.yaml") if game_of_file(path) == "rally")
KINDS = ("bold", "cautious", "random")


def race(path: Path, players: int, skills: str, seed: int) -> RallyRecord:
    deck = load(path).layout
    drivers = [RallyDriver(KINDS[(seat + seed) % 3]) for seat in range(players)]
    options = RallyOptions(skills=skills, expansion=deck.expansion, record=True)
    result = play_rally(rally_track(deck.course), drivers, options, random.Random(seed))
    assert result.record is not None
    return result.record


def test_there_are_shipped_decks() -> None:
    assert len(RALLY_SHIPPED) >= 2


@pytest.mark.parametrize("path", RALLY_SHIPPED, ids=lambda path: path.name)
@pytest.mark.parametrize(
    ("players", "skills"), [(2, "none"), (3, "base"), (4, "advanced"), (5, "base"), (6, "none")]
)
def test_complete_races_pass_the_checker(path: Path, players: int, skills: str) -> None:
    for seed in range(3):
        assert check_rally(race(path, players, skills, seed)) == []


BASE = LAYOUTS / "rally-base.yaml"


def first_move(record: RallyRecord) -> tuple[int, TurnRecord]:
    return next((index, turn) for index, turn in enumerate(record.turns) if turn.moves)


def replaced_turn(record: RallyRecord, index: int, turn: TurnRecord) -> RallyRecord:
    turns = list(record.turns)
    turns[index] = turn
    return dataclasses.replace(record, turns=turns)


def test_a_move_one_step_too_long_is_caught() -> None:
    record = race(BASE, 4, "none", 1)
    index, turn = first_move(record)
    move = turn.moves[0]
    longer = dataclasses.replace(move, path=(*move.path, move.path[-1] + 3))
    tampered = replaced_turn(record, index, dataclasses.replace(turn, moves=(longer, *turn.moves[1:])))
    assert any("steps for one Fuel token" in problem for problem in check_rally(tampered))


def test_a_move_through_a_car_without_ghosting_is_caught() -> None:
    record = race(BASE, 4, "none", 1)
    for index, turn in enumerate(record.turns):
        for number, move in enumerate(turn.moves):
            if move.ghost:
                plain = dataclasses.replace(move, ghost=False)
                moves = (*turn.moves[:number], plain, *turn.moves[number + 1 :])
                problems = check_rally(replaced_turn(record, index, dataclasses.replace(turn, moves=moves)))
                assert any("without ghosting" in problem for problem in problems)
                return
    pytest.fail("no ghosting move to tamper with")


def test_a_wrong_combo_is_caught() -> None:
    record = race(BASE, 4, "none", 2)
    index, turn = first_move(record)
    assert turn.roll is not None
    bad = dataclasses.replace(turn.roll, fuel=(1, 3))
    problems = check_rally(replaced_turn(record, index, dataclasses.replace(turn, roll=bad)))
    assert any("are not both Combos" in problem for problem in problems)


def test_extra_dice_are_caught() -> None:
    record = race(BASE, 4, "none", 2)
    index, turn = first_move(record)
    assert turn.roll is not None
    bad = dataclasses.replace(turn.roll, rolls=((6,) * 10, *turn.roll.rolls[1:]))
    problems = check_rally(replaced_turn(record, index, dataclasses.replace(turn, roll=bad)))
    assert any("rolls 10 dice" in problem for problem in problems)


def test_a_turn_out_of_order_and_a_false_score_are_caught() -> None:
    record = race(BASE, 3, "none", 3)
    swapped = [record.turns[1], record.turns[0], *record.turns[2:]]
    assert any(
        "has the flag" in problem for problem in check_rally(dataclasses.replace(record, turns=swapped))
    )
    boasted = dataclasses.replace(record, scores=(record.scores[0] + 1, *record.scores[1:]))
    assert any("the scores are" in problem for problem in check_rally(boasted))


def test_a_jump_to_the_wrong_place_is_caught() -> None:
    for seed in range(20):
        record = race(BASE, 4, "none", seed)
        for index, turn in enumerate(record.turns):
            for number, move in enumerate(turn.moves):
                if move.jump:
                    wrong = MoveRecord(move.car, (*move.path[:-1], move.path[-2]), move.ghost, move.jump)
                    moves = (*turn.moves[:number], wrong, *turn.moves[number + 1 :])
                    problems = check_rally(
                        replaced_turn(record, index, dataclasses.replace(turn, moves=moves))
                    )
                    assert any("may not land" in problem for problem in problems)
                    return
    pytest.fail("no jump to tamper with")
