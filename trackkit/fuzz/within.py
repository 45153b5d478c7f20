"""Mutations that stay within a game's format, so the file is still read.

The hostile mutations of :mod:`trackkit.fuzz.structure` mostly make a file
the reader refuses (exit status 2): an independent campaign found that only
one input in nine got past the readers to the rules and drawings.  The
mutations here change one field of a readable layout the way a person
designing a track would, with a value its schema allows: a key given an
ordinary value (``laps: 7``, a pit lane, another heading), a path token
replaced by a plain one, a number stepped by one or two, a list item
(a RACE! corner, a rally card) replaced by one of its kind or moved.  The
result is usually still a layout, legal or not, so the rules (exit status
0 or 1), the drawings and the races look at it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from trackkit.fuzz.structure import (
    PATH_KINDS,
    FileShape,
    ShapedMutation,
    key_span,
    lines_of,
    list_items,
    present_keys,
    replace_number,
    set_key,
    tile_pairs,
)
from trackkit.fuzz.values import flow, valid_value

__all__ = ["WITHIN_MUTATIONS", "plain_token", "step_number", "valid_field", "valid_item"]

_WHOLE = frozenset({"trackkit", "game", "path", "tiles"})
"""Keys :func:`valid_field` leaves alone: the version and game (one value
each), and the track itself, changed a token or a tile at a time instead."""

_LISTS = frozenset({"corners", "course", "hazards"})
"""Keys holding block lists, changed an item at a time (:func:`valid_item`)."""

_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w.])")


def valid_field(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One key of the game's (present or not) given a value its schema
    allows: ``laps: 7``, ``heading: north``, ``pit: {from: 3, length: 2}``."""
    keys = sorted(set(shape.keys) - _WHOLE - _LISTS)
    if not keys:
        return text
    lines = lines_of(text)
    key = rng.choice(keys)
    set_key(lines, key, flow(valid_value(rng, shape.keys[key])), rng)
    return "".join(lines)


def plain_token(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One token of the path replaced by a plain one (``S``, ``L``, ``R``,
    a chicane, a count of two or three), or a plain one put in or taken out."""
    lines = lines_of(text)
    span = key_span(lines, "path")
    if span is None:
        return text
    tokens = "".join(lines[span[0] : span[1]]).split()[1:]
    token = rng.choice(PATH_KINDS[:3] * 3 + PATH_KINDS[3:] + ("2S", "3S"))
    at = rng.randint(0, len(tokens))
    edit = rng.randrange(3) if tokens else 1
    if edit == 0 and at < len(tokens):
        tokens[at] = token
    elif edit == 1:
        tokens.insert(at, token)
    elif at < len(tokens):
        del tokens[at]
    set_key(lines, "path", " ".join(tokens), rng)
    return "".join(lines)


def step_number(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One whole number in a key's value (a ramp's height, a corner's first
    space, a card count, a lap count) stepped by one or two, never below zero."""
    return replace_number(rng, text, shape, _NUMBER, _stepped, ("trackkit", "path"))


def _stepped(rng: random.Random, old: str) -> str:
    return str(max(0, int(old) + rng.choice((-2, -1, -1, 1, 1, 2))))


def valid_item(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One item of a block list (a RACE! corner, a rally card, a hazard)
    replaced by a new one its schema allows or by another item of the same
    list, or repeated, deleted or moved."""
    lines = lines_of(text)
    lists = [found for found in present_keys(lines, shape) if list_items(lines, found)]
    if not lists:
        return text
    found = rng.choice(lists)
    items = list_items(lines, found)
    at = rng.choice(items)
    edit = rng.randrange(5)
    if edit == 0:
        indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
        lines[at] = f"{indent}- {flow(valid_value(rng, shape.keys[found[0]].get('items', {})))}\n"
    elif edit == 1:
        lines[at] = lines[rng.choice(items)]
    elif edit == 2:
        lines.insert(at, lines[at])
    elif edit == 3 and len(items) > 1:
        del lines[at]
    else:
        lines.insert(rng.choice(items), lines.pop(at))
    return "".join(lines)


WITHIN_MUTATIONS: tuple[ShapedMutation, ...] = (
    valid_field, valid_field, plain_token, plain_token, step_number, step_number, valid_item, valid_item,
    tile_pairs,
)
"""Changes a person could make that the reader accepts: one field at a time."""
