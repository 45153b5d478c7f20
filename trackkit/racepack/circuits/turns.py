"""Counting the plain circuits that a half turn maps onto themselves, by a
transfer matrix swept over their lower half.

A circuit that a half turn about the middle of its box maps onto itself is
known from its lower half: the rest is that half turned.  So the sweep of
:mod:`.sweep` (read the notes of :mod:`.frontier` first) runs up to the
middle of the box and stops there; the ways that reach each frontier count
the lower halves that leave the road on it, and whether a frontier *glues*
to its own turned copy into one circuit is read off the frontier alone.

Where the sweep stops
---------------------
For a box ``w`` columns wide and ``h`` rows high, the half turn sends
column ``x`` to ``w - 1 - x`` and row ``y`` to ``h - 1 - y``.

* ``h`` even: after the last cell of row ``h / 2 - 1``.  The frontier is
  that row, and the row above it is its turned copy read backwards.
* ``h`` odd: in the middle row ``r = (h - 1) / 2``, after its cell
  ``(w - 1) // 2``.  The frontier is the middle row up to there and the row
  below beyond it; the rest of the middle row and everything above is the
  turned copy.  With ``w`` odd as well, the cell just visited is the
  middle of the box, its own turned copy; it must stay empty (a circuit
  has an even number of tiles, and every other tile comes with its
  distinct turned copy).

In every case frontier place ``x`` touches the turned copy of place
``w - 1 - x`` (its neighbour above, or beside it across the middle), and
with ``h`` odd and ``w`` even the last place visited also touches its own
turned copy, just right of it.

Gluing
------
A tile of the frontier and a turned tile it touches are joined (in a
plain circuit touching tiles are neighbours).  A frontier glues into one
circuit when every tile on it ends with exactly two neighbours (an end of
road with one below the line needs exactly one join, a busy tile none)
and the roads below, their turned copies and the joins make one loop, not
several.  The circuit has twice the tiles of the half.

Each symmetric circuit is met once: in the strip as wide as it is, in the
row where its box's middle lies, with its lowest row the strip's first.
Its box is reached on both sides when its half reaches at least one (the
turned copy reaches the other).  A quarter turn of a circuit is also fixed
by the half turn, so, as for all circuits, strips only need to be as wide
as they are high: a box ``w`` by ``h > w`` stands for itself and its
quarter-turned copy.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from trackkit.racepack.circuits.codes import BUSY, EMPTY, FRESH, OPEN, Array, Index, Strip, columns_of
from trackkit.racepack.circuits.frontier import most_rows
from trackkit.racepack.circuits.plain import Progress
from trackkit.racepack.circuits.sweep import Sweep, closing_caps, start_sweep, visit, without_empty

__all__ = ["NEVER_CLOSES", "half_caps", "half_turn_fixed", "summed_by_width", "whole_circuits"]

NEVER_CLOSES = 1 << 30
"""A least height no strip reaches: a half sweep given it never closes a circuit."""


def half_caps(states: Array, strip: Strip, row: int, least_height: int) -> Index:
    """The most tiles a lower half on each frontier may have placed so far.

    The rest of the circuit (what the half still adds, and the whole turned
    copy) lies above the line, joins up every end on it and reaches the
    turned (or mirrored) copy of the first row, at least ``2 * row`` rows up
    (and ``least_height - 1``).  So it has at least the tiles :func:`.sweep.closing_caps` asks
    of a whole circuit that tall, and it has ``2 * half - placed`` of them.
    One more value, -1, for no frontier."""
    whole = Strip(strip.width, 2 * strip.most_tiles, max(2 * row + 1, least_height), False)
    return np.minimum(closing_caps(states, whole, row), strip.most_tiles)


def half_turn_fixed(most_tiles: int, progress: Progress | None = None) -> dict[int, int]:
    """How many plain circuits of each even size up to ``most_tiles`` (up to
    translation) a half turn maps onto themselves.  ``progress(done,
    total)`` follows the strips swept."""
    widths = range(1, (most_tiles + 4) // 4 + 1)
    return summed_by_width(widths, lambda width: _strip_fixed(width, most_tiles), progress)


def summed_by_width(
    widths: range, count: Callable[[int], dict[int, int]], progress: Progress | None
) -> dict[int, int]:
    """The counts by size of every width's ``count`` added up, sorted by
    size; ``progress(done, total)`` follows the widths."""
    found: dict[int, int] = {}
    for done, width in enumerate(widths, 1):
        for tiles, number in count(width).items():
            found[tiles] = found.get(tiles, 0) + number
        if progress is not None:
            progress(done, len(widths))
    return dict(sorted(found.items()))


def _strip_fixed(width: int, most_tiles: int) -> dict[int, int]:
    """Half-turn circuits exactly ``width`` wide and at least as high: each
    box ``width`` by ``h > width`` counted twice (it stands for its quarter turn)."""
    half = most_tiles // 2
    strip = Strip(width, half, NEVER_CLOSES, False)
    rows = (most_rows(width, most_tiles) - 1) // 2 + 1
    found: dict[int, int] = {}
    sweep = start_sweep()
    middle = (width - 1) // 2
    unused = np.zeros(strip.slots, dtype=np.uint64)
    for row in range(rows):
        for m in range(width):
            sweep, _ = visit(sweep, strip, row, m, unused, caps=partial(half_caps, least_height=width))
            height = 2 * row + 1 if m == middle else (2 * row + 2 if m == width - 1 else 0)
            if height >= max(width, 2):
                times = 1 if height == width else 2
                _add(found, _glued(sweep, strip, odd=height % 2 == 1), times)
        sweep, _ = without_empty(sweep)
        if not len(sweep.ways):
            break
    return found


def _add(found: dict[int, int], glued: dict[int, int], times: int) -> None:
    for tiles, number in glued.items():
        found[tiles] = found.get(tiles, 0) + times * number


def _links(width: int, odd: bool) -> list[tuple[int, int]]:
    """The pairs ``(x, y)``: frontier place ``x`` touches the turned copy of place ``y``."""
    middle = (width - 1) // 2
    pairs = [(x, width - 1 - x) for x in range(width)]
    if odd and width % 2:
        pairs = [(x, y) for x, y in pairs if x != middle]
    elif odd:
        pairs.append((middle, middle))
    return pairs


def _glued(sweep: Sweep, strip: Strip, odd: bool) -> dict[int, int]:
    """The lower halves on frontiers that glue into one circuit, by the circuit's tiles."""
    if not len(sweep.states):
        return {}
    width = strip.width
    cells = columns_of(sweep.states, width).astype(np.int64)
    occupied = cells != EMPTY
    joins = np.zeros_like(cells)
    links = _links(width, odd)
    for x, y in links:
        joins[x] += occupied[x] & occupied[y]
    below = np.select([cells == BUSY, cells == FRESH, cells >= OPEN], [2, 0, 1], 0)
    fits = np.all(~occupied | (below + joins == 2), axis=0)
    if odd and width % 2:
        fits &= ~occupied[(width - 1) // 2]
    fits &= (sweep.states & np.uint64(strip.left_flag | strip.right_flag)) != 0
    fits &= occupied.any(axis=0)
    for index in np.flatnonzero(fits):
        fits[index] = _one_loop(cells[:, index], links)
    return whole_circuits(sweep, fits)


def whole_circuits(sweep: Sweep, keep: np.ndarray, extra: int = 0) -> dict[int, int]:
    """The ways on the frontiers ``keep`` marks, by the tiles of the whole
    circuit: twice the half's, and ``extra`` tiles on the fold itself."""
    found: dict[int, int] = {}
    entries = keep[sweep.which]
    for slot, ways in zip(sweep.slot[entries].tolist(), sweep.ways[entries].tolist()):
        found[2 * slot + extra] = found.get(2 * slot + extra, 0) + ways
    return found


def _one_loop(cells: Index, links: list[tuple[int, int]]) -> bool:
    """Whether the roads below, their turned copies and the joins make one loop.

    Nodes are ``(x, False)`` for the end of road at frontier place ``x`` (or
    the fresh tile there) and ``(x, True)`` for its turned copy; the degree
    check has given each exactly two edges."""
    mate = _partners(cells)
    edges: list[tuple[tuple[int, bool], tuple[int, bool]]] = []
    for x, y in mate.items():
        if x < y:
            edges += [((x, False), (y, False)), ((x, True), (y, True))]
    edges += [((x, False), (y, True)) for x, y in links if cells[x] != EMPTY and cells[y] != EMPTY]
    touching: dict[tuple[int, bool], list[int]] = {}
    for number, (a, b) in enumerate(edges):
        touching.setdefault(a, []).append(number)
        touching.setdefault(b, []).append(number)
    if not touching:
        return False
    start = next(iter(touching))
    node, edge, seen = start, touching[start][0], 1
    while True:
        a, b = edges[edge]
        node = b if a == node else a
        if node == start:
            return seen == len(touching)
        seen += 1
        first, second = touching[node]
        edge = second if first == edge else first


def _partners(cells: Index) -> dict[int, int]:
    """Each end's partner below the line: ``OPEN`` and ``CLOSE`` read as brackets."""
    mate: dict[int, int] = {}
    opened: list[int] = []
    for x, value in enumerate(cells):
        kind = int(value) & 3
        if value in (FRESH, EMPTY, BUSY):
            continue
        if kind == OPEN:
            opened.append(x)
        else:
            partner = opened.pop()
            mate[x], mate[partner] = partner, x
    return mate
