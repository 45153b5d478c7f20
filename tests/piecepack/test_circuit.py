from __future__ import annotations

import pytest
from support import FIGURE1_PATH as FIGURE1

from trackkit.errors import LayoutError
from trackkit.piecepack.circuit import Circuit, Kind, heading_between
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.path_text import expand_path, format_path, parse_path


def circuit(path: str, **kwargs: object) -> Circuit:
    return Circuit.from_path(expand_path(parse_path(path)), **kwargs)  # type: ignore[arg-type]


def test_figure1_closes_with_24_tiles_and_eight_corners() -> None:
    track = circuit(FIGURE1)
    assert track.closed and track.is_whole
    assert len(track) == 24
    assert [t.index for t in track.corners()] == [0, 3, 4, 6, 11, 13, 14, 17]
    assert track.turning_number() == 4


def test_tiles_are_laid_beyond_each_exit_edge() -> None:
    track = circuit("R 2S R")
    assert track.centres() == ((0, 0), (0, -2), (0, -4), (0, -6))
    assert [t.exit for t in track] == [Heading.SOUTH, Heading.SOUTH, Heading.SOUTH, Heading.WEST]


def test_chicane_sits_half_a_tile_off_the_line_and_the_next_tile_is_back() -> None:
    track = circuit("S CL S CR S")
    assert track.centres() == ((0, 0), (2, 1), (4, 0), (6, -1), (8, 0))


def test_heading_and_origin_place_tile_zero() -> None:
    track = circuit("R R R R", origin=(4, 2), heading=Heading.NORTH)
    assert track.closed
    assert track.centres() == ((4, 2), (6, 2), (6, 0), (4, 0))


def test_open_path_is_not_closed() -> None:
    track = circuit("R 2S R 2S R")
    assert not track.closed
    assert not track.breaks


def test_consecutive_chicanes_on_opposite_sides_do_not_connect() -> None:
    track = circuit("S CL CR S")
    assert [b.tiles for b in track.breaks] == [(1, 2)]
    assert track.breaks[0].message == "tile 2 at (2, -0.5) does not share an edge with tile 1 at (1, 0.5)"


def test_reading_centres_recovers_the_path() -> None:
    original = circuit(FIGURE1)
    again = Circuit.from_centres(original.centres())
    assert again.is_whole
    assert format_path(again.kinds()) == FIGURE1


def test_reading_centres_finds_chicane_sides() -> None:
    original = circuit("R 3S CL 3S R 3S R 3S CR 3S R 3S")
    again = Circuit.from_centres(original.centres())
    assert again.kinds() == original.kinds()


def test_a_gap_between_tiles_is_a_break() -> None:
    track = Circuit.from_centres([(0, 0), (2, 0), (6, 0), (6, -2)])
    assert [b.tiles for b in track.breaks] == [(1, 2)]
    assert not track.closed


def test_a_tile_that_jogs_off_the_line_is_a_break() -> None:
    # A chicane whose next tile stays a whole tile to the side instead of
    # coming back to the line.
    track = Circuit.from_centres([(0, 0), (2, 1), (4, 2), (6, 2)])
    assert [b.message for b in track.breaks] == ["tile 2 at (2, 1) is off the driving line"]
    assert not track.is_whole


def test_a_corner_off_the_grid_is_a_break() -> None:
    track = Circuit.from_centres([(0, 0), (2, 1), (2, 3)])
    assert [b.message for b in track.breaks] == [
        "tile 1 at (1, 0.5) is a corner half a tile off the driving line",
        "tile 2 at (1, 1.5) is shifted half a tile along the road",
    ]


def test_reversed_drives_the_same_tiles_the_other_way() -> None:
    track = circuit(FIGURE1).reversed()
    assert track.is_whole
    assert track.turning_number() == -4
    assert format_path(track.kinds()) == "L 6S L 2S L R S L 4S L S R L 2S"


def test_started_at_renumbers_the_loop() -> None:
    track = circuit(FIGURE1).started_at(18)
    assert format_path(track.kinds()) == "6S R 2S R L S R 4S R S L R 2S R"


def test_mapped_rotation_keeps_the_path() -> None:
    track = circuit(FIGURE1).mapped(lambda p: (-p[1], p[0]))
    assert track.is_whole
    assert format_path(track.kinds()) == FIGURE1
    assert track.tiles[0].entry is Heading.NORTH


def test_heading_between_neighbours() -> None:
    assert heading_between((0, 0), (2, 1)) is Heading.EAST
    assert heading_between((0, 0), (0, -2)) is Heading.SOUTH
    assert heading_between((0, 0), (2, 2)) is None
    assert heading_between((0, 0), (4, 0)) is None


def test_parse_path_counts_case_and_separators() -> None:
    tokens = parse_path("r 2S,cl  4s")
    assert [(t.kind, t.count, t.offset) for t in tokens] == [
        (Kind.RIGHT, 1, 0),
        (Kind.STRAIGHT, 2, 2),
        (Kind.CHICANE_LEFT, 1, 5),
        (Kind.STRAIGHT, 4, 9),
    ]


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        ("R 2S X", 6, "unknown path token 'X'"),
        ("R SS", 3, "unknown path token 'SS'"),
        ("R 0S", 3, "path token '0S' has a count of 0"),
        ("RL", 1, "unknown path token 'RL'"),
    ],
)
def test_parse_path_rejects_bad_tokens(text: str, column: int, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        parse_path(text)
    assert caught.value.column == column
    assert caught.value.message == message


def test_format_path_groups_runs() -> None:
    kinds = expand_path(parse_path("S S R CL CL S"))
    assert format_path(kinds) == "2S R 2CL S"
