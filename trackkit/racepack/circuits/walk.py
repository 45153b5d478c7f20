"""The random walk over plain circuits (see the package notes)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from trackkit.errors import ArgumentError, GenerationError
from trackkit.racepack.circuits.plain import (
    RANDOM_LIMIT,
    Cell,
    Circuit,
    _adjacent,
    _neighbours,
    normalize_circuit,
)
from trackkit.randomness import Seed, make_rng

__all__ = ["default_walk_steps", "random_circuit"]

# ---------------------------------------------------------------------------
# The random walk
# ---------------------------------------------------------------------------

_PACK = 1 << 12
"""Cells in the walk are packed as ``x + y * _PACK`` so neighbours are ±1, ±_PACK."""

_MAX_RUN = 4
"""The longest run of tiles one move of the walk replaces."""

_SLACK = 2
"""How many tiles below the target the walk may shrink while shuffling."""


def _pack(cell: Cell) -> int:
    return cell[0] + cell[1] * _PACK


def _unpack(code: int) -> Cell:
    y = (code + _PACK // 2) // _PACK
    return (code - y * _PACK, y)


@cache
def _detours() -> dict[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """All short walks between two tiles, by (packed offset of the end, tiles between).

    A walk ``a, c1, ..., cm, b`` qualifies when its tiles are distinct and no
    two of them are adjacent unless they follow each other, so it can sit in
    a plain circuit.  The stored tuples hold ``c1..cm`` as offsets from ``a``.
    """
    found: dict[tuple[int, int], list[tuple[int, ...]]] = {}

    def extend(walk: list[Cell], between: int) -> None:
        if len(walk) - 1 == between + 1:
            inner, end = walk[1:-1], walk[-1]
            key = (_pack(end), between)
            found.setdefault(key, []).append(tuple(_pack(c) for c in inner))
            return
        for nxt in _neighbours(walk[-1]):
            if nxt not in walk and not any(_adjacent(nxt, c) for c in walk[:-1]):
                extend([*walk, nxt], between)

    for between in range(1, _MAX_RUN + 3):
        extend([(0, 0)], between)
    return {key: tuple(walks) for key, walks in found.items()}


@dataclass
class _Loop:
    """A plain circuit being reshaped: its packed cells in order and as a set."""

    ring: list[int]
    occupied: set[int]
    max_width: int
    max_height: int
    limited: bool  # whether the limits can bind at all for the loop sizes in use
    box: tuple[int, int, int, int]  # a rectangle holding every cell, within the limits

    @classmethod
    def rectangle(cls, width: int, height: int, limits: tuple[int, int], most_tiles: int) -> _Loop:
        """A ``width`` by ``height`` ring that will grow to at most ``most_tiles``.

        No plain circuit is wider or higher than half its number of tiles, so
        limits above that never bind and are not checked.
        """
        cells = (
            [(x, 0) for x in range(width)]
            + [(width - 1, y) for y in range(1, height)]
            + [(x, height - 1) for x in range(width - 2, -1, -1)]
            + [(0, y) for y in range(height - 2, 0, -1)]
        )
        ring = [_pack(c) for c in cells]
        limited = min(limits) <= most_tiles // 2
        return cls(ring, set(ring), *limits, limited, (0, 0, width - 1, height - 1))

    def fits(self, removed: Sequence[int], added: Sequence[int]) -> bool:
        """Whether swapping ``removed`` for ``added`` keeps within the size limits,
        updating the kept rectangle when the answer is yes.  Only called when
        the limits can bind."""
        left, bottom, right, top = self.box
        outside = False
        for code in added:
            x, y = _unpack(code)
            if x < left or x > right or y < bottom or y > top:
                outside = True
                break
        if not outside:
            return True
        gone = set(removed)
        cells = [_unpack(c) for c in self.ring if c not in gone] + [_unpack(c) for c in added]
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        box = (min(xs), min(ys), max(xs), max(ys))
        if box[2] - box[0] + 1 > self.max_width or box[3] - box[1] + 1 > self.max_height:
            return False
        self.box = box
        return True

    def try_replace(self, first: int, length: int, walks: Sequence[tuple[int, ...]], pick: float) -> bool:
        """Replace ``length`` tiles from ring position ``first`` by one of ``walks``.

        The walks join the tile before the run to the tile after it.  Returns
        whether the loop changed.  When the length changes, the ring is
        rotated so that the new run starts at position 0.
        """
        ring = self.ring
        size = len(ring)
        anchor = ring[first - 1]
        after = ring[(first + length) % size]
        walk = walks[int(pick * len(walks))]
        added = [anchor + offset for offset in walk]
        if first + length <= size:
            removed = ring[first : first + length]
        else:
            removed = ring[first:] + ring[: first + length - size]
        if added == removed:
            return False
        occupied = self.occupied
        # The new cells may sit on or touch the cells they replace, and touch
        # the two ends (the walk itself guarantees where); nothing else.
        free = {anchor, after, *removed}
        for cell in added:
            if cell in occupied and cell not in free:
                return False
            for neighbour in (cell + 1, cell - 1, cell + _PACK, cell - _PACK):
                if neighbour in occupied and neighbour not in free:
                    return False
        if self.limited and not self.fits(removed, added):
            return False
        occupied.difference_update(removed)
        occupied.update(added)
        if len(added) == length:
            for i, cell in enumerate(added):
                ring[(first + i) % size] = cell
        else:
            self.ring = added + [ring[(first + length + i) % size] for i in range(size - length)]
        return True


def _grow_step(loop: _Loop, rng: random.Random) -> None:
    """Try to lengthen the loop by two tiles somewhere at random."""
    ring = loop.ring
    size = len(ring)
    first = int(rng.random() * size)
    length = 1 + int(rng.random() * _MAX_RUN)
    offset = ring[(first + length) % size] - ring[first - 1]
    walks = _detours().get((offset, length + 2))
    if walks:
        loop.try_replace(first, length, walks, rng.random())


_RESIZES: tuple[tuple[int, ...], ...] = tuple(
    tuple(k for k in (run - 2, run, run + 2) if 1 <= k <= _MAX_RUN) for run in range(_MAX_RUN + 1)
)
"""For each run length, the lengths a shuffle move may replace it with."""


def _shuffle(loop: _Loop, rng: random.Random, n: int, steps: int) -> None:
    """Make ``steps`` Metropolis-Hastings moves among loops of ``n - _SLACK``
    to ``n`` tiles.

    A move picks a run of one to ``_MAX_RUN`` tiles (position and length
    uniform), a new length for it (uniform among ``_RESIZES``), and a detour of
    that many tiles between the same two neighbours (uniform).  The reverse
    move is the same kind of choice made from the new loop, so a move is
    accepted with the ratio of the two proposal probabilities when that is
    below one, which makes the uniform distribution over these loops the
    equilibrium.  A move is made only when the result is a plain circuit
    within the limits.
    """
    smallest = max(8, n - _SLACK)
    detours = _detours()
    uniform = rng.random
    done = 0
    while done < steps:
        done += 1
        ring = loop.ring
        size = len(ring)
        first = int(uniform() * size)
        length = 1 + int(uniform() * _MAX_RUN)
        options = _RESIZES[length]
        new_length = options[int(uniform() * len(options))]
        new_size = size - length + new_length
        if not smallest <= new_size <= n:
            continue
        offset = ring[(first + length) % size] - ring[first - 1]
        walks = detours.get((offset, new_length))
        if not walks:
            continue
        if new_length == length:
            if len(walks) == 1:  # the run itself is the only way: a straight
                continue
        else:
            forward = size * len(options) * len(walks)
            backward = new_size * len(_RESIZES[new_length]) * len(detours[offset, length])
            if forward < backward and uniform() * backward >= forward:
                continue
        loop.try_replace(first, length, walks, uniform())


def default_walk_steps(n: int) -> int:
    """How many reshaping moves :func:`random_circuit` makes by default."""
    return 6 * n * n


def _starting_loop(n: int, rng: random.Random, max_width: int, max_height: int) -> _Loop | None:
    """A rectangular ring of at most ``n`` tiles within the limits, the largest
    such (ties broken at random), or ``None`` when none fits."""
    options = [
        (width, height)
        for width in range(3, min(max_width, n) + 1)
        for height in range(3, min(max_height, n) + 1)
        if 2 * (width + height) - 4 <= n
    ]
    if not options:
        return None
    largest = max(2 * (w + h) for w, h in options)
    best = [option for option in options if 2 * sum(option) == largest]
    width, height = best[int(rng.random() * len(best))]
    return _Loop.rectangle(width, height, (max_width, max_height), n)


def _grow(loop: _Loop, n: int, rng: random.Random) -> bool:
    """Lengthen the loop two tiles at a time up to ``n``; False if it got stuck."""
    budget = 400 * n
    while len(loop.ring) < n and budget:
        budget -= 1
        _grow_step(loop, rng)
    return len(loop.ring) == n


def random_circuit(
    n: int,
    *,
    seed: Seed,
    max_width: int | None = None,
    max_height: int | None = None,
    attempts: int = 20,
    steps: int | None = None,
) -> Circuit:
    """A random plain circuit of exactly ``n`` tiles, in canonical form.

    Made by the random walk described in the module notes: legal by
    construction, close to uniform but not exactly uniform.  ``steps`` is the
    number of reshaping moves (:func:`default_walk_steps` by default); the
    walk restarts from a new rectangle up to ``attempts`` times when it cannot
    grow to ``n`` tiles inside ``max_width`` by ``max_height``.  The same seed
    gives the same circuit.

    Raises :class:`ArgumentError` for an ``n`` that is odd, below 8 (the square
    of four tiles aside) or above :data:`RANDOM_LIMIT`, and for bad limits or
    ``attempts``; :class:`GenerationError` when every attempt fails.
    """
    rng = make_rng(seed)
    walk = _walk_circuits(n, rng, max_width, max_height, attempts=attempts, burn_in=steps, gap=0)
    return next(walk)


def _walk_circuits(
    n: int,
    rng: random.Random,
    max_width: int | None,
    max_height: int | None,
    *,
    attempts: int,
    burn_in: int | None,
    gap: int,
) -> Iterator[Circuit]:
    """Grow a loop to ``n`` tiles, shuffle it ``burn_in`` moves (the default
    when ``None``), then yield it, and again every ``gap`` further moves."""
    _check_limits(max_width, max_height)
    if attempts < 1:
        raise ArgumentError(f"attempts must be at least 1, not {attempts}")
    if n == 4:
        if min(max_width or 2, max_height or 2) < 2:
            raise GenerationError("the square of 4 tiles needs 2 x 2 tiles")
        while True:
            yield ((0, 0), (1, 0), (1, 1), (0, 1))
    if n % 2 or n < 8 or n > RANDOM_LIMIT:
        raise ArgumentError(f"random circuits need an even number of tiles from 8 to {RANDOM_LIMIT}, not {n}")
    wide = n if max_width is None else max_width
    high = n if max_height is None else max_height
    loop = _grown_loop(n, rng, wide, high, attempts)
    steps = default_walk_steps(n) if burn_in is None else burn_in
    while True:
        _shuffle(loop, rng, n, steps)
        # Looking only at fixed checkpoints, well apart, keeps the choice of
        # the moment from favouring loops that were just regrown.
        while len(loop.ring) != n:
            _shuffle(loop, rng, n, _recheck_steps(n))
        yield normalize_circuit([_unpack(c) for c in loop.ring])
        steps = gap


def _recheck_steps(n: int) -> int:
    """Moves between two looks at a walk that was caught two tiles short."""
    return n * n // 2


def _grown_loop(n: int, rng: random.Random, wide: int, high: int, attempts: int) -> _Loop:
    for _ in range(attempts):
        loop = _starting_loop(n, rng, wide, high)
        if loop is None:
            break
        if _grow(loop, n, rng):
            return loop
    raise GenerationError(f"could not make a circuit of {n} tiles within {wide} x {high} tiles")


def _check_limits(max_width: int | None, max_height: int | None) -> None:
    for name, value in (("max_width", max_width), ("max_height", max_height)):
        if value is not None and value < 1:
            raise ArgumentError(f"{name} must be at least 1, not {value}")
