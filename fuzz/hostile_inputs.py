"""Hostile layout files made from the shipped ones, and the check every one
of them must pass.

A *mutation* changes a layout file the way an attacker or a careless editor
might: it flips a bit of a byte, inserts a token from :data:`TOKENS` (YAML
tags and aliases, huge or odd numbers, deep nesting, control characters,
path counts that ask for millions of tiles), deletes or repeats a stretch,
or cuts the file short.  :func:`check` reads the result with every game's
reader and, for each layout read, runs every rule of its game and writes the
layout back; only :class:`~trackkit.errors.TrackkitError` may escape.

The suite's property test (``tests/hostile/test_fuzz.py``), the coverage-guided
target (``fuzz/fuzz_layout.py``) and the long campaign
(``benchmarks/fuzz_campaign.py``) all use this module.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from pathlib import Path

from trackkit import api, games
from trackkit.errors import TrackkitError

__all__ = ["LAYOUTS", "TOKENS", "check", "mutate", "seeds"]

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
"""The shipped layouts every mutation starts from."""

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

Mutation = Callable[[random.Random, str], str]


def _place(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _flip(rng: random.Random, text: str) -> str:
    data = bytearray(text.encode("utf-8"))
    if not data:
        return text
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", "replace")


def _insert(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    return text[:at] + rng.choice(TOKENS) + text[at:]


def _delete(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    return text[:at] + text[at + rng.randint(1, 20) :]


def _repeat(rng: random.Random, text: str) -> str:
    at = _place(rng, text)
    span = text[at : at + rng.randint(1, 40)]
    return text[:at] + span * rng.randint(2, 50) + text[at:]


def _truncate(rng: random.Random, text: str) -> str:
    return text[: _place(rng, text)]


def _replace_value(rng: random.Random, text: str) -> str:
    lines = text.splitlines(keepends=True)
    if not lines:
        return text
    index = rng.randrange(len(lines))
    key = lines[index].split(":", 1)[0]
    lines[index] = f"{key}: {rng.choice(TOKENS).strip()}\n"
    return "".join(lines)


MUTATIONS: tuple[Mutation, ...] = (_flip, _insert, _insert, _delete, _repeat, _truncate, _replace_value)


def seeds() -> list[str]:
    """The text of every shipped layout, in name order."""
    return [path.read_text(encoding="utf-8") for path in sorted(LAYOUTS.glob("*.yaml"))]


def mutate(rng: random.Random, text: str, steps: int | None = None) -> str:
    """``text`` after ``steps`` random mutations (one to four when ``None``)."""
    for _ in range(steps if steps is not None else rng.randint(1, 4)):
        text = rng.choice(MUTATIONS)(rng, text)
    return text


def check(text: str) -> int:
    """Read ``text`` as a layout file of any game, validate every layout in
    it under its game's rules and write each back; return how many layouts
    were read.  A :class:`TrackkitError` means the input was refused
    properly and counts as no layouts; anything else escapes: it is a bug."""
    try:
        loaded = games.loads_all(text, "<fuzz>")
    except TrackkitError:
        return 0
    for item in loaded:
        with contextlib.suppress(TrackkitError):
            api.validate(item.layout)
        game = games.find_game(item.layout.game)
        try:
            written = game.dump(item.layout)
        except TrackkitError:
            continue
        again = games.loads(written, "<written>").layout
        if again != item.layout:
            raise AssertionError(f"a {game.title} layout changed on writing and reading back:\n{written}")
    return len(loaded)
