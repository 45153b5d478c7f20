"""The six root causes of issue 27's tracebacks, each pinned where it was
fixed: the path reader, the YAML number reader, the position reader, the
hairpin rule, the RACE! reader, the text reader and the race search.  The
same inputs go through the command line in ``tests/hostile/corpus/``."""

from __future__ import annotations

import pytest
import yaml
from support import FIGURE1_PATH

from trackkit import games
from trackkit.errors import CircuitError, LayoutError
from trackkit.layoutfile.common_fields import half_tiles
from trackkit.layoutfile.fields import text, unprintable
from trackkit.piecepack.circuit import MAX_DIGITS, Circuit
from trackkit.piecepack.path_text import parse_path
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.analysis import analyze
from trackkit.racepack.rules import validate


def node_of(value: str) -> yaml.Node:
    return yaml.compose(value)


def test_a_count_of_thousands_of_digits_is_refused_before_it_is_converted() -> None:
    with pytest.raises(LayoutError) as caught:
        parse_path("R " + "1" * 4_400 + "S R")
    assert (caught.value.message, caught.value.column) == (
        "path token '11111111...1111111S' has a count of 4,400 digits; counts have at most 100",
        3,
    )


def test_a_count_of_the_most_digits_is_still_read() -> None:
    assert MAX_DIGITS == 100
    assert [t.count for t in parse_path("9" * 100 + "S 000003L")] == [10**100 - 1, 3]


def test_a_whole_number_of_hundreds_of_digits_is_refused_by_its_length() -> None:
    with pytest.raises(LayoutError) as caught:
        games.loads("trackkit: 1\npath: 4S\nlaps: " + "9" * 101 + "\n")
    assert caught.value.message == (
        "'99999999999999999999'...'99999999999999999999' (101 characters) is far too large a number for a layout"
    )
    assert (caught.value.line, caught.value.column) == (3, 7)


def test_a_coordinate_too_large_for_a_float_is_out_of_reach() -> None:
    with pytest.raises(LayoutError) as caught:
        half_tiles(node_of("1" + "0" * 99), "the x of tile 1")
    assert caught.value.message.endswith("(100 characters); positions lie within 1,000,000 tiles of the origin")
    assert half_tiles(node_of("-1000000"), "x") == -2_000_000


def test_an_open_course_ending_beside_a_u_turn_gets_a_one_tile_hint() -> None:
    circuit = Circuit.from_path(parse_path_kinds("S R 3L"))
    hairpin = [f for f in validate(Layout(circuit=circuit)).findings if f.rule == "hairpin"]
    assert [f.hint for f in hairpin] == [
        "make tile 4 a plain straight, so that the straight after tile 3 is at least 2 tiles long"
    ]


def parse_path_kinds(text_path: str) -> list[object]:
    return [token.kind for token in parse_path(text_path) for _ in range(token.count)]


@pytest.mark.parametrize("corners", ["null", "~", "", "[]"])
def test_race_corners_left_empty_mean_no_corners(corners: str) -> None:
    loaded = games.loads(f"trackkit: 1\ngame: race\nspaces: 40\ncorners: {corners}\n")
    assert loaded.layout.corners == ()
    assert loaded.source.tiles == {}


@pytest.mark.parametrize(
    ("value", "bad"),
    [('"a\\x01b"', "\x01"), ('"\\e[2J"', "\x1b"), ('"x\\r"', "\r"), ('"\\x85"', "\x85"), ('"\\ud800"', "\ud800"),
     ('"\\uffff"', "\uffff"), ('"\\x7f"', "\x7f")],
)
def test_text_with_a_control_character_is_refused(value: str, bad: str) -> None:
    with pytest.raises(LayoutError) as caught:
        text("name")(node_of(value))
    assert caught.value.message == f"'name' holds the character {bad!r}, which cannot be printed or drawn"


def test_line_breaks_tabs_and_any_printable_character_are_text() -> None:
    assert unprintable("Two\nlines\tand é 🏁 \u2028 <&>") is None
    assert text("name")(node_of('"a\\tb\\nc"')) == "a\tb\nc"


def test_no_way_round_without_chicane_cuts_is_a_circuit_error() -> None:
    layout = games.loads(f"trackkit: 1\npath: {FIGURE1_PATH[:-3]} 3S CL 2S\n").layout
    assert isinstance(layout, Layout)
    with pytest.raises(CircuitError, match=r"^no car can drive a lap from the grid: the road narrows at a chicane"):
        analyze(layout, chicane_cuts=False)
    assert analyze(layout, corners=False).safe_flying == 7
