"""Race records: one simulated race, move by move, in a file.

Both games' records start with a YAML document of metadata holding, under
``Trackkit``, the record's version, the seed and race number it was played
from, its laps, the drivers by grid slot and the whole layout raced on, so
a record can be replayed on its own::

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

* A **Racepack** record is a Portable Piecepack Notation game: the metadata
  ends with a line ``...`` and the movetext follows (see
  :mod:`trackkit.racepack.race.ppn`).
* A **Motocross** record is a PPN game too, ``laps: 1`` (see
  :mod:`trackkit.motocross.race.ppn`, read back by
  :mod:`trackkit.motocross.race.ppn_read`).
* A **RACE!** record is one YAML document: the metadata, then ``Turns``, one
  flow mapping per racer's turn: ``{racer: 2, speed: 1, dice: [5, 3, 8,
  1], hazard dice: [], to: 14, shakes: 3, shaken to: 9}``, with ``blocked``
  and ``shaken blocked`` (``slow`` or ``risk``) where the racers ahead
  stopped a move (see :class:`~trackkit.race.record.RacerTurn`).

Reading comes in two steps, since a layout is read through the game
registry, which stands above this module: :func:`read_record_head` reads
the metadata and leaves the layout's node; :func:`racepack_moves` and
:func:`race_turns` read the moves once the layout is known.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import yaml

from trackkit.errors import EquipmentError, LayoutError
from trackkit.layoutfile.fields import choice, integer, sub_key, text_line
from trackkit.layoutfile.yaml_nodes import at, compose, location
from trackkit.motocross.course import Course
from trackkit.motocross.race.ppn import race_movetext as motocross_movetext
from trackkit.motocross.race.ppn_read import ReadRace
from trackkit.motocross.race.ppn_read import read_movetext as read_motocross_movetext
from trackkit.motocross.race.record import RaceRecord as MotocrossRecord
from trackkit.race.record import BLOCKED_CHOICES, RaceLog, RacerTurn
from trackkit.race.track import RaceLayout
from trackkit.racepack.layout import Layout
from trackkit.racepack.movement.board import Board
from trackkit.racepack.race.ppn import race_movetext, read_movetext
from trackkit.racepack.race.record import RaceRecord

__all__ = [
    "RECORD_VERSION",
    "RecordHead",
    "motocross_moves",
    "motocross_record_text",
    "race_record_text",
    "race_turns",
    "racepack_moves",
    "racepack_record_text",
    "read_record_head",
]

RECORD_VERSION = 1
"""The version of the record format this trackkit writes and reads."""

MOVETEXT_START = "..."
"""The line that ends a PPN file's metadata; the movetext follows it."""

HEAD_KEYS = ("record", "seed", "race", "laps", "drivers", "layout")
OPTIONAL_HEAD_KEYS = ("pit laps",)
"""Racepack's pit-stop variant: each car's pit lap, by grid slot."""
TURN_KEYS = (
    "racer",
    "speed",
    "dice",
    "hazard dice",
    "to",
    "blocked",
    "shakes",
    "shaken to",
    "shaken blocked",
)
MOST_DICE = 12
"""The most dice a turn of a record may list (a turn rolls at most eight)."""

MOST_DRIVERS = 99
DRIVER_NAMES = ("bold", "cautious", "random", "bold+tokens", "cautious+tokens", "random+tokens")
"""The drivers a record may name (RACE! has no ``+tokens`` drivers; its
engine refuses them)."""
MOST_LAPS = 99


@dataclass(frozen=True)
class RecordHead:
    """The metadata of a record file: ``seed`` and ``race`` (the race's
    number in that seed's run), ``laps``, ``drivers`` by grid slot, the
    ``layout`` node (read by the game registry), and the moves: the
    movetext and its first line (Racepack) or the ``Turns`` node (RACE!)."""

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


def _head_lines(
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


def racepack_record_text(
    layout: Layout, layout_text: str, record: RaceRecord, *, seed: int, race: int = 1
) -> str:
    """A Racepack race as a PPN file: the metadata, then the movetext;
    ``layout_text`` is the layout as its file would hold it."""
    title = layout.name or "a Racepack track"
    notes = (
        f"race {race} of seed {seed}: {len(record.drivers)} cars, {record.laps} laps; "
        "cars are the pawns; written by trackkit"
    )
    pits = [f"  pit laps: [{', '.join(map(str, record.pit_laps))}]"] if record.pit_laps else []
    head = _head_lines(
        f"Racepack race on {title}", notes, seed, race, record.laps, record.drivers, layout_text, pits
    )
    return "\n".join([*head, MOVETEXT_START, ""]) + race_movetext(layout, record)


def motocross_record_text(
    course: Course, layout_text: str, record: MotocrossRecord, *, seed: int, race: int = 1
) -> str:
    """A Motocross race as a PPN file: the metadata (``laps: 1``: the race
    runs once, from the starting tile to the finish line), then the movetext."""
    title = course.name or "a Motocross course"
    notes = (
        f"race {race} of seed {seed}: {len(record.drivers)} riders, seat 1 the starting player;"
        " bikes are the pawns; written by trackkit"
    )
    head = _head_lines(f"Motocross race on {title}", notes, seed, race, 1, record.drivers, layout_text)
    return "\n".join([*head, MOVETEXT_START, ""]) + motocross_movetext(record)


def race_record_text(layout: RaceLayout, layout_text: str, log: RaceLog, *, seed: int, race: int = 1) -> str:
    """A RACE! race as a YAML record: the metadata, then ``Turns``."""
    title = layout.name or "a RACE! track"
    notes = f"race {race} of seed {seed}: {len(log.drivers)} racers, {log.laps} laps; written by trackkit"
    head = _head_lines(f"RACE! race on {title}", notes, seed, race, log.laps, log.drivers, layout_text)
    return "\n".join([*head, "Turns:", *(f"- {_turn_text(turn)}" for turn in log.turns)]) + "\n"


def _turn_text(turn: RacerTurn) -> str:
    dice = ", ".join(map(str, turn.dice))
    hazards = ", ".join(map(str, turn.hazard_dice))
    parts = [
        f"racer: {turn.racer + 1}",
        f"speed: {turn.speed}",
        f"dice: [{dice}]",
        f"hazard dice: [{hazards}]",
    ]
    parts.append(f"to: {turn.to}")
    if turn.blocked:
        parts.append(f"blocked: {turn.blocked}")
    if turn.shaken is not None:
        parts += [f"shakes: {turn.shaken + 1}", f"shaken to: {turn.shaken_to}"]
        if turn.shaken_blocked:
            parts.append(f"shaken blocked: {turn.shaken_blocked}")
    return "{" + ", ".join(parts) + "}"


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
    fields = _mapping_of(root, ("Event", "Notes", "Trackkit", "Turns"), "a record")
    if "Trackkit" not in fields:
        raise LayoutError(
            "this is not a trackkit race record: it has no 'Trackkit' metadata",
            line=1,
            column=1,
            hint="record a race with 'trackkit simulate TRACK --record FILE'",
        )
    head = _mapping_of(fields["Trackkit"], HEAD_KEYS + OPTIONAL_HEAD_KEYS, "'Trackkit'")
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
    )


def _pit_laps(node: yaml.Node | None, laps: yaml.Node) -> tuple[int, ...]:
    if node is None:
        return ()
    if not isinstance(node, yaml.SequenceNode) or len(node.value) > MOST_DRIVERS:
        raise at(node, "'Trackkit.pit laps' must list each car's pit lap", "write [2, 2, 1, 3]")
    most = integer("Trackkit.laps", 1, MOST_LAPS)(laps)
    return tuple(integer("Trackkit.pit laps", 0, most)(item) for item in node.value)


def _mapping_of(node: yaml.Node, known: Sequence[str], what: str) -> dict[str, yaml.Node]:
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


def racepack_moves(
    head: RecordHead, layout: Layout, board: Board, grid: Sequence[tuple[int, int]]
) -> RaceRecord:
    """The race of a Racepack record on ``layout`` (``grid``: each slot's
    place).  Raises a located :class:`~trackkit.errors.LayoutError`."""
    movetext = _movetext(head, "Racepack")
    start = RaceRecord(head.laps, head.drivers, tuple(grid), [], head.pit_laps)
    try:
        return read_movetext(layout, board, start, movetext, head.movetext_line)
    except LayoutError as error:
        raise error.located(head.file) from None


def motocross_moves(head: RecordHead, course: Course) -> ReadRace:
    """The race of a Motocross record on ``course``, with where every bike
    stood after each turn.  Raises a located :class:`~trackkit.errors.LayoutError`."""
    movetext = _movetext(head, "Motocross")
    try:
        return read_motocross_movetext(course, head.drivers, movetext, head.movetext_line)
    except LayoutError as error:
        raise error.located(head.file) from None
    except EquipmentError as error:
        short = at(
            head.layout, f"the course of this record cannot be laid out: {error}", "record a legal course"
        )
        raise short.located(head.file) from None


def _movetext(head: RecordHead, game: str) -> str:
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


def race_turns(head: RecordHead) -> RaceLog:
    """The race of a RACE! record.  Raises a located
    :class:`~trackkit.errors.LayoutError`."""
    try:
        node = head.turns
        if not isinstance(node, yaml.SequenceNode):
            line = location(node)[0] if node is not None else 1
            raise LayoutError(
                "a RACE! record needs 'Turns', a list of turns",
                line=line,
                column=1,
                hint="see docs/simulation.md",
            )
        turns = tuple(_racer_turn(item, len(head.drivers)) for item in node.value)
        return RaceLog(head.laps, head.drivers, turns)
    except LayoutError as error:
        raise error.located(head.file) from None


def _racer_turn(node: yaml.Node, racers: int) -> RacerTurn:
    fields = _mapping_of(node, TURN_KEYS, "a turn")
    for key in ("racer", "speed", "dice", "hazard dice", "to"):
        if key not in fields:
            raise at(node, f"a turn has no {key!r}", "see docs/simulation.md for a turn's keys")
    shakes = fields.get("shakes")
    return RacerTurn(
        integer("racer", 1, racers)(fields["racer"]) - 1,
        integer("speed", 0, 9)(fields["speed"]),
        _dice(fields["dice"]),
        _dice(fields["hazard dice"]),
        integer("to", 1)(fields["to"]),
        _choice(fields.get("blocked")),
        None if shakes is None else integer("shakes", 1, racers)(shakes) - 1,
        None if "shaken to" not in fields else integer("shaken to", 1)(fields["shaken to"]),
        _choice(fields.get("shaken blocked")),
    )


def _dice(node: yaml.Node) -> tuple[int, ...]:
    if not isinstance(node, yaml.SequenceNode) or len(node.value) > MOST_DICE:
        raise at(node, f"dice must be a list of at most {MOST_DICE} faces", "write [5, 3, 8]")
    return tuple(integer("a die", 0, 99)(item) for item in node.value)


def _choice(node: yaml.Node | None) -> str | None:
    return None if node is None else choice("blocked", BLOCKED_CHOICES)(node)
