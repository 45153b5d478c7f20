"""One Motocross race by the rules: dice by place, moves, ramps, wipe-outs, re-entry, coins."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from support import LAYOUTS

from trackkit.errors import ArgumentError
from trackkit.games import load
from trackkit.motocross.course import Course, path_centres
from trackkit.motocross.race import engine
from trackkit.motocross.race.board import board_of
from trackkit.motocross.race.drivers import Rider
from trackkit.motocross.race.engine import RaceCourse, play_race
from trackkit.piecepack.circuit import Kind

S = Kind.STRAIGHT
BOLD, CAUTIOUS = Rider("bold"), Rider("cautious")


class Dice(random.Random):
    """A generator whose dice come out as scripted, one tuple a roll."""

    def __init__(self, rolls: Sequence[tuple[int, ...]]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def choices(
        self, population: Any, weights: Any = None, *, cum_weights: Any = None, k: int = 1
    ) -> list[Any]:
        faces = self.rolls.pop(0)
        assert len(faces) == k, f"rolled {k} dice, scripted {faces}"
        return list(faces)


def straight(tiles: int = 6, ramps: tuple[tuple[int, int], ...] = ()) -> RaceCourse:
    course = Course(path_centres([S] * tiles), ramps=ramps, house_rules=("short-course",))
    return RaceCourse(board_of(course))


def race(course: RaceCourse, riders: Sequence[Rider], rolls: Sequence[tuple[int, ...]]) -> Any:
    table = engine._Race(course, riders, Dice(rolls), record=True)
    return table


def placed(table: Any, *spaces: tuple[int, int]) -> Any:
    for bike, space in zip(table.bikes, spaces, strict=True):
        bike.space = space
    return table


def test_places_share_ties_and_skip_the_next() -> None:
    table = placed(race(straight(), [BOLD] * 4, []), (4, 0), (4, -1), (3, 0), (0, 0))
    assert [table._rank(bike) for bike in table.bikes] == [1, 1, 3, 4]


def test_a_bike_rolls_as_many_dice_as_its_place() -> None:
    table = placed(race(straight(), [BOLD, BOLD], [(3, 0)]), (4, 0), (1, 0))
    table._turn(table.bikes[1])
    turn = table.counts.turns[-1]
    assert turn.dice == (3, 0) and turn.number == 3 and turn.outcome == "moved"


def test_a_bike_that_runs_out_of_track_wipes_out_where_it_left_it() -> None:
    # Three spaces from the front of tile 0 with no null to turn: every move
    # runs off (east off the outside of the bend on tile 1).
    course = Course(path_centres([S, Kind.LEFT, S]), house_rules=("short-course",))
    table = placed(race(RaceCourse(board_of(course)), [BOLD], [(3,)]), (0, 0))
    table.bikes[0].coins = 0
    table._turn(table.bikes[0])
    turn = table.counts.turns[-1]
    assert (turn.outcome, turn.headings) == ("off", "EEE")
    assert table.bikes[0].out and table.bikes[0].space == (2, 0)
    assert table.counts.wipe_outs == [0, 1, 0]


def test_every_way_into_a_bike_wipes_out_where_it_stands() -> None:
    # The back-right bike: ahead and to its left stand bikes, to its right the
    # edge; a 1 can only run into a bike or off, so it runs off; a bold rider
    # boxed in like this passes instead.
    table = placed(race(straight(), [BOLD] * 3, []), (-1, -1), (0, -1), (-1, 0))
    assert table._boxed(table.bikes[0])
    table._turn(table.bikes[0])
    assert table.counts.turns[-1].action == "pass"


def test_no_number_over_the_ramp_stops_the_bike_and_counts_a_failed_jump() -> None:
    # At the raised edge of a 3-high ramp (tile 1), a single die of 2: ahead
    # the ramp, to one side a bike, to the other the edge of the track.  The
    # bike need not run off: the ramp holds it back.
    table = placed(race(straight(ramps=((1, 3),)), [BOLD, BOLD], [(2,)]), (2, 0), (2, -1))
    table.bikes[0].coins = 0
    table._turn(table.bikes[0])
    assert table.counts.turns[-1].outcome == "stay"
    assert table.counts.failed_jumps[1] == 1
    assert table.bikes[0].space == (2, 0) and not table.bikes[0].out


def test_a_jump_flies_over_bikes_and_wipes_out_the_one_it_lands_on() -> None:
    table = placed(race(straight(ramps=((1, 1),)), [BOLD, BOLD, BOLD], [(0, 3, 5)]), (4, 0), (3, 0), (2, 0))
    jumper = table.bikes[2]
    jumper.coins = 0
    # Third place rolls three dice; 3 lands on (5, 0)? No: 3 from (2, 0) is (5, 0);
    # the bold rider takes 5 to (7, 0), over both bikes.
    table._turn(jumper)
    turn = table.counts.turns[-1]
    assert (turn.number, turn.outcome) == (5, "moved")
    assert jumper.space == (7, 0)
    landing = placed(race(straight(ramps=((1, 1),)), [BOLD, BOLD], [(0, 2)]), (4, 0), (2, 0))
    landing.bikes[1].coins = 0
    landing._turn(landing.bikes[1])
    assert landing.counts.turns[-1].outcome == "landed"
    assert landing.bikes[0].out and landing.bikes[0].space == (4, 0)
    assert landing.counts.wipe_outs[2] == 1


def test_re_entering_needs_an_ace_or_a_coin() -> None:
    table = placed(race(straight(), [CAUTIOUS, CAUTIOUS], [(2, 3), (1, 2)]), (4, 0), (1, 0))
    rider = table.bikes[1]
    rider.out, rider.coins = True, 0
    table._turn(rider)
    assert table.counts.turns[-1].outcome == "no-start" and rider.out
    table._turn(rider)
    turn = table.counts.turns[-1]
    assert not rider.out and turn.dice == (1, 2) and turn.number in (0, 2)
    coin = placed(race(straight(), [CAUTIOUS, CAUTIOUS], [(2, 3)]), (4, 0), (1, 0))
    coin.bikes[1].out = True
    coin._turn(coin.bikes[1])
    assert coin.counts.turns[-1].coin_start and not coin.bikes[1].out
    assert coin.bikes[1].coins == 5 and coin.discard == 1


def test_a_rider_whose_space_is_taken_waits_and_draws_a_discarded_coin() -> None:
    table = placed(race(straight(), [BOLD, BOLD], []), (1, 0), (1, 0))
    table.bikes[1].out = True
    table.discard = 1
    table._turn(table.bikes[1])
    assert table.counts.turns[-1].action == "wait" and table.counts.turns[-1].drew_coin
    assert table.bikes[1].coins == 7 and table.discard == 0


def test_never_more_than_four_dice() -> None:
    table = placed(race(straight(), [BOLD] * 4, [(0, 0, 0, 5)]), (4, 0), (3, 0), (2, 0), (1, 0))
    last = table.bikes[3]
    assert table._rank(last) == 4
    table._turn(last)
    assert len(table.counts.turns[-1].dice) == 4 and last.coins == 3


def test_the_leader_pays_a_coin_for_an_extra_die_when_bold() -> None:
    table = placed(race(straight(), [BOLD, CAUTIOUS], [(2, 5), (2, 4)]), (4, 0), (1, 0))
    table._turn(table.bikes[0])
    assert table.counts.turns[-1].extra == 1 and table.bikes[0].coins == 5
    table.bikes[1].space = (6, 0)
    table._turn(table.bikes[1])
    assert table.counts.turns[-1].extra == 0


def test_the_first_bike_across_the_line_wins() -> None:
    result = play_race(straight(2), [BOLD], seed=3, record=True)
    assert result.order == (0,) and result.turns >= 1
    assert result.record is not None and result.record.turns[-1].outcome == "finish"


@pytest.mark.parametrize("name", ["motocross-four-players", "motocross-max-ramps", "motocross-three-players"])
def test_the_same_seed_plays_the_same_race(name: str) -> None:
    course = RaceCourse(board_of(load(LAYOUTS / f"{name}.yaml").layout))
    riders = [BOLD, CAUTIOUS, Rider("random")]
    assert play_race(course, riders, seed=11, record=True) == play_race(course, riders, seed=11, record=True)


def test_a_field_of_five_is_refused() -> None:
    with pytest.raises(ArgumentError, match="riders must be from 1 to 4"):
        play_race(straight(), [BOLD] * 5)
