"""Fuzz inputs come from every game's seed layouts, the same for the same seed."""

from __future__ import annotations

from support import ROOT

from trackkit import games
from trackkit.fuzz.inputs import file_shapes, fuzz_inputs, mutate, seed_layouts

SEEDS = seed_layouts([ROOT / "layouts"])


def test_seed_layouts_are_sorted_by_game() -> None:
    assert set(SEEDS) == set(games.GAMES)
    assert all("game: rally" in text for text in SEEDS["rally"])


def test_a_game_without_layouts_gets_the_least_file_naming_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert seed_layouts([tmp_path])["race"] == ["trackkit: 1\ngame: race\n"]


def test_the_games_take_turns_and_a_seed_repeats_the_inputs() -> None:
    first = list(fuzz_inputs(SEEDS, 40, 5))
    assert [item.game for item in first[:4]] == sorted(SEEDS)
    assert first == list(fuzz_inputs(SEEDS, 40, 5))
    assert first != list(fuzz_inputs(SEEDS, 40, 6))


def test_mutate_changes_the_text_the_number_of_steps_asked() -> None:
    shapes = file_shapes()
    text = SEEDS["racepack"][0]
    assert mutate(text, shapes["racepack"], list(shapes.values()), 1, steps=0) == text
    assert mutate(text, shapes["racepack"], list(shapes.values()), 1, steps=2) != text
