"""The movement rules, sentence by sentence (trackkit.racepack.movement)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from support import circuit_of

from trackkit.piecepack.geometry import Heading
from trackkit.racepack.movement.board import HEADINGS, Board, build_board, corner_inside_space
from trackkit.racepack.movement.car import Car, legal_movements, moved
from trackkit.racepack.movement.laps import Planner
from trackkit.racepack.movement.speeds import check_speeds, first_speeds, next_speeds
from trackkit.racepack.movement.turns import RE_ENTRY, TurnStart, turn_plans
from trackkit.racepack.spaces import Quadrant, Space

RING = "R 2S R S R 2S R S"
"""Ten tiles: heading east, corner 0 turns south, ... tile 9 is the straight
before corner 0 again (cells of tile 9: west of tile 0)."""

CHICANE = "3S CL 2S R 2S R 6S R 2S R"


def space(name: str) -> Space:
    return Space(int(name[:-2]), Quadrant.parse(name[-2:]))


def names(spaces: tuple[Space, ...]) -> list[str]:
    return [str(each) for each in spaces]


def ring_board() -> Board:
    return build_board(circuit_of(RING), Fraction(0))


# --- speeds ------------------------------------------------------------------


@pytest.mark.parametrize("speeds", [(1, 2, 3), (3, 3, 4), (6, 4, 2), (4, 2, 3)])
def test_the_rulebooks_legal_speed_sequences(speeds: tuple[int, ...]) -> None:
    """'the following speed sequences are some ... legal ones: 1-2-3, 3-3-4, 6-4-2, 4-2-3'."""
    assert check_speeds(speeds).legal


def test_the_rulebooks_illegal_speed_sequence() -> None:
    """'An illegal speed sequence would be 5-4-1. The change from 4 directly to 1 is illegal'."""
    verdict = check_speeds((5, 4, 1))
    assert not verdict.legal
    assert verdict.position == 2
    assert verdict.reason == "4 to 1 decelerates by 3; at most 2 is allowed"


def test_acceleration_by_two_is_illegal() -> None:
    """'cars may accelerate by 1 per movement'."""
    assert check_speeds((1, 3)).reason == "1 to 3 accelerates by 2; at most 1 is allowed"


def test_speed_limits_within_a_turn() -> None:
    assert list(next_speeds(1)) == [1, 2]
    assert list(next_speeds(4)) == [2, 3, 4, 5]
    assert list(next_speeds(7)) == [5, 6, 7]
    assert list(first_speeds()) == [1, 2, 3, 4, 5, 6, 7]
    assert check_speeds((8,)).reason == "speeds range from 1 to 7, not 8"
    assert check_speeds((1, 1, 1, 1)).position == 3


def test_race_start_is_at_speed_one() -> None:
    """'Drivers must start the race with a first movement speed of 1.'"""
    assert list(first_speeds(race_start=True)) == [1]
    assert check_speeds((1, 2, 3), race_start=True).legal
    assert (
        check_speeds((2, 3, 4), race_start=True).reason == "the race starts with a first movement of speed 1"
    )


def test_strategy_tokens_lift_the_speed_limits() -> None:
    """'the 5 token could be used to instantly accelerate to 5 ... the 1 token
    could be used to instantly decelerate to a speed of 1' (and Figure 3:
    speed 1, the 4 token, then 2)."""
    assert check_speeds((1, 4, 2), tokens=(False, True)).legal
    assert check_speeds((7, 1), tokens=(False, True)).legal
    assert not check_speeds((7, 1)).legal
    assert check_speeds((6, 1, 1), tokens=(False, True, True)).reason == "the 1 token can be used only once"
    assert check_speeds((7, 6), tokens=(False, True)).reason == "there is no strategy token 6"
    assert check_speeds((1,), race_start=True, tokens=(True,)).reason == (
        "a strategy token may not be used when starting out"
    )


# --- corners -----------------------------------------------------------------


def test_entering_a_corner_at_one_or_two() -> None:
    """'Corners ... may only be safely entered at a speed of 1 ... a speed of 2
    is allowed ... greater than 2 is not allowed'.  Tile 9 runs east into
    corner 0, which turns south; 0SW is its apex."""
    board = ring_board()
    options = legal_movements(board, Car(space("9SE"), Heading.EAST))
    found = [(o.kind, o.speed, names(o.spaces), o.enters, o.risky) for o in options]
    assert found == [
        ("forward", 1, ["9SE", "0SW"], 0, False),
        ("lane-change", 1, ["9SE", "0NW"], 0, False),
        ("forward", 2, ["9SE", "0SW", "0SE"], 0, True),
        ("lane-change", 2, ["9SE", "0NW"], 0, True),
    ]
    safe = legal_movements(board, Car(space("9SE"), Heading.EAST), risky=False)
    assert [(o.kind, o.speed) for o in safe] == [("forward", 1), ("lane-change", 1)]


def test_no_lane_change_across_the_inside_corner_edge() -> None:
    """'Lane changes may not be made that cut across inside corner edges.'
    From 9SE the diagonal to the south-east would land on 1NW, round the
    apex of corner 0; it is not offered."""
    board = ring_board()
    reached = {str(o.spaces[-1]) for o in legal_movements(board, Car(space("9SE"), Heading.EAST))}
    assert "1NW" not in reached


def test_facing_out_of_the_corner_or_still_ahead() -> None:
    """'it is automatically assumed to be facing out of the corner ... (in rare
    cases a driver may wish the car to still be facing in the direction it was
    moving ...)'.  A car that entered corner 0 on 0NW heading east may go on
    south (out of the corner) or east."""
    board = ring_board()
    car = moved(
        board, Car(space("9NE"), Heading.EAST), legal_movements(board, Car(space("9NE"), Heading.EAST))[0]
    )
    assert (str(car.space), car.heading, car.speed, car.movements) == ("0NW", Heading.EAST, 1, 1)
    options = legal_movements(board, car)
    forward = [(o.heading, names(o.spaces)) for o in options if o.kind == "forward"]
    assert forward == [
        (Heading.SOUTH, ["0NW", "0SW"]),
        (Heading.SOUTH, ["0NW", "0SW", "1NW"]),
        (Heading.EAST, ["0NW", "0NE"]),
    ]


def test_three_outside_spaces_of_a_corner() -> None:
    """'He places his car onto any one of the three outside spaces of the corner tile.'"""
    board = ring_board()
    assert corner_inside_space(board.circuit, 0) is Quadrant.SW
    assert names(tuple(board.space(number) for number in board.outside_spaces(0))) == ["0NE", "0NW", "0SE"]


def test_a_spun_out_car_re_enters_at_speed_one() -> None:
    """'the driver must use up one movement to re-enter the track at a speed
    of 1 ... The driver may now use his remaining two movements'."""
    board = ring_board()
    plans = turn_plans(board, TurnStart(spun=0))
    assert plans
    search_plans = {plan.end for plan in plans}
    assert all(board.space(end[0]).tile in (0, 1, 2) for end in search_plans)
    planner = Planner(board)
    node = (-1, -1, 1, 0)
    for plan in planner.plans(node):
        movements = planner.movements(node, plan)
        assert movements[0].kind == RE_ENTRY and movements[0].speed == 1
        assert len(movements) == 3 and movements[1].speed <= 2


ESSES = "3S 2L R L R L 2S L S L R L"
"""A run of corners (the smaller of the two tracks ``analyze`` once failed
on): tile 3 turns left from east to north, tile 4 left from north to west."""


def test_a_lane_change_from_an_apex_keeps_its_heading_onto_the_next_corner() -> None:
    """From corner 3's apex (3NW), still facing east as it came in, a lane
    change lands on corner 4 (4SE) facing east: neither corner 4's heading
    in (north) nor out (west).  That place is one a car can stand on."""
    board = build_board(circuit_of(ESSES), Fraction(3, 2))
    car = Car(space("3NW"), Heading.EAST, speed=1, movements=1)
    landed = {
        (str(option.spaces[-1]), moved(board, car, option).heading)
        for option in legal_movements(board, car)
        if option.kind == "lane-change"
    }
    assert ("4SE", Heading.EAST) in landed
    assert (board.number(space("4SE")), HEADINGS.index(Heading.EAST)) in board.states()


@pytest.mark.parametrize("path", [RING, CHICANE, ESSES, "3S R R L 2S R 3S R 3S R S"])
def test_every_turn_ends_on_a_listed_place(path: str) -> None:
    """The places a car can stand between turns are closed under turns:
    every plan, safe or risky, from every place ends on one of them."""
    board = build_board(circuit_of(path), Fraction(0))
    places = set(board.states())
    planner = Planner(board, risky=True)
    for place in places:
        for crossings in (1, 2):
            assert {plan.end for plan in planner.plans((*place, crossings, 0))} <= places


def test_a_movement_after_speed_seven_cannot_enter_a_corner() -> None:
    board = ring_board()
    car = Car(space("6NE"), Heading.NORTH, speed=7, movements=1)
    assert all(o.speed >= 5 for o in legal_movements(board, car))
    assert all(o.enters is None for o in legal_movements(board, car))


# --- chicanes, hazards, pit lane ---------------------------------------------


def test_a_chicane_narrows_the_road_to_one_lane() -> None:
    """'a constriction point where the road goes down to a width of 1 lane at
    the entrance and exit of the chicane'."""
    board = build_board(circuit_of(CHICANE), Fraction(0))
    into = [source for (source, _), target in board.ahead.items() if source // 4 == 2 and target // 4 == 3]
    out_of = [source for (source, _), target in board.ahead.items() if source // 4 == 3 and target // 4 == 4]
    assert len(into) == 1 and len(out_of) == 1


def test_a_hazard_ends_the_turn() -> None:
    """'When a car passes directly over or lands on a suit side up hazard
    marker, the driver may not make any further movements that turn ... He
    finishes the present movement'.  A hazard on 7NW, the car on 6NW heading
    north."""
    board = ring_board().with_changes(hazards=[4 * 7 + list(Quadrant).index(Quadrant.NW)])
    hazard = board.number(space("7NW"))
    node = (board.number(space("6NW")), list(Heading).index(Heading.NORTH), 2, 0)
    planner = Planner(board)
    ended = []
    for plan in planner.plans(node):
        movements = planner.movements(node, plan)
        hit = [index for index, movement in enumerate(movements) if hazard in movement.spaces[1:]]
        assert hit in ([], [len(movements) - 1])
        ended += [(len(movements), names(tuple(board.space(n) for n in movements[-1].spaces)))] if hit else []
    assert ended == [(2, ["7SW", "7NW"])]
    calm = Planner(board).plans((node[0], node[1], 1, 0))
    assert all(len(Planner(board).movements((node[0], node[1], 1, 0), plan)) == 3 for plan in calm)


def test_speed_three_in_the_pit_lane() -> None:
    """'Speed in the pit lane is restricted to 3.'"""
    board = ring_board().with_changes(limit={6: 3, 7: 3})
    car = Car(space("6NE"), Heading.NORTH)
    assert max(o.speed for o in legal_movements(board, car)) == 3
