"""Racepack races (trackkit.racepack.race): the engine against analyze, the
independent move checker, blocking, dice and drivers."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import pytest
from support import FIGURE1, ROOT, layout_of
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.errors import ArgumentError
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import analyze
from trackkit.racepack.movement.board import HEADINGS, QUADRANTS
from trackkit.racepack.race.blocked import blocked_turn
from trackkit.racepack.race.checker import check_race
from trackkit.racepack.race.drivers import Driver, parse_drivers
from trackkit.racepack.race.engine import RaceOptions, play_race, spins_out
from trackkit.racepack.race.extra_hazards import spin_hazard
from trackkit.racepack.race.record import MoveRecord, RaceRecord
from trackkit.racepack.race.track import RaceTrack
from trackkit.racepack.spaces import Row, Side, Space, row_of, side_of

RING = "trackkit: 1\nname: Ring\npath: R 2S R S R 2S R S\nlaps: 3\n"
"""Ten tiles, four right-hand corners (as in the analyze tests)."""

BOLD, CAUTIOUS, RANDOM = Driver("bold"), Driver("cautious"), Driver("random")


def ring_track() -> RaceTrack:
    return RaceTrack(layout_of(RING))


def recorded(track: RaceTrack, drivers: list[Driver], seed: int, tokens: bool = True) -> RaceRecord:
    result = play_race(track, drivers, RaceOptions(cars=len(drivers), tokens=tokens, record=True), seed)
    assert result.record is not None
    return result.record


# --- one car alone: the engine agrees with analyze ----------------------------


def test_a_cautious_car_alone_takes_the_safe_race_every_time() -> None:
    layout = layout_of(RING)
    track = RaceTrack(layout)
    lengths = {play_race(track, [CAUTIOUS], RaceOptions(cars=1), seed).turns for seed in range(20)}
    assert lengths == {analyze(layout, corners=False).safe_race}


def test_a_bold_car_alone_matches_analyzes_expected_race() -> None:
    """The bold driver is analyze's risk-taking policy, so over many races
    its mean race length is analyze's exact expectation, within three
    standard errors."""
    layout = layout_of(RING)
    track = RaceTrack(layout)
    lengths = [play_race(track, [BOLD], RaceOptions(cars=1), seed).turns for seed in range(3000)]
    mean = sum(lengths) / len(lengths)
    error = math.sqrt(sum((value - mean) ** 2 for value in lengths) / (len(lengths) - 1) / len(lengths))
    expected = analyze(layout, corners=False).risky_expected_race
    assert abs(mean - expected) <= 3 * error
    assert error > 0


# --- the independent move checker ---------------------------------------------


@pytest.mark.parametrize(
    ("name", "drivers"),
    [
        ("figure1.yaml", [BOLD, CAUTIOUS, RANDOM, BOLD, CAUTIOUS, RANDOM]),
        ("hairpin.yaml", [BOLD, BOLD, RANDOM, RANDOM]),
        ("chicane.yaml", [RANDOM, CAUTIOUS, BOLD, RANDOM]),
    ],
)
def test_recorded_races_pass_the_move_checker(name: str, drivers: list[Driver]) -> None:
    track = RaceTrack(load_layout(ROOT / "layouts" / name).layout)
    for seed in range(3):
        record = recorded(track, drivers, seed)
        assert check_race(track, record) == []
        assert len(record.turns) > len(drivers)


WIDE_FIELD = [BOLD, CAUTIOUS, RANDOM, Driver("bold+tokens"), RANDOM, BOLD, CAUTIOUS, Driver("random+tokens")]
"""Eight drivers of every kind, for races on a wide main straight."""


def generated_wide_layout(tmp_path: Path) -> Layout:
    """A track from ``trackkit generate --cars 8 --packs 2 --wide --seed 3``."""
    out = tmp_path / "wide.yaml"
    result = CliRunner().invoke(
        app, ["generate", "--cars", "8", "--packs", "2", "--wide", "--seed", "3", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    layout = load_layout(out).layout
    assert layout.wide is not None
    return layout


def on_the_row(track: RaceTrack, record: RaceRecord) -> int:
    """How many movements end on the wide row."""
    return sum(1 for turn in record.turns for move in turn.moves if move.spaces[-1] >= 4 * track.tiles)


@pytest.mark.parametrize("cars", [7, 8])
@pytest.mark.parametrize("source", ["wide-straight", "inside", "generated"])
def test_races_of_seven_and_eight_cars_use_the_wide_straight_and_pass_the_checker(
    source: str, cars: int, tmp_path: Path
) -> None:
    """ "For races that include more than six cars, the main straight should
    be two tiles wide": complete races over the row's lanes, every move
    re-checked, every car home."""
    layout = load_layout(ROOT / "layouts" / "wide-straight.yaml").layout
    if source == "inside" and layout.wide is not None:  # the row inside the loop, the inside lanes
        layout = dataclasses.replace(layout, wide=dataclasses.replace(layout.wide, side="inside"))
    elif source == "generated":
        layout = generated_wide_layout(tmp_path)
    track = RaceTrack(layout)
    for seed in range(2):
        result = play_race(track, WIDE_FIELD[:cars], RaceOptions(cars=cars, record=True), seed)
        assert result.record is not None
        assert sorted(result.order) == list(range(cars))
        assert check_race(track, result.record) == []
        assert on_the_row(track, result.record) > 0


def test_the_checker_catches_a_jump_across_two_lanes_onto_the_row() -> None:
    """A lane change is "always 1 space diagonally": the first move onto the
    row, redirected to the row's far lane, is refused."""
    track = RaceTrack(load_layout(ROOT / "layouts" / "wide-straight.yaml").layout)
    record = recorded(track, WIDE_FIELD, 0)
    index, turn, place = next(
        (i, t, k)
        for i, t in enumerate(record.turns)
        for k, m in enumerate(t.moves)
        if m.kind == "lane-change" and m.spaces[0] < 4 * track.tiles <= m.spaces[1]
    )
    move = turn.moves[place]
    board = track.board
    target = board.space(move.spaces[1])
    far = next(
        board.number(Space(target.tile, quadrant))
        for quadrant in QUADRANTS
        if quadrant is not target.quadrant
        and row_of(quadrant, HEADINGS[move.heading]) is row_of(target.quadrant, HEADINGS[move.heading])
    )
    moves = list(turn.moves)
    moves[place] = dataclasses.replace(move, spaces=(move.spaces[0], far))
    problems = check_race(track, _tampered(record, index, moves=tuple(moves)))
    assert (
        f"turn {index + 1} (car {turn.slot + 1}): movement {place + 1}: the spaces are not a legal lane-change"
        f" at speed {move.speed} ('Forward movements are always straight-ahead movements of 1-7 spaces."
        " Lane change movements are always 1 space diagonally')" in problems
    )


def test_a_three_lane_row_keeps_its_pit_lane_clear() -> None:
    """With "the outer lane representing a pit lane and not useable to cars
    that are not entering the pits", no car drives on it, and a four-lane
    race that did is refused by the three-lane checker."""
    four = load_layout(ROOT / "layouts" / "wide-straight.yaml").layout
    assert four.wide is not None
    three = dataclasses.replace(four, wide=dataclasses.replace(four.wide, lanes=3))
    track, narrow = RaceTrack(four), RaceTrack(three)
    closed = {narrow.board.number(Space(t.index, q)) for t in narrow.board.row for q in t.closed}
    record = recorded(narrow, WIDE_FIELD, 1)
    assert check_race(narrow, record) == []
    assert not closed & {space for turn in record.turns for move in turn.moves for space in move.spaces}

    def uses_the_pit_lane(race: RaceRecord) -> bool:
        return bool(closed & {space for turn in race.turns for move in turn.moves for space in move.spaces})

    wide = next(
        race for race in (recorded(track, WIDE_FIELD, seed) for seed in range(10)) if uses_the_pit_lane(race)
    )
    assert any("the spaces are not a legal" in problem for problem in check_race(narrow, wide))


def _tampered(record: RaceRecord, turn: int, **changes: object) -> RaceRecord:
    turns = list(record.turns)
    turns[turn] = dataclasses.replace(turns[turn], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(record, turns=turns)


def test_the_checker_catches_a_bump() -> None:
    """The second car's first movement driven onto the pole car's space."""
    track = ring_track()
    record = recorded(track, [CAUTIOUS, CAUTIOUS], 1)
    pole_end = record.turns[0].moves[-1].spaces[-1]
    second = record.turns[1]
    start = second.moves[0].spaces[0]
    bad = MoveRecord("forward", 1, (start, pole_end), second.moves[0].heading)
    problems = check_race(track, _tampered(record, 1, moves=(bad, *second.moves[1:])))
    assert any("bumps another car" in problem for problem in problems)


def test_the_checker_catches_a_bad_speed_and_a_short_turn() -> None:
    track = ring_track()
    record = recorded(track, [BOLD], 2)
    first = record.turns[0]
    fast = dataclasses.replace(first.moves[0], speed=2)
    problems = check_race(track, _tampered(record, 0, moves=(fast, *first.moves[1:])))
    assert any("the race starts with a first movement of speed 1" in problem for problem in problems)
    short = check_race(track, _tampered(record, 0, moves=first.moves[:2]))
    assert any("only 2 movements though another was possible" in problem for problem in short)


def test_the_checker_catches_a_missing_roll() -> None:
    track = ring_track()
    record = recorded(track, [BOLD], 3)
    index, turn = next((i, t) for i, t in enumerate(record.turns) if any(m.rolls for m in t.moves))
    moves = tuple(dataclasses.replace(move, rolls=()) for move in turn.moves)
    problems = check_race(track, _tampered(record, index, moves=moves))
    assert any("penalty die" in problem for problem in problems)


def _with_move(record: RaceRecord, turn: int, index: int, move: MoveRecord) -> RaceRecord:
    moves = list(record.turns[turn].moves)
    moves[index] = move
    return _tampered(record, turn, moves=tuple(moves))


def test_a_rivals_token_is_recorded_with_the_rival_and_checked() -> None:
    """ "another player may play a strategy token to force the player to
    re-roll": the record names the car whose token it was, and the checker
    refuses a re-roll forced by the roller itself and a rival's token played
    twice ("Each strategy token may only be used once")."""
    track = RaceTrack(load_layout(FIGURE1).layout)
    record = recorded(track, [BOLD] * 6, 0)
    rerolls = [(i, k) for i, t in enumerate(record.turns) for k, m in enumerate(t.moves) if len(m.rolls) == 3]
    assert len(rerolls) > 3
    assert all(record.turns[i].moves[k].rival not in (None, record.turns[i].slot) for i, k in rerolls)
    first, place = rerolls[0]
    turn, move = record.turns[first], record.turns[first].moves[place]
    assert move.rival is not None
    own = _with_move(record, first, place, dataclasses.replace(move, rival=turn.slot))
    assert check_race(track, own) == [
        f"turn {first + 1} (car {turn.slot + 1}): movement {place + 1}:"
        f" the re-roll is forced by car {turn.slot + 1}, which is no rival"
        " ('another player may play a strategy token to force the player to re-roll the die')"
    ]
    later, index = next((j, k) for j, k in rerolls[1:] if record.turns[j].slot != move.rival)
    again = record.turns[later].moves[index]
    twice = dataclasses.replace(
        again, rolls=(again.rolls[0], move.rolls[1], again.rolls[2]), rival=move.rival
    )
    problems = check_race(track, _with_move(record, later, index, twice))
    assert (
        f"turn {later + 1} (car {record.turns[later].slot + 1}): movement {index + 1}: car {move.rival + 1}'s"
        f" {move.rolls[1]} token was played before ('Each strategy token may only be used once')"
    ) in problems


# --- rules of the race ----------------------------------------------------------


def test_the_first_round_goes_by_the_grid() -> None:
    track = RaceTrack(load_layout(FIGURE1).layout)
    record = recorded(track, [BOLD] * 6, 4)
    assert [turn.slot for turn in record.turns[:6]] == [0, 1, 2, 3, 4, 5]
    assert all(turn.moves[0].speed == 1 for turn in record.turns[:6])


@pytest.mark.parametrize(
    ("rolls", "spun"),
    [((5,), True), ((4,), False), ((0,), False), ((3, 2, 2), True), ((3, 2, 1), False), ((1, 1, 0), False)],
)
def test_the_penalty_die(rolls: tuple[int, ...], spun: bool) -> None:
    """'If the die shows a 5, the car spins out'; after a rival's token, 'he
    spins out if the number he rolls is equal to or higher than the number
    on the strategy token' (the null face counts 0)."""
    assert spins_out(rolls) is spun


def test_a_fully_blocked_car_makes_fewer_movements() -> None:
    """'In rare cases a driver may find the road completely blocked ... the
    driver makes as many as are possible'.  Tile 7 of the ring is full of
    cars; a car on the rear row of tile 6 can make one movement (to the
    front row, straight on or across), then nothing more."""
    track = ring_track()
    board = track.board
    heading = board.exit_heading[6]
    rear = next(
        4 * 6 + index
        for index, quadrant in enumerate(QUADRANTS)
        if row_of(quadrant, HEADINGS[heading]) is Row.REAR
        and side_of(quadrant, HEADINGS[heading]) is Side.LEFT
    )
    blockers = {4 * 7 + index for index in range(4)}
    movements = blocked_turn(track, BOLD.style, frozenset(), (rear, heading), 1, False, blockers)
    assert len(movements) == 1
    assert board.space(movements[0].spaces[-1]).tile == 6


def test_driver_lists() -> None:
    assert parse_drivers("bold, cautious,random") == (BOLD, CAUTIOUS, RANDOM)
    with pytest.raises(ArgumentError, match="drivers names an unknown driver 'fast'"):
        parse_drivers("bold,fast")
    with pytest.raises(ArgumentError, match="drivers must be driver names separated by commas"):
        parse_drivers("bold,,cautious")


# --- variants -------------------------------------------------------------------


def test_pit_stops_hold_the_car_to_speed_three_beside_the_pit_lane() -> None:
    """'Speed in the pit lane is restricted to 3.'  On its pit lap (the middle
    one of three) a car moves at most 3 on the tiles beside the pit lane;
    without the variant it goes faster there."""
    layout = load_layout(ROOT / "layouts" / "pit-lane.yaml").layout
    track = RaceTrack(layout, laps=3)
    options = RaceOptions(cars=1, record=True, pit_stops=True)
    record = play_race(track, [CAUTIOUS], options, 1).record
    assert record is not None and check_race(track, record) == []
    pit_tiles = set(track.pit_tiles)
    on_pit_lap = [
        move
        for turn in record.turns
        if turn.crossings == 2
        for move in turn.moves
        if {space // 4 for space in move.spaces} & pit_tiles
    ]
    assert on_pit_lap and max(move.speed for move in on_pit_lap) <= 3
    free = play_race(track, [CAUTIOUS], RaceOptions(cars=1, record=True), 1).record
    assert free is not None
    assert max(m.speed for t in free.turns for m in t.moves if {s // 4 for s in m.spaces} & pit_tiles) > 3
    with pytest.raises(ArgumentError, match="pit_stops need a track with a pit lane"):
        play_race(ring_track(), [BOLD], RaceOptions(cars=1, pit_stops=True), 1)


def test_extra_hazards_go_where_cars_spin_out() -> None:
    """'place a track hazard on a corner tile whenever a car spins out on that
    corner ... Then the next time a car spins out, move a hazard token to the
    corner from elsewhere ... no corner tile may hold more than two hazards.'"""
    layout = layout_of(RING + "hazards: [{tile: 4, space: NE}]\n")
    track = RaceTrack(layout)
    blank = set(track.hazards)
    active, left = spin_hazard(track, (frozenset(), blank, 1), 0, 1)
    assert active == {1} and left == 0
    active, left = spin_hazard(track, (active, blank, left), 0, 2)
    assert active == {1, 2} and blank == set()
    active, left = spin_hazard(track, (active, blank, left), 0, 3)
    assert active == {1, 2}
