"""One way to turn a ``seed`` argument into a random number generator.

Every random operation in trackkit takes a single ``seed`` parameter that may be
an ``int`` (reproducible), a :class:`random.Random` (shared with the caller) or
``None`` (a fresh seed is drawn from the operating system).  Nothing in trackkit
calls the module-level functions of :mod:`random`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = [
    "Seed",
    "draw_many",
    "fresh_seed",
    "make_rng",
    "resolve_seed",
    "weighted_choice",
]

Seed = int | random.Random | None
"""What a ``seed`` parameter accepts."""

Drawn = TypeVar("Drawn")


def fresh_seed() -> int:
    """Draw a new seed from the operating system: a non-negative 32-bit int."""
    return secrets.randbits(32)


def resolve_seed(seed: int | None) -> int:
    """Return ``seed`` itself, or a fresh one when it is ``None``.

    Commands call this first so that they can print the seed they used.
    """
    return fresh_seed() if seed is None else seed


def make_rng(seed: Seed) -> random.Random:
    """Return a generator for ``seed``.

    An ``int`` gives a new generator seeded with it, a :class:`random.Random`
    is returned as it is, and ``None`` gives a generator with a fresh seed.
    Raises :class:`TypeError` for anything else (a bool included).
    """
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        return random.Random(fresh_seed())
    if isinstance(seed, int) and not isinstance(seed, bool):
        return random.Random(seed)
    raise TypeError(f"seed must be an int, a random.Random or None, not {seed!r}")


def draw_many(
    draw: Callable[[], Drawn], count: int, progress: Callable[[int, int], None] | None = None
) -> list[Drawn]:
    """``count`` results of ``draw``, one after another (so from one random
    stream when ``draw`` shares a generator); ``progress(done, count)`` is
    called after each, for a bar to follow them."""
    drawn: list[Drawn] = []
    for done in range(1, count + 1):
        drawn.append(draw())
        if progress is not None:
            progress(done, count)
    return drawn


def weighted_choice(rng: random.Random, weighted: Sequence[tuple[int, Drawn]]) -> Drawn:
    """One of the items of ``weighted`` (``(weight, item)`` pairs, whole
    weights), each with probability its weight over the total: exact, as a
    uniform draw among the counted things the weights stand for must be."""
    total = 0
    for weight, _ in weighted:  # a loop: quicker than sum() over the two or so items
        total += weight
    pick = rng.randrange(total)
    for weight, item in weighted:
        if pick < weight:
            return item
        pick -= weight
    raise AssertionError("a pick below the total falls within some weight")  # pragma: no cover
