"""Reading layout files of any game: YAML nodes, located errors, field tables.

Every game's layout file is a YAML mapping of keys to values.  The readers
here walk PyYAML's node tree rather than plain Python values, so that every
complaint can name the line and column it is about.

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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

import yaml

from trackkit.errors import LayoutError, did_you_mean
from trackkit.piecepack.circuit import MAX_DIGITS

__all__ = [
    "MAX_DEPTH",
    "PLAIN_TAGS",
    "Field",
    "LayoutLoader",
    "Location",
    "Problems",
    "Reader",
    "as_layout_root",
    "at",
    "choice",
    "choice_field",
    "compose",
    "compose_documents",
    "flag",
    "flag_field",
    "integer",
    "integer_field",
    "location",
    "read_each",
    "read_fields",
    "scalar",
    "schema_of",
    "shown",
    "sub_key",
    "sub_keys",
    "text",
    "text_field",
    "text_line",
    "unprintable",
]

Location = tuple[int, int]
"""A 1-based (line, column) in the file."""

Reader = Callable[[yaml.Node], Any]
"""Reads one value from its node, raising a located :class:`LayoutError`."""


def location(node: yaml.Node) -> Location:
    """Where ``node`` starts in the file."""
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def at(node: yaml.Node, message: str, hint: str | None = None) -> LayoutError:
    """A :class:`LayoutError` pointing at ``node``."""
    line, column = location(node)
    return LayoutError(message, line=line, column=column, hint=hint)


SHOWN_LENGTH = 40
"""The most characters of a value a message quotes; a longer value is
quoted by its two ends."""


def shown(node: yaml.Node) -> str:
    """How a message quotes a value: its text (a long one cut to its ends),
    or what kind of thing it is."""
    if isinstance(node, yaml.ScalarNode):
        if not node.value:
            return "an empty value"
        value = str(node.value)
        if len(value) > SHOWN_LENGTH:
            half = SHOWN_LENGTH // 2
            return f"{value[:half]!r}...{value[-half:]!r} ({len(value):,} characters)"
        return repr(value)
    return "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"


PLAIN_TAGS = {
    "tag:yaml.org,2002:str": "text",
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "an empty value",
}
"""The only kinds of value a layout file holds, and how messages call them."""

MAX_DEPTH = 40
"""How deeply lists and mappings may nest; a layout needs three levels."""


class LayoutLoader(yaml.SafeLoader):
    """PyYAML's safe loader, reading only plain values: text, numbers,
    true/false and empty values.  Words that look like dates, and the odd
    ``=`` and ``<<``, stay text; explicit tags are refused by :func:`scalar`.

    Aliases (``*name``, repeating a value marked ``&name``) are refused where
    they stand: a layout needs none, and a few lines of aliases of aliases
    stand for billions of values."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            raise LayoutError(
                "YAML aliases (*name) are not used in layout files",
                line=mark.line + 1,
                column=mark.column + 1,
                hint="write the value out in full",
            )
        return super().compose_node(parent, index)


LayoutLoader.yaml_implicit_resolvers = {
    first: [(tag, pattern) for tag, pattern in resolvers if tag in PLAIN_TAGS]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def scalar(node: yaml.Node) -> Any:
    """The Python value of a scalar node (text, a number, true/false or
    ``None``); other nodes are returned as they are.  Raises a located
    :class:`LayoutError` for a tag outside :data:`PLAIN_TAGS` or a value its
    tag cannot hold (``!!int abc``)."""
    if not isinstance(node, yaml.ScalarNode):
        return node
    kind = PLAIN_TAGS.get(node.tag)
    if kind is None:
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        raise at(node, f"the YAML tag {tag!r} is not used in layout files", "remove the tag")
    if kind == PLAIN_TAGS["tag:yaml.org,2002:int"] and len(node.value) > MAX_DIGITS:
        raise at(
            node,
            f"{shown(node)} is far too large a number for a layout",
            f"numbers in a layout have at most {MAX_DIGITS} digits",
        )
    try:
        return LayoutLoader("").construct_object(node)
    except Exception:  # PyYAML's constructors fail in many ways on odd text
        raise at(node, f"{shown(node)} is not {kind}", "remove the tag or fix the value") from None


def _position_of(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where flow brackets first nest deeper than :data:`MAX_DEPTH`, found
    before parsing, since the parser itself recurses once per level."""
    depth = 0
    for index, character in enumerate(text):
        if character in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _position_of(text, index)
        elif character in "]}":
            depth = max(0, depth - 1)
    return None


def _depth_of(node: yaml.Node, limit: int) -> int:
    """How deeply ``node`` nests, counting no further than ``limit`` + 1."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        here, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > limit:
            return deepest
        if isinstance(here, yaml.SequenceNode):
            stack.extend((item, depth + 1) for item in here.value)
        elif isinstance(here, yaml.MappingNode):
            stack.extend((value, depth + 1) for _, value in here.value)
    return deepest


def _nesting_error(line: int, column: int) -> LayoutError:
    return LayoutError(
        f"lists or mappings nest more than {MAX_DEPTH} deep",
        line=line,
        column=column,
        hint="a layout nests three levels at most",
    )


def compose_documents(text: str) -> list[yaml.Node | None]:
    """Parse YAML text into the node tree of each of its documents.

    Raises a located :class:`LayoutError` for malformed YAML, characters
    YAML does not allow, or nesting deeper than :data:`MAX_DEPTH`.
    """
    deep = _too_deep(text)
    if deep is not None:
        raise _nesting_error(*deep)
    try:
        documents: list[yaml.Node | None] = list(yaml.compose_all(text, Loader=LayoutLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        raise LayoutError(
            f"YAML syntax error: {problem}",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
            hint="check the indentation and quoting near here",
        ) from None
    except yaml.reader.ReaderError as exc:
        line, column = _position_of(text, exc.position)
        raise LayoutError(
            f"character {chr(exc.character)!r} is not allowed in YAML"
            if isinstance(exc.character, int)
            else "a character here is not allowed in YAML",
            line=line,
            column=column,
            hint="delete it; a layout holds no control characters",
        ) from None
    except RecursionError:
        raise _nesting_error(1, 1) from None
    except yaml.YAMLError as exc:
        raise LayoutError(
            f"YAML error: {str(exc).splitlines()[0] if str(exc) else 'malformed YAML'}"
        ) from None
    for document in documents:
        if document is not None and _depth_of(document, MAX_DEPTH) > MAX_DEPTH:
            raise _nesting_error(*location(document))
    return documents


def as_layout_root(root: yaml.Node | None) -> yaml.MappingNode:
    """The top of one document, which must be a mapping of keys to values."""
    if root is None:
        raise LayoutError("the file is empty", line=1, column=1, hint="start with 'trackkit: 1' and a 'path'")
    if not isinstance(root, yaml.MappingNode):
        raise at(
            root,
            "a layout must be a mapping of keys to values",
            "write 'key: value' lines, starting with 'trackkit: 1'",
        )
    return root


def compose(text: str) -> yaml.MappingNode:
    """The node tree of a file holding one layout; raises a located
    :class:`LayoutError` for malformed YAML, an empty file, a file of
    several documents, or one that is not a mapping of keys to values."""
    documents = compose_documents(text)
    if len(documents) > 1:
        second = documents[1]
        line, column = location(second) if second is not None else (1, 1)
        raise LayoutError(
            f"the file holds {len(documents)} layouts, one per YAML document",
            line=line,
            column=column,
            hint="give one layout per file; 'trackkit validate' checks every layout of a file",
        )
    return as_layout_root(documents[0] if documents else None)


# --- gathering every problem of a file ---------------------------------------------

S = TypeVar("S")
T = TypeVar("T")


class Problems:
    """The format errors found in one file so far.

    A reader goes on past a problem wherever the rest of the file can still
    be read (a bad value, an unknown key, a bad entry of a list), so that a
    player sees every mistake in one run; :meth:`raise_any` then raises one
    :class:`LayoutError` carrying them all, in the order they stand in the
    file.
    """

    def __init__(self) -> None:
        self.found: list[LayoutError] = []

    def add(self, problem: LayoutError) -> None:
        """Record ``problem`` and any others it carries."""
        for each in problem.every():
            self.found.append(
                LayoutError(each.message, file=each.file, line=each.line, column=each.column, hint=each.hint)
            )

    @contextmanager
    def gathered(self) -> Iterator[None]:
        """Run a block of reading; a :class:`LayoutError` it raises is
        recorded and reading goes on after the block."""
        try:
            yield
        except LayoutError as problem:
            self.add(problem)

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_any(self) -> None:
        """Raise every problem found as one :class:`LayoutError`, if any."""
        if self.found:
            raise LayoutError.combined(self.found)


def read_each(nodes: Iterable[S], read: Callable[[S], T]) -> list[T]:
    """``read`` applied to every entry of a list, going on past a bad one;
    raises one :class:`LayoutError` naming every bad entry."""
    problems = Problems()
    values: list[T] = []
    for node in nodes:
        with problems.gathered():
            values.append(read(node))
    problems.raise_any()
    return values


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
