"""Race records: one simulated race, move by move, in a file, for every game.

A record is a Portable Piecepack Notation game: a YAML document of
metadata, a line ``...``, then the movetext.  The metadata holds, under
``Trackkit``, the record's version, the seed and race number it was played
from, its laps, the drivers by grid slot (or seat) and the whole layout
raced on, so a record can be replayed on its own::

    ---
    Event: Racepack race on Figure 1
    Notes: ...
    Trackkit:
      record: 1
      seed: 2026
      race: 1
      laps: 3
      drivers: [bold, cautious, bold, bold]
      layout:
        trackkit: 1
        ...
    ...
    setup. t@(1.5,1.5) ...
    1. {car 1} ...

This module writes and reads what every game's record shares; the movetext
is each game's own (written and read in its package, reached through its
:class:`~trackkit.game.Game`).  Reading comes in two steps, since a layout
is read through the game registry, which stands above this module:
:func:`read_record_head` reads the metadata and leaves the layout's node;
the game's ``replay`` job reads the moves once the layout is known.  A
record without a line ``...`` keeps its moves in the YAML document under
``Turns``: the form RACE! records took before they were PPN.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.fields import choice, integer, sub_key, text_line
from trackkit.layoutfile.yaml_nodes import at, compose, location

__all__ = [
    "RECORD_VERSION",
    "RecordHead",
    "finish_line",
    "head_lines",
    "mapping_of",
    "movetext_of",
    "ppn_text",
    "read_record_head",
]

RECORD_VERSION = 1
"""The version of the record format this trackkit writes and reads."""

MOVETEXT_START = "..."
"""The line that ends a PPN file's metadata; the movetext follows it."""

HEAD_KEYS = ("record", "seed", "race", "laps", "drivers", "layout")
OPTIONAL_HEAD_KEYS = ("pit laps", "grid", "finish")
"""Racepack's pit-stop variant: each car's pit lap, by grid slot; a RACE!
record's grid: the space each racer starts on, by grid slot; the finishing
order, car (racer) numbers first home first (records written before these
were kept have none)."""
MOST_DRIVERS = 99
DRIVER_NAMES = ("expert", "bold", "cautious", "random", "bold+tokens", "cautious+tokens", "random+tokens")
"""The drivers a record may name (RACE! has no ``+tokens`` drivers; its
engine refuses them)."""
MOST_LAPS = 99


@dataclass(frozen=True)
class RecordHead:
    """The metadata of a record file: ``seed`` and ``race`` (the race's
    number in that seed's run), ``laps``, ``drivers`` by grid slot, the
    ``layout`` node (read by the game registry), and the moves: the
    movetext and its first line, or the ``Turns`` node of a record written
    before records were PPN (RACE!)."""

    file: str
    text: str
    seed: int
    race: int
    laps: int
    drivers: tuple[str, ...]
    layout: yaml.MappingNode
    movetext: str | None
    movetext_line: int
    turns: yaml.Node | None
    pit_laps: tuple[int, ...] = ()
    drivers_at: tuple[int, int] = (1, 1)
    """The line and column of the ``drivers`` list, for errors about it."""
    grid: tuple[int, ...] = ()
    """A RACE! record's grid: each racer's starting space (empty in a
    record written before it was kept)."""
    finish: tuple[int, ...] | None = None
    """The grid slots in finishing order (``None`` when not given)."""

    def too_many_cars(self, problem: str) -> LayoutError:
        """A located error for a record naming more cars than its layout's
        starting grid holds (``problem``: the grid's own words)."""
        line, column = self.drivers_at
        return LayoutError(
            f"'Trackkit.drivers' names more cars than the layout's grid holds: {problem}",
            file=self.file,
            line=line,
            column=column,
            hint="name one driver per car the grid has room for",
        )


# --- writing ---------------------------------------------------------------------


def head_lines(
    event: str,
    notes: str,
    seed: int,
    race: int,
    laps: int,
    drivers: Sequence[str],
    layout_text: str,
    extra: Sequence[str] = (),
) -> list[str]:
    layout_lines = ["    " + line if line else "" for line in layout_text.rstrip("\n").splitlines()]
    return [
        "---",
        text_line("Event", event),
        text_line("Notes", notes),
        "Trackkit:",
        f"  record: {RECORD_VERSION}",
        f"  seed: {seed}",
        f"  race: {race}",
        f"  laps: {laps}",
        f"  drivers: [{', '.join(drivers)}]",
        *extra,
        "  layout:",
        *layout_lines,
    ]


def ppn_text(head: Sequence[str], movetext: str) -> str:
    """A PPN record: the metadata ``head`` (see :func:`head_lines`), the
    line ``...`` and the ``movetext``."""
    return "\n".join([*head, MOVETEXT_START, ""]) + movetext


# --- reading ---------------------------------------------------------------------


def read_record_head(text: str, file: str) -> RecordHead:
    """The metadata of a record file's ``text``.  Raises a
    :class:`~trackkit.errors.LayoutError` naming the file, line and column
    when it is not a record trackkit can read."""
    try:
        return _head(text, file)
    except LayoutError as error:
        raise error.located(file) from None


def _head(text: str, file: str) -> RecordHead:
    lines = text.split("\n")
    end = next((index for index, line in enumerate(lines) if line.rstrip() == MOVETEXT_START), None)
    metadata = text if end is None else "\n".join(lines[:end]) + "\n"
    root = compose(metadata)
    fields = mapping_of(root, ("Event", "Notes", "Trackkit", "Turns"), "a record")
    if "Trackkit" not in fields:
        raise LayoutError(
            "this is not a trackkit race record: it has no 'Trackkit' metadata",
            line=1,
            column=1,
            hint="record a race with 'trackkit simulate TRACK --record FILE'",
        )
    head = mapping_of(fields["Trackkit"], HEAD_KEYS + OPTIONAL_HEAD_KEYS, "'Trackkit'")
    missing = [key for key in HEAD_KEYS if key not in head]
    if missing:
        raise at(fields["Trackkit"], f"'Trackkit' has no {missing[0]!r}", f"give {', '.join(HEAD_KEYS)}")
    version = integer("Trackkit.record", 1)(head["record"])
    if version != RECORD_VERSION:
        raise at(
            head["record"],
            f"record version {version} is not one this trackkit reads",
            f"use {RECORD_VERSION}",
        )
    layout = head["layout"]
    if not isinstance(layout, yaml.MappingNode):
        raise at(
            layout,
            "'Trackkit.layout' must be a layout: a mapping of keys to values",
            "nest the layout file here",
        )
    return RecordHead(
        file,
        text,
        integer("Trackkit.seed", 0)(head["seed"]),
        integer("Trackkit.race", 1)(head["race"]),
        integer("Trackkit.laps", 1, MOST_LAPS)(head["laps"]),
        _drivers(head["drivers"]),
        layout,
        None if end is None else "\n".join(lines[end + 1 :]),
        0 if end is None else end + 2,
        fields.get("Turns"),
        _pit_laps(head.get("pit laps"), head["laps"]),
        location(head["drivers"]),
        _numbers(head.get("grid"), "grid", "each racer's starting space"),
        _finish(head.get("finish"), len(head["drivers"].value)),
    )


def _pit_laps(node: yaml.Node | None, laps: yaml.Node) -> tuple[int, ...]:
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode) or len(node.value) > MOST_DRIVERS:
        raise at(node, "'Trackkit.pit laps' must list each car's pit lap", "write [2, 2, 1, 3]")
    most = integer("Trackkit.laps", 1, MOST_LAPS)(laps)
    return tuple(integer("Trackkit.pit laps", 0, most)(item) for item in node.value)


def finish_line(finish: tuple[int, ...] | None) -> list[str]:
    """The metadata line of a finishing order (grid slots), by car number."""
    return [] if finish is None else [f"  finish: [{', '.join(str(slot + 1) for slot in finish)}]"]


def _numbers(node: yaml.Node | None, key: str, what: str, most: int | None = None) -> tuple[int, ...]:
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode) or len(node.value) > MOST_DRIVERS:
        raise at(node, f"'Trackkit.{key}' must list {what}", "write [3, 1, 2]")
    return tuple(integer(f"Trackkit.{key}", 1, most)(item) for item in node.value)


def _finish(node: yaml.Node | None, cars: int) -> tuple[int, ...] | None:
    found = _numbers(node, "finish", "the car numbers in finishing order", cars)
    return None if node is None else tuple(number - 1 for number in found)


def mapping_of(node: yaml.Node, known: Sequence[str], what: str) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        raise at(node, f"{what} must be a mapping of keys to values", "write 'key: value' lines")
    found: dict[str, yaml.Node] = {}
    for key, value in node.value:
        found[sub_key(key, what, known, found)] = value
    return found


def _drivers(node: yaml.Node) -> tuple[str, ...]:
    if not isinstance(node, yaml.SequenceNode) or not node.value or len(node.value) > MOST_DRIVERS:
        raise at(node, "'Trackkit.drivers' must list the drivers by grid slot", "write [bold, cautious, ...]")
    return tuple(choice("Trackkit.drivers", DRIVER_NAMES)(item) for item in node.value)


def movetext_of(head: RecordHead, game: str) -> str:
    """The movetext of a PPN record of ``game``; a located error when it has none."""
    if head.movetext is None:
        raise LayoutError(
            f"a {game} record needs PPN movetext after a line '...'",
            file=head.file,
            line=head.text.count("\n") + 1,
            column=1,
            hint="end the metadata with '...' and write the moves after it",
        )
    return head.movetext
