"""Hostile layout files, drawn from seed layouts of every game.

A *fuzz input* is a layout file of some game after one to four mutations:
one change a person could make that keeps it readable
(:mod:`trackkit.fuzz.within`, four inputs in ten, so that most reach the
rules, drawings and races), or changes within its format
(:mod:`trackkit.fuzz.structure`), to its lines or bytes
(:mod:`trackkit.fuzz.text`), or mixing in another game's keys.
Everything random goes through one ``seed`` parameter, so the same seed
gives the same inputs, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from trackkit import games
from trackkit.errors import TrackkitError
from trackkit.fuzz.structure import (
    CROSS_GAME_MUTATIONS,
    GENTLE_MUTATIONS,
    STRUCTURE_MUTATIONS,
    FileShape,
    ShapedMutation,
    file_shape,
)
from trackkit.fuzz.text import BYTE_MUTATIONS, LINE_MUTATIONS
from trackkit.fuzz.within import WITHIN_MUTATIONS
from trackkit.randomness import Seed, make_rng

__all__ = ["FuzzInput", "file_shapes", "fuzz_inputs", "mutate", "seed_layouts"]

_ATTEMPTS = 4
"""How often a step tries another mutation when the one drawn changed nothing."""


_WITHIN = 0.4
"""The share of inputs changed once within the schema: most of them are read
and go on to the rules, drawings and races."""

_GENTLE = 0.2
"""The share of inputs changed only by mutations that mostly keep them readable."""

_STEPS = (1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4)
"""How many mutations an input gets, drawn evenly from this list: one
mutation leaves most of a file readable, so its rules and drawings run."""


@dataclass(frozen=True)
class FuzzInput:
    """One input: its number in the run, the game of the layout it was
    made from, and its text."""

    number: int
    game: str
    text: str


def file_shapes() -> dict[str, FileShape]:
    """Every registered game's file shape, from its reader's schema."""
    return {name: file_shape(name, game.schema()) for name, game in games.GAMES.items()}


def seed_layouts(folders: Sequence[Path]) -> dict[str, list[str]]:
    """The readable ``.yaml`` layouts in ``folders`` (in name order), by game;
    a game with none gets the least file naming it."""
    found: dict[str, list[str]] = {name: [] for name in games.GAMES}
    for folder in folders:
        for path in sorted(folder.glob("*.yaml")):
            text = path.read_text(encoding="utf-8")
            try:
                found[games.loads(text, str(path)).layout.game].append(text)
            except TrackkitError:
                continue
    return {name: texts or [f"trackkit: 1\ngame: {name}\n"] for name, texts in found.items()}


def mutate(
    text: str, shape: FileShape, shapes: Sequence[FileShape], seed: Seed = None, steps: int | None = None
) -> str:
    """``text``, a layout of ``shape``'s game, after ``steps`` mutations
    (when ``None``: one seven times in eleven, else two to four).  Four
    inputs in ten get one change within the schema, or ``steps`` of them
    (see :data:`~trackkit.fuzz.within.WITHIN_MUTATIONS`), one in five only
    gentle ones (:data:`~trackkit.fuzz.structure.GENTLE_MUTATIONS`)."""
    rng = make_rng(seed)
    roll = rng.random()
    if roll < _WITHIN:
        for _ in range(1 if steps is None else steps):
            text = _picked_step(rng, WITHIN_MUTATIONS, text, shape, shapes)
        return text
    gentle = roll < _WITHIN + _GENTLE
    for _ in range(steps if steps is not None else rng.choice(_STEPS)):
        if gentle:
            text = _picked_step(rng, GENTLE_MUTATIONS, text, shape, shapes)
        else:
            text = _one_step(rng, text, shape, shapes)
    return text


def _picked_step(
    rng: random.Random,
    mutations: Sequence[ShapedMutation],
    text: str,
    shape: FileShape,
    shapes: Sequence[FileShape],
) -> str:
    """One change drawn from ``mutations`` (another, when it changed nothing)."""
    for _ in range(_ATTEMPTS):
        changed = rng.choice(mutations)(rng, text, shape, shapes)
        if changed != text:
            return changed
    return text


def _one_step(rng: random.Random, text: str, shape: FileShape, shapes: Sequence[FileShape]) -> str:
    """One mutation: within the format half the time, to lines or bytes
    four times in ten, across games one time in ten."""
    for _ in range(_ATTEMPTS):
        roll = rng.random()
        if roll < 0.5:
            changed = rng.choice(STRUCTURE_MUTATIONS)(rng, text, shape, shapes)
        elif roll < 0.9:
            changed = rng.choice(LINE_MUTATIONS if roll < 0.7 else BYTE_MUTATIONS)(rng, text)
        else:
            changed = rng.choice(CROSS_GAME_MUTATIONS)(rng, text, shape, shapes)
        if changed != text:
            return changed
    return text


def fuzz_inputs(seeds: Mapping[str, Sequence[str]], count: int, seed: Seed = None) -> Iterator[FuzzInput]:
    """``count`` inputs made from ``seeds`` (game name to layout texts),
    the games taken in turn."""
    rng = make_rng(seed)
    shapes = file_shapes()
    every = list(shapes.values())
    order = sorted(seeds)
    for number in range(count):
        game = order[number % len(order)]
        text = mutate(rng.choice(seeds[game]), shapes[game], every, rng)
        yield FuzzInput(number, game, text)
