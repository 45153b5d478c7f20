"""Mutations of race records that keep their shape, so ``replay`` reads
them and goes on to check the race move by move.

Every game's record (``simulate --record``: PPN for Racepack and Motocross,
YAML for RACE!, our own text for the rally game) is a *header* of fields
(the seed, the race's number, the laps, the drivers, the layout) followed
by *turns*, one to a line: ``1. {car 1} (8.5,2.5)-(7.5,2.5) ...``,
``- {racer: 1, speed: 1, dice: [8, 8, 3, 5], ...}``, ``turn 1, seat 1:
place ...``.  A line or byte mutation mostly makes a record ``replay``
cannot read; these change what a record says and keep how it says it: a
header number stepped or pushed past an edge, a turn left out, played twice,
put out of order or cut short with the race after it, a die or a position
moved by one, two words of a turn swapped.  The checker then has a race to
look at and a broken rule to name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from trackkit.fuzz.values import HOSTILE_COUNTS

__all__ = [
    "RECORD_MUTATIONS",
    "cut_turns",
    "header_field",
    "swap_words",
    "turn_lines",
    "turn_number",
    "turns_out_of_order",
]

RecordMutation = Callable[[random.Random, str], str]
"""A change to a record's text."""

_TURN = re.compile(r"^(?:\d+\.\s|- \{|turn \d+)")
"""How a turn's line opens, in every game's record."""

_FIELD = re.compile(r"^(\s*[\w -]+:\s*)(-?\d+)(\s*)$")
"""A header line of one whole number (``  laps: 3``, ``seed: 7``)."""

_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?")


def turn_lines(lines: list[str]) -> list[int]:
    """The indexes of ``lines`` that hold a turn."""
    return [index for index, line in enumerate(lines) if _TURN.match(line)]


def header_field(rng: random.Random, text: str) -> str:
    """A number of the header (a seed, a lap count, the race's number, the
    record's version) stepped by one or replaced by a hostile count."""
    lines = text.splitlines(keepends=True)
    turns = turn_lines(lines)
    header = turns[0] if turns else len(lines)
    fields = [(index, found) for index in range(header) if (found := _FIELD.match(lines[index].rstrip("\n")))]
    if not fields:
        return text
    index, found = rng.choice(fields)
    if rng.random() < 0.5:
        value = str(int(found.group(2)) + rng.choice((-1, 1)))
    else:
        value = rng.choice(HOSTILE_COUNTS)
    lines[index] = f"{found.group(1)}{value}{found.group(3)}\n"
    return "".join(lines)


def turns_out_of_order(rng: random.Random, text: str) -> str:
    """A turn left out, played twice, or swapped with the next."""
    return _at_a_turn(rng, text, _reordered)


def _reordered(rng: random.Random, lines: list[str], at: int) -> list[str]:
    edit = rng.randrange(3)
    if edit == 0:
        del lines[at]
    elif edit == 1:
        lines.insert(at, lines[at])
    elif at + 1 < len(lines):
        lines[at], lines[at + 1] = lines[at + 1], lines[at]
    return lines


def cut_turns(rng: random.Random, text: str) -> str:
    """The record cut short after one of its turns: the race stops there."""
    return _at_a_turn(rng, text, lambda rng, lines, at: lines[: at + 1])


TurnChange = Callable[[random.Random, list[str], int], list[str]]
"""A change made to a record's lines at the turn on line ``at``."""


def _at_a_turn(rng: random.Random, text: str, change: TurnChange) -> str:
    """``text`` with ``change(rng, lines, at)`` made at one of its turns, ``at``."""
    lines = text.splitlines(keepends=True)
    turns = turn_lines(lines)
    return "".join(change(rng, lines, rng.choice(turns))) if turns else text


def turn_number(rng: random.Random, text: str) -> str:
    """One number in one turn (a die, a speed, a space, a coordinate)
    moved by one or two, or replaced by a hostile count."""
    lines = text.splitlines(keepends=True)
    turns = [index for index in turn_lines(lines) if _NUMBER.search(lines[index])]
    if not turns:
        return text
    at = rng.choice(turns)
    found = rng.choice(list(_NUMBER.finditer(lines[at])))
    old = found.group()
    if rng.random() < 0.8:
        step = rng.choice((-2, -1, 1, 2))
        new = str(float(old) + step) if "." in old else str(max(0, int(old) + step))
    else:
        new = rng.choice(HOSTILE_COUNTS)
    lines[at] = lines[at][: found.start()] + new + lines[at][found.end() :]
    return "".join(lines)


def swap_words(rng: random.Random, text: str) -> str:
    """Two neighbouring words of one turn swapped (a move before its car,
    a die before the speed)."""
    lines = text.splitlines(keepends=True)
    turns = [index for index in turn_lines(lines) if len(lines[index].split()) > 2]
    if not turns:
        return text
    at = rng.choice(turns)
    words = lines[at].split(" ")
    first = rng.randrange(1, len(words) - 1)
    words[first], words[first + 1] = words[first + 1], words[first]
    lines[at] = " ".join(words)
    if not lines[at].endswith("\n"):
        lines[at] = lines[at].replace("\n", "") + "\n"
    return "".join(lines)


RECORD_MUTATIONS: tuple[RecordMutation, ...] = (
    header_field, turns_out_of_order, turns_out_of_order, cut_turns, turn_number, turn_number, swap_words,
)
"""Changes to a race record that keep it a record of some race."""
