"""The editor's form as it comes over the wire: the game and the layout
text, a placement on the table, and settings checked against the fields
the game's schema gives."""

from __future__ import annotations

from typing import Any

import pytest

from trackkit.edit.form import EditForm, read_form, read_placement, read_settings, settings_of
from trackkit.errors import ArgumentError
from trackkit.registry import GAMES
from trackkit.tabletop import Placement


def test_a_sent_form_is_the_game_and_the_text() -> None:
    assert read_form({"game": "race", "text": "trackkit: 1\n"}) == EditForm("race", "trackkit: 1\n")
    assert read_form({"game": "rally"}) == EditForm("rally", "")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "layout must be an object"),
        ({"game": "chess"}, "game must be one of racepack, motocross, race, rally"),
        ({"game": "racepack", "text": ["a"]}, "text must be text of at most 200,000 characters"),
        ({"game": "racepack", "text": "x" * 200_001}, "text must be text of at most 200,000 characters"),
    ],
)
def test_anything_else_is_refused_naming_the_field(data: Any, words: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        read_form(data)
    assert str(caught.value) == words


def test_a_placement_is_read_with_its_cells_and_chosen_pieces() -> None:
    sent = {"action": "road", "piece": "", "cells": [[0, 0], [1, 0.5]], "chosen": [3], "offset": [1, -2]}
    assert read_placement(sent) == Placement("road", "", ((0.0, 0.0), (1.0, 0.5)), (3,), (1.0, -2.0))
    assert read_placement({"action": "close"}) == Placement("close")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (
            {"action": "jump"},
            "placement must have an action: put, road, move, remove, turn, flip, reverse, close",
        ),
        ({"action": "put", "cells": [[1, True]]}, "placement cells must be [x, y] pairs of numbers"),
        ({"action": "put", "cells": [[1, 2, 3]]}, "placement cells must be [x, y] pairs of numbers"),
        ({"action": "put", "cells": [[0, 0]] * 2001}, "placement cells must list at most 2000 cells"),
        ({"action": "remove", "chosen": [1.5]}, "placement chosen must list piece numbers"),
        ({"action": "put", "piece": 4}, "placement piece must name a palette piece"),
    ],
)
def test_a_placement_of_another_shape_is_refused(data: Any, words: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        read_placement(data)
    assert str(caught.value) == words


def test_settings_fields_come_from_the_game_schema() -> None:
    fields = {field["key"]: field for field in settings_of(GAMES["race"])}
    assert list(fields) == [
        "name",
        "description",
        "direction",
        "laps",
        "racers",
        "finish_in_corner",
        "road_touch",
    ]
    assert fields["racers"]["type"] == "number" and (fields["racers"]["min"], fields["racers"]["max"]) == (
        1,
        16,
    )
    assert fields["direction"]["choices"] == ["clockwise", "counterclockwise"]
    assert fields["finish_in_corner"]["type"] == "switch"


def test_settings_are_checked_against_their_fields() -> None:
    race = GAMES["race"]
    assert read_settings({"laps": 3, "direction": "clockwise", "name": ""}, race) == {
        "laps": 3,
        "direction": "clockwise",
        "name": None,
    }
    for sent, words in (
        ({"laps": "abc"}, "laps must be a whole number from 1"),
        ({"racers": 17}, "racers must be a whole number from 1 to 16"),
        ({"direction": "up"}, "direction must be one of clockwise, counterclockwise"),
        ({"spaces": 4}, "settings 'spaces' is not a setting of RACE! files"),
    ):
        with pytest.raises(ArgumentError) as caught:
            read_settings(sent, race)
        assert str(caught.value) == words


def test_a_rally_collection_is_a_counts_field_of_its_schema_groups() -> None:
    cards = {field["key"]: field for field in settings_of(GAMES["rally"])}["cards"]
    assert cards["type"] == "counts"
    assert [(g["key"], g["min"], g["max"], g["most"]) for g in cards["groups"]] == [
        ("base", 0, 99, 100),
        ("expansion", 0, 99, 100),
    ]
    sent = {"cards": {"base": {"straight": 2, "hairpin": 1}, "expansion": {}}}
    assert read_settings(sent, GAMES["rally"]) == {"cards": {"base": {"straight": 2, "hairpin": 1}}}
    assert read_settings({"cards": {"base": {}}}, GAMES["rally"]) == {"cards": None}


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ([], "cards must map base and expansion to counts"),
        ({"box": {}}, "cards must map base and expansion to counts"),
        ({"base": ["straight"]}, "cards base must list at most 100 names with their counts"),
        ({"base": {"Straight": 1}}, "cards base 'Straight' is not a name it takes (small letters, digits, '-')"),
        ({"expansion": {"crest": 100}}, "cards expansion crest: must be a whole number from 0 to 99"),
        ({"base": {"crest": True}}, "cards base crest: must be a whole number from 0 to 99"),
    ],
)
def test_a_collection_of_another_shape_is_refused_naming_the_group(cards: Any, words: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        read_settings({"cards": cards}, GAMES["rally"])
    assert str(caught.value) == words
