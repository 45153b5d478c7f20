"""Reading and writing RACE! layout files: located errors, the round trip
and the schema built from the reader's field table."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import RACE_SHIPPED

from trackkit.errors import LayoutError
from trackkit.games import loads
from trackkit.race.formats import fields as race_fields
from trackkit.race.formats.layout_file import dump_layout, layout_schema
from trackkit.race.track import DIRECTIONS, Corner, RaceLayout

HEAD = "trackkit: 1\ngame: race\n"


def error_of(text: str) -> str:
    with pytest.raises(LayoutError) as caught:
        loads(text, "t.yaml")
    return caught.value.one_line()


def test_defaults_fill_a_bare_loop_of_spaces() -> None:
    layout = loads(HEAD + "spaces: 30\n").layout
    assert layout == RaceLayout(spaces=30, finish=30)
    assert (layout.laps, layout.racers, layout.direction) == (2, 6, "clockwise")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "",
            "t.yaml:1:1: error: the layout has no track (add 'spaces: N' (a loop of N spaces) or a piecepack 'path')",
        ),
        (
            "spaces: 30\nfinish: 31\n",
            "t.yaml:4:9: error: 'finish' is 31, beyond the last space (30) (give a space from 1 to 30)",
        ),
        ("spaces: 1\n", "t.yaml:3:9: error: 'spaces' is 1; it must be from 2 to 10000"),
        (
            "spaces: 30\ncorners: [{from: 3, length: 2}]\n",
            "t.yaml:4:11: error: a corner needs 'radius', its radius rating, 1 or 2 (e.g. {from: 13, length: 2, radius: 2})",
        ),
        (
            "spaces: 30\ncorners:\n- {from: 3, length: 2, radius: 1, bank: 5}\n",
            "t.yaml:5:35: error: unknown key 'bank' in 'corners' ('corners' knows: from, length, radius)",
        ),
        (
            "spaces: 30\ncorners: 4\n",
            "t.yaml:4:10: error: 'corners' must be a list, not '4' (e.g. corners: [{from: 13, length: 2, radius: 2}])",
        ),
        (
            "path: R 2S X\n",
            "t.yaml:3:12: error: unknown path token 'X' (use S, L, R, CL or CR, each with an optional count such as 4S)",
        ),
        (
            "path: 4R\nspaces: 6\n",
            "t.yaml:4:9: error: 'spaces' is 6, but the path's 4 tiles hold 8 spaces (write spaces: 8, or leave it out)",
        ),
        (
            "spaces: 30\nheading: west\n",
            "t.yaml:4:10: error: 'heading' goes with 'path' (give the piecepack path, or delete it)",
        ),
        (
            "spaces: 30\ndirection: sideways\n",
            "t.yaml:4:12: error: 'direction' is 'sideways'; it must be clockwise or counterclockwise",
        ),
        (
            "spaces: 30\ncars: 4\n",
            "t.yaml:4:1: error: unknown key 'cars' (did you mean 'racers'?) (known keys: trackkit, name, description, game, spaces, direction, laps, racers, finish, finish_in_corner, corners, path, heading, origin, road_touch)",
        ),
    ],
)
def test_bad_files_get_one_located_line(text: str, message: str) -> None:
    assert error_of(HEAD + text) == message


def test_a_path_gives_two_spaces_a_tile() -> None:
    layout = loads(HEAD + "path: 4R\n").layout
    assert layout.spaces == 8 and layout.circuit is not None and len(layout.circuit) == 4


corners = st.builds(Corner, st.integers(1, 60), st.integers(1, 48), st.integers(0, 9))
layouts = st.builds(
    lambda spaces, finish, corner_list, direction, laps, racers, name, allowed: RaceLayout(
        spaces=spaces,
        finish=min(finish, spaces),
        corners=tuple(corner_list),
        direction=direction,
        laps=laps,
        racers=racers,
        name=name,
        finish_in_corner=allowed,
    ),
    st.integers(2, 500),
    st.integers(1, 500),
    st.lists(corners, max_size=6),
    st.sampled_from(DIRECTIONS),
    st.integers(1, 99),
    st.integers(1, 16),
    st.none() | st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20),
    st.booleans(),
)


@given(layouts)
def test_what_trackkit_writes_it_reads_back(layout: RaceLayout) -> None:
    text = dump_layout(layout)
    assert loads(text).layout == layout
    assert dump_layout(loads(text).layout) == text


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=lambda p: p.name)
def test_shipped_layouts_round_trip(path: object) -> None:
    from trackkit.games import load

    layout = load(str(path)).layout
    again = loads(dump_layout(layout)).layout
    assert (again.spaces, again.finish, again.corners, again.direction) == (
        layout.spaces,
        layout.finish,
        layout.corners,
        layout.direction,
    )
    assert (again.circuit is None) == (layout.circuit is None)


def test_the_schema_lists_exactly_the_readers_keys() -> None:
    schema = layout_schema()
    assert list(schema["properties"]) == list(race_fields.KNOWN_KEYS)
    assert schema["required"] == ["trackkit", "game"]
    assert schema["properties"]["corners"]["items"]["properties"]["radius"] == {
        "enum": [1, 2],
        "description": "Radius rating: 1 is tougher than 2.",
    }


SEVERAL_MISTAKES = """\
trackkit: 1
game: race
spaces: 30
laps: "3"
direction: anticlockwise
racer: 6
finish: 31
heading: west
corners:
- {from: 3, length: 2, radius: 1, bank: 5}
- {from: 9, lenght: 2, radius: 1}
- {from: 20, length: 2}
"""


def test_every_mistake_of_a_file_is_reported_at_once_in_file_order() -> None:
    with pytest.raises(LayoutError) as caught:
        loads(SEVERAL_MISTAKES, "t.yaml")
    assert caught.value.lines() == [
        "t.yaml:4:7: error: 'laps' must be a whole number, not the text '3' (write the number without"
        " quotes: laps: 3)",
        "t.yaml:5:12: error: 'direction' is 'anticlockwise'; it must be clockwise or counterclockwise"
        " (did you mean 'counterclockwise'?)",
        "t.yaml:6:1: error: unknown key 'racer' (did you mean 'racers'?) (known keys: trackkit, name,"
        " description, game, spaces, direction, laps, racers, finish, finish_in_corner, corners, path,"
        " heading, origin, road_touch)",
        "t.yaml:7:9: error: 'finish' is 31, beyond the last space (30) (give a space from 1 to 30)",
        "t.yaml:8:10: error: 'heading' goes with 'path' (give the piecepack path, or delete it)",
        "t.yaml:10:35: error: unknown key 'bank' in 'corners' ('corners' knows: from, length, radius)",
        "t.yaml:11:13: error: unknown key 'lenght' in 'corners' (did you mean 'length'?) ('corners' knows:"
        " from, length, radius)",
        "t.yaml:12:3: error: a corner needs 'radius', its radius rating, 1 or 2 (e.g. {from: 13, length: 2,"
        " radius: 2})",
    ]


def test_a_bad_path_is_reported_with_the_other_mistakes() -> None:
    with pytest.raises(LayoutError) as caught:
        loads(HEAD + "path: 4R X\nracers: lots\norigin: [0.5, 0]\n", "t.yaml")
    assert caught.value.lines() == [
        "t.yaml:3:10: error: unknown path token 'X' (use S, L, R, CL or CR, each with an optional count"
        " such as 4S)",
        "t.yaml:4:9: error: 'racers' must be a whole number, not 'lots'",
        "t.yaml:5:9: error: 'origin' must be whole tiles (the driving line starts on the tile grid)",
    ]


def test_laps_have_no_upper_limit_and_a_house_rule_on_the_finish_line_reads_back() -> None:
    layout = loads(HEAD + "spaces: 30\nlaps: 1000\nfinish_in_corner: false\n").layout
    assert (layout.laps, layout.finish_in_corner) == (1000, False)
    assert "finish_in_corner: false\n" in dump_layout(layout)
    assert loads(dump_layout(layout)).layout == layout
    assert loads(HEAD + "spaces: 30\n").layout.finish_in_corner is True
    assert "finish_in_corner" not in dump_layout(loads(HEAD + "spaces: 30\n").layout)
    assert error_of(HEAD + "spaces: 30\nlaps: 0\n") == "t.yaml:4:7: error: 'laps' is 0; it must be 1 or more"


def test_road_touch_goes_with_a_path() -> None:
    assert error_of(HEAD + "spaces: 30\nroad_touch: forbidden\n") == (
        "t.yaml:4:13: error: 'road_touch' goes with 'path' (give the piecepack path, or delete it)"
    )
