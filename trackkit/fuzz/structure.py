"""Mutations that know a game's layout format.

A *file shape* (:class:`FileShape`) is what the mutations know of one game's
files: its keys with their JSON Schemas (from the game's reader, so a new
key is fuzzed at once) and the words its lists hold (rally card names).
Each mutation here changes one thing a person could get wrong in that
format: the value of a key (near the edges its schema names), a key left
out or given twice, a token of a path (``R 2S CL``: a turn, a count, a
chicane), an item of a list (a RACE! corner, a rally card), a number inside
a value (a ramp's height, a tile's coordinate), a pair of a tile list, and,
across games, one game's keys or name in another game's file.

The text is treated as lines of top-level keys, each followed by the lines
of its value (indented, or list items starting with ``-``); that is how
every layout trackkit writes or ships looks, and a file that looks otherwise
is changed anyway, only less cleverly.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from trackkit import registry
from trackkit.fuzz.values import EDGE_NUMBERS, flow, schema_value

__all__ = [
    "CROSS_GAME_MUTATIONS",
    "GENTLE_MUTATIONS",
    "STRUCTURE_MUTATIONS",
    "FileShape",
    "ShapedMutation",
    "file_shape",
    "key_span",
    "lines_of",
    "list_items",
    "present_keys",
    "replace_number",
    "set_key",
]

PATH_KINDS = ("S", "L", "R", "CL", "CR")
"""The tile kinds a path spells: straight, left, right and the two chicanes."""

PATH_COUNTS: tuple[int | str, ...] = (
    0, 1, 2, 3, 4, 5, 6, 7, 10, 23, 24, 48, 100, 999, 4424, 9999, 19_999, 20_001, 100_000,
    120_001, 10**99, "1" * 101, "01",
)
"""Repeat counts for path tokens: small, at the limits, past them, absurd."""

BAD_TOKENS = ("Q", "4Q", "-1S", "S3", "1.5S", "s", "cl", "2 S", ",", "R,", "LL", "C")
"""Path tokens trackkit does not spell, or spells only loosely."""

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")
_PAIR = re.compile(r"\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\]")


@dataclass(frozen=True)
class FileShape:
    """What mutations know of one game's files: the game's name, its keys
    with their schemas, and words that fill its lists (``items``: list key
    to the words an item may be)."""

    game: str
    keys: Mapping[str, Mapping[str, Any]]
    items: Mapping[str, Sequence[str]] = field(default_factory=dict)

    @property
    def has_path(self) -> bool:
        return "path" in self.keys


ShapedMutation = Callable[[random.Random, str, FileShape, Sequence[FileShape]], str]
"""A mutation that knows the file's game (and every game, for swaps)."""


def file_shape(game: str, schema: Mapping[str, Any]) -> FileShape:
    """The shape of ``game``'s files from its JSON Schema, and the words
    its lists hold as the game declares them (``Game.fuzz_words``)."""
    known = registry.GAMES.get(game)
    items = dict(known.fuzz_words) if known is not None else {}
    return FileShape(game, dict(schema.get("properties", {})), items)


# --- where a key's value lies ---------------------------------------------------


def key_span(lines: Sequence[str], key: str) -> tuple[int, int] | None:
    """The lines ``[start, end)`` of top-level ``key`` and its value, or ``None``."""
    for start, line in enumerate(lines):
        if line.startswith(f"{key}:"):
            end = start + 1
            while end < len(lines) and (lines[end][:1] in (" ", "\t", "-") or not lines[end].strip()):
                end += 1
            return start, end
    return None


def lines_of(text: str) -> list[str]:
    """``text`` as lines, each ending in a line break."""
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return lines


def present_keys(lines: Sequence[str], shape: FileShape) -> list[tuple[str, int, int]]:
    """The keys of the shape that the file has, each with its span."""
    return [(key, *span) for key in shape.keys if (span := key_span(lines, key)) is not None]


def _present_key(rng: random.Random, lines: Sequence[str], shape: FileShape) -> tuple[str, int, int] | None:
    """A key of the shape that the file has, with its span, chosen at random."""
    found = present_keys(lines, shape)
    return rng.choice(found) if found else None


def list_items(lines: Sequence[str], found: tuple[str, int, int]) -> list[int]:
    """The lines of a key's value that are block-list items (``- ...``)."""
    _, start, end = found
    return [index for index in range(start + 1, end) if lines[index].lstrip().startswith("-")]


def set_key(lines: list[str], key: str, value: str, rng: random.Random) -> None:
    """Give ``key`` the flow text ``value``: in place, or as a new line."""
    span = key_span(lines, key)
    new = f"{key}: {value}\n"
    if span is None:
        lines.insert(rng.randint(0, len(lines)), new)
    else:
        lines[span[0] : span[1]] = [new]


# --- the mutations ---------------------------------------------------------------


def set_value(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """A key of the game's (present or not) given a value drawn from its schema."""
    lines = lines_of(text)
    key = rng.choice(sorted(shape.keys))
    set_key(lines, key, flow(schema_value(rng, shape.keys[key])), rng)
    return "".join(lines)


def drop_key(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """A key and its value left out."""
    lines = lines_of(text)
    found = _present_key(rng, lines, shape)
    if found is not None:
        del lines[found[1] : found[2]]
    return "".join(lines)


def repeat_key(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """A key and its value written a second time, further down."""
    lines = lines_of(text)
    found = _present_key(rng, lines, shape)
    if found is not None:
        lines.extend(lines[found[1] : found[2]])
    return "".join(lines)


def tweak_number(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One number inside a key's value (a ramp, a corner's length, a
    coordinate, a card count) replaced by a step from it or an edge number."""
    return replace_number(rng, text, shape, _NUMBER, _new_number)


def replace_number(
    rng: random.Random,
    text: str,
    shape: FileShape,
    numbers: re.Pattern[str],
    new: Callable[[random.Random, str], str],
    skipped: Sequence[str] = (),
) -> str:
    """One match of ``numbers`` inside the value of a key of ``shape`` (not
    one of ``skipped``), chosen at random, replaced by ``new(rng, match)``."""
    lines = lines_of(text)
    spots = [
        (start, end, match)
        for key, start, end in present_keys(lines, shape)
        if key not in skipped
        for match in numbers.finditer("".join(lines[start:end]))
        if match.start() > len(key)
    ]
    if not spots:
        return text
    start, end, match = rng.choice(spots)
    block = "".join(lines[start:end])
    lines[start:end] = [block[: match.start()] + new(rng, match.group()) + block[match.end() :]]
    return "".join(lines)


def _new_number(rng: random.Random, old: str) -> str:
    """A number in place of ``old``: a step from it half the time (a ramp
    one coin higher, a corner one space on), else an edge number."""
    if rng.random() < 0.5 and "." not in old:
        return str(int(old) + rng.choice((-2, -1, 1, 1, 2, 5)))
    return flow(rng.choice(EDGE_NUMBERS))


def path_tokens(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """The path's tokens changed one to three times: a token replaced,
    inserted, deleted or recounted, two swapped, a stretch repeated or the
    whole path reversed."""
    if not shape.has_path:
        return text
    lines = lines_of(text)
    span = key_span(lines, "path")
    tokens = "".join(lines[span[0] : span[1]]).split()[1:] if span is not None else []
    for _ in range(rng.randint(1, 3)):
        tokens = rng.choice(_TOKEN_EDITS)(rng, tokens)
    set_key(lines, "path", " ".join(tokens), rng)
    return "".join(lines)


def _token(rng: random.Random) -> str:
    """A path token: mostly plain, sometimes counted, now and then misspelt."""
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(PATH_KINDS)
    if roll < 0.9:
        return f"{rng.choice(PATH_COUNTS)}{rng.choice(PATH_KINDS)}"
    return rng.choice(BAD_TOKENS)


def _replace_token(rng: random.Random, tokens: list[str]) -> list[str]:
    if not tokens:
        return [_token(rng)]
    at = rng.randrange(len(tokens))
    return [*tokens[:at], _token(rng), *tokens[at + 1 :]]


def _insert_token(rng: random.Random, tokens: list[str]) -> list[str]:
    at = rng.randint(0, len(tokens))
    return [*tokens[:at], _token(rng), *tokens[at:]]


def _delete_token(rng: random.Random, tokens: list[str]) -> list[str]:
    if not tokens:
        return tokens
    at = rng.randrange(len(tokens))
    return [*tokens[:at], *tokens[at + 1 :]]


def _swap_tokens(rng: random.Random, tokens: list[str]) -> list[str]:
    if len(tokens) < 2:
        return tokens
    at = rng.randrange(len(tokens) - 1)
    return [*tokens[:at], tokens[at + 1], tokens[at], *tokens[at + 2 :]]


def _repeat_tokens(rng: random.Random, tokens: list[str]) -> list[str]:
    if not tokens:
        return tokens
    at = rng.randrange(len(tokens))
    stretch = tokens[at : at + rng.randint(1, 4)]
    return [*tokens[:at], *stretch * rng.choice((2, 3, 10, 200)), *tokens[at:]]


def _reverse_tokens(rng: random.Random, tokens: list[str]) -> list[str]:
    return tokens[::-1]


_TOKEN_EDITS: tuple[Callable[[random.Random, list[str]], list[str]], ...] = (
    _replace_token, _replace_token, _insert_token, _delete_token, _swap_tokens, _repeat_tokens,
    _reverse_tokens,
)


def list_item(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One item of a block list (``- ...`` lines: RACE! corners, rally
    cards) replaced, deleted, repeated or moved."""
    lines = lines_of(text)
    lists = [found for found in present_keys(lines, shape) if list_items(lines, found)]
    if not lists:
        return text
    found = rng.choice(lists)
    key = found[0]
    items = list_items(lines, found)
    at = rng.choice(items)
    edit = rng.randrange(4)
    if edit == 0:
        lines[at] = f"  - {_item(rng, shape, key)}\n"
    elif edit == 1:
        del lines[at]
    elif edit == 2:
        lines[at:at] = [lines[at]] * rng.choice((1, 2, 200))
    else:
        lines.insert(rng.choice(items), lines.pop(at))
    return "".join(lines)


def _item(rng: random.Random, shape: FileShape, key: str) -> str:
    """A new item for list ``key``: a word of the game's, or one from the schema."""
    words = shape.items.get(key)
    if words and rng.random() < 0.7:
        return rng.choice(words)
    return flow(schema_value(rng, shape.keys[key].get("items", {})))


def tile_pairs(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One ``[x, y]`` pair of a tile list deleted, repeated or swapped with the next."""
    pairs = list(_PAIR.finditer(text))
    if not pairs:
        return text
    index = rng.randrange(len(pairs))
    match = pairs[index]
    edit = rng.randrange(3)
    if edit == 0:
        return text[: match.start()] + text[match.end() :].lstrip(", ")
    if edit == 1:
        return text[: match.end()] + f", {match.group()}" * rng.choice((1, 5)) + text[match.end() :]
    if index + 1 == len(pairs):
        return text
    after = pairs[index + 1]
    middle = text[match.end() : after.start()]
    return text[: match.start()] + after.group() + middle + match.group() + text[after.end() :]


def foreign_key(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """A key of another game's files, with a value from that game's schema."""
    other = rng.choice([each for each in shapes if each.game != shape.game] or list(shapes))
    key = rng.choice(sorted(other.keys))
    lines = lines_of(text)
    set_key(lines, key, flow(schema_value(rng, other.keys[key])), rng)
    return "".join(lines)


def swap_game(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """The file said to be another game's (or no game's, or an unknown one's)."""
    lines = lines_of(text)
    names = [each.game for each in shapes if each.game != shape.game]
    choice = rng.choice([*names, "chess", ""])
    if choice:
        set_key(lines, "game", choice, rng)
    elif (span := key_span(lines, "game")) is not None:
        del lines[span[0] : span[1]]
    return "".join(lines)


STRUCTURE_MUTATIONS: tuple[ShapedMutation, ...] = (
    set_value, set_value, drop_key, repeat_key, tweak_number, tweak_number, path_tokens, path_tokens,
    list_item, tile_pairs,
)
"""Changes within one game's format."""

GENTLE_MUTATIONS: tuple[ShapedMutation, ...] = (tweak_number, path_tokens, path_tokens, list_item, tile_pairs)
"""Changes within the format that mostly leave the file readable, so that
the rules, drawings and races get to look at it."""

CROSS_GAME_MUTATIONS: tuple[ShapedMutation, ...] = (foreign_key, swap_game)
"""One game's keys or name in another game's file."""
