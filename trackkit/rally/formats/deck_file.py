"""Reading and writing rally layout files (YAML, format version 1).

The reader walks PyYAML's node tree (see :mod:`trackkit.layoutfile.yaml_nodes`)
so that every complaint names the line and column it is about, and records
where each card of the course was written (:class:`SourceMap`) so that
findings point at them.  :data:`~trackkit.rally.formats.fields.FIELDS`
feeds the reader and the JSON Schema alike.
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.common_fields import header_lines, versioned_values
from trackkit.layoutfile.fields import schema_of
from trackkit.layoutfile.files import read_text
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import LoadedLayout, SourceMap
from trackkit.layoutfile.yaml_nodes import LayoutLoader, compose
from trackkit.rally.deck import GAME, Collection, RaceDeck
from trackkit.rally.formats.fields import FIELDS, FORMAT_VERSION, RULE_KEYS, read_course

__all__ = ["RallyFile", "deck_schema", "dump_deck", "load_collection", "loads_collection", "read_deck"]

RallyFile = LoadedLayout[RaceDeck]
"""A rally layout as read from its file."""


def read_deck(root: yaml.MappingNode, text: str, file: str) -> RallyFile:
    """Read a rally layout from the node tree of its file's ``text``;
    raises one :class:`LayoutError` naming every problem found, as the
    Racepack reader does."""
    source = SourceMap(rule_keys=RULE_KEYS, form="course")
    problems = Problems()
    fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, source, problems)
    course: tuple[str, ...] = ()
    with problems.gathered():
        course = _course(fields, source)
    problems.raise_any()
    deck = RaceDeck(
        course=course,
        cards=values.get("cards"),
        expansion=values.get("expansion", False),
        name=values.get("name"),
        description=values.get("description"),
    )
    return RallyFile(deck, source, file)


def _course(fields: dict[str, yaml.Node], source: SourceMap) -> tuple[str, ...]:
    if "course" not in fields:
        raise LayoutError(
            "the layout has no course",
            line=1,
            column=1,
            hint="add 'course: [start, 3-lane, ...]', the cards from the start on",
        )
    return read_course(fields["course"], source)


def loads_collection(text: str, file: str) -> Collection:
    """The ``cards`` of a file holding a collection: a rally layout, or a
    file of ``trackkit: 1`` and ``cards`` alone.  Raises a located
    :class:`LayoutError` when the file has none or cannot be read."""
    try:
        root = compose(text)
        problems = Problems()
        fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, SourceMap(), problems)
        with problems.gathered():
            if "course" in fields:
                read_course(fields["course"], SourceMap())
        problems.raise_any()
        if "cards" not in values:
            raise LayoutError(
                "the file lists no cards",
                line=1,
                column=1,
                hint="add 'cards: {base: {NAME: COPIES, ...}}', the random track cards you have",
            )
        cards: Collection = values["cards"]
        return cards
    except LayoutError as error:
        raise error.located(file) from None


def deck_schema() -> dict[str, Any]:
    """The JSON Schema of rally layout files as a JSON-ready dict."""
    return schema_of(
        FIELDS,
        title="trackkit rally layout",
        description="A rally card game race deck: the course in course order and the card collection.",
        required=["trackkit", "game", "course"],
    )


# --- writing -----------------------------------------------------------------


def _name(name: str) -> str:
    """A card name as YAML, quoted when it would read back as something
    other than text (``'1'``, ``'true'``)."""
    if yaml.load(name, Loader=LayoutLoader) != name:
        return f"'{name}'"
    return name


def _styles(styles: tuple[tuple[str, int], ...]) -> str:
    return "{" + ", ".join(f"{_name(name)}: {copies}" for name, copies in styles) + "}"


def dump_deck(deck: RaceDeck) -> str:
    """Write a deck as YAML text, one card of the course a line.

    The same deck always gives the same text, and reading it back gives the
    same deck.
    """
    lines = header_lines(FORMAT_VERSION, deck.name, deck.description)
    lines += [f"game: {GAME}", f"expansion: {'true' if deck.expansion else 'false'}"]
    if deck.cards is not None:
        lines.append("cards:")
        lines.append(f"  base: {_styles(deck.cards.base)}")
        if deck.cards.expansion:
            lines.append(f"  expansion: {_styles(deck.cards.expansion)}")
    lines.append("course:")
    lines += [f"  - {_name(card)}" for card in deck.course]
    return "\n".join(lines) + "\n"


def load_collection(path: str | os.PathLike[str]) -> Collection:
    """The ``cards`` of the file at ``path`` (see :func:`loads_collection`)."""
    return loads_collection(read_text(path), str(path))
