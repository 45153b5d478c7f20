"""Reading the players' own rally card shapes (``simulate --shapes FILE``).

The rulebook shows its track cards only in pictures, so trackkit races each
card with a *shape* of its own reading (rows across the road, lanes, Gates,
solid white lines: see :mod:`trackkit.rally.race.road` and
``docs/rules.md``).  Players whose cards read otherwise write their own in
a small YAML file, format version 1::

    trackkit: 1
    shapes:
      hairpin:
        rows: 3
        lanes: 2
        gates:
          - {row: 2, lane: 1, cost: 3}
          - {row: 2, lane: 2, cost: 2}
        walls:
          - {row: 2, lane: 1}

Rows count from 1 at the edge a car enters by; lanes from 1, the left-hand
lane in the direction of travel.  A Gate stands in front of its space (the
forward move into it pays the cost); a wall is a solid white line on the
right of its lane.  A card the file does not name keeps trackkit's shape.
Every complaint names its line and column, as every reader does.
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.common_fields import version_field, versioned_values
from trackkit.layoutfile.fields import Field, integer, sub_keys
from trackkit.layoutfile.files import read_text
from trackkit.layoutfile.problems import Problems, read_each
from trackkit.layoutfile.source import SourceMap
from trackkit.layoutfile.yaml_nodes import at, compose, shown
from trackkit.rally.deck import MAX_STYLES
from trackkit.rally.formats.fields import card_name
from trackkit.rally.race.road import GATE_COSTS, MAX_ROWS, WIDTH, CardShape, shape_problems

__all__ = [
    "FORMAT_VERSION",
    "load_card_shapes",
    "loads_card_shapes",
]

FORMAT_VERSION = 1
"""The version of the card shapes format this trackkit reads."""

MAX_MARKS = MAX_ROWS * WIDTH
"""The most Gates, or white lines, one card may list: one a space."""

EXAMPLE = "{rows: 3, lanes: 2}"


def loads_card_shapes(text: str, file: str) -> dict[str, CardShape]:
    """The card shapes in ``text`` (the file ``file``), by card name;
    raises one located :class:`LayoutError` naming every problem found."""
    try:
        root = compose(text)
        problems = Problems()
        _, values = versioned_values(root, FIELDS, FORMAT_VERSION, SourceMap(), problems)
        problems.raise_any()
        if "shapes" not in values:
            raise LayoutError(
                "the file gives no card shapes",
                line=1,
                column=1,
                hint=f"add 'shapes:' and under it each card's shape, e.g. hairpin: {EXAMPLE}",
            )
        shapes: dict[str, CardShape] = values["shapes"]
        return shapes
    except LayoutError as error:
        raise error.located(file) from None


def load_card_shapes(path: str | os.PathLike[str]) -> dict[str, CardShape]:
    """The card shapes in the file at ``path`` (see :func:`loads_card_shapes`)."""
    return loads_card_shapes(read_text(path), str(path))


def _read_shapes(node: yaml.Node) -> dict[str, CardShape]:
    if not isinstance(node, yaml.MappingNode) or not node.value:
        raise at(
            node, f"'shapes' must map card names to shapes, not {shown(node)}", f"e.g. hairpin: {EXAMPLE}"
        )
    if len(node.value) > MAX_STYLES:
        raise at(node, f"'shapes' names {len(node.value)} cards; trackkit reads at most {MAX_STYLES}")
    names: list[str] = []
    for key, _ in node.value:
        name = card_name(key, "a card")
        if name in names:
            raise at(key, f"card {name!r} is given two shapes", "keep one of them")
        names.append(name)
    shapes = read_each(zip(names, (value for _, value in node.value)), _read_shape)
    return dict(zip(names, shapes))


def _read_shape(entry: tuple[str, yaml.Node]) -> CardShape:
    """One card's shape, checked against what a card can be (see
    :func:`~trackkit.rally.race.road.shape_problems`)."""
    name, node = entry
    readers = {
        "rows": integer(f"{name}.rows", 1, MAX_ROWS),
        "lanes": integer(f"{name}.lanes", 1, WIDTH),
        "gates": _marks(f"{name}.gates", ("row", "lane", "cost")),
        "walls": _marks(f"{name}.walls", ("row", "lane")),
    }
    values = sub_keys(node, name, readers, EXAMPLE, "rows", "its rows across the road, from 1 to 8")
    if "lanes" not in values:
        raise at(
            node, f"'{name}' needs 'lanes', its spaces across the road, from 1 to {WIDTH}", f"e.g. {EXAMPLE}"
        )
    shape = CardShape(
        rows=values["rows"],
        lanes=values["lanes"],
        gates=tuple((row - 1, lane - 1, cost) for row, lane, cost in values.get("gates", ())),
        walls=tuple((row - 1, lane - 1) for row, lane in values.get("walls", ())),
    )
    problems = shape_problems(name, shape)
    if problems:
        raise at(node, f"card {name!r} {'; '.join(problems)}", "see 'Card shapes' in docs/rules.md")
    return shape


def _marks(key: str, parts: tuple[str, ...]) -> Any:
    """A reader for a list of Gates (``row``, ``lane``, ``cost``) or white
    lines (``row``, ``lane``), each a small mapping."""
    limits = {"row": (1, MAX_ROWS), "lane": (1, WIDTH), "cost": (min(GATE_COSTS), max(GATE_COSTS))}
    readers = {part: integer(f"{key}.{part}", *limits[part]) for part in parts}
    example = "{" + ", ".join(f"{part}: 1" for part in parts) + "}"

    def read_one(node: yaml.Node) -> tuple[int, ...]:
        values = sub_keys(node, key, readers, example, "row", "the row it stands in, from 1")
        missing = [part for part in parts if part not in values]
        if missing:
            raise at(node, f"each of '{key}' needs {' and '.join(missing)}", f"e.g. {example}")
        return tuple(values[part] for part in parts)

    def read(node: yaml.Node) -> tuple[tuple[int, ...], ...]:
        if not isinstance(node, yaml.SequenceNode):
            raise at(
                node, f"'{key}' must be a list, not {shown(node)}", f"e.g. {key.split('.')[-1]}: [{example}]"
            )
        if len(node.value) > MAX_MARKS:
            raise at(node, f"'{key}' lists {len(node.value)}; a card has at most {MAX_MARKS} spaces")
        return tuple(read_each(node.value, read_one))

    return read


FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    Field("shapes", _read_shapes, {"type": "object", "description": "Card shapes by card name."}),
)
"""The keys of a card shapes file."""
