"""Exactly uniform plain circuits, drawn through the transfer matrix.

The sweep of :mod:`.sweep` counts, for every frontier, the ways of deciding
the cells already visited.  Run backwards over the same frontiers, it counts
instead the ways of *finishing*: for a frontier met after visit ``t`` with
``k`` tiles placed, how many ways the cells after it can be decided so that
the circuit closes with exactly ``n - k`` more tiles
(:func:`~.completion.box_table`).  These *completion counts* are a table
per visit.  Drawing a circuit then goes forwards: at each visit, of the (at
most two) ways to decide the cell, take one with probability proportional
to the completions it leaves for the tiles still to place.  The product of
those probabilities telescopes to ``1 / count``, so every circuit of the box
is drawn with probability exactly one over their number.

A circuit of ``n`` tiles is drawn in two stages: its bounding box, with
probability proportional to the number of circuits filling that box (known
from :func:`~.boxes.box_counts`), then a circuit in that box as above.
Boxes are swept with their narrow side across; a box higher than wide also
stands for its quarter-turned copy, chosen by a fair coin.  Altogether
every circuit of ``n`` tiles (fitting the size limits) has the same chance.

The tables are built once per box and size, kept in memory and stored in
the cache folder (:mod:`.stored`), so a new process reads them; a table of
48 tiles takes up to a second to build and up to about 10 MB.  The box
counts are kept on disk too (:func:`box_counts_cache_path`).
"""

from __future__ import annotations

import json
import random
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from trackkit.errors import ArgumentError, GenerationError, RareConstraintError
from trackkit.fileio import CacheEntry, cache_dir, cache_lock, read_cache, write_cache
from trackkit.piecepack.cells import Cell
from trackkit.racepack.circuits.boxes import BoxCounts, box_counts
from trackkit.racepack.circuits.plain import CellLoop, Progress, Where, shifted_progress
from trackkit.randomness import weighted_choice

if TYPE_CHECKING:
    from trackkit.racepack.circuits.completion import BoxTable, CornerRange

__all__ = [
    "UNIFORM_LIMIT",
    "UniformDraw",
    "box_counts_cache_path",
    "circuit_boxes",
    "clear_uniform_tables",
    "needed_corners",
    "uniform_circuits",
]


UNIFORM_LIMIT = 48
"""The largest tile count drawn exactly uniformly through the transfer
matrix: two piecepacks.  At 48 tiles the first draw counts the circuits of
every bounding box (about 3 seconds on one core, then read from the cache
file) and each box's completion table is built when a draw first lands in
it (up to about a second; all 64 boxes of 48 tiles take some 12 seconds),
then stored in the cache folder, from where a later process reads it in
milliseconds."""

BOXES_FORMAT = 1
"""Version of the box counts cache file, part of its name."""

_BOXES_MAGIC = b"TKBX"

REJECTION_TRIES = 300
"""Circuits drawn per track wanted, at most, when a condition is tested on
each (drawing stays uniform among those that meet it); beyond that the
draw gives up and says how rare the condition is: rarer than about one in
300, the draws would take longer than building such circuits directly."""


def box_counts_cache_path(n: int, corners: bool = False) -> Path:
    """The cache file of the box counts up to ``n`` tiles (by corners too,
    with ``corners``)."""
    return cache_dir() / f"boxes-v{BOXES_FORMAT}-{n}{'-corners' if corners else ''}.bin"


def circuit_boxes(n: int, progress: Progress | None = None, corners: bool = False) -> BoxCounts:
    """:func:`~.boxes.box_counts` for ``n`` tiles (by corners too, with
    ``corners``), read from the cache file when it is sound, else swept
    (``progress`` follows) and written there.  The file holds the counts as
    JSON, with the CRC-32 of that text.  A process sweeping holds the file's
    lock (:func:`~trackkit.fileio.cache_lock`): another one wanting the same
    counts meanwhile (the suite's second worker, say: 48 tiles by corners
    take some 20 seconds) waits, then reads the file instead of sweeping too."""
    path = box_counts_cache_path(n, corners)
    boxes = _stored_boxes(path, n)
    if boxes is not None:
        return boxes
    with cache_lock(path):
        boxes = _stored_boxes(path, n)  # swept by another process while this one waited
        if boxes is not None:
            return boxes
        boxes = box_counts(n, corners=corners, progress=progress)
        payload = json.dumps(
            [[w, h, {str(t): c for t, c in sizes.items()}] for (w, h), sizes in sorted(boxes.items())]
        ).encode()
        write_cache(path, _BOXES_MAGIC, BOXES_FORMAT, CacheEntry(n, len(boxes), zlib.crc32(payload), payload))
    return boxes


def _stored_boxes(path: Path, n: int) -> BoxCounts | None:
    """The box counts the cache file ``path`` holds for ``n`` tiles, or
    ``None`` when it is missing, damaged or of another version."""
    entry = read_cache(path, _BOXES_MAGIC, BOXES_FORMAT, n)
    if entry is None or zlib.crc32(entry.payload) != entry.check:
        return None
    try:
        return _decode_boxes(entry.payload)
    except (ValueError, KeyError, TypeError):
        return None


def _decode_boxes(payload: bytes) -> BoxCounts:
    boxes: BoxCounts = {}
    for width, height, sizes in json.loads(payload):
        boxes[(int(width), int(height))] = {
            int(tiles): {int(k): int(v) for k, v in corners.items()} for tiles, corners in sizes.items()
        }
    return boxes


def _in_order(cells: list[Cell]) -> CellLoop:
    """The circuit's cells in driving order, in canonical form (see
    :func:`~.plain.normalized_loop`): from its least cell, whose only
    neighbours on a plain circuit are east and north of it, east first,
    moved so that its lowest x and y are 0.  A table draws only plain
    circuits, so they are not checked again."""
    occupied = set(cells)
    here = previous = min(cells)
    left, bottom = here[0], min(y for _, y in cells)
    path = [(0, here[1] - bottom)]
    for _ in range(len(cells) - 1):
        x, y = here
        for step in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):  # east, north, west, south
            if step in occupied and step != previous:
                break
        previous, here = here, step
        path.append((step[0] - left, step[1] - bottom))
    return tuple(path)


_TABLES: dict[tuple[int, int, int, CornerRange | None], BoxTable] = {}


def clear_uniform_tables() -> None:
    """Forget the completion tables kept in memory."""
    _TABLES.clear()


TABLE_BUDGET = 20_000_000
"""Completion-table entries kept in memory (17 bytes each, so up to about
340 MB): enough for all 64 boxes of 48 tiles (some 19 million entries);
older tables are dropped to make room for a new one."""


def _table(
    width: int, height: int, tiles: int, progress: Progress | None = None, corners: CornerRange | None = None
) -> BoxTable:
    """The completion table of the box (for circuits with corners in
    ``corners``, when given): kept in memory, else read from the cache
    folder, else built (``progress`` follows) and stored there."""
    key = (width, height, tiles, corners)
    table = _TABLES.get(key)
    if table is None:
        # Imported here: the array library loads only when a table is needed.
        from trackkit.racepack.circuits.stored import stored_box_table

        table, _ = stored_box_table(width, height, tiles, progress, corners)
        kept = sum(other.entries for other in _TABLES.values())
        while _TABLES and kept + table.entries > TABLE_BUDGET:
            kept -= _TABLES.pop(next(iter(_TABLES))).entries
        _TABLES[key] = table
    return table


@dataclass(frozen=True)
class UniformDraw:
    """Circuits drawn by :func:`uniform_circuits`.

    ``circuits`` are distinct and in canonical form.  ``population`` is how
    many circuits of the size fit the size limits (up to translation);
    ``tried`` how many were drawn to find those meeting the condition, and
    ``met`` how many of those met it (repeats included), so ``met / tried``
    estimates the share that meets it.
    """

    tiles: int
    circuits: tuple[CellLoop, ...]
    population: int
    tried: int
    met: int


Boxes = list[tuple[int, int, int, bool]]
"""``(weight, width, height, turned)``: the boxes to draw from."""


def _fitting_boxes(
    boxes: BoxCounts,
    n: int,
    max_width: int | None,
    max_height: int | None,
    corners: CornerRange | None = None,
) -> Boxes:
    """The boxes of circuits of ``n`` tiles that fit the size limits, each
    weighted by its circuits (those with corners in ``corners``, when
    given: ``boxes`` must then be counted by corners)."""
    wide = max_width if max_width is not None else n
    high = max_height if max_height is not None else n
    least, most = corners if corners is not None else (0, n)
    found: Boxes = []
    for (width, height), sizes in sorted(boxes.items()):
        number = sum(ways for turns, ways in sizes.get(n, {}).items() if least <= turns <= most)
        if not number:
            continue
        if width <= wide and height <= high:
            found.append((number, width, height, False))
        if width != height and height <= wide and width <= high:
            found.append((number, width, height, True))
    return found


def _draw_some(
    fitting: Boxes,
    n: int,
    draws: int,
    rng: random.Random,
    progress: Progress | None = None,
    corners: CornerRange | None = None,
) -> list[CellLoop]:
    """``draws`` independent uniform circuits (with corners in ``corners``,
    when given; ``fitting`` must then be weighted by those): their boxes
    first, then the circuits box by box (so that each box's table is needed
    once).  ``progress`` follows the tables read or built for them."""
    weighted = [(number, (w, h, t)) for number, w, h, t in fitting]
    boxes = [weighted_choice(rng, weighted) for _ in range(draws)]
    drawn: dict[int, CellLoop] = {}
    tables = sorted({(w, h) for w, h, _ in boxes if (w, h, n, corners) not in _TABLES})
    steps = {box: 2 * box[0] * box[1] for box in tables}
    total, done = sum(steps.values()), 0
    if progress is not None and total:
        progress(0, total)
    for box in sorted(set(boxes)):
        width, height, turned = box
        follow = None
        if progress is not None and (width, height) in steps:
            follow = shifted_progress(progress, done, total)
            done += steps.pop((width, height))
        table = _table(width, height, n, follow, corners)
        if progress is not None and follow is not None:
            progress(done, total)
        for index in (i for i, chosen in enumerate(boxes) if chosen == box):
            cells = table.draw(rng)
            if turned:
                cells = [(y, x) for x, y in cells]
            drawn[index] = _in_order(cells)
    return [drawn[index] for index in range(draws)]


def uniform_circuits(
    n: int,
    count: int,
    rng: random.Random,
    *,
    where: Where | None = None,
    max_width: int | None = None,
    max_height: int | None = None,
    corners: CornerRange | None = None,
    progress: Progress | None = None,
    tries: int = REJECTION_TRIES,
) -> UniformDraw:
    """Draw ``count`` distinct circuits of ``n`` tiles, each meeting ``where``,
    the size limits (tiles) and the range of ``corners`` (fewest, most),
    every such circuit equally likely.

    The size limits are exact (only boxes that fit are drawn from), and so
    is the range of corners (the tables count corners too, and finish only
    circuits with corners in range: nothing is drawn and thrown away); ``where``
    is tested on each circuit drawn and the ones that fail it are drawn
    again, which keeps the draw uniform among those that pass.  Raises
    :class:`ArgumentError` for ``n`` above :data:`UNIFORM_LIMIT`, and
    :class:`GenerationError` when no circuit fits or fewer than ``count``
    exist, and :class:`RareConstraintError` when ``tries`` draws per
    circuit wanted (:data:`REJECTION_TRIES` unless told) find too few
    meeting ``where``.
    ``progress(done, total)`` follows the one-off sweep of the box counts,
    then (a new round from 0) the completion tables read or built.
    """
    if n > UNIFORM_LIMIT or n < 0:
        raise ArgumentError(f"exactly uniform drawing goes up to {UNIFORM_LIMIT} tiles, not {n}")
    corners = needed_corners(corners, n)
    boxes = circuit_boxes(n, progress, corners is not None) if n >= 4 else {}
    fitting = _fitting_boxes(boxes, n, max_width, max_height, corners)
    population = sum(number for number, _, _, _ in fitting)
    limits = "the size limits" if corners is None else "the size limits and the corners asked for"
    if not population:
        raise GenerationError(f"no circuit of {n} tiles fits {limits}")
    if count > population:
        raise GenerationError(
            f"only {population:,} circuits of {n} tiles fit {limits}; cannot draw {count:,} different ones"
        )
    found: dict[CellLoop, None] = {}
    tried = met = 0
    budget = tries * count
    while len(found) < count:
        if tried >= budget:
            raise RareConstraintError(_too_rare(n, count, met, tried))
        wanted = count - len(found)
        # The first batch is just what is wanted (each box drawn from needs
        # its table, read or built); later ones allow for rejections.
        batch = min(budget - tried, wanted if where is None or not tried else 2 * wanted + 8)
        for circuit in _draw_some(fitting, n, batch, rng, progress, corners):
            tried += 1
            if where is None or where(circuit):
                met += 1
                if len(found) < count:
                    found.setdefault(circuit)
    return UniformDraw(n, tuple(found), population, tried, met)


def needed_corners(corners: CornerRange | None, n: int) -> CornerRange | None:
    """``corners``, or ``None`` when it allows every circuit of ``n`` tiles
    (each has from 4 to ``n`` corners): then no corners need counting."""
    if corners is None or (corners[0] <= 4 and corners[1] >= n):
        return None
    return corners


def _too_rare(n: int, count: int, met: int, tried: int) -> str:
    return (
        f"{met:,} of {tried:,} exactly uniform draws of {n}-tile circuits met the constraints"
        f" (about {100 * met / tried:.2g}%), too few for {count:,} different tracks: relax the"
        " constraints (a range of corners, a shorter straight, a larger table) or ask for fewer tracks"
    )

