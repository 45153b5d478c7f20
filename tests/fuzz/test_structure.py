"""Mutations that know a game's format change the thing they name and nothing else."""

from __future__ import annotations

import random

from trackkit import games
from trackkit.fuzz.inputs import file_shapes
from trackkit.fuzz.structure import (
    drop_key,
    file_shape,
    key_span,
    list_item,
    path_tokens,
    repeat_key,
    swap_game,
    tile_pairs,
    tweak_number,
)

RACEPACK = "trackkit: 1\nname: Oval\npath: R 7S R 3S R 7S R 3S\nlaps: 5\n"
RACE = "trackkit: 1\ngame: race\nspaces: 24\ncorners:\n- {from: 1, length: 2, radius: 2}\n- {from: 9, length: 2, radius: 1}\n"
SHAPES = file_shapes()
EVERY = list(SHAPES.values())


def lines_other_than(text: str, key: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    span = key_span(lines, key)
    assert span is not None
    return lines[: span[0]] + lines[span[1] :]


def test_every_game_has_a_shape_from_its_schema() -> None:
    assert set(SHAPES) == set(games.GAMES)
    assert {"corners", "spaces", "laps"} <= set(SHAPES["race"].keys)
    assert {"ramps", "players"} <= set(SHAPES["motocross"].keys)
    assert SHAPES["rally"].items["course"]


def test_a_key_span_holds_its_block_list() -> None:
    lines = RACE.splitlines(keepends=True)
    assert key_span(lines, "corners") == (3, 6)
    assert key_span(lines, "finish") is None


def test_path_mutations_change_only_the_path() -> None:
    for seed in range(20):
        changed = path_tokens(random.Random(seed), RACEPACK, SHAPES["racepack"], EVERY)
        assert lines_other_than(changed, "path") == lines_other_than(RACEPACK, "path")


def test_path_mutations_leave_a_game_without_paths_alone() -> None:
    rally = "trackkit: 1\ngame: rally\ncourse: [start]\n"
    assert path_tokens(random.Random(1), rally, SHAPES["rally"], EVERY) == rally


def test_a_list_item_mutation_touches_one_corner() -> None:
    changed = {list_item(random.Random(seed), RACE, SHAPES["race"], EVERY) for seed in range(30)}
    assert RACE.replace("- {from: 9, length: 2, radius: 1}\n", "") in changed
    assert all(text.startswith("trackkit: 1\ngame: race\nspaces: 24\ncorners:\n") for text in changed)


def test_dropping_and_repeating_keys() -> None:
    dropped = drop_key(random.Random(1), RACEPACK, SHAPES["racepack"], EVERY)
    assert len(dropped.splitlines()) == 3
    repeated = repeat_key(random.Random(1), RACEPACK, SHAPES["racepack"], EVERY)
    assert len(repeated.splitlines()) == 5 and repeated.startswith(RACEPACK)


def test_a_number_tweak_changes_one_number_of_a_value() -> None:
    changed = tweak_number(random.Random(4), RACE, SHAPES["race"], EVERY)
    assert changed != RACE
    assert len(changed.splitlines()) == len(RACE.splitlines())


def test_tile_pairs_are_deleted_repeated_or_swapped() -> None:
    text = "tiles: [[0, 0], [1, 0], [2, 0]]\n"
    changed = {tile_pairs(random.Random(seed), text, SHAPES["motocross"], EVERY) for seed in range(40)}
    assert "tiles: [[0, 0], [2, 0]]\n" in changed
    assert "tiles: [[1, 0], [0, 0], [2, 0]]\n" in changed


def test_a_swapped_game_names_another_or_none() -> None:
    names = {swap_game(random.Random(seed), RACE, SHAPES["race"], EVERY) for seed in range(40)}
    assert any("game: motocross\n" in text for text in names)
    assert any("game:" not in text for text in names)


def test_a_shape_lists_rally_cards_only_for_rally() -> None:
    assert not file_shape("race", {"properties": {"corners": {}}}).items
