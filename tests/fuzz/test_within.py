"""Mutations within the schema change one field of a layout and leave it
readable, so the rules and drawings get to look at it; race records keep
their shape; option values for simulate, replay and count are ordinary or
hostile, never honest work of minutes."""

from __future__ import annotations

import random

import pytest
from support import ROOT

from trackkit import games
from trackkit.errors import TrackkitError
from trackkit.fuzz.inputs import file_shapes, seed_layouts
from trackkit.fuzz.options import count_options, replay_options, simulate_options
from trackkit.fuzz.records import cut_turns, header_field, turn_lines, turn_number, turns_out_of_order
from trackkit.fuzz.values import HOSTILE_COUNTS, valid_value
from trackkit.fuzz.within import WITHIN_MUTATIONS, plain_token, step_number, valid_field, valid_item

SHAPES = file_shapes()
EVERY = list(SHAPES.values())
RACEPACK = "trackkit: 1\nname: Oval\npath: R 7S R 3S R 7S R 3S\nlaps: 5\n"
RACE = "trackkit: 1\ngame: race\nspaces: 24\ncorners:\n- {from: 1, length: 2, radius: 2}\n- {from: 9, length: 2, radius: 1}\n"
RALLY = "trackkit: 1\ngame: rally\ncourse:\n  - start\n  - 3-lane\n  - straight\n  - checkpoint\n"


def test_a_valid_value_keeps_within_the_schema() -> None:
    rng = random.Random(1)
    laps = [valid_value(rng, {"type": "integer", "minimum": 1, "maximum": 99}) for _ in range(200)]
    assert min(laps) == 1 and max(laps) == 13
    pit = SHAPES["racepack"].keys["pit"]
    drawn = [valid_value(rng, pit) for _ in range(50)]
    assert all("from" in each and set(each) <= {"from", "length", "side"} for each in drawn)
    assert {valid_value(rng, {"enum": ["outside", "inside"]}) for _ in range(20)} == {"outside", "inside"}
    assert valid_value(rng, {"const": 1}) == 1


def test_valid_field_changes_one_key_to_a_value_the_reader_mostly_takes() -> None:
    read = 0
    for seed in range(30):
        changed = valid_field(random.Random(seed), RACEPACK, SHAPES["racepack"], EVERY)
        before, after = set(RACEPACK.splitlines()), set(changed.splitlines())
        assert len(after - before) <= 1 and len(before - after) <= 1
        assert "path: R 7S R 3S R 7S R 3S" in after
        try:
            games.loads(changed)
        except TrackkitError:
            continue
        read += 1
    assert read >= 25


def test_plain_token_changes_the_path_by_one_plain_token() -> None:
    for seed in range(30):
        changed = plain_token(random.Random(seed), RACEPACK, SHAPES["racepack"], EVERY)
        tokens = next(line for line in changed.splitlines() if line.startswith("path:")).split()[1:]
        assert abs(len(tokens) - 8) <= 1
        assert set(tokens) <= {"S", "L", "R", "CL", "CR", "2S", "3S", "7S"}
        games.loads(changed)  # read, legal or not


def test_step_number_moves_one_number_by_one_or_two() -> None:
    changed = step_number(random.Random(4), RACE, SHAPES["race"], EVERY)
    numbers = [line for line in changed.splitlines() if line not in RACE.splitlines()]
    assert len(numbers) == 1
    assert changed.count("\n") == RACE.count("\n")


def test_valid_item_keeps_a_list_of_its_kind() -> None:
    for seed in range(20):
        changed = valid_item(random.Random(seed), RALLY, SHAPES["rally"], EVERY)
        items = [line for line in changed.splitlines() if line.lstrip().startswith("-")]
        assert all(line.startswith("  - ") for line in items)
        assert 3 <= len(items) <= 5


def test_most_inputs_changed_within_the_schema_are_read() -> None:
    """Of 400 layouts of every game changed once within the schema, at
    least eight in ten are read (the independent campaign: one in nine of
    all inputs got past the readers)."""
    seeds = seed_layouts([ROOT / "layouts", *(ROOT / "tests" / game / "corpus" for game in sorted(games.GAMES))])
    rng = random.Random(35)
    read = 0
    for number in range(400):
        game = sorted(seeds)[number % 4]
        text = rng.choice(WITHIN_MUTATIONS)(rng, rng.choice(seeds[game]), SHAPES[game], EVERY)
        try:
            games.loads(text)
        except TrackkitError:
            continue
        read += 1
    assert read >= 320


# --- race records ---------------------------------------------------------------------

RECORD = (
    "trackkit-rally-record 1\nname: Deck\nseed: 7\nrace: 1\nskills: none\n"
    "turn 1, seat 1: place 1a 0.4.1 | roll 4 2\nturn 2, seat 2: place 2a 0.4.1 | roll 5 5\n"
    "turn 3, seat 1: roll 3 3\n"
)


def test_a_header_field_is_stepped_or_made_hostile_and_the_turns_are_kept() -> None:
    for seed in range(20):
        changed = header_field(random.Random(seed), RECORD)
        lines = changed.splitlines()
        assert lines[5:] == RECORD.splitlines()[5:]
        [new] = [line for line in lines if line not in RECORD.splitlines()]
        name, value = new.split(": ")
        assert name in ("seed", "race") and (value in HOSTILE_COUNTS or value in ("6", "8", "0", "2"))


def test_turns_are_left_out_repeated_swapped_or_cut_short() -> None:
    assert turn_lines(RECORD.splitlines()) == [5, 6, 7]
    shapes = {turns_out_of_order(random.Random(seed), RECORD).count("turn ") for seed in range(20)}
    assert shapes == {2, 3, 4}
    cut = cut_turns(random.Random(2), RECORD)
    assert RECORD.startswith(cut) and cut.splitlines()[-1].startswith("turn ")


def test_a_number_of_a_turn_moves() -> None:
    changed = turn_number(random.Random(3), RECORD)
    differ = [pair for pair in zip(changed.splitlines(), RECORD.splitlines()) if pair[0] != pair[1]]
    assert len(differ) == 1 and differ[0][1].startswith("turn ")


# --- option values --------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_simulate_options_race_once_to_thrice_on_one_worker_or_ask_a_hostile_count(seed: int) -> None:
    args = simulate_options(random.Random(seed), "in.yaml", "race")
    assert args[:4] == ["simulate", "in.yaml", "--workers", "1"]
    assert args[5] in ("1", "2", "3") or args[5] in HOSTILE_COUNTS
    assert args[-1] == "--force" and args == simulate_options(random.Random(seed), "in.yaml", "race")


def test_simulate_options_are_mostly_those_the_game_takes() -> None:
    rng = random.Random(8)
    drawn = [simulate_options(rng, "in.yaml", "motocross") for _ in range(200)]
    foreign = [args for args in drawn if {"--laps", "--skills", "--extra-hazards", "--pit-stops"} & set(args)]
    assert 5 <= len(foreign) <= 40
    assert sum("--cars" in args for args in drawn) >= 50


def test_count_never_asks_for_the_minutes_of_a_large_count() -> None:
    """``count --tiles 40`` takes seconds and 60 a minute and a half, by
    design: a fuzzed count is at most 24 tiles or refused at once."""
    rng = random.Random(6)
    for _ in range(300):
        args = count_options(rng)
        tiles = args[args.index("--tiles") + 1]
        assert tiles in HOSTILE_COUNTS or 1 <= int(tiles) <= 24
    assert "--width" in replay_options(rng)
