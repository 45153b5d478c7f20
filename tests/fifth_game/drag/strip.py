"""The drag strip and its file: ``game: drag`` with ``tiles`` and ``cars``.

The reader takes any whole number of tiles and cars, so that a strip the
rules forbid is still read and then refused by its rule, with the line
the rule's key stands on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.common_fields import game_reader, header_lines, version_field, versioned_values
from trackkit.layoutfile.fields import Field, integer_field, schema_of, text_field
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import LoadedLayout, SourceMap

GAME_NAME = "drag"
FORMAT_VERSION = 1
SPACES_PER_TILE = 2
"""Each tile is two spaces long."""

FIELDS: tuple[Field, ...] = (
    version_field(FORMAT_VERSION),
    text_field("name", "The strip's name."),
    text_field("description", "A few words about the strip."),
    Field("game", game_reader(GAME_NAME, "this reader reads game: drag"), {"const": GAME_NAME}),
    integer_field("tiles", 1, 99, description="Tiles in the row."),
    integer_field("cars", 1, 99, default=2, description="Cars on the start line."),
)
"""Every key of a drag strip's file."""

RULE_KEYS = {"drag/length": "tiles", "drag/cars": "cars"}
"""The key each rule's findings point at."""


@dataclass(frozen=True)
class Strip:
    """A drag strip of ``tiles`` tiles raced by ``cars`` cars."""

    tiles: int
    cars: int = 2
    name: str | None = None
    description: str | None = None
    game: str = GAME_NAME

    @property
    def spaces(self) -> int:
        """The spaces of road from the start line to the finish."""
        return self.tiles * SPACES_PER_TILE


def read_strip(root: yaml.MappingNode, text: str, file: str) -> LoadedLayout[Strip]:
    """A strip from its file's node tree; every problem found in one error."""
    source = SourceMap(form="tiles", rule_keys=RULE_KEYS)
    problems = Problems()
    fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, source, problems)
    if "tiles" not in fields:
        problems.add(LayoutError("the strip has no tiles", line=1, column=1, hint="add 'tiles: 6' (a row of six tiles)"))
    problems.raise_any()
    strip = Strip(values["tiles"], values.get("cars", 2), values.get("name"), values.get("description"))
    return LoadedLayout(strip, source, file)


def dump_strip(strip: Strip) -> str:
    """The strip's file text; read back, it gives the same strip."""
    lines = header_lines(FORMAT_VERSION, strip.name, strip.description)
    lines += [f"game: {GAME_NAME}", f"tiles: {strip.tiles}", f"cars: {strip.cars}"]
    return "\n".join(lines) + "\n"


def strip_schema() -> dict[str, Any]:
    """The JSON Schema of a drag strip's file, from the same field table."""
    return schema_of(FIELDS, title="trackkit drag strip", description="A drag race on one row of tiles.",
                     required=["trackkit", "game", "tiles"])
