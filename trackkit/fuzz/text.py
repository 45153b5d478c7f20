"""Mutations that know nothing of any game: bytes, lines and YAML tokens.

A *mutation* takes a random number generator and the text of a layout file
and returns the text changed the way a careless editor, a broken download or
an attacker might change it.  The ones here treat the file as bytes (flip a
bit), as characters (insert a token from :data:`TOKENS`, delete or repeat a
stretch, cut the file short) or as lines (delete, repeat, swap, indent or
join them); :mod:`trackkit.fuzz.structure` adds those that know each game's
keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable

__all__ = ["BYTE_MUTATIONS", "LINE_MUTATIONS", "TOKENS", "Mutation"]

Mutation = Callable[[random.Random, str], str]
"""A change to a layout file's text, drawn with the generator given."""

TOKENS: tuple[str, ...] = (
    "!!int ", "!!bool ", "!!float ", "!!str ", "!!timestamp ", "!!binary ", "!!set ", "!!omap ",
    "!!python/object:os.system ", "!!python/name:os.system ", "!local ", "!<tag:x> ",
    "&a ", "*a ", "&a [1, 2] ", "<<: *a\n", "? ", ": ", "- ", "---\n", "...\n", "%YAML 1.1\n",
    ".nan", ".inf", "-.inf", "1.0e+308", "-1e400", "1e-400", "0x", "0x7fffffffffffffff", "0o777", "0b101",
    "1_000_000", "999999999", "-999999999", "99999999999999999999", "2024-02-30", "2024-06-01", "12:30:00",
    "=", "~", "null", "Yes", "off", "''", '""', "'", '"', "#", "|\n", ">-\n", "\t", "\n", "   ",
    "999999999S", "1000000S", "2000R", "120001S", "60000R", "R 1000000S R 3S ", "CL CR ", "4Q ", "0S ",
    "[" * 50, "{a: " * 50, "- " * 50, "[[0, 0], [0, 1000000000]]", "[[0, .nan]]", "[-.inf, 0]",
    "\x00", "\x08", "\x1b[2J", "\x7f", "\ufeff", "\u2028", "\ud7ff", "é", "🏁",
    "trackkit: 2\n", "game: racepack\n", "game: chess\n", "packs: 100000\n", "laps: -1\n", "cars: 99999\n",
    "start: 1e9\n", "pit: {from: 999999999}\n", "wide: {from: 0, lanes: 4}\n", "hazards: [1, 1, 1]\n",
)
"""What an insertion may add: YAML oddities and numbers chosen to hurt."""


def _place(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def flip_bit(rng: random.Random, text: str) -> str:
    """One bit of one byte of the UTF-8 text flipped (bad bytes read as U+FFFD)."""
    data = bytearray(text.encode("utf-8"))
    if not data:
        return text
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", "replace")


def insert_token(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    return text[:at] + rng.choice(TOKENS) + text[at:]


def delete_stretch(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    return text[:at] + text[at + rng.randint(1, 20) :]


def repeat_stretch(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    span = text[at : at + rng.randint(1, 40)]
    return text[:at] + span * rng.randint(2, 50) + text[at:]


def truncate(rng: random.Random, text: str) -> str:
    return text[: _place(rng, text)]


def replace_value(rng: random.Random, text: str) -> str:
    """One line's value (after its first colon) replaced by a token."""
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    index = rng.randrange(len(lines))
    key = lines[index].split(":", 1)[0]
    lines[index] = f"{key}: {rng.choice(TOKENS).strip()}\n"
    return "".join(lines)


def _with_lines(rng: random.Random, text: str, change: Callable[[random.Random, list[str]], None]) -> str:
    lines = text.splitlines(keepends=True)
    if lines:
        if not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        change(rng, lines)
    return "".join(lines)


def _delete_line(rng: random.Random, lines: list[str]) -> None:
    del lines[rng.randrange(len(lines))]


def _repeat_line(rng: random.Random, lines: list[str]) -> None:
    index = rng.randrange(len(lines))
    lines[index:index] = [lines[index]] * rng.choice((1, 2, 50))


def _swap_lines(rng: random.Random, lines: list[str]) -> None:
    first, second = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[first], lines[second] = lines[second], lines[first]


def _indent_line(rng: random.Random, lines: list[str]) -> None:
    index = rng.randrange(len(lines))
    lines[index] = rng.choice(("  ", " ", "\t", "- ")) + lines[index]


def _dedent_line(rng: random.Random, lines: list[str]) -> None:
    index = rng.randrange(len(lines))
    lines[index] = lines[index].lstrip(" -")


def _join_lines(rng: random.Random, lines: list[str]) -> None:
    index = rng.randrange(len(lines))
    if index + 1 < len(lines):
        lines[index : index + 2] = [lines[index].rstrip("\n") + " " + lines[index + 1]]


def delete_line(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _delete_line)


def repeat_line(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _repeat_line)


def swap_lines(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _swap_lines)


def indent_line(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _indent_line)


def dedent_line(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _dedent_line)


def join_lines(rng: random.Random, text: str) -> str:
    return _with_lines(rng, text, _join_lines)


BYTE_MUTATIONS: tuple[Mutation, ...] = (
    flip_bit, insert_token, insert_token, delete_stretch, repeat_stretch, truncate, replace_value,
)
"""Changes to the text as bytes and characters."""

LINE_MUTATIONS: tuple[Mutation, ...] = (
    delete_line, repeat_line, swap_lines, indent_line, dedent_line, join_lines,
)
"""Changes to the text as lines."""
