"""Rolling dice for tokens: how many dice, and the two Combos they make.

After moving, a player rolls six to ten ordinary six-sided dice ("Start with
6 Dice", +2 for "Team Racing", +1 "Drafting" for each car directly behind
another) and forms two *Combos*: "A single die", "2 or more same-numbered
dice" or "2 or more dice in sequence".  One Combo gives a Fuel token per
die, the other a Control token per die; "Any dice that do not fit into
either Combo are forfeit", and nobody keeps more than eight of either.

:func:`combo_pairs` lists, for a set of dice, every useful pair of disjoint
Combos (those no other pair beats on both sizes); players choose among them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache

__all__ = [
    "ALL_IN_DICE",
    "ALL_IN_REROLLS",
    "BASE_DICE",
    "DRAFTING_BONUS",
    "FACES",
    "MAX_TOKENS",
    "REROLLS",
    "TEAM_BONUS",
    "TEAM_REACH",
    "combo_pairs",
    "is_combo",
]

FACES = 6
BASE_DICE = 6
"""'Start with 6 Dice'."""
TEAM_BONUS = 2
"""'+2 Dice if your trail car could reach your lead car in 4 moves'."""
TEAM_REACH = 4
DRAFTING_BONUS = 1
"""'+1 Die for each of your cars that is in the space directly behind any other car'."""
REROLLS = 2
"""'you have the option to reroll up to twice'."""
ALL_IN_DICE = 10
"""All In: 'Roll all 10 dice.'"""
ALL_IN_REROLLS = 3
"""All In: 'You also have the option to reroll a third time.'"""
MAX_TOKENS = 8
"""'You may not keep more than 8 Fuel tokens and 8 Control tokens.'"""


def is_combo(dice: Sequence[int]) -> bool:
    """Whether ``dice`` form one Combo: a single die, two or more
    same-numbered dice, or two or more dice in sequence (each number once,
    no gap)."""
    if not dice:
        return False
    if len(set(dice)) == 1:
        return True
    ordered = sorted(dice)
    return all(b == a + 1 for a, b in itertools.pairwise(ordered))


Combo = tuple[int, ...]


def _combos(counts: tuple[int, ...]) -> list[Combo]:
    """Every Combo the dice ``counts`` (dice showing each face, 1 first) allow."""
    found: list[Combo] = []
    for face, count in enumerate(counts, 1):
        found += [(face,) * size for size in range(1, count + 1)]
    for low in range(1, FACES + 1):
        for high in range(low + 1, FACES + 1):
            if all(counts[face - 1] for face in range(low, high + 1)):
                found.append(tuple(range(low, high + 1)))
    return found


def _fits(first: Combo, second: Combo, counts: tuple[int, ...]) -> bool:
    """Whether the dice ``counts`` hold both Combos at once."""
    used = list(counts)
    for face in (*first, *second):
        used[face - 1] -= 1
        if used[face - 1] < 0:
            return False
    return True


@lru_cache(maxsize=16384)
def _pairs(counts: tuple[int, ...]) -> tuple[tuple[Combo, Combo], ...]:
    """:func:`combo_pairs` of the dice ``counts``.

    The Combos are paired in the order :func:`_combos` lists them (each
    with itself and every later one); for each pair of sizes the first pair
    the dice hold is kept, then those another pair beats on both sizes are
    dropped.  With the first Combo fixed, the size of the second alone
    decides the pair of sizes, so each size is tried only until it is found."""
    combos = _combos(counts)
    by_size: dict[int, list[int]] = {}
    for index, combo in enumerate(combos):
        by_size.setdefault(len(combo), []).append(index)
    best: dict[tuple[int, int], tuple[Combo, Combo]] = {}
    for i, first in enumerate(combos):
        for size, indices in by_size.items():
            pair = (len(first), size) if len(first) >= size else (size, len(first))
            if pair in best:
                continue
            second = _partner(combos, indices, i, counts)
            if second is not None:
                best[pair] = (first, second) if len(first) >= size else (second, first)
    sizes = sorted(best, reverse=True)
    frontier = [
        size for size in sizes if not any(o != size and o[0] >= size[0] and o[1] >= size[1] for o in sizes)
    ]
    return tuple(best[size] for size in frontier)


def _partner(combos: list[Combo], indices: list[int], first: int, counts: tuple[int, ...]) -> Combo | None:
    """The first Combo of ``combos`` listed at ``indices`` (from the one
    numbered ``first`` on) that the dice ``counts`` hold beside that one."""
    for index in indices:
        if index >= first and _fits(combos[first], combos[index], counts):
            return combos[index]
    return None


def combo_pairs(dice: Sequence[int]) -> tuple[tuple[Combo, Combo], ...]:
    """The useful pairs of disjoint Combos of ``dice`` (larger Combo first),
    biggest first: no pair left out is at least as big in both Combos."""
    counts = [0] * FACES
    for face in dice:
        counts[face - 1] += 1
    return _pairs(tuple(counts))
