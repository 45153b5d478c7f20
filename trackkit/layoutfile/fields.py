"""Value readers and field tables for layout files of any game.

A *value reader* reads one value (a whole number in a range, text, one of
a few words, true or false) from its YAML node and raises a located
:class:`~trackkit.errors.LayoutError` when it cannot.

A *field table* lists the top-level keys a game's file may hold.  Each
:class:`Field` carries the function that reads its value and the JSON Schema
fragment that describes it, so the reader and the schema an editor uses
(``trackkit schema``) come from one list and cannot drift apart; the limits
they share (the most packs, laps or cars) are written once, in the game's
model.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml

from trackkit.errors import LayoutError, did_you_mean
from trackkit.layoutfile.yaml_nodes import Location, at, location, scalar, shown

__all__ = [
    "Field",
    "Reader",
    "choice",
    "choice_field",
    "flag",
    "flag_field",
    "integer",
    "integer_field",
    "read_fields",
    "schema_of",
    "sub_key",
    "sub_keys",
    "text",
    "text_field",
    "text_line",
    "unprintable",
]

Reader = Callable[[yaml.Node], Any]
"""Reads one value from its node, raising a located :class:`LayoutError`."""


# --- value readers ----------------------------------------------------------------


def integer(name: str, low: int, high: int | None = None) -> Reader:
    """A reader for a whole number from ``low`` to ``high`` (no upper limit
    when ``None``) called ``name`` in messages."""

    def read(node: yaml.Node) -> int:
        value = scalar(node)
        if isinstance(value, str) and re.fullmatch(r"\s*[0-9]+\s*", value):
            raise at(
                node,
                f"'{name}' must be a whole number, not the text {value!r}",
                f"write the number without quotes: {name.rsplit('.', 1)[-1]}: {value.strip()}",
            )
        if not isinstance(value, int) or isinstance(value, bool):
            raise at(node, f"'{name}' must be a whole number, not {shown(node)}")
        if value < low or (high is not None and value > high):
            limit = f"from {low} to {high}" if high is not None else f"{low} or more"
            raise at(node, f"'{name}' is {value}; it must be {limit}")
        return value

    return read


def text(name: str) -> Reader:
    """A reader for text called ``name`` in messages.  Text may hold any
    character but the unprintable ones (see :func:`unprintable`)."""

    def read(node: yaml.Node) -> str:
        value = scalar(node)
        if not isinstance(value, str):
            raise at(node, f"'{name}' must be text, not {shown(node)}", "put it in quotes")
        bad = unprintable(value)
        if bad is not None:
            raise at(
                node,
                f"'{name}' holds the character {bad!r}, which cannot be printed or drawn",
                "delete it; text may hold line breaks and tabs but no other control characters",
            )
        return value

    return read


_ALLOWED_CONTROLS = frozenset("\n\t")
"""The control characters text may hold: a line break and a tab."""


def unprintable(value: str) -> str | None:
    """The first character of ``value`` that no drawing, terminal or file
    trackkit writes can carry as it is, or ``None``.  These are the control
    characters other than a line break and a tab (an escape sequence would
    drive the terminal; XML refuses them), halves of surrogate pairs and the
    non-characters U+FFFE and U+FFFF, which YAML's double-quoted escapes
    (``"\\x1b"``, ``"\\ud800"``) can write but no UTF-8 file or SVG holds."""
    for character in value:
        if character in _ALLOWED_CONTROLS:
            continue
        if unicodedata.category(character) in ("Cc", "Cs") or character in "\ufffe\uffff":
            return character
    return None


def choice(name: str, options: Sequence[str], synonyms: Mapping[str, str] | None = None) -> Reader:
    """A reader for one word of ``options`` (any case).  A word of
    ``synonyms`` (another way of saying an option, such as
    ``anticlockwise``) is met with the option it means; another word with
    the nearest option."""

    def read(node: yaml.Node) -> str:
        value = str(text(name)(node)).strip().lower()
        if value not in options:
            meant = (synonyms or {}).get(value)
            suggestion = f" (did you mean {meant!r}?)" if meant else did_you_mean(value, options)
            raise at(node, f"'{name}' is {value!r}; it must be {' or '.join(options)}{suggestion}")
        return value

    return read


def flag(name: str) -> Reader:
    """A reader for ``true`` or ``false``."""

    def read(node: yaml.Node) -> bool:
        value = scalar(node)
        if not isinstance(value, bool):
            raise at(node, f"'{name}' must be true or false, not {shown(node)}")
        return value

    return read


def sub_key(node: yaml.Node, key: str, known: Sequence[str], seen: Iterable[str], hint: str = "") -> str:
    """The name of one key of the small mapping ``key``: one of ``known``,
    not among those ``seen`` before.  ``hint`` replaces the list of known
    keys the complaint about an unknown key ends with."""
    name = node.value if isinstance(node, yaml.ScalarNode) else None
    if not isinstance(name, str) or name not in known:
        raise at(
            node,
            f"unknown key {name!r} in '{key}'{did_you_mean(name, known)}",
            hint or f"'{key}' knows: {', '.join(known)}",
        )
    if name in seen:
        raise at(node, f"key {name!r} appears twice in '{key}'", "keep one of them")
    return name


def sub_keys(
    node: yaml.Node,
    key: str,
    readers: Mapping[str, Reader],
    example: str,
    required: str = "from",
    meaning: str = "the loop tile its row starts beside",
) -> dict[str, Any]:
    """Read a small mapping such as ``pit: {from: 19}``; ``required`` must be there."""
    if not isinstance(node, yaml.MappingNode):
        raise at(node, f"'{key}' must be a mapping, not {shown(node)}", f"e.g. {key}: {example}")
    values: dict[str, Any] = {}
    for key_node, value_node in node.value:
        name = sub_key(key_node, key, list(readers), values)
        values[name] = readers[name](value_node)
    if required not in values:
        raise at(node, f"'{key}' needs '{required}', {meaning}", f"e.g. {key}: {example}")
    return values


def text_line(key: str, value: str) -> str:
    """``key: value`` as YAML, the value quoted by the YAML library itself
    whenever it would otherwise read back as something else (``'5'``,
    ``'Yes'``, ``'2024-06-01'``) or span lines, so what trackkit writes it
    reads back unchanged."""
    dumped = yaml.safe_dump({key: value}, allow_unicode=True, width=math.inf, sort_keys=False)
    return str(dumped).rstrip("\n")


# --- field tables -----------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One top-level key of a layout file: how to read it and how the JSON
    Schema describes it."""

    key: str
    read: Reader
    schema: dict[str, Any] = field(default_factory=dict)


def integer_field(
    key: str, low: int, high: int | None = None, *, default: int | None = None, description: str = ""
) -> Field:
    """A whole-number key; its reader and schema share the limits."""
    schema: dict[str, Any] = {"type": "integer", "minimum": low}
    if high is not None:
        schema["maximum"] = high
    if default is not None:
        schema["default"] = default
    if description:
        schema["description"] = description
    return Field(key, integer(key, low, high), schema)


def text_field(key: str, description: str) -> Field:
    """A text key."""
    return Field(key, text(key), {"type": "string", "description": description})


def choice_field(
    key: str,
    options: Sequence[str],
    *,
    default: str,
    description: str,
    synonyms: Mapping[str, str] | None = None,
) -> Field:
    """A key taking one word of ``options`` (see :func:`choice` for ``synonyms``)."""
    return Field(
        key,
        choice(key, options, synonyms),
        {"enum": list(options), "default": default, "description": description},
    )


def flag_field(key: str, description: str) -> Field:
    """A ``true``/``false`` key, false by default."""
    return Field(key, flag(key), {"type": "boolean", "default": False, "description": description})


def read_fields(
    root: yaml.MappingNode, table: Sequence[Field], problems: list[LayoutError] | None = None
) -> tuple[dict[str, yaml.Node], dict[str, Location]]:
    """The value node of each top-level key, and where each key was written.

    A key the table does not know, or a key given twice, is a located
    :class:`LayoutError`: raised at once, or, with a ``problems`` list,
    added to it and skipped so that reading can go on.
    """
    known = [item.key for item in table]
    nodes: dict[str, yaml.Node] = {}
    places: dict[str, Location] = {}
    for key_node, value_node in root.value:
        key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
        problem = None
        if not isinstance(key, str) or key not in known:
            message = f"unknown key {key!r}{did_you_mean(key, known)}"
            problem = at(key_node, message, f"known keys: {', '.join(known)}")
        elif key in nodes:
            problem = at(key_node, f"key {key!r} appears twice", "keep one of them")
        if problem is not None:
            if problems is None:
                raise problem
            problems.append(problem)
            continue
        assert isinstance(key, str)
        nodes[key] = value_node
        places[key] = location(key_node)
    return nodes, places


def schema_of(
    table: Sequence[Field],
    *,
    title: str,
    description: str,
    required: Sequence[str],
    alternatives: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """A JSON Schema (draft 2020-12) for files with the keys of ``table``;
    ``alternatives`` become its ``oneOf`` (say, a path or a list of tiles)."""
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "required": list(required),
    }
    if alternatives:
        schema["oneOf"] = list(alternatives)
    schema["properties"] = {item.key: item.schema for item in table}
    return schema
