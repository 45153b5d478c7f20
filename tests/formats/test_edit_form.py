"""The editor's view of a layout file: read the keys it edits, write new
values while keeping every other line and comment."""

from __future__ import annotations

import pytest

from trackkit.errors import LayoutError
from trackkit.formats.edit_form import edited_values, flow_text, with_values

COMMENTED = """\
# Our club's track
trackkit: 1
name: Figure 1   # from the rulebook
description: >-
  The rulebook's figure,
  redrawn.
path: >-
  R 2S R L S R 4S
  R S L R 2S R 6S
heading: west  # as printed
start: 21
laps: 3
"""


def test_edited_values_reads_the_keys_the_editor_shows() -> None:
    assert edited_values(COMMENTED) == {
        "name": "Figure 1",
        "path": "R 2S R L S R 4S R S L R 2S R 6S",
        "heading": "west",
        "start": 21,
        "laps": 3,
    }


def test_edited_values_notes_a_tiles_list_and_reads_ramps() -> None:
    text = "trackkit: 1\ngame: motocross\ntiles: [[0, 0], [1, 0]]\nramps: {1: 2}\n"
    assert edited_values(text) == {"game": "motocross", "tiles": True, "ramps": {1: 2}}


def test_unchanged_keys_keep_their_lines_and_comments() -> None:
    values = {"name": "Figure 1", "heading": "west", "start": 21, "laps": 3}
    assert with_values(COMMENTED, values) == COMMENTED


def test_changed_keys_replace_their_lines_only() -> None:
    changed = with_values(COMMENTED, {"path": "R 2S R", "laps": 5, "start": None})
    assert changed == (
        "# Our club's track\ntrackkit: 1\nname: Figure 1   # from the rulebook\n"
        "description: >-\n  The rulebook's figure,\n  redrawn.\n"
        "path: R 2S R\nheading: west  # as printed\nlaps: 5\n"
    )


def test_new_keys_go_where_trackkit_writes_them() -> None:
    text = with_values("trackkit: 1\n", {"ramps": {2: 3}, "path": "S S", "players": 4, "game": "motocross"})
    assert text == "trackkit: 1\ngame: motocross\nplayers: 4\npath: S S\nramps: {2: 3}\n"
    assert (
        with_values("trackkit: 1\nname: A\npath: S\n", {"cars": 6})
        == "trackkit: 1\nname: A\ncars: 6\npath: S\n"
    )


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (3, "3"),
        (2.5, "2.5"),
        ("Fig: 1", "'Fig: 1'"),
        ("5", "'5'"),
        ("west", "west"),
        ({2: 3, 6: 1}, "{2: 3, 6: 1}"),
    ],
)
def test_flow_text_reads_back_as_the_value(value: object, text: str) -> None:
    assert flow_text(value) == text


def test_flow_style_files_are_refused_with_their_place() -> None:
    with pytest.raises(LayoutError, match="block-style") as caught:
        edited_values("{trackkit: 1, path: R R R R}\n")
    assert (caught.value.line, caught.value.column) == (1, 1)


MERGE_BASE = (
    "# mine\ntrackkit: 1\nname: Figure 1\ndescription: >-\n  long\n  words\n"
    "path: R 2S R  # the path\nheading: west\nstart: 21\nlaps: 3  # three\n"
)


def test_merged_text_changes_only_the_keys_whose_values_changed() -> None:
    from trackkit.formats.edit_form import merged_text

    new = (
        "trackkit: 1\nname: Figure 1\ndescription: long words\ngame: racepack\nlaps: 3\n"
        "corners:\n- {from: 1, length: 2}\nstart: 21\n"
    )
    assert merged_text(MERGE_BASE, new) == (
        "# mine\ntrackkit: 1\nname: Figure 1\ndescription: >-\n  long\n  words\ngame: racepack\n"
        "start: 21\nlaps: 3  # three\ncorners:\n- {from: 1, length: 2}\n"
    )
    assert merged_text(MERGE_BASE, MERGE_BASE) == MERGE_BASE


def test_plain_keys_reads_a_layout_line_by_line_or_says_it_cannot() -> None:
    from trackkit.formats.edit_form import plain_keys, setting_values

    assert plain_keys(MERGE_BASE) == {
        "trackkit": (1, 1),
        "name": (2, 2),
        "description": (3, 5),
        "path": (6, 6),
        "heading": (7, 7),
        "start": (8, 8),
        "laps": (9, 9),
    }
    assert plain_keys("{trackkit: 1}\n") is None
    assert plain_keys("trackkit: 1\n---\n") is None
    assert setting_values(MERGE_BASE)["laps"] == 3
    assert "description" not in setting_values(MERGE_BASE)  # written over several lines
    assert setting_values("{trackkit: 1, laps: 4}\n") == {}  # a flow mapping: the editor writes no key into it


@pytest.mark.parametrize("value", ["!!timestamp", "!!int abc", "!!float x", "!!binary '%%'", "!!python/name:os.system"])
def test_a_tagged_setting_is_not_read_and_breaks_nothing(value: str) -> None:
    """The campaign's seed 14 crashed the editor on ``game: !!timestamp``
    (PyYAML's constructor for it fails on anything but a date): the page's
    settings are read as a layout reads values, so a tag outside the plain
    ones leaves the settings unread and the check says where it is."""
    from trackkit.formats.edit_form import merged_text, setting_values

    text = f"trackkit: 1\ngame: race\nwhen: {value}\nspaces: 30\n"
    assert setting_values(text) == {}
    changed = text.replace("spaces: 30", "spaces: 32")
    assert merged_text(text, changed) == changed
