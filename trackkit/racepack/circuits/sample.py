"""Drawing plain circuits: exactly uniform from a table, or from the random
walk above the exact limit; and how far the walk is from uniform.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

from trackkit.errors import ArgumentError, GenerationError
from trackkit.racepack.circuits.count import count_circuits
from trackkit.racepack.circuits.plain import (
    EXACT_LIMIT,
    RANDOM_LIMIT,
    CellLoop,
    Where,
    bounding_size,
    corner_count,
)
from trackkit.racepack.circuits.table import circuit_table
from trackkit.racepack.circuits.uniform import UNIFORM_LIMIT, uniform_circuits
from trackkit.racepack.circuits.walk import _check_limits, _walk_circuits, random_circuit
from trackkit.randomness import Seed, make_rng

__all__ = ["ChainBias", "SampleResult", "measure_chain_bias", "sample_circuits", "total_variation"]

# ---------------------------------------------------------------------------
# Sampling
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class SampleResult:
    """Circuits drawn by :func:`sample_circuits`.

    ``circuits`` are in canonical form.  ``matching`` is how many circuits of
    the size (up to translation) meet the condition, or ``None`` when the size
    is above :data:`EXACT_LIMIT` and the number is unknown.  ``exact`` says
    whether the draw was exactly uniform (from a table) or came from the
    random walk.
    """

    tiles: int
    circuits: tuple[CellLoop, ...]
    matching: int | None
    exact: bool


def _draw_indices(rng: random.Random, population: int, count: int) -> list[int]:
    """``count`` positions in ``range(population)``: distinct while they can be,
    then each further block of ``population`` is a fresh shuffle."""
    chosen: list[int] = []
    while count - len(chosen) >= population:
        chosen += rng.sample(range(population), population)
    return chosen + rng.sample(range(population), count - len(chosen))


def sample_circuits(
    n: int,
    *,
    seed: Seed = None,
    count: int = 1,
    where: Where | None = None,
    max_width: int | None = None,
    max_height: int | None = None,
) -> SampleResult:
    """Draw ``count`` circuits of ``n`` tiles, each meeting ``where``.

    Up to :data:`EXACT_LIMIT` tiles the draw is exactly uniform: every circuit
    that meets ``where`` (and the size limits) is equally likely, and the
    circuits are distinct from one another as long as ``count`` is at most the
    number that match; beyond that, every matching circuit appears once in
    random order before any repeats.  ``where`` is called once per circuit of
    the table, so its cost is paid once per call, not per circuit drawn.

    Above the limit and up to :data:`UNIFORM_LIMIT` tiles they are drawn
    exactly uniformly through the transfer matrix (:func:`uniform_circuits`),
    distinct, with ``matching`` ``None`` (the draw does not count them).
    Beyond, they come from :func:`random_circuit` (close to uniform, not
    exactly), distinct from one another, and ``matching`` is ``None``.  The
    same ``seed`` gives the same result.

    Raises :class:`ArgumentError` for a bad ``n`` or ``count``, and
    :class:`GenerationError` when no circuit meets the conditions (or, above
    the limit, too few were found in a reasonable number of tries).
    """
    if count < 0:
        raise ArgumentError(f"cannot draw a negative number of circuits ({count})")
    if n < 0 or n > RANDOM_LIMIT:
        raise ArgumentError(f"circuits must have between 0 and {RANDOM_LIMIT} tiles, not {n}")
    _check_limits(max_width, max_height)
    rng = make_rng(seed)
    condition = _with_size_limits(where, max_width, max_height)
    if EXACT_LIMIT < n <= UNIFORM_LIMIT and n % 2 == 0:
        drawn = uniform_circuits(n, count, rng, where=where, max_width=max_width, max_height=max_height)
        return SampleResult(n, drawn.circuits, None, True)
    if n > EXACT_LIMIT:
        return _sample_by_walk(n, rng, count, where, max_width, max_height)
    table = circuit_table(n)
    indices = table.matching(condition)
    if count and not indices:
        raise GenerationError(f"no circuit of {n} tiles meets the constraints")
    picked = _draw_indices(rng, len(indices), count) if count else []
    circuits = tuple(table[indices[i]] for i in picked)
    return SampleResult(n, circuits, len(indices), True)


def _with_size_limits(where: Where | None, max_width: int | None, max_height: int | None) -> Where | None:
    if max_width is None and max_height is None:
        return where
    wide = max_width if max_width is not None else 1 << 30
    high = max_height if max_height is not None else 1 << 30

    def fits(circuit: CellLoop) -> bool:
        width, height = bounding_size(circuit)
        return width <= wide and height <= high and (where is None or where(circuit))

    return fits


def _sample_by_walk(
    n: int,
    rng: random.Random,
    count: int,
    where: Where | None,
    max_width: int | None,
    max_height: int | None,
) -> SampleResult:
    """Collect ``count`` distinct circuits meeting ``where`` from one long walk,
    looking at it every ``2 * n * n`` moves, for at most ``_WALK_LOOKS`` looks per
    circuit wanted (and a few hundred more)."""
    if n % 2:
        raise GenerationError(f"no circuit has an odd number of tiles ({n})")
    found: dict[CellLoop, None] = {}
    budget = _WALK_LOOKS * count + 500
    walk = _walk_circuits(n, rng, max_width, max_height, attempts=20, burn_in=None, gap=2 * n * n)
    looks = 0
    while len(found) < count:
        if looks == budget:
            raise GenerationError(
                f"found only {len(found):,} of {count:,} circuits of {n} tiles meeting the constraints"
                f" after looking at {budget:,} random ones"
            )
        circuit = next(walk)
        looks += 1
        if where is None or where(circuit):
            found.setdefault(circuit)
    return SampleResult(n, tuple(found), None, False)


_WALK_LOOKS = 200
"""Looks at the walk allowed per circuit wanted before sampling gives up."""


@dataclass(frozen=True)
class ChainBias:
    """How far the random walk's corner counts are from the exact ones.

    ``exact`` and ``observed`` map a number of corners to a probability;
    ``distance`` is the total variation distance between them (half the sum
    of the absolute differences: 0 for identical, 1 for disjoint).  Even a
    perfect sampler shows some distance with finitely many draws, so
    ``noise`` and ``noise_high`` give the scale: the mean and the 95th
    percentile of the distance over ``_NOISE_REPEATS`` sets of as many
    exactly uniform draws (NaN above :data:`EXACT_LIMIT`).
    """

    tiles: int
    samples: int
    distance: float
    noise: float
    noise_high: float
    exact: dict[int, float]
    observed: dict[int, float]


_NOISE_REPEATS = 20


def total_variation(p: dict[int, float], q: dict[int, float]) -> float:
    """Half the sum of the absolute differences of two distributions."""
    return sum(abs(p.get(k, 0.0) - q.get(k, 0.0)) for k in set(p) | set(q)) / 2


def _histogram(values: Iterable[int]) -> dict[int, float]:
    counts: dict[int, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    total = sum(counts.values())
    return {key: number / total for key, number in sorted(counts.items())}


def measure_chain_bias(
    n: int, *, samples: int = 2000, seed: Seed = None, steps: int | None = None
) -> ChainBias:
    """Compare the walk's corner-count histogram at ``n`` tiles with the exact one.

    Draws ``samples`` circuits with :func:`random_circuit` (``steps`` moves
    each, the default when ``None``) and, for scale, repeated sets of as many
    exactly uniform ones from the table when ``n`` is at most
    :data:`EXACT_LIMIT`.  Needs :func:`count_circuits` of ``n``, so ``n`` is
    at most :data:`COUNT_LIMIT` and in practice at most about 30.
    """
    rng = make_rng(seed)
    counted = count_circuits(n).corners
    total = sum(counted.values())
    exact = {k: v / total for k, v in counted.items()}
    observed = _histogram(corner_count(random_circuit(n, seed=rng, steps=steps)) for _ in range(samples))
    noise = noise_high = math.nan
    if n <= EXACT_LIMIT:
        corners = [corner_count(circuit) for circuit in circuit_table(n)]
        spread = sorted(
            total_variation(
                exact, _histogram(corners[int(rng.random() * len(corners))] for _ in range(samples))
            )
            for _ in range(_NOISE_REPEATS)
        )
        noise = sum(spread) / len(spread)
        noise_high = spread[int(0.95 * (len(spread) - 1))]
    return ChainBias(n, samples, total_variation(exact, observed), noise, noise_high, exact, observed)
