from __future__ import annotations

from fractions import Fraction

import pytest
from support import FIGURE1_PATH, circuit_of

from trackkit.errors import CircuitError
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.path_text import expand_path, parse_path
from trackkit.racepack import analysis
from trackkit.racepack.layout import Layout

FIGURE1 = circuit_of(FIGURE1_PATH)


def test_figure1_straights() -> None:
    runs = analysis.straights(FIGURE1)
    assert [(r.first, r.length) for r in runs] == [(1, 2), (5, 1), (7, 4), (12, 1), (15, 2), (18, 6)]
    longest = analysis.longest_straight(FIGURE1)
    assert longest is not None and (longest.first, longest.length) == (18, 6)


def test_default_start_is_the_middle_of_the_longest_straight() -> None:
    assert analysis.default_start(FIGURE1) == 21
    odd = Circuit.from_path(expand_path(parse_path("R 7S R 3S R 7S R 3S")))
    assert analysis.default_start(odd) == Fraction(9, 2)


def test_straight_wrapping_past_tile_zero() -> None:
    track = FIGURE1.started_at(20)
    runs = analysis.straights(track)
    assert [(r.first, r.length) for r in runs][-1] == (22, 6)
    longest = analysis.longest_straight(track)
    assert longest is not None and longest.tiles == (22, 23, 0, 1, 2, 3)
    assert analysis.default_start(track) == 1


def test_figure1_corners_numbered_from_the_line() -> None:
    corners = analysis.numbered_corners(FIGURE1, Fraction(21))
    assert [(c.number, c.tile, c.turn) for c in corners] == [
        (1, 0, "R"), (2, 3, "R"), (3, 4, "L"), (4, 6, "R"),
        (5, 11, "R"), (6, 13, "L"), (7, 14, "R"), (8, 17, "R"),
    ]


def test_corner_one_follows_a_line_across_a_tile_middle() -> None:
    corners = analysis.numbered_corners(FIGURE1, Fraction(9, 2))
    assert (corners[0].number, corners[0].tile) == (1, 6)
    assert corners[-1].tile == 4


def test_corner_on_the_line_edge_is_corner_one() -> None:
    corners = analysis.numbered_corners(FIGURE1, Fraction(3))
    assert corners[0].tile == 3


def test_direction() -> None:
    assert analysis.direction(FIGURE1) == "clockwise"
    assert analysis.direction(FIGURE1.reversed()) == "counterclockwise"


def test_size_in_tiles_and_inches() -> None:
    size = analysis.size(FIGURE1)
    assert (size.width, size.height) == (8, 6)
    assert (size.width_inches, size.height_inches) == (16, 12)
    chicane = Circuit.from_path(expand_path(parse_path("R 3S CL 3S R 3S R 3S CR 3S R 3S")))
    # the chicane on the first straight pokes half a tile out to the east
    assert (analysis.size(chicane).width, analysis.size(chicane).height) == (Fraction(11, 2), 9)


def test_main_straight_holds_the_line() -> None:
    main = analysis.main_straight(FIGURE1, Fraction(21))
    assert main is not None and main.first == 18
    assert analysis.main_straight(FIGURE1, Fraction(18)) is None
    assert analysis.main_straight(FIGURE1, Fraction(37, 2)) == main


def test_describe_uses_the_layout_start() -> None:
    info = analysis.describe(Layout(FIGURE1, start=8.5))
    assert info.start == Fraction(17, 2)
    assert info.corners[0].tile == 11


def test_broken_circuits_are_refused() -> None:
    broken = Circuit.from_path(expand_path(parse_path("R 2S R")))
    with pytest.raises(CircuitError):
        analysis.straights(broken)


def test_size_counts_tiles_beside_the_loop() -> None:
    # a row one tile north of Figure 1's top edge (tile centres are at y <= 0)
    size = analysis.size(FIGURE1, [(-4, 2), (-2, 2)])
    assert (size.width, size.height) == (8, 7)
