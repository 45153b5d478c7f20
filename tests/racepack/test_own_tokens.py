"""Drivers that play strategy tokens on their own speed (``bold+tokens``...),
the engine playing them, the record keeping them and the move checker
judging them."""

from __future__ import annotations

import dataclasses
import functools

import pytest
from support import LAYOUTS

from trackkit.errors import ArgumentError
from trackkit.games import load
from trackkit.racepack.race.checker import check_race
from trackkit.racepack.race.drivers import parse_drivers
from trackkit.racepack.race.engine import RaceOptions, play_race
from trackkit.racepack.race.ppn import race_movetext, read_movetext
from trackkit.racepack.race.record import RaceRecord
from trackkit.racepack.race.simulate import simulate
from trackkit.racepack.race.track import RaceTrack

FIELD = parse_drivers("bold+tokens,cautious+tokens,random+tokens,bold")


@functools.cache
def _race(name: str, seed: int) -> tuple[RaceTrack, RaceRecord]:
    """A recorded four-car race of :data:`FIELD` on a shipped layout, played
    once per file: three tests read Figure 1's with seed 0 (records are
    only read, every change goes through ``dataclasses.replace``)."""
    track = RaceTrack(load(LAYOUTS / f"{name}.yaml").layout)
    record = play_race(track, FIELD, RaceOptions(cars=4, record=True), seed).record
    assert record is not None
    return track, record


def test_driver_names_take_the_tokens_ending() -> None:
    bold, cautious, _, plain = FIELD
    assert (bold.kind, bold.own_tokens, cautious.kind, plain.own_tokens) == ("bold", True, "cautious", False)
    with pytest.raises(ArgumentError, match="unknown driver 'bold\\+nitro'"):
        parse_drivers("bold+nitro")


@pytest.mark.parametrize(("name", "seed"), [("figure1", 0), ("hairpin", 1), ("grand-prix", 2)])
def test_token_races_pass_the_checker_and_read_back(name: str, seed: int) -> None:
    track, record = _race(name, seed)
    played = [(turn.slot, move.speed) for turn in record.turns for move in turn.moves if move.token]
    assert played
    assert len(played) == len(set(played))
    assert all(slot != 3 for slot, _ in played)
    empty = RaceRecord(record.laps, record.drivers, record.grid, [], finish=record.finish)
    assert read_movetext(track.layout, track.board, empty, race_movetext(track.layout, record)) == record
    assert check_race(track, record) == []


def test_tokens_on_their_own_speed_win_races() -> None:
    layout = load(LAYOUTS / "figure1.yaml").layout
    result = simulate(layout, parse_drivers("bold,bold+tokens"), races=100, seed=3)
    assert result.driver_wins["bold+tokens"] > 2 * result.driver_wins["bold"]


def _first_token(record: RaceRecord) -> tuple[int, int]:
    return next(
        (number, index)
        for number, turn in enumerate(record.turns)
        for index, move in enumerate(turn.moves)
        if move.token
    )


def test_a_token_played_twice_is_caught() -> None:
    track, record = _race("figure1", 0)
    number, index = _first_token(record)
    turn = record.turns[number]
    again = next(
        later
        for later in range(number + 1, len(record.turns))
        if record.turns[later].slot == turn.slot and record.turns[later].moves
    )
    later = record.turns[again]
    copied = dataclasses.replace(
        later, moves=(dataclasses.replace(later.moves[0], token=True, speed=turn.moves[index].speed),)
    )
    turns = [*record.turns[:again], copied, *record.turns[again + 1 :]]
    problems = check_race(track, dataclasses.replace(record, turns=turns))
    speed = turn.moves[index].speed
    expected = f"turn {again + 1} (car {turn.slot + 1}): movement 1: the {speed} token was played before"
    assert any(problem.startswith(expected) for problem in problems)


def test_a_token_without_its_flag_breaks_the_speed_rules() -> None:
    track, record = _race("figure1", 0)
    number, index = _first_token(record)
    turn = record.turns[number]
    moves = list(turn.moves)
    moves[index] = dataclasses.replace(moves[index], token=False)
    turns = list(record.turns)
    turns[number] = dataclasses.replace(turn, moves=tuple(moves))
    problems = check_race(track, dataclasses.replace(record, turns=turns))
    assert problems[0].startswith(f"turn {number + 1} (car {turn.slot + 1}): speeds ")


@functools.cache
def _pit_race(seed: int) -> tuple[RaceTrack, RaceRecord]:
    """A recorded pit-stop race on the pit-lane layout, played once per file
    (seeds 0 to 2 are read by several tests)."""
    track = RaceTrack(load(LAYOUTS / "pit-lane.yaml").layout)
    options = RaceOptions(cars=4, record=True, pit_stops=True)
    record = play_race(
        track, parse_drivers("bold+tokens,random+tokens,bold+tokens,random+tokens"), options, seed
    ).record
    assert record is not None
    return track, record


@pytest.mark.parametrize("seed", range(3))
def test_a_pit_stop_race_keeps_the_pit_laps_and_passes_the_checker(seed: int) -> None:
    track, record = _pit_race(seed)
    assert len(record.pit_laps) == 4
    assert all(1 <= lap <= track.laps for lap in record.pit_laps)
    assert check_race(track, record) == []
    empty = RaceRecord(record.laps, record.drivers, record.grid, [], record.pit_laps, finish=record.finish)
    assert read_movetext(track.layout, track.board, empty, race_movetext(track.layout, record)) == record


def test_tokens_renewed_by_a_pit_stop_may_be_played_again() -> None:
    """Some car plays the same token before and after its stop; without the
    pit laps the checker would call that a second use."""
    for seed in range(20):
        track, record = _pit_race(seed)
        played = [(turn.slot, move.speed) for turn in record.turns for move in turn.moves if move.token]
        if len(played) > len(set(played)):
            break
    else:
        pytest.fail("no car played a token twice in 20 pit-stop races")
    assert check_race(track, record) == []
    problems = check_race(track, dataclasses.replace(record, pit_laps=()))
    assert any("token was played before" in problem for problem in problems)


def test_speed_beside_the_pit_lane_is_checked_on_the_pit_lap() -> None:
    """Claiming every car stopped on lap 1 makes their fast first laps past the pits illegal."""
    track, record = _pit_race(0)
    assert all(lap > 1 for lap in record.pit_laps)
    problems = check_race(track, dataclasses.replace(record, pit_laps=(1, 1, 1, 1)))
    rule = "in the pit lane on its pit stop ('Speed in the pit lane is restricted to 3')"
    assert any(rule in problem for problem in problems)
