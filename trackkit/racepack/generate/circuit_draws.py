"""Where a generated track's circuit comes from.

Four sources, from the most exact to the least: the full table of every
matching circuit (:func:`draw_exact`, up to ``EXACT_LIMIT`` tiles), the
exactly uniform draw through the transfer-matrix tables
(:func:`draw_uniform`, up to ``UNIFORM_LIMIT``), the random walk
(:func:`draw_by_walk`), and circuits built corner by corner
(:func:`draw_circuits_by_corners`), which are legal but not equally likely.
A *fold* puts the request's hairpins into a plain circuit; each source keeps
only the folded shapes that meet the request (:func:`fold_filter`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from trackkit.errors import GenerationError
from trackkit.piecepack.cells import Cell
from trackkit.piecepack.geometry import TILE
from trackkit.racepack import circuits
from trackkit.racepack.circuits import UNIFORM_LIMIT
from trackkit.racepack.circuits.corners import draw_by_corners
from trackkit.racepack.circuits.plain import CellLoop, Progress
from trackkit.racepack.circuits.uniform import REJECTION_TRIES
from trackkit.racepack.generate.facts import _fact_range, _meets, loop_facts
from trackkit.racepack.generate.people import PEOPLE_TRIES
from trackkit.racepack.generate.places import Limits, can_take_constructions
from trackkit.racepack.generate.population import Population, _shape_at
from trackkit.racepack.generate.request import WALK_TRIES, GenerationRequest, any_hint, constraint_words
from trackkit.racepack.generate.shapes import Shape, hairpin_shapes

__all__ = [
    "corners_asked",
    "draw_by_walk",
    "draw_circuits_by_corners",
    "draw_exact",
    "draw_uniform",
    "fold_filter",
    "tiles_of",
    "uniform_corners",
    "uniform_reaches",
    "walked",
]


def uniform_reaches(request: GenerationRequest) -> bool:
    """Whether the exactly uniform draw of :mod:`..circuits.uniform` serves
    the request: plain circuits (no hairpins) of up to :data:`UNIFORM_LIMIT` tiles."""
    return request.hairpins == 0 and 8 <= request.plain_tiles <= UNIFORM_LIMIT


def draw_uniform(
    request: GenerationRequest, count: int, rng: random.Random, limits: Limits, progress: Progress | None
) -> tuple[list[Shape], int, tuple[int, int]]:
    """Circuits drawn exactly uniformly, each meeting the constraints (those
    that do not are drawn again); also how many circuits of the size fit the
    table, and how many of how many draws met the constraints."""
    folds = fold_filter(request, limits)
    wide, high = tiles_of(limits)
    drawn = circuits.uniform_circuits(
        request.plain_tiles,
        count,
        rng,
        where=lambda cells: bool(folds(cells)),
        max_width=wide,
        max_height=high,
        corners=uniform_corners(request),
        progress=progress,
        tries=REJECTION_TRIES if request.every_circuit else PEOPLE_TRIES,
    )
    return [Shape(cells) for cells in drawn.circuits], drawn.population, (drawn.met, drawn.tried)


def corners_asked(request: GenerationRequest) -> tuple[int | None, int | None] | None:
    """The fewest and most corners the request asks for (``None`` when it
    names neither).  The uniform draw serves plain circuits only, whose
    corners are the track's, so it meets them exactly."""
    if request.min_corners is None and request.max_corners is None:
        return None
    return request.min_corners, request.max_corners


def uniform_corners(request: GenerationRequest) -> tuple[int, int] | None:
    """The range of corners the uniform draw counts in its tables (``None``:
    the request allows every number of corners)."""
    asked = corners_asked(request)
    if asked is None:
        return None
    low, high = asked
    size = request.plain_tiles
    return circuits.needed_corners((low or 4, size if high is None else high), size)


def tiles_of(limits: Limits) -> tuple[int | None, int | None]:
    """The size limits in whole tiles."""
    wide = None if limits.width is None else limits.width // TILE
    high = None if limits.height is None else limits.height // TILE
    return wide, high


def fold_filter(request: GenerationRequest, limits: Limits) -> Callable[[Sequence[Cell]], list[Shape]]:
    """The shapes a plain circuit gives with the request's hairpins folded in
    (itself without), keeping those that meet the constraints."""

    def folds(cells: Sequence[Cell]) -> list[Shape]:
        return [
            shape
            for _, shape in hairpin_shapes(cells, request.hairpins)
            if _meets(loop_facts(shape.cells), _fact_range(request))
            and can_take_constructions(shape, request, limits)
        ]

    return folds


def walked(request: GenerationRequest, rng: random.Random, limits: Limits) -> Iterator[Shape]:
    """Circuits from the random walk, one at a time, until it finds no more."""
    while True:
        try:
            shapes, _ = draw_by_walk(request, 1, rng, limits, None)
        except GenerationError:
            return
        yield shapes[0]


def draw_exact(
    population: Population, request: GenerationRequest, count: int, rng: random.Random
) -> list[Shape]:
    found = len(population.entries)
    if found == 0:
        raise GenerationError(
            f"no circuit meets the constraints ({constraint_words(request)}){any_hint(request)}"
        )
    if found < count:
        raise GenerationError(
            f"only {found:,} circuit{'s' if found > 1 else ''} meet the constraints"
            f" ({constraint_words(request)}); cannot make {count:,} different tracks{any_hint(request)}"
        )
    picks = rng.sample(range(found), count)
    return [_shape_at(population, population.entries[pick]) for pick in picks]


def draw_by_walk(
    request: GenerationRequest, count: int, rng: random.Random, limits: Limits, progress: Progress | None
) -> tuple[list[Shape], str]:
    """Circuits from the random walk, distinct, each meeting the constraints;
    with hairpins, each walked circuit gets a uniformly chosen legal fold.
    When the walk finds too few (narrow constraints), they are built corner
    by corner instead (:func:`draw_circuits_by_corners`).  Returns the
    shapes and the method (``walk`` or ``corners``)."""
    base = request.plain_tiles
    wide, high = tiles_of(limits)
    folds = fold_filter(request, limits)
    if base < 8:
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if request.hairpins == 0 and not request.every_circuit:
        # The walk meets the tests of a circuit people race about once in a
        # thousand circuits above 48 tiles, at a tenth of a second each.
        return draw_circuits_by_corners(request, count, rng, folds, (wide, high), progress), "corners"
    if request.hairpins == 0:
        try:
            result = circuits.sample_circuits(
                base,
                seed=rng,
                count=count,
                where=lambda cells: bool(folds(cells)),
                max_width=wide,
                max_height=high,
            )
        except GenerationError:
            return draw_circuits_by_corners(request, count, rng, folds, (wide, high), progress), "corners"
        return [Shape(cells) for cells in result.circuits], "walk"
    shapes: list[Shape] = []
    seen: set[circuits.CellLoop] = set()
    for _ in range(WALK_TRIES * count):
        cells = circuits.random_circuit(base, seed=rng, max_width=wide, max_height=high)
        options = folds(cells) if cells not in seen else []
        seen.add(cells)
        if options:
            shapes.append(options[int(rng.random() * len(options))])
            if len(shapes) == count:
                return shapes, "walk"
    raise GenerationError(
        f"found only {len(shapes):,} of {count:,} circuits meeting the constraints"
        f" ({constraint_words(request)}) after looking at {WALK_TRIES * count:,} random ones; {_WALK_ADVICE}"
    )


_WALK_ADVICE = (
    "above 28 tiles circuits are drawn by a random walk, which rarely meets narrow constraints:"
    " loosen them (a range of corners, a shorter straight, a larger table), or use --tiles 28 or"
    " fewer, where every matching circuit is listed"
)


def draw_circuits_by_corners(
    request: GenerationRequest,
    count: int,
    rng: random.Random,
    folds: Callable[[Sequence[Cell]], list[Shape]],
    size: tuple[int | None, int | None],
    progress: Progress | None,
) -> list[Shape]:
    """Circuits built corner by corner (:mod:`..circuits.corners`): legal, meeting
    every constraint, not equally likely; :class:`GenerationError` when too few."""
    base = request.plain_tiles
    low = max(4, request.min_corners or 4)
    high = min(base, request.max_corners if request.max_corners is not None else base)
    wide, high_limit = size

    def fits(cells: CellLoop) -> bool:
        width, height = circuits.bounding_size(cells)
        if (wide is not None and width > wide) or (high_limit is not None and height > high_limit):
            return False
        return bool(folds(cells))

    found = draw_by_corners(base, range(low, high + 1), count, rng, fits, progress)
    if len(found) < count:
        odd = not any(c % 2 == 0 for c in range(low, high + 1))
        even = "; a loop always has an even number of corners" if odd else ""
        raise GenerationError(
            f"found only {len(found):,} of {count:,} circuits meeting the constraints"
            f" ({constraint_words(request)}), neither by a random walk nor built corner by corner{even}:"
            " loosen the constraints, or use --tiles 28 or fewer, where every matching circuit is listed"
        )
    return [folds(cells)[0] for cells in found]
