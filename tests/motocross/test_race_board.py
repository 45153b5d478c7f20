"""The course space by space, and the moves one number allows."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LAYOUTS

from trackkit.errors import CircuitError
from trackkit.games import load
from trackkit.motocross.course import Course, path_centres
from trackkit.motocross.race.board import StepKind, board_of
from trackkit.motocross.race.moves import RouteEnd, Routes
from trackkit.piecepack.circuit import Kind
from trackkit.piecepack.geometry import Heading

S, L = Kind.STRAIGHT, Kind.LEFT


def short(kinds: list[Kind], ramps: tuple[tuple[int, int], ...] = ()) -> Course:
    """A short course (the players agreed to stop building early)."""
    return Course(path_centres(kinds), ramps=ramps, house_rules=("short-course",))


def test_rows_order_the_spaces_along_the_course() -> None:
    board = board_of(short([S, S, S]))
    # Tile 1 (centre (2, 0)) covers x 1..2: x 2 is its front row, towards tile 2.
    assert board.progress[(1, 0)] == 2
    assert board.progress[(2, -1)] == 3
    assert board.start_spaces == ((0, -1), (0, 0), (-1, -1), (-1, 0))


def test_a_step_goes_on_off_or_across_the_finish_line_never_back() -> None:
    board = board_of(short([S, S, S], ramps=((1, 2),)))
    assert board.step((0, 0), Heading.WEST).kind is StepKind.BACK
    assert board.step((0, 0), Heading.NORTH).kind is StepKind.OFF
    assert board.step((2, 0), Heading.EAST).ramp == 2
    assert board.step((4, 0), Heading.EAST).kind is StepKind.FINISH
    assert board.step((4, 0), Heading.NORTH).kind is StepKind.OFF


def test_a_step_sideways_back_onto_an_earlier_tile_is_not_allowed() -> None:
    board = board_of(short([S, L, S]))
    # Tile 1 turns north: west is sideways there, but leads back to tile 0.
    assert board.directions((1, 0)) == (Heading.NORTH, Heading.WEST, Heading.EAST)
    assert board.step((1, 0), Heading.WEST).kind is StepKind.BACK


def test_an_illegal_course_is_refused() -> None:
    with pytest.raises(CircuitError) as raised:
        board_of(Course(((0, 0), (2, 0), (4, 0))))
    assert str(raised.value) == (
        "a race needs a legal course, and this one breaks the rules (2 errors: motocross/ramp-coins, motocross/tile-count)"
    )


def test_a_number_too_low_for_the_ramp_is_stopped_at_its_edge() -> None:
    routes = Routes(board_of(short([S, S, S, S], ramps=((1, 2),))))
    ends = {(r.end_kind, r.end) for r in routes.of((1, 0), 2, 0)}
    assert ends == {(RouteEnd.OFF, (1, 0)), (RouteEnd.OFF, (1, -1)), (RouteEnd.RAMP, (2, 0))}
    jump = [r for r in routes.of((1, 0), 3, 0) if r.end_kind is RouteEnd.END]
    assert len(jump) == 1 and jump[0].end == (4, 0) and jump[0].flying
    assert jump[0].ground == frozenset({(2, 0)})


def test_a_null_lets_a_bike_turn_with_the_course() -> None:
    routes = Routes(board_of(short([S, L, S])))
    # From the front of tile 0, three spaces east run off the outside of
    # the bend on tile 1; with one turn the bike rounds it onto tile 2.
    straight = {(r.end_kind, r.end) for r in routes.of((0, 0), 3, 0)}
    assert straight == {(RouteEnd.OFF, (2, 0)), (RouteEnd.OFF, (0, 0)), (RouteEnd.OFF, (0, -1))}
    turning = {(r.end_kind, r.end) for r in routes.of((0, 0), 3, 1)}
    assert {(RouteEnd.END, (2, 1)), (RouteEnd.END, (1, 2))} <= turning


def test_crossing_the_finish_line_ends_the_move_early() -> None:
    routes = Routes(board_of(short([S, S])))
    finishing = [r for r in routes.of((1, 0), 5, 0) if r.end_kind is RouteEnd.FINISH]
    assert [len(r.headings) for r in finishing] == [2]


HILLSIDE = board_of(load(LAYOUTS / "motocross-four-players.yaml").layout)
SPACES = sorted(HILLSIDE.tile_of)
HILLSIDE_ROUTES = Routes(HILLSIDE)


@settings(max_examples=60, deadline=None)
@given(space=st.sampled_from(SPACES), number=st.integers(1, 5), turns=st.integers(0, 3))
def test_every_route_takes_its_number_of_steps_and_no_more_turns(
    space: tuple[int, int], number: int, turns: int
) -> None:
    for route in HILLSIDE_ROUTES.of(space, number, turns):
        steps = len(route.headings)
        assert steps == number if route.end_kind is RouteEnd.END else steps <= number
        changes = sum(1 for before, after in itertools.pairwise(route.headings) if after is not before)
        assert changes <= turns
        assert all(after is not before.opposite() for before, after in itertools.pairwise(route.headings))
        assert route.end in HILLSIDE.tile_of
