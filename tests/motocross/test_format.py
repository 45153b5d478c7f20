"""Reading and writing Motocross layout files: located errors, round trips
and the JSON Schema built from the same field table."""

from __future__ import annotations

import pytest
from support import MOTOCROSS_SHIPPED

from trackkit import games
from trackkit.errors import CircuitError, LayoutError
from trackkit.motocross.course import Course
from trackkit.motocross.formats.course_file import course_schema, dump_course
from trackkit.motocross.formats.fields import FIELDS

HEAD = "trackkit: 1\ngame: motocross\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("path: S 3X S\n", "c.yaml:3:9: error: unknown path token '3X'"),
        (
            "path: 4S\nramps: {1: 2, 7: 1}\n",
            "c.yaml:4:15: error: 'ramps' names tile 7, beyond the last tile (3)",
        ),
        ("path: 4S\nramps: {1: 0}\n", "c.yaml:4:12: error: the ramp on tile 1 is 0 coins high"),
        ("path: 4S\nramps: {1: 1, 1: 2}\n", "c.yaml:4:15: error: tile 1 appears twice in 'ramps'"),
        ("path: 4S\nramps: [1, 2]\n", "c.yaml:4:8: error: 'ramps' must map tiles to heights"),
        ("path: 4S\nramps: {a: 1}\n", "c.yaml:4:9: error: a ramp's tile must be a whole number, not 'a'"),
        ("path: 4S\nlaps: 3\n", "c.yaml:4:1: error: unknown key 'laps'"),
        ("path: 4S\ntiles: [[0, 0]]\n", "c.yaml:4:8: error: give either 'path' or 'tiles', not both"),
        (
            "tiles: [[0, 0]]\nheading: north\n",
            "c.yaml:4:10: error: 'heading' goes with 'path', not with 'tiles'",
        ),
        ("path: 4S\ncorner_touch: sometimes\n", "c.yaml:4:15: error: 'corner_touch' is 'sometimes'"),
        ("path: 4S\nplayers: 0\n", "c.yaml:4:10: error: 'players' is 0; it must be from 1 to 16"),
        ("players: 3\n", "c.yaml:1:1: error: the layout has no course"),
    ],
)
def test_bad_files_give_one_located_line(body: str, message: str) -> None:
    with pytest.raises(LayoutError) as caught:
        games.loads(HEAD + body, "c.yaml")
    assert caught.value.one_line().startswith(message)


def test_a_file_without_a_version_is_refused() -> None:
    with pytest.raises(LayoutError, match="missing the format version"):
        games.loads("game: motocross\npath: 4S\n", "c.yaml")


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=lambda p: p.name)
@pytest.mark.parametrize("form", ["path", "tiles"])
def test_what_trackkit_writes_it_reads_back(path: object, form: str) -> None:
    course = games.load(str(path)).layout
    text = dump_course(course, form)
    again = games.loads(text).layout
    assert again == course
    assert dump_course(again, form) == text


def test_a_path_is_written_with_its_heading_and_origin() -> None:
    course = Course(((2, 2), (2, 4), (2, 6), (0, 6)), ramps=((1, 2),), players=3, name="Yes")
    assert dump_course(course) == (
        "trackkit: 1\nname: 'Yes'\ngame: motocross\nplayers: 3\npacks: 1\n"
        "path: 2S L S\nheading: north\norigin: [1, 1]\nramps: {1: 2}\n"
    )


def test_a_course_with_a_gap_cannot_be_written_as_a_path() -> None:
    with pytest.raises(CircuitError):
        dump_course(Course(((0, 0), (4, 0))))


def test_the_schema_lists_every_key_the_reader_knows() -> None:
    schema = course_schema()
    assert list(schema["properties"]) == [field.key for field in FIELDS]
    assert schema["required"] == ["trackkit", "game"]
    assert schema["properties"]["game"] == {
        "const": "motocross",
        "description": "This is a Motocross course.",
    }


SEVERAL_MISTAKES = """\
trackkit: 1
game: motocross
player: 4
packs: two
path: S 3S R 2S X S
heading: nrth
ramps: {2: 0, 3: 2, 40: 1, x: 1}
corner_touch: forbiden
"""


def test_every_mistake_of_a_file_is_reported_at_once_in_file_order() -> None:
    with pytest.raises(LayoutError) as caught:
        games.loads(SEVERAL_MISTAKES, "c.yaml")
    assert caught.value.lines() == [
        "c.yaml:3:1: error: unknown key 'player' (did you mean 'players'?) (known keys: trackkit, name,"
        " description, game, players, packs, path, tiles, heading, origin, ramps, corner_touch, house_rules)",
        "c.yaml:4:8: error: 'packs' must be a whole number, not 'two'",
        "c.yaml:5:17: error: unknown path token 'X' (use S, L, R, CL or CR, each with an optional count"
        " such as 4S)",
        "c.yaml:6:10: error: unknown heading 'nrth' (did you mean 'north'?) (use east, north, west or south)",
        "c.yaml:7:12: error: the ramp on tile 2 is 0 coins high (a ramp has at least one coin; leave tile 2"
        " out of 'ramps' for no ramp)",
        "c.yaml:7:28: error: a ramp's tile must be a whole number, not 'x' (e.g. ramps: {3: 2, 9: 1})",
        "c.yaml:8:15: error: 'corner_touch' is 'forbiden'; it must be allowed or forbidden"
        " (did you mean 'forbidden'?)",
    ]


def test_ramps_beyond_the_course_are_all_reported_with_the_other_mistakes() -> None:
    text = HEAD + "path: 4S\npacks: 0\nramps: {1: 1, 7: 1, 9: 2}\n"
    with pytest.raises(LayoutError) as caught:
        games.loads(text, "c.yaml")
    assert caught.value.lines() == [
        "c.yaml:4:8: error: 'packs' is 0; it must be from 1 to 8",
        "c.yaml:5:15: error: 'ramps' names tile 7, beyond the last tile (3) (give a tile from 0 to 3)",
        "c.yaml:5:21: error: 'ramps' names tile 9, beyond the last tile (3) (give a tile from 0 to 3)",
    ]


def test_house_rules_are_read_written_and_suggested() -> None:
    loaded = games.loads(HEAD + "path: 4S\nhouse_rules: [short-course]\n", "c.yaml")
    assert loaded.layout.house_rules == ("short-course",)
    assert "house_rules: [short-course]\n" in dump_course(loaded.layout)
    assert games.loads(dump_course(loaded.layout)).layout == loaded.layout
    with pytest.raises(LayoutError) as caught:
        games.loads(HEAD + "path: 4S\nhouse_rules: [short-cours, 3]\n", "c.yaml")
    assert caught.value.lines() == [
        "c.yaml:4:15: error: 'house_rules' is 'short-cours'; it must be short-course (did you mean 'short-course'?)",
        "c.yaml:4:28: error: 'house_rules' must be text, not '3' (put it in quotes)",
    ]
