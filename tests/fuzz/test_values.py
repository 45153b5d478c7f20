"""Values drawn from a key's schema sit near its edges and are written as YAML flow text."""

from __future__ import annotations

import random

import yaml

from trackkit.fuzz.values import flow, schema_value


def test_integers_keep_to_the_bounds_and_their_neighbours_most_of_the_time() -> None:
    rng = random.Random(1)
    schema = {"type": "integer", "minimum": 1, "maximum": 8}
    drawn = [schema_value(rng, schema) for _ in range(400)]
    near = [value for value in drawn if isinstance(value, int) and 0 <= value <= 9]
    assert len(near) > 200
    assert {0, 1, 8, 9} <= set(drawn)


def test_an_enum_gives_its_choices_and_near_misses() -> None:
    rng = random.Random(2)
    drawn = {schema_value(rng, {"enum": ["clockwise", "counterclockwise"]}) for _ in range(300)}
    assert {"clockwise", "counterclockwise", "CLOCKWISE"} <= drawn


def test_objects_take_the_schema_properties() -> None:
    rng = random.Random(3)
    corner = {"type": "object", "properties": {"from": {"type": "integer"}, "length": {"type": "integer"}}}
    drawn = [schema_value(rng, corner) for _ in range(50)]
    assert any(isinstance(value, dict) and {"from", "length"} <= set(value) for value in drawn)


def test_flow_text_reads_back_as_the_value() -> None:
    value = {"from": 3, "length": [1, 2.5, True], "name": "hairpin"}
    assert flow(value) == "{from: 3, length: [1, 2.5, true], name: hairpin}"
    assert yaml.safe_load(flow(value)) == value


def test_the_same_seed_draws_the_same_values() -> None:
    schema = {"type": "array", "items": {"type": "number"}}
    first = [schema_value(random.Random(9), schema) for _ in range(3)]
    assert first == [schema_value(random.Random(9), schema) for _ in range(3)]
