"""The editor's form: what the page may send, the file keys it makes, and
the whole-track moves."""

from __future__ import annotations

from typing import Any

import pytest
from support import path_kinds

from trackkit.edit.form import EditForm, form_of_values, form_values, read_form, transformed
from trackkit.errors import ArgumentError, LayoutError

FIGURE1 = path_kinds("R 2S R L S R 4S R S L R 2S R 6S")


def test_a_sent_form_is_read_with_its_defaults() -> None:
    form = read_form({"game": "racepack", "path": ["R", "S", "CL"], "start": 2.5, "laps": 3})
    assert form == EditForm(path=("R", "S", "CL"), start=2.5, laps=3)


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "layout must be an object"),
        ({"game": "chess"}, "game must be one of racepack, motocross"),
        ({"path": ["R", "X"]}, "path tiles must be one of CL, CR, L, R, S"),
        ({"path": "R R R R"}, "path must be a list of at most 400 tiles"),
        ({"path": ["S"] * 401}, "path must be a list of at most 400 tiles"),
        ({"start": 1.25}, "start must be a tile number, or a tile number and a half"),
        ({"start": -1}, "start must be a tile number"),
        ({"laps": 0}, "laps must be a whole number from 1 to 99"),
        ({"cars": True}, "cars must be a whole number from 1 to 16"),
        ({"heading": "up"}, "heading must be one of east, north, west, south"),
        ({"ramps": {"x": 1}}, "ramps must map tile numbers to coins"),
        ({"name": 5}, "name must be text"),
    ],
)
def test_anything_else_is_refused_naming_the_field(data: Any, words: str) -> None:
    with pytest.raises(ArgumentError, match=words):
        read_form(data)


def test_form_values_set_the_game_keys_and_clear_another_games() -> None:
    form = EditForm(game="motocross", path=("S", "R", "S"), players=3, ramps=((1, 2),))
    values = form_values(form, ("laps", "cars", "start"))
    assert values == {
        "laps": None,
        "cars": None,
        "start": None,
        "name": None,
        "players": 3,
        "packs": None,
        "path": "S R S",
        "heading": "east",
        "ramps": {1: 2},
        "game": "motocross",
    }


def test_a_form_reads_back_from_its_values() -> None:
    form = EditForm(path=FIGURE1, name="Figure 1", heading="west", start=21.0, laps=3)
    assert form_of_values(form_values(form)) == form


def test_a_game_the_editor_does_not_lay_is_refused() -> None:
    with pytest.raises(LayoutError, match="not 'rally'"):
        form_of_values({"game": "rally"})


def test_turn_steps_the_heading_clockwise() -> None:
    headings = []
    form = EditForm(path=("R",))
    for _ in range(4):
        form = transformed(form, "turn")
        headings.append(form.heading)
    assert headings == ["south", "west", "north", "east"]


def test_mirror_swaps_left_and_right_and_flips_north_and_south() -> None:
    form = transformed(EditForm(path=("R", "S", "CL", "L"), heading="north"), "mirror")
    assert (form.path, form.heading) == (("L", "S", "CR", "R"), "south")


def test_reverse_drives_the_loop_backwards_and_keeps_the_line_in_place() -> None:
    form = transformed(EditForm(path=FIGURE1, heading="west", start=21.0), "reverse")
    assert form.path == path_kinds("6S L 2S L R S L 4S L S R L 2S L")
    assert (form.start, form.heading) == (3.0, "east")
    assert transformed(EditForm(path=FIGURE1, start=2.5), "reverse").start == 21.5
    assert transformed(form, "reverse").path == FIGURE1


def test_reverse_moves_ramps_with_their_tiles() -> None:
    form = transformed(EditForm(game="motocross", path=("S", "S", "R", "S"), ramps=((1, 2),)), "reverse")
    assert (form.path, form.ramps) == (("S", "L", "S", "S"), ((2, 2),))


def test_an_unknown_move_is_refused() -> None:
    with pytest.raises(ArgumentError, match="move must be one of turn, mirror, reverse"):
        transformed(EditForm(), "flip")
