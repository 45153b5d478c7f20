"""Drawing large circuits corner by corner, for constraints the random walk
rarely meets.

Above :data:`~trackkit.racepack.circuits.plain.EXACT_LIMIT` tiles circuits
are drawn by a random walk, which meets "exactly 4 corners" about never:
of the millions of 30-tile circuits only a few are rectangles.  Here a
circuit is built the other way round.  A plain circuit of ``c`` corners is a
rectilinear loop: ``c`` edges, alternately east-west and north-south, each
turning right or left into the next.  Pick the turns (four more of one hand
than the other, so the loop closes its heading), then the edge lengths so
that the eastward edges add up to the westward ones and the northward to the
southward, with ``n`` tiles in all; lay the tiles and keep the loop when it
is plain (no tile touching any but its two neighbours).

The circuits drawn this way are legal but **not** equally likely (short,
square loops come up more often than their share); the command says so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from trackkit.piecepack.cells import Cell
from trackkit.racepack.circuits.plain import (
    CellLoop,
    Progress,
    Where,
    is_plain_circuit,
    normalize_circuit,
)

__all__ = ["CORNER_TRIES", "draw_by_corners", "loop_from_turns"]

CORNER_TRIES = 20_000
"""Loops laid, per circuit wanted, before giving up."""

_REPORT_EVERY = 500
"""Loops tried between two progress reports."""

_STEPS = ((1, 0), (0, 1), (-1, 0), (0, -1))
"""East, north, west, south."""


def loop_from_turns(turns: str, lengths: Sequence[int]) -> list[Cell] | None:
    """The cells of the loop whose edge ``i`` runs ``lengths[i]`` tiles from
    corner ``i`` to corner ``i + 1``, turning ``turns[i]`` (``R`` or ``L``)
    at corner ``i + 1``; the first edge runs east.  ``None`` when it does not
    come back to its first cell heading east."""
    cells: list[Cell] = []
    x = y = 0
    heading = 0
    for turn, length in zip(turns, lengths):
        dx, dy = _STEPS[heading]
        for _ in range(length):
            cells.append((x, y))
            x, y = x + dx, y + dy
        heading = (heading + (3 if turn == "R" else 1)) % 4
    if (x, y) != (0, 0) or heading != 0:
        return None
    return cells


def _turns(corners: int, rng: random.Random) -> str:
    """Turns of a closing loop: ``(c + 4) / 2`` of one hand, the rest of the other."""
    rights = (corners + 4) // 2
    letters = ["R"] * rights + ["L"] * (corners - rights)
    rng.shuffle(letters)
    return "".join(letters)


def _split(total: int, parts: int, rng: random.Random) -> list[int] | None:
    """``total`` as ``parts`` whole numbers of at least 1, at random."""
    if parts == 0:
        return [] if total == 0 else None
    if total < parts:
        return None
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [b - a for a, b in zip([0, *cuts], [*cuts, total])]


def _lengths(turns: str, n: int, rng: random.Random) -> list[int] | None:
    """Edge lengths that balance east with west and north with south."""
    heading = 0
    groups: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    for index, turn in enumerate(turns):
        groups[heading].append(index)
        heading = (heading + (3 if turn == "R" else 1)) % 4
    across = n // 2
    low = max(len(groups[0]), len(groups[2]))
    high = across - max(len(groups[1]), len(groups[3]))
    if low > high:
        return None
    east = rng.randint(low, high)
    north = across - east
    lengths = [0] * len(turns)
    for direction, total in ((0, east), (2, east), (1, north), (3, north)):
        parts = _split(total, len(groups[direction]), rng)
        if parts is None:
            return None
        for index, length in zip(groups[direction], parts):
            lengths[index] = length
    return lengths


def draw_by_corners(
    n: int,
    corner_counts: Sequence[int],
    count: int,
    rng: random.Random,
    where: Where | None = None,
    progress: Progress | None = None,
) -> list[CellLoop]:
    """Up to ``count`` different plain circuits of ``n`` tiles with a corner
    count from ``corner_counts`` (even numbers of at least 4), each meeting
    ``where``; fewer when :data:`CORNER_TRIES` loops per circuit wanted turn
    up no more.  ``progress(done, total)`` follows the loops tried out of the
    most that may be (it stops early, at 100 %, once enough are found)."""
    choices = [c for c in corner_counts if c >= 4 and c % 2 == 0 and c <= n]
    found: list[CellLoop] = []
    seen: set[CellLoop] = set()
    if not choices or n % 2:
        return found
    budget = CORNER_TRIES * count
    for tried in range(budget):
        if progress is not None and tried % _REPORT_EVERY == 0:
            progress(tried, budget)
        turns = _turns(rng.choice(choices), rng)
        lengths = _lengths(turns, n, rng)
        cells = loop_from_turns(turns, lengths) if lengths is not None else None
        if cells is None or not is_plain_circuit(cells):
            continue
        circuit = normalize_circuit(cells)
        if circuit in seen or (where is not None and not where(circuit)):
            continue
        seen.add(circuit)
        found.append(circuit)
        if len(found) == count:
            break
    if progress is not None:
        progress(budget, budget)
    return found
