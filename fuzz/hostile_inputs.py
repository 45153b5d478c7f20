"""Hostile layout files made from the shipped ones, and the check every one
of them must pass.

A *mutation* changes a layout file the way an attacker or a careless editor
might: it flips a bit of a byte, inserts a token from
:data:`~trackkit.fuzz.text.TOKENS` (YAML tags and aliases, huge or odd
numbers, deep nesting, control characters, path counts that ask for
millions of tiles), deletes or repeats a stretch, or cuts the file short.
:func:`check` reads the result with every game's reader and, for each
layout read, runs every rule of its game and writes the layout back; only
:class:`~trackkit.errors.TrackkitError` may escape.

The suite's property test (``tests/hostile/test_fuzz.py``), the coverage-guided
target (``fuzz/fuzz_layout.py``) and the in-process campaign
(``benchmarks/fuzz_campaign.py``) use this module; the campaign over every
command in child processes is ``benchmarks/fuzz_commands.py``
(:mod:`trackkit.fuzz`).
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from trackkit import api, games
from trackkit.errors import TrackkitError
from trackkit.fuzz.text import BYTE_MUTATIONS, TOKENS

__all__ = ["LAYOUTS", "TOKENS", "check", "mutate", "seeds"]

LAYOUTS = Path(__file__).resolve().parent.parent / "layouts"
"""The shipped layouts every mutation starts from."""

MUTATIONS = BYTE_MUTATIONS
"""The changes a mutation step draws from: bytes and characters (see
:mod:`trackkit.fuzz.text`; the command campaign adds line and format-aware ones)."""


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
