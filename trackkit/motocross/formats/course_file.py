"""Reading and writing Motocross layout files (YAML, format version 1).

The reader walks PyYAML's node tree (see :mod:`trackkit.layoutfile.yaml_nodes`)
so that every complaint names the line and column it is about, and records
where each tile and key was written (:class:`SourceMap`) so that findings
point at them.  :data:`~trackkit.motocross.formats.fields.FIELDS` feeds the
reader and the JSON Schema alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from trackkit.errors import ArgumentError, CircuitError
from trackkit.findings import Finding
from trackkit.layoutfile.common_fields import (
    check_convertible,
    header_lines,
    path_or_tiles,
    path_start_lines,
    read_tiles,
    tiles_line,
    versioned_values,
)
from trackkit.layoutfile.fields import schema_of
from trackkit.layoutfile.path_nodes import read_path
from trackkit.layoutfile.problems import Problems
from trackkit.layoutfile.source import LoadedLayout, Location, SourceMap
from trackkit.layoutfile.yaml_nodes import at, entry_width, location, scalar
from trackkit.motocross.course import (
    GAME,
    MAX_COURSE_TILES,
    Course,
    course_kinds,
    course_turns,
    path_centres,
    straight_step,
)
from trackkit.motocross.formats.fields import FIELDS, FORMAT_VERSION, RULE_KEYS
from trackkit.piecepack.geometry import Heading, Point
from trackkit.piecepack.path_text import format_path

__all__ = [
    "CourseSourceMap",
    "MotocrossFile",
    "convert_course",
    "course_schema",
    "dump_course",
    "read_course",
]

MotocrossFile = LoadedLayout[Course]
"""A Motocross course as read from its file."""


@dataclass
class CourseSourceMap(SourceMap):
    """Where things came from in a Motocross file; ``ramps`` maps each ramp
    tile to its entry in ``ramps``, where findings about that ramp point."""

    ramps: dict[int, Location] = field(default_factory=dict)

    def finding_location(self, finding: Finding) -> Location:
        if finding.rule.startswith("motocross/ramp-") and finding.tiles and finding.tiles[0] in self.ramps:
            return self.ramps[finding.tiles[0]]
        return super().finding_location(finding)


def read_course(root: yaml.MappingNode, text: str, file: str) -> MotocrossFile:
    """Read a Motocross course from the node tree of its file's ``text``;
    raises one :class:`~trackkit.errors.LayoutError` naming every problem
    found, as the Racepack reader does."""
    source = CourseSourceMap(rule_keys=RULE_KEYS)
    problems = Problems()
    fields, values = versioned_values(root, FIELDS, FORMAT_VERSION, source, problems)
    centres: tuple[Point, ...] | None = None
    with problems.gathered():
        centres = _centres(fields, values, text, source)
    ramps: tuple[tuple[int, int], ...] = values.get("ramps", ())
    pairs = fields["ramps"].value if ramps else []
    entries = {scalar(k): k for k, _ in pairs}
    source.ramps = {tile: location(key) for tile, key in entries.items()}
    source.widths.update({location(k): entry_width(k, v) or 1 for k, v in pairs})
    if centres is not None:
        for tile, _ in ramps:
            with problems.gathered():
                _check_ramp_tile(entries[tile], tile, len(centres))
    problems.raise_any()
    assert centres is not None
    course = Course(
        centres=centres,
        ramps=ramps,
        players=values.get("players", 4),
        packs=values.get("packs", 1),
        name=values.get("name"),
        description=values.get("description"),
        corner_touch=values.get("corner_touch", "allowed"),
        house_rules=values.get("house_rules", ()),
    )
    return MotocrossFile(course, source, file)


def _check_ramp_tile(key: yaml.Node, tile: int, tiles: int) -> None:
    if tile >= tiles:
        raise at(
            key,
            f"'ramps' names tile {tile}, beyond the last tile ({tiles - 1})",
            f"give a tile from 0 to {tiles - 1}",
        )


def _centres(
    fields: dict[str, yaml.Node], values: dict[str, Any], text: str, source: SourceMap
) -> tuple[Point, ...]:
    form = path_or_tiles(fields, source, track="course", example="S 3S R 2S ...", lies="course")
    if form == "tiles":
        return tuple(read_tiles(fields["tiles"], source, MAX_COURSE_TILES))
    kinds = read_path(fields["path"], text, source, MAX_COURSE_TILES)
    return path_centres(
        kinds, origin=values.get("origin", (0, 0)), heading=values.get("heading", Heading.EAST)
    )


def course_schema() -> dict[str, Any]:
    """The JSON Schema of Motocross layout files as a JSON-ready dict."""
    return schema_of(
        FIELDS,
        title="trackkit Motocross layout",
        description="A Motocross course: tiles in the order played, and its jump ramps.",
        required=["trackkit", "game"],
        alternatives=[{"required": ["path"]}, {"required": ["tiles"]}],
    )


# --- writing -----------------------------------------------------------------


def convert_course(course: Course, form: str) -> str:
    """``trackkit convert``: the course written with its tiles as a ``path``
    or as ``tiles`` (see :func:`dump_course`), refused with
    :class:`~trackkit.errors.LimitError` past
    :data:`~trackkit.layoutfile.common_fields.MAX_CONVERTED_TILES` tiles."""
    check_convertible(len(course.centres), "course")
    return dump_course(course, form)


def dump_course(course: Course, form: str = "path") -> str:
    """Write a course as YAML text, its tiles as a ``path`` or as ``tiles``.

    The same course always gives the same text, and reading it back gives
    the same course.  Raises :class:`ArgumentError` for a form other than
    ``path`` or ``tiles``, and :class:`CircuitError` for a ``path`` of a
    course whose tiles do not each lie squarely beyond the one before.
    """
    lines = header_lines(FORMAT_VERSION, course.name, course.description)
    lines += [f"game: {GAME}", f"players: {course.players}", f"packs: {course.packs}"]
    lines += _tile_lines(course, form)
    if course.ramps:
        lines.append(f"ramps: {{{', '.join(f'{tile}: {height}' for tile, height in course.ramps)}}}")
    if course.corner_touch != "allowed":
        lines.append(f"corner_touch: {course.corner_touch}")
    if course.house_rules:
        lines.append(f"house_rules: [{', '.join(course.house_rules)}]")
    return "\n".join(lines) + "\n"


def _tile_lines(course: Course, form: str) -> list[str]:
    if form == "tiles":
        return [tiles_line(course.centres)]
    if form != "path":
        raise ArgumentError(f"unknown course form {form!r}; use 'path' or 'tiles'")
    centres = course.centres
    first_step = straight_step(centres[0], centres[1]) if len(centres) > 1 else Heading.EAST
    last_step = straight_step(centres[-2], centres[-1]) if len(centres) > 1 else Heading.EAST
    if first_step is None or last_step is None or None in course_turns(course)[1:-1]:
        raise CircuitError(
            "this course cannot be written as a path: some tiles do not lie squarely beyond"
            " the tile before; run 'trackkit validate' to see where"
        )
    return [f"path: {format_path(course_kinds(course))}", *path_start_lines(first_step, centres[0])]
