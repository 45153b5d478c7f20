"""Values for a layout key, made from the key's JSON Schema.

Every game's reader publishes the keys it takes as a JSON Schema (``trackkit
schema``).  A *schema value* is a value drawn for one key from that schema:
most are near the edges the schema names (a minimum, one below it, a
maximum, one above it), some are far outside (huge or negative numbers, not
a number at all, the wrong type), and some are ordinary, so that the rest of
the file still gets read.  :func:`flow` writes a value the way a person
would in a layout file, as YAML flow text (``{from: 3, length: 2}``).

Because the values come from each game's own schema, the mutations follow
the formats as they grow: a key added to a reader is fuzzed without a change
here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

__all__ = ["EDGE_NUMBERS", "EDGE_TEXT", "HOSTILE_COUNTS", "flow", "schema_value", "valid_value"]

Schema = Mapping[str, Any]

EDGE_NUMBERS: tuple[Any, ...] = (
    0, 1, -1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 24, 48, 99, 100, 200, 201, 999, 1000,
    9999, 10_000, 10_001, 65_536, 120_000, 120_001, 1_000_000, 2**31, 2**63, 10**99, 10**101,
    0.5, 2.5, -0.5, 0.25, 1e308, "1e400", ".nan", ".inf", "-.inf", "0x10", "0o17", "1_000",
)
"""Numbers chosen to sit on or past a limit somewhere in trackkit."""

EDGE_TEXT: tuple[str, ...] = (
    "", "x", "nort", "null", "~", "yes", "no", "[]", "{}", "'é🏁'", "'a\\tb'", '"\\x1b[2J"',
    '"\\x00"', "'" + "w" * 300 + "'", "!!binary aGk=", "*nothing", "&a 1",
)
"""Text that is not what any key expects, or barely is."""

HOSTILE_COUNTS: tuple[str, ...] = (
    "0", "-1", "-7", "100000000", "2147483648", "9223372036854775808", "1" * 30, "9" * 101, "-" + "9" * 30,
    "abc", "", " 3", "+2", "3.5", "1e3", "1_000", "0x10", "٣", "NaN",
)
"""Values for an option that takes a count (races, cars, laps, tiles, a
seed, a width): zero, negative, huge (a hundred million, past 32 and 64
bits, 30 and 101 digits), and text that is not a whole number or is one
only loosely.  Each must get an answer at once: a refusal, or work within
the limits."""

_DEPTH = 3
"""How deep nested lists and mappings go before their items are plain numbers."""


def schema_value(rng: random.Random, schema: Schema, depth: int = 0) -> Any:
    """One value for a key described by ``schema``; usually near its edges,
    now and then of another type altogether (one in eight)."""
    if rng.random() < 0.125 or depth > _DEPTH:
        return rng.choice(EDGE_NUMBERS + EDGE_TEXT)
    if "enum" in schema:
        return _enum_value(rng, schema["enum"])
    kind = schema.get("type")
    maker = _MAKERS.get(kind if isinstance(kind, str) else "", _any_value)
    return maker(rng, schema, depth)


def _enum_value(rng: random.Random, choices: list[Any]) -> Any:
    """A choice of the schema's, or a near miss of one (its case changed, cut short)."""
    value = rng.choice(choices)
    if isinstance(value, str) and value and rng.random() < 0.25:
        return rng.choice((value.upper(), value[:-1], value + value[-1], f"' {value}'"))
    return value


def _integer(rng: random.Random, schema: Schema, depth: int) -> Any:
    """An ordinary value within the schema's bounds (four times in ten),
    a bound or its neighbour (three), or an edge number."""
    low = schema.get("minimum", 0)
    high = min(schema.get("maximum", low + 50), low + 50)
    roll = rng.random()
    if roll < 0.4:
        return rng.randint(low, high)
    bounds = [schema[key] for key in ("minimum", "maximum") if key in schema]
    if roll < 0.7 and bounds:
        return rng.choice(bounds) + rng.choice((-1, 0, 0, 1))
    return rng.choice(EDGE_NUMBERS)


def _number(rng: random.Random, schema: Schema, depth: int) -> Any:
    """As an integer, or halfway between two (coordinates come in halves)."""
    value = _integer(rng, schema, depth)
    if isinstance(value, int) and rng.random() < 0.3:
        return value + rng.choice((0.5, 0.25, -0.5))
    return value


def _boolean(rng: random.Random, schema: Schema, depth: int) -> Any:
    return rng.choice((True, False, "yes", "off", 0, 1, "maybe"))


def _string(rng: random.Random, schema: Schema, depth: int) -> Any:
    if rng.random() < 0.5:
        return rng.choice(("straight", "hairpin", "a-b", "x" * 41, "UPPER", "9"))
    return rng.choice(EDGE_TEXT)


def _array(rng: random.Random, schema: Schema, depth: int) -> Any:
    """A short list of items (now and then empty, or long)."""
    items = schema.get("items", {})
    count = rng.choice((0, 1, 2, 3, 5, 8, rng.randint(0, 40), 300))
    return [schema_value(rng, items, depth + 1) for _ in range(count)]


def _object(rng: random.Random, schema: Schema, depth: int) -> Any:
    """Some of the schema's properties, maybe an unknown one, and entries
    under the names the schema allows for any others."""
    result: dict[Any, Any] = {}
    for name, inner in schema.get("properties", {}).items():
        if rng.random() < 0.8:
            result[name] = schema_value(rng, inner, depth + 1)
    extra = schema.get("additionalProperties")
    if isinstance(extra, Mapping):
        for _ in range(rng.choice((0, 1, 3, 12, 60))):
            result[_property_name(rng, schema)] = schema_value(rng, extra, depth + 1)
    if rng.random() < 0.1:
        result["surplus"] = 1
    return result


def _property_name(rng: random.Random, schema: Schema) -> Any:
    """A key for an entry of a mapping: a tile number where the schema wants
    digits, a card name otherwise."""
    pattern = schema.get("propertyNames", {}).get("pattern", "")
    if "0-9]+$" in pattern or "\\d" in pattern:
        return rng.choice(EDGE_NUMBERS[:24])
    return rng.choice(("straight", "left-curve", "hairpin", "chicane", "crest", "x", "Bad Name"))


def _any_value(rng: random.Random, schema: Schema, depth: int) -> Any:
    return rng.choice(EDGE_NUMBERS + EDGE_TEXT)


_MAKERS = {
    "integer": _integer,
    "number": _number,
    "boolean": _boolean,
    "string": _string,
    "array": _array,
    "object": _object,
}


# --- values within the schema ------------------------------------------------------

_SMALL = 12
"""How far above its minimum an integer drawn within the schema goes: a
layout stays small enough for its rules, drawings and races to run."""

_NAMES = ("Fuzzed", "Short Oval", "Test track 2", "Été")
"""Ordinary text for a name or a description."""


def valid_value(rng: random.Random, schema: Schema, depth: int = 0) -> Any:
    """One value the schema allows, small and ordinary, so that a layout
    changed only by it is still read and goes on to the rules, drawings
    and races (what :func:`schema_value` rarely lets through)."""
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return rng.choice(schema["enum"])
    kind = schema.get("type")
    maker = _VALID_MAKERS.get(kind if isinstance(kind, str) else "", _ordinary_value)
    return maker(rng, schema, depth)


def _valid_integer(rng: random.Random, schema: Schema, depth: int) -> int:
    low = schema.get("minimum", 0)
    return rng.randint(low, min(schema.get("maximum", low + _SMALL), low + _SMALL))


def _valid_number(rng: random.Random, schema: Schema, depth: int) -> float | int:
    """An integer within bounds, or a half above one (coordinates and the
    start line come in halves)."""
    value = _valid_integer(rng, schema, depth)
    top = schema.get("maximum")
    return value + 0.5 if rng.random() < 0.3 and (top is None or value < top) else value


def _valid_array(rng: random.Random, schema: Schema, depth: int) -> list[Any]:
    low = schema.get("minItems", 0)
    count = min(rng.randint(low, low + 3), schema.get("maxItems", low + 3))
    return [valid_value(rng, schema.get("items", {}), depth + 1) for _ in range(count)]


def _valid_object(rng: random.Random, schema: Schema, depth: int) -> dict[Any, Any]:
    """The schema's required properties, some of its others, and a few
    entries under names it allows for any others."""
    required = set(schema.get("required", ()))
    result: dict[Any, Any] = {
        name: valid_value(rng, inner, depth + 1)
        for name, inner in schema.get("properties", {}).items()
        if name in required or rng.random() < 0.5
    }
    extra = schema.get("additionalProperties")
    if isinstance(extra, Mapping):
        for _ in range(rng.randint(0, 3)):
            result[_valid_name(rng, schema)] = valid_value(rng, extra, depth + 1)
    return result


def _valid_name(rng: random.Random, schema: Schema) -> Any:
    """A key the schema allows for an entry: a small tile number where it
    wants digits, else a card name."""
    pattern = schema.get("propertyNames", {}).get("pattern", "")
    if "0-9]+$" in pattern or "\\d" in pattern:
        return rng.randint(0, 23)
    return rng.choice(("straight", "left-curve", "hairpin", "chicane", "crest"))


def _ordinary_value(rng: random.Random, schema: Schema, depth: int) -> Any:
    return rng.choice(_NAMES)


def _valid_boolean(rng: random.Random, schema: Schema, depth: int) -> bool:
    return rng.random() < 0.5


_VALID_MAKERS = {
    "integer": _valid_integer,
    "number": _valid_number,
    "boolean": _valid_boolean,
    "string": _ordinary_value,
    "array": _valid_array,
    "object": _valid_object,
}


def flow(value: Any) -> str:
    """``value`` as YAML flow text: mappings in braces, lists in brackets,
    text as it stands (an edge text is already written as YAML)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{flow(key)}: {flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(item) for item in value) + "]"
    return str(value)
