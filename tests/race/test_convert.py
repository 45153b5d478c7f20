"""Racepack circuits turned into RACE! tracks: two spaces a tile, a corner
per bend rated by its tightness, the finish where the start/finish line is."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import FIGURE1, LAYOUTS, SHIPPED, circuit_of

from trackkit.errors import CircuitError
from trackkit.games import load, loads
from trackkit.piecepack.geometry import Point
from trackkit.race.convert import bends, corners_of, finish_of, from_racepack
from trackkit.race.formats.layout_file import dump_layout
from trackkit.race.rules import validate
from trackkit.race.track import Corner
from trackkit.racepack.layout import Layout


def test_figure1_becomes_a_48_space_track_with_eight_radius_2_corners() -> None:
    race = from_racepack(load(FIGURE1).layout)
    # corner tiles 0, 3, 4, 6, 11, 13, 14, 17 -> spaces 2i + 1 and 2i + 2
    assert race.corners == tuple(Corner(first, 2, 2) for first in (1, 7, 9, 13, 23, 27, 29, 35))
    # start 21 = entry edge of tile 21 = between spaces 42 and 43
    assert (race.spaces, race.finish, race.direction, race.laps, race.racers) == (48, 42, "clockwise", 3, 6)
    assert validate(race).findings == ()


def test_the_shipped_figure1_race_is_the_conversion_of_figure1() -> None:
    assert (LAYOUTS / "figure1-race.yaml").read_text() == dump_layout(from_racepack(load(FIGURE1).layout))


def test_a_hairpins_u_turn_is_one_four_space_corner_of_radius_1() -> None:
    race = from_racepack(load(LAYOUTS / "hairpin.yaml").layout)
    # tiles 6 and 7 turn right (the U-turn), tile 8 left, then single corners
    assert race.corners[:2] == (Corner(13, 4, 1), Corner(17, 2, 2))
    assert race.finish == 5  # start 2.5: the middle of tile 2, between spaces 5 and 6


def test_bends_split_a_run_of_corner_tiles_where_the_turn_changes_hand() -> None:
    assert bends(circuit_of("6S R R L 2S R 6S R 3S R S")) == [(6, 2), (8, 1), (11, 1), (18, 1), (22, 1)]


def test_a_bend_wrapping_past_tile_0_is_one_corner() -> None:
    circuit = circuit_of("R 4S R R 4S R")  # tiles 11 and 0 make one U-turn
    assert corners_of(circuit) == (Corner(11, 4, 1), Corner(23, 4, 1))  # tiles 5-6, and 11-0


@pytest.mark.parametrize(("start", "finish"), [(0, 48), (0.5, 1), (21, 42), (23.5, 47)])
def test_the_finish_is_where_the_start_line_is(start: float, finish: int) -> None:
    from fractions import Fraction

    assert finish_of(Fraction(start), 24) == finish


def test_more_than_six_cars_race_eight_racers() -> None:
    layout = replace(load(FIGURE1).layout, cars=7)
    assert from_racepack(layout).racers == 8


def test_an_open_circuit_does_not_convert() -> None:
    layout = loads("trackkit: 1\npath: R 2S R R\n").layout
    with pytest.raises(CircuitError):
        from_racepack(layout)


def rotate(point: Point) -> Point:
    return (-point[1], point[0])


def reflect(point: Point) -> Point:
    return (-point[0], point[1])


BANK = [load(p).layout for p in SHIPPED if load(p).layout.circuit.is_whole]


@given(
    st.sampled_from(BANK), st.integers(0, 3), st.booleans(), st.tuples(st.integers(-5, 5), st.integers(-5, 5))
)
def test_rotated_reflected_or_moved_circuits_give_the_same_race_track(
    layout: Layout, turns: int, mirrored: bool, shift: tuple[int, int]
) -> None:
    def move(point: Point) -> Point:
        for _ in range(turns):
            point = rotate(point)
        point = reflect(point) if mirrored else point
        return (point[0] + 2 * shift[0], point[1] + 2 * shift[1])

    before = from_racepack(layout)
    after = from_racepack(layout.with_circuit(layout.circuit.mapped(move)))
    assert (after.spaces, after.finish, after.corners) == (before.spaces, before.finish, before.corners)
    flipped = {"clockwise": "counterclockwise", "counterclockwise": "clockwise"}
    assert after.direction == (flipped[before.direction] if mirrored else before.direction)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_racepack_track_converts_to_a_legal_race_track(path: object) -> None:
    race = from_racepack(load(str(path)).layout)
    assert validate(race).valid
    assert loads(dump_layout(race)).layout.corners == race.corners


def test_an_illegal_racepack_circuit_does_not_convert_and_its_errors_are_named() -> None:
    layout = loads("trackkit: 1\npath: 12R 2S R R 2S R R\n").layout
    with pytest.raises(CircuitError) as caught:
        from_racepack(layout)
    assert str(caught.value) == (
        "the Racepack track has 52 errors (overlap, adjacency); only a legal track converts to a RACE!"
        " track: run 'trackkit validate' to see them, fix them and convert again"
    )


def test_the_same_tiles_written_as_a_race_track_are_illegal_too() -> None:
    text = "trackkit: 1\ngame: race\npath: 12R 2S R R 2S R R\n"
    report = validate(loads(text).layout)
    assert not report.valid
    assert {f.rule for f in report.errors} == {"race/overlap"}


def test_rules_of_a_layout_that_a_race_track_does_not_keep_do_not_stop_a_conversion() -> None:
    layout = replace(load(FIGURE1).layout, laps=9)  # the lap die cannot show 9 laps
    assert from_racepack(layout).laps == 9
