from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import FIGURE1_YAML

from trackkit.errors import LayoutError
from trackkit.piecepack.geometry import Heading
from trackkit.racepack.formats.layout_file import dump_layout, load_layout, loads_layout


def error_for(text: str) -> LayoutError:
    with pytest.raises(LayoutError) as caught:
        loads_layout(text, "t.yaml")
    return caught.value


def test_defaults() -> None:
    layout = loads_layout("trackkit: 1\npath: R R R R\n").layout
    assert (layout.game, layout.packs, layout.laps, layout.cars, layout.start) == ("racepack", 1, 3, 4, None)
    assert layout.name is None


def test_path_tokens_map_to_their_columns() -> None:
    source = loads_layout(FIGURE1_YAML).source
    assert source.tile(0) == (3, 7)
    assert source.tile(1) == source.tile(2) == (3, 9)
    assert source.tile(23) == (3, 36)
    assert source.form == "path"


def test_multi_line_and_list_paths_map_to_their_lines() -> None:
    folded = loads_layout("trackkit: 1\npath: >\n  R 2S R\n  2S R 2S R\n").source
    assert folded.tile(0) == (3, 3)
    assert folded.tile(4) == (4, 3)
    listed = loads_layout("trackkit: 1\npath: [R, 2S, R, 2S, R, 2S, R]\n").source
    assert listed.tile(1) == (2, 11)


def test_tiles_entries_map_to_their_positions() -> None:
    loaded = loads_layout("trackkit: 1\ntiles:\n  - [0, 0]\n  - [1, 0]\n  - [1, -1]\n  - [0, -1]\n")
    assert loaded.source.tile(2) == (5, 5)
    assert loaded.layout.circuit.is_whole


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("trackkit: 1\npath: R 2S X\n",
         "t.yaml:2:12: error: unknown path token 'X' (use S, L, R, CL or CR, each with an optional count such as 4S)"),
        ("trackkit: 1\npath: [R, 2S, Q]\n",
         "t.yaml:2:15: error: unknown path token 'Q' (use S, L, R, CL or CR, each with an optional count such as 4S)"),
        ("trackkit: 1\npath: R R R R\nlaps: three\n", "t.yaml:3:7: error: 'laps' must be a whole number, not 'three'"),
        ("trackkit: 1\npath: R R R R\nlaps: 0\n", "t.yaml:3:7: error: 'laps' is 0; it must be from 1 to 99"),
        ("trackkit: 1\npath: R R R R\nstart: 1.25\n",
         "t.yaml:3:8: error: 'start' is 1.25; it must be a whole or half number of tiles (use values like 3 or 3.5)"),
        ("trackkit: 1\npath: R R R R\nstart: 4\n",
         "t.yaml:3:8: error: start 4 is beyond the last tile (3) (give a position from 0 to 3.5)"),
        ("trackkit: 2\npath: R R R R\n",
         "t.yaml:1:11: error: format version 2 is not supported (this trackkit reads version 1)"),
        ("path: R R R R\n", "t.yaml:1:1: error: missing the format version (add 'trackkit: 1' as the first line)"),
        ("trackkit: 1\nname: x\n",
         "t.yaml:1:1: error: the layout has no circuit (add a 'path' (such as 'R 2S R ...') or a 'tiles' list)"),
        ("trackkit: 1\npath: R R R R\ntiles: [[0, 0]]\n",
         "t.yaml:3:8: error: give either 'path' or 'tiles', not both "
         "(delete one; 'trackkit convert' turns one into the other)"),
        ("trackkit: 1\ntiles: [[0, 0], [1]]\n",
         "t.yaml:2:17: error: tile 1 must be a pair [x, y], not a list (e.g. [3, 0] or [4, 0.5])"),
        ("trackkit: 1\npath: R R R R\ngame: chess\n", "t.yaml:3:7: error: unknown game 'chess' (known games: racepack)"),
        ("trackkit: 1\npath: R R\n  R R\n bad: [\n", None),
        ("", "t.yaml:1:1: error: the file is empty (start with 'trackkit: 1' and a 'path')"),
        ("- R\n- S\n", "t.yaml:1:1: error: a layout must be a mapping of keys to values "
         "(write 'key: value' lines, starting with 'trackkit: 1')"),
        ("trackkit: 1\npath: R R R R\npath: S\n", "t.yaml:3:1: error: key 'path' appears twice (keep one of them)"),
        ("trackkit: 1\ntiles: [[0, 0], [1, 0]]\nheading: north\n",
         "t.yaml:3:10: error: 'heading' goes with 'path', not with 'tiles' "
         "(tile positions already fix where the track lies)"),
    ],
)
def test_bad_layouts_get_one_line_naming_file_line_and_column(text: str, expected: str | None) -> None:
    error = error_for(text)
    line = error.one_line()
    assert "\n" not in line
    if expected is None:
        assert line.startswith("t.yaml:4:") and "YAML syntax error" in line
    else:
        assert line == expected


def test_unknown_key_lists_the_known_ones() -> None:
    line = error_for("trackkit: 1\npath: R R R R\ncolour: red\n").one_line()
    assert line.startswith("t.yaml:3:1: error: unknown key 'colour' (known keys: trackkit, name, description,")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(LayoutError) as caught:
        load_layout(tmp_path / "nope.yaml")
    assert caught.value.one_line() == f"{tmp_path / 'nope.yaml'}: error: no such file (check the path)"


def test_binary_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bin.yaml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(LayoutError) as caught:
        load_layout(path)
    assert "not UTF-8 text" in caught.value.message


def test_dump_round_trips_both_forms() -> None:
    layout = loads_layout(FIGURE1_YAML).layout
    for form in ("path", "tiles"):
        text = dump_layout(layout, form)
        again = loads_layout(text).layout
        assert again == layout
        assert dump_layout(again, form) == text


def test_dump_keeps_heading_and_origin_of_rotated_tracks() -> None:
    tiles = "[[5, 5], [5, 6], [4, 6], [4, 5], [4, 4], [5, 4]]"
    rotated = loads_layout(f"trackkit: 1\ntiles: {tiles}\n").layout
    text = dump_layout(rotated, "path")
    assert "path: S 2L S 2L\nheading: north\norigin: [5, 5]\n" in text
    again = loads_layout(text).layout
    assert again.circuit.centres() == rotated.circuit.centres()
    assert again.circuit.tiles[0].entry is Heading.NORTH


def test_dump_quotes_names_that_need_it() -> None:
    layout = loads_layout('trackkit: 1\nname: "Monza: the temple"\npath: R R R R\n').layout
    assert "name: 'Monza: the temple'" in dump_layout(layout)
    assert loads_layout(dump_layout(layout)).layout.name == "Monza: the temple"


@pytest.mark.parametrize("name", ["5", "Yes", "2024-06-01", "null", "two\nlines", "  padded ", "#hash", "é"])
def test_names_that_look_like_other_values_are_written_so_they_read_back(name: str) -> None:
    layout = loads_layout("trackkit: 1\npath: R R R R\n").layout
    layout = replace(layout, name=name, description=name)
    again = loads_layout(dump_layout(layout)).layout
    assert (again.name, again.description) == (name, name)


def test_a_date_like_name_reads_as_text() -> None:
    assert loads_layout("trackkit: 1\nname: 2024-06-01\npath: R R R R\n").layout.name == "2024-06-01"
