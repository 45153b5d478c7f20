"""The keys of a rally layout file: how each value is read, and how the JSON
Schema describes it (:data:`FIELDS`).

A rally file names its game (``game: rally``), lists its ``course`` in
course order (``start``, ``3-lane``, then the race deck from its top card),
the player's collection of random track cards as
``cards: {base: {NAME: COPIES}, expansion: {NAME: COPIES}}``, and whether
the expansion's cards are in use (``expansion: true``).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from trackkit.layoutfile.common_fields import game_reader, version_field
from trackkit.layoutfile.fields import Field, flag_field, integer, sub_key, text_field
from trackkit.layoutfile.problems import Problems, read_each
from trackkit.layoutfile.source import SourceMap
from trackkit.layoutfile.yaml_nodes import at, location, scalar, shown, width
from trackkit.rally.deck import GAME, MAX_CARDS, MAX_COPIES, MAX_NAME, MAX_STYLES, RESERVED, Collection

__all__ = ["FIELDS", "FORMAT_VERSION", "NAME_PATTERN", "READERS", "RULE_KEYS", "card_name", "read_course"]

FORMAT_VERSION = 1
"""The version of the layout format this trackkit reads and writes."""

NAME_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
"""What a card name looks like: lower-case letters, digits and hyphens
(``s-bend``, ``3-lane``); names are read in any case and kept lower-case."""

RULE_KEYS = {
    "rally/opening": "course",
    "rally/pattern": "course",
    "rally/group-size": "course",
    "rally/collection": "cards",
    "rally/end": "course",
}
"""The key each rule about no particular card points at."""

_PARTS = ("base", "expansion")
_EXAMPLE = "cards: {base: {hairpin: 2, s-bend: 3}}"


_game = game_reader(GAME, f"this reader reads '{GAME}' layouts")


def card_name(node: yaml.Node, what: str) -> str:
    """One card's name, lower-cased; raises a located error for anything
    that is not a name (see :data:`NAME_PATTERN`)."""
    value = scalar(node)
    if not isinstance(value, str):
        hint = f"put it in quotes: '{node.value}'" if isinstance(node, yaml.ScalarNode) else "e.g. hairpin"
        raise at(node, f"{what} must be a card name, not {shown(node)}", hint)
    name = value.strip().lower()
    if len(name) > MAX_NAME:
        raise at(node, f"{what} is {len(name)} characters long; names have at most {MAX_NAME}")
    if not re.match(NAME_PATTERN, name):
        suggestion = re.sub(r"[^a-z0-9]+", "-", name).strip("-") or "hairpin"
        raise at(
            node,
            f"{what} {value!r} is not a card name",
            f"use letters, digits and hyphens, e.g. {suggestion}",
        )
    return name


def _styles(node: yaml.Node, key: str) -> tuple[tuple[str, int], ...]:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null":
        return ()
    if not isinstance(node, yaml.MappingNode):
        raise at(node, f"'{key}' must map card names to copies, not {shown(node)}", f"e.g. {_EXAMPLE}")
    if len(node.value) > MAX_STYLES:
        raise at(node, f"'{key}' lists {len(node.value)} cards; a collection lists at most {MAX_STYLES}")
    found: dict[str, int] = {}
    problems = Problems()
    for key_node, value_node in node.value:
        with problems.gathered():
            name = _style_name(key_node, key, found)
            found[name] = 0
            found[name] = integer(f"{key}.{name}", 0, MAX_COPIES)(value_node)
    problems.raise_any()
    return tuple(found.items())


def _style_name(node: yaml.Node, key: str, found: dict[str, int]) -> str:
    """The name of a random track card in ``key``, not reserved and not
    given before."""
    name = card_name(node, f"a card in '{key}'")
    if name in RESERVED:
        raise at(
            node,
            f"'{name}' is not a random track card",
            "the opening cards, Checkpoints and Jumps are set aside; list only the cards shuffled",
        )
    if name in found:
        raise at(node, f"card {name!r} appears twice in '{key}'", "give its copies once")
    return name


def _cards(node: yaml.Node) -> Collection:
    if not isinstance(node, yaml.MappingNode):
        raise at(node, f"'cards' must be a mapping, not {shown(node)}", f"e.g. {_EXAMPLE}")
    parts: dict[str, tuple[tuple[str, int], ...]] = {}
    problems = Problems()
    for key_node, value_node in node.value:
        with problems.gathered():
            part = _part(key_node, parts)
            parts[part] = ()
            parts[part] = _styles(value_node, f"cards.{part}")
    problems.raise_any()
    return Collection(parts.get("base", ()), parts.get("expansion", ()))


def _part(node: yaml.Node, parts: dict[str, tuple[tuple[str, int], ...]]) -> str:
    """``base`` or ``expansion``, a part of the collection not given before."""
    hint = f"'cards' knows: {', '.join(_PARTS)} (each mapping names to copies), e.g. {_EXAMPLE}"
    return sub_key(node, "cards", _PARTS, parts, hint)


def read_course(node: yaml.Node, source: SourceMap) -> tuple[str, ...]:
    """The ``course`` list of card names; records where each entry was
    written (and how long it is) in ``source``."""
    if not isinstance(node, yaml.SequenceNode) or not node.value:
        raise at(node, "'course' must be a list of card names", "e.g. course: [start, 3-lane, hairpin, ...]")
    if len(node.value) > MAX_CARDS:
        raise at(node, f"'course' lists {len(node.value):,} cards; trackkit handles at most {MAX_CARDS}")
    for index, item in enumerate(node.value):
        source.place(index, location(item), width(item))
    return tuple(read_each(enumerate(node.value), lambda entry: card_name(entry[1], f"card {entry[0]}")))


def _node(node: yaml.Node) -> yaml.Node:
    """Keep a value's node to read later (the course records its places)."""
    return node


_NAME = {"type": "string", "pattern": NAME_PATTERN, "maxLength": MAX_NAME}
_STYLES = {
    "type": "object",
    "maxProperties": MAX_STYLES,
    "propertyNames": _NAME,
    "additionalProperties": {"type": "integer", "minimum": 0, "maximum": MAX_COPIES},
}


FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    text_field("name", "The deck's name."),
    text_field("description", "Free text about the deck."),
    Field("game", _game, {"const": GAME, "description": "This is a rally card game deck."}),
    flag_field("expansion", "Whether the expansion pack's track cards are in use (groups 1-4 may grow)."),
    Field(
        "cards",
        _cards,
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "base": {**_STYLES, "description": "Random track cards of the base game: name to copies."},
                "expansion": {**_STYLES, "description": "Random track cards of the expansion pack."},
            },
            "description": "The collection of random track cards (not Start, 3-lane, Checkpoint or Jump).",
        },
    ),
    Field(
        "course",
        _node,
        {
            "type": "array",
            "items": _NAME,
            "minItems": 1,
            "maxItems": MAX_CARDS,
            "description": "Cards in course order: start, 3-lane, then the race deck from its top card"
            " (checkpoint, jump and named random track cards); the last card is at the bottom of the deck.",
        },
    ),
)
"""Every top-level key of a rally layout, in the order messages list them."""

READERS: dict[str, Any] = {item.key: item.read for item in FIELDS}
"""The reader of each key."""
