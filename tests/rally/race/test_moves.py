"""The moves one Fuel token buys: reach, Gates, ghosting, Jumps."""

from __future__ import annotations

from trackkit.rally.race.engine import RallyTrack, rally_track
from trackkit.rally.race.moves import Candidate, Table, fuel_moves, jump_targets, team_gap
from trackkit.rally.race.record import FINISHED
from trackkit.rally.race.road import WIDTH

COURSE = (
    "start",
    "3-lane",
    "straight",
    "left-curve",
    "checkpoint",
    "jump",
    "straight",
    "straight",
    "checkpoint",
)
TRACK = rally_track(COURSE)
ROAD = TRACK.road


def table(track: RallyTrack, cars: list[int]) -> Table:
    occupied = bytearray(track.road.rows * WIDTH)
    for space in cars:
        if space >= 0:
            occupied[space] += 1
    return Table(track.road, list(cars), occupied, track.road.rows, track.ways)


def at(card: int, row: int, lane: int) -> int:
    return (ROAD.first_row[card] + row) * WIDTH + lane


def ends(moves: list[Candidate], ghost: bool = False, jump: str = "") -> set[int]:
    return {move.end for move in moves if move.ghost is ghost and move.jump == jump}


def test_a_fuel_token_moves_up_to_three_spaces() -> None:
    here = at(2, 0, 0)
    moves = fuel_moves(table(TRACK, [here, -2]), 0, 3, 0, 0, False, True)
    assert at(3, 0, 0) in ends(moves)
    assert (
        max(
            ROAD.card[end // WIDTH] * 10 + (end // WIDTH - ROAD.first_row[ROAD.card[end // WIDTH]])
            for end in ends(moves)
        )
        == 30
    )
    assert all(len(move.path) <= 4 for move in moves)
    turbo = fuel_moves(table(TRACK, [here, -2]), 0, 4, 0, 0, False, True)
    assert at(3, 0, 1) in ends(turbo) and at(3, 1, 0) not in ends(turbo)


def test_a_gate_costs_control() -> None:
    here = at(3, 0, 0)
    poor = fuel_moves(table(TRACK, [here, -2]), 0, 3, 0, 0, False, True)
    assert at(3, 1, 0) not in ends(poor)
    inside = at(3, 1, 0)
    rich = {move.end: move for move in fuel_moves(table(TRACK, [here, -2]), 0, 3, 2, 0, False, True)}
    assert rich[inside].cost == 1  # the cheapest way: the outside lane's yellow Gate, then sideways
    assert rich[inside].path == (here, at(3, 0, 1), at(3, 1, 1), inside)
    assert rich[at(3, 1, 1)].cost == 1
    straight_in = fuel_moves(table(TRACK, [here, at(3, 0, 1)]), 0, 3, 2, 0, False, True)
    assert {move.end: move.cost for move in straight_in if not move.ghost}[inside] == 2
    best_line = {
        move.end: move.cost for move in fuel_moves(table(TRACK, [here, -2]), 0, 3, 2, 1, False, True)
    }
    assert best_line[inside] == 0 and best_line[at(3, 1, 1)] == 0


def test_ghosting_passes_other_cars_for_one_control() -> None:
    here = at(2, 0, 0)
    blockers = [at(2, 1, 0), at(2, 1, 1)]
    moves = fuel_moves(table(TRACK, [here, -2, *blockers]), 0, 3, 1, 0, False, True)
    assert ends(moves) == set()
    ghosted = {move.end: move.cost for move in moves if move.ghost}
    assert ghosted[at(2, 2, 0)] == 1
    assert all(end not in blockers for end in ghosted)
    assert fuel_moves(table(TRACK, [here, -2, *blockers]), 0, 3, 0, 0, False, True) == ()


def test_passing_the_final_line_finishes() -> None:
    here = at(8, 0, 1)
    moves = fuel_moves(table(TRACK, [here, -2]), 0, 3, 0, 0, False, True)
    assert FINISHED in ends(moves)


def test_jump_targets() -> None:
    ramp = ROAD.first_row[5]
    opponent = at(7, 1, 1)
    cars = [at(5, 0, 0), -2, opponent, -2]
    seen = table(TRACK, cars)
    targets = jump_targets(seen, 0, ramp, stunt=True)
    assert ("behind", at(7, 0, 1)) in targets
    assert ("stunt", at(7, 2, 1)) in targets
    assert [space for kind, space in targets if kind == "first"] == [at(6, 0, 0), at(6, 0, 1)]
    alone = jump_targets(table(TRACK, [at(5, 0, 0), -2]), 0, ramp, stunt=True)
    assert [kind for kind, _ in alone] == ["first", "first"]


def test_a_jump_lands_behind_the_closest_opponent_not_a_teammate() -> None:
    ramp = ROAD.first_row[5]
    cars = [at(5, 0, 0), at(6, 2, 1), at(7, 1, 1), at(7, 0, 1)]
    targets = jump_targets(table(TRACK, cars), 0, ramp, stunt=False)
    assert ("behind", at(6, 2, 0)) in targets


def test_team_racing_reach() -> None:
    assert team_gap(ROAD, [at(2, 0, 0), at(2, 2, 1)], 4)
    assert team_gap(ROAD, [at(2, 0, 0), at(3, 0, 1)], 4)
    assert not team_gap(ROAD, [at(2, 0, 0), at(3, 1, 1)], 4)
