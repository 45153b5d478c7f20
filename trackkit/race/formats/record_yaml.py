"""RACE! race records as they were written before records were PPN: one
YAML document, read back so that those records still replay (records are
written as PPN now: :mod:`trackkit.race.formats.record`).

The metadata is every record's (see :mod:`trackkit.layoutfile.records`)
with ``grid``, the space each racer starts on by grid slot (pole first),
and ``finish``, the racers by number in the order they finished, then
``Turns``, one flow mapping per racer's turn in the order played::

    Trackkit:
      ...
      drivers: [bold, random, bold]
      grid: [12, 11, 10]
      layout: ...
    Turns:
    - {racer: 2, speed: 1, dice: [5, 3, 8, 1], hazard dice: [], to: 14, shakes: 3, shaken to: 9}

with ``blocked`` and ``shaken blocked`` (``slow`` or ``risk``) where the
racers ahead stopped a move (see :class:`~trackkit.race.record.RacerTurn`).
A record written before the grid was kept has none; its racers line up as
the rulebook says.
"""

from __future__ import annotations

import yaml

from trackkit.errors import LayoutError
from trackkit.layoutfile.fields import choice, integer
from trackkit.layoutfile.records import RecordHead, mapping_of
from trackkit.layoutfile.yaml_nodes import at, location
from trackkit.race.record import BLOCKED_CHOICES, MOST_DICE, RaceLog, RacerTurn

__all__ = [
    "TURN_KEYS",
    "race_turns",
]

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


def race_turns(head: RecordHead) -> RaceLog:
    """The race of a RACE! record of the YAML form.  Raises a located
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
        return RaceLog(head.laps, head.drivers, turns, head.grid, head.finish)
    except LayoutError as error:
        raise error.located(head.file) from None


def _racer_turn(node: yaml.Node, racers: int) -> RacerTurn:
    fields = mapping_of(node, TURN_KEYS, "a turn")
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
