"""Drawing tracks: the entry point :func:`generate_layouts`."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import ArgumentError, GenerationError, RareConstraintError
from trackkit.piecepack.cells import Cell
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.piecepack.geometry import TILE
from trackkit.racepack import circuits
from trackkit.racepack.circuits import EXACT_LIMIT, UNIFORM_LIMIT, circuit_from_id, circuit_id, hairpin_walls
from trackkit.racepack.circuits.corners import draw_by_corners
from trackkit.racepack.circuits.plain import CellLoop, Progress
from trackkit.racepack.generate.facts import _fact_range, _meets, loop_facts
from trackkit.racepack.generate.places import Limits, can_take_constructions
from trackkit.racepack.generate.plan import TrackPlan, build_layout, plan_track
from trackkit.racepack.generate.population import Population, _limits, _shape_at, exact_population
from trackkit.racepack.generate.request import (
    COUNTERCLOCKWISE,
    WALK_TRIES,
    GenerationRequest,
    _check_tiles,
    check_possible,
    check_request,
    constraint_words,
)
from trackkit.racepack.generate.shapes import Shape, hairpin_shapes
from trackkit.racepack.generate.wide import WIDE_TRIES, widened
from trackkit.racepack.layout import Layout
from trackkit.racepack.rules import validate
from trackkit.randomness import Seed, make_rng

__all__ = [
    "Generated",
    "box_counts_file",
    "boxes_to_count",
    "draws_uniformly",
    "generate_layouts",
    "table_to_build",
]

# ---------------------------------------------------------------------------
# Drawing
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Generated:
    """What :func:`generate_layouts` made.

    ``layouts`` are the tracks, each legal.  ``ids`` gives each one's circuit
    id (hairpins included).
    ``loop_tiles`` and ``hairpins`` describe the loops; ``pit`` whether each
    has a pit lane.  ``matching`` is how many circuits met the constraints
    and ``total`` how many there are of that size (with that many hairpins),
    both ``None`` when unknown.  ``method`` is ``table`` (every matching
    circuit exactly equally likely), ``walk`` (the random walk above
    :data:`EXACT_LIMIT`), ``corners`` (built corner by corner when the walk
    finds too few: legal, not equally likely) or ``id`` (rebuilt from an id,
    nothing random) or ``uniform`` (drawn exactly uniformly through the
    transfer matrix; ``total`` is how many circuits it drew from, ``draws``
    how many of how many draws met the constraints tested on each, and
    ``corners`` the fewest and most corners asked for when the draw met
    them exactly, among ``total`` circuits that all have them).
    """

    layouts: tuple[Layout, ...]
    ids: tuple[str | None, ...]
    loop_tiles: int
    hairpins: int
    pit: bool
    matching: int | None
    total: int | None
    method: str
    draws: tuple[int, int] | None = None
    corners: tuple[int | None, int | None] | None = None


def table_to_build(request: GenerationRequest) -> int | None:
    """The tile count of the circuit table drawing ``request`` will have to
    build first (a one-off job of up to a minute, cached afterwards), or
    ``None`` when no table is needed or it is ready."""
    if request.circuit_id is not None or request.loop_tiles > EXACT_LIMIT:
        return None
    base = request.plain_tiles
    if base < 4 or circuits.table_is_ready(base):
        return None
    return base


def draws_uniformly(request: GenerationRequest) -> bool:
    """Whether ``request`` is drawn through the transfer matrix's tables
    (box counts and completion tables, built once and cached)."""
    return request.circuit_id is None and request.loop_tiles > EXACT_LIMIT and _uniform_reaches(request)


def boxes_to_count(request: GenerationRequest) -> int | None:
    """The tile count whose circuits the exactly uniform draw must first
    count box by box (a one-off job, cached afterwards), or ``None`` when
    the draw needs no such count or it is ready."""
    if not draws_uniformly(request):
        return None
    return None if box_counts_file(request).is_file() else request.plain_tiles


def box_counts_file(request: GenerationRequest) -> Path:
    """The cache file of the box counts the exactly uniform draw of
    ``request`` reads (counted by corners too when it asks for some)."""
    return circuits.box_counts_cache_path(request.plain_tiles, _uniform_corners(request) is not None)


def generate_layouts(
    request: GenerationRequest, *, seed: Seed = None, count: int = 1, progress: Progress | None = None
) -> Generated:
    """Draw ``count`` different legal tracks meeting ``request``.

    See the package notes for how the circuit and its constructions are
    chosen.  The same ``seed`` gives the same tracks.  With
    ``request.circuit_id`` the one circuit it names is laid out instead, the
    same every time.  ``progress(done, total)`` follows the one-off
    building of a circuit table (see :func:`table_to_build`), or above
    :data:`EXACT_LIMIT` the search corner by corner.

    Raises :class:`ArgumentError` for a malformed request or id, and
    :class:`GenerationError` when fewer than ``count`` circuits meet the
    constraints (or, above the exact limit, too few were found).
    """
    check_request(request, count)
    if request.circuit_id is not None:
        return _rebuild(request)
    rng = make_rng(seed)
    limits = _limits(request)
    check_possible(request)
    if request.wide:
        return _generate_wide(request, seed, count, rng, limits, progress)
    draws = corners = None
    if request.loop_tiles <= EXACT_LIMIT:
        population = exact_population(request, progress)
        shapes = _draw_exact(population, request, count, rng)
        matching: int | None = len(population.entries)
        total: int | None = population.total
        method = "table"
    elif _uniform_reaches(request):
        try:
            shapes, total, draws = _draw_uniform(request, count, rng, limits, progress)
            matching, method = None, "uniform"
            corners = _corners_asked(request)
        except RareConstraintError:
            folds = _fold_filter(request, limits)
            shapes = _draw_by_corners(request, count, rng, folds, _tiles(limits), progress)
            matching = total = None
            method = "corners"
    else:
        shapes, method = _draw_by_walk(request, count, rng, limits, progress)
        matching = total = None
    plans = [plan_track(shape, request, limits, rng) for shape in shapes]
    layouts = tuple(
        _checked(
            build_layout(
                plan,
                packs=request.packs,
                laps=request.race_laps(),
                cars=request.cars,
                name=_name(plan.shape),
                description=_description(seed, number, count),
            )
        )
        for number, plan in enumerate(plans, 1)
    )
    ids = tuple(_shape_id(plan.shape) for plan in plans)
    return Generated(
        layouts, ids, request.loop_tiles, request.hairpins, request.pit, matching, total, method, draws,
        corners,
    )  # fmt: skip


def _uniform_reaches(request: GenerationRequest) -> bool:
    """Whether the exactly uniform draw of :mod:`..circuits.uniform` serves
    the request: plain circuits (no hairpins) of up to :data:`UNIFORM_LIMIT` tiles."""
    return request.hairpins == 0 and 8 <= request.plain_tiles <= UNIFORM_LIMIT


def _draw_uniform(
    request: GenerationRequest, count: int, rng: random.Random, limits: Limits, progress: Progress | None
) -> tuple[list[Shape], int, tuple[int, int]]:
    """Circuits drawn exactly uniformly, each meeting the constraints (those
    that do not are drawn again); also how many circuits of the size fit the
    table, and how many of how many draws met the constraints."""
    folds = _fold_filter(request, limits)
    wide, high = _tiles(limits)
    drawn = circuits.uniform_circuits(
        request.plain_tiles,
        count,
        rng,
        where=lambda cells: bool(folds(cells)),
        max_width=wide,
        max_height=high,
        corners=_uniform_corners(request),
        progress=progress,
    )
    return [Shape(cells) for cells in drawn.circuits], drawn.population, (drawn.met, drawn.tried)


def _corners_asked(request: GenerationRequest) -> tuple[int | None, int | None] | None:
    """The fewest and most corners the request asks for (``None`` when it
    names neither).  The uniform draw serves plain circuits only, whose
    corners are the track's, so it meets them exactly."""
    if request.min_corners is None and request.max_corners is None:
        return None
    return request.min_corners, request.max_corners


def _uniform_corners(request: GenerationRequest) -> tuple[int, int] | None:
    """The range of corners the uniform draw counts in its tables (``None``:
    the request allows every number of corners)."""
    asked = _corners_asked(request)
    if asked is None:
        return None
    low, high = asked
    size = request.plain_tiles
    return circuits.needed_corners((low or 4, size if high is None else high), size)


def _tiles(limits: Limits) -> tuple[int | None, int | None]:
    """The size limits in whole tiles."""
    wide = None if limits.width is None else limits.width // TILE
    high = None if limits.height is None else limits.height // TILE
    return wide, high


def _fold_filter(request: GenerationRequest, limits: Limits) -> Callable[[Sequence[Cell]], list[Shape]]:
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


def _generate_wide(
    request: GenerationRequest,
    seed: Seed,
    count: int,
    rng: random.Random,
    limits: Limits,
    progress: Progress | None,
) -> Generated:
    """Tracks with a wide main straight (see :mod:`.wide`): circuits drawn
    as usual, one at a time, keeping those that take a legal wide row."""
    method, matching, total = "walk", None, None
    if request.loop_tiles <= EXACT_LIMIT:
        population = exact_population(request, progress)
        matching, total, method = len(population.entries), population.total, "table"
        order = rng.sample(range(len(population.entries)), len(population.entries))
        stream: Iterator[Shape] = (_shape_at(population, population.entries[i]) for i in order)
    else:
        stream = _walked(request, rng, limits)
    kept: list[Layout] = []
    ids: list[str | None] = []
    for _, shape in zip(range(WIDE_TRIES * count), stream):
        plan = plan_track(shape, request, limits, rng)
        layout = build_layout(
            plan,
            packs=request.packs,
            laps=request.race_laps(),
            cars=request.cars,
            name=_name(plan.shape),
            description=_description(seed, len(kept) + 1, count),
        )
        wide = widened(layout)
        if wide is not None:
            kept.append(_checked(wide))
            ids.append(_shape_id(plan.shape))
            if len(kept) == count:
                loop = request.loop_tiles
                return Generated(tuple(kept), tuple(ids), loop, 0, request.pit, matching, total, method)
    room = request.packs * TILES_PER_PACK - request.total_tiles
    advice = (
        f"the packs leave {room} tiles for the row: use fewer --tiles or more --packs"
        if room < request.grid_room + 1
        else "try --min-straight 6 or more for a longer main straight"
    )
    raise GenerationError(
        f"found only {len(kept):,} of {count:,} circuits meeting the constraints"
        f" ({constraint_words(request)}) whose main straight takes a second row"
        f" from the starting grid to corner 1: {advice}"
    )


def _walked(request: GenerationRequest, rng: random.Random, limits: Limits) -> Iterator[Shape]:
    """Circuits from the random walk, one at a time, until it finds no more."""
    while True:
        try:
            shapes, _ = _draw_by_walk(request, 1, rng, limits, None)
        except GenerationError:
            return
        yield shapes[0]


def _draw_exact(
    population: Population, request: GenerationRequest, count: int, rng: random.Random
) -> list[Shape]:
    found = len(population.entries)
    if found == 0:
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
    if found < count:
        raise GenerationError(
            f"only {found:,} circuit{'s' if found > 1 else ''} meet the constraints"
            f" ({constraint_words(request)}); cannot make {count:,} different tracks"
        )
    picks = rng.sample(range(found), count)
    return [_shape_at(population, population.entries[pick]) for pick in picks]


def _draw_by_walk(
    request: GenerationRequest, count: int, rng: random.Random, limits: Limits, progress: Progress | None
) -> tuple[list[Shape], str]:
    """Circuits from the random walk, distinct, each meeting the constraints;
    with hairpins, each walked circuit gets a uniformly chosen legal fold.
    When the walk finds too few (narrow constraints), they are built corner
    by corner instead (:func:`_draw_by_corners`).  Returns the
    shapes and the method (``walk`` or ``corners``)."""
    base = request.plain_tiles
    wide = None if limits.width is None else limits.width // TILE
    high = None if limits.height is None else limits.height // TILE
    folds = _fold_filter(request, limits)
    if base < 8:
        raise GenerationError(f"no circuit meets the constraints ({constraint_words(request)})")
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
            return _draw_by_corners(request, count, rng, folds, (wide, high), progress), "corners"
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


def _draw_by_corners(
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


def _checked(layout: Layout) -> Layout:
    """The layout, after making sure it breaks no rule."""
    report = validate(layout)
    if not report.valid:
        rules = ", ".join(sorted({finding.rule for finding in report.errors}))
        raise GenerationError(f"a generated track broke a rule ({rules}); this is a bug in trackkit")
    return layout


def _shape_id(shape: Shape) -> str:
    """The circuit id of the loop (its hairpins included)."""
    return circuit_id(shape.cells, hairpins=True)


def _name(shape: Shape) -> str:
    if not shape.walls:
        return f"Circuit {_shape_id(shape)}"
    number = len(shape.walls)
    return f"Circuit with {number} hairpin{'s' if number > 1 else ''}"


def _description(seed: Seed, number: int, count: int) -> str | None:
    which = f"Track {number} of {count}, drawn" if count > 1 else "Drawn"
    if isinstance(seed, int) and not isinstance(seed, bool):
        return f"{which} at random by trackkit generate with seed {seed}."
    return f"{which} at random by trackkit generate."


def _rebuild(request: GenerationRequest) -> Generated:
    """The layout of the circuit ``request.circuit_id`` names."""
    assert request.circuit_id is not None
    cells = circuit_from_id(request.circuit_id, hairpins=True)
    code = circuit_id(cells, hairpins=True)
    walls = hairpin_walls(cells) or frozenset()
    _check_tiles(len(cells), request.packs)
    plan = TrackPlan(Shape(cells, walls), clockwise=request.direction != COUNTERCLOCKWISE)
    layout = build_layout(
        plan,
        packs=request.packs,
        laps=request.race_laps(),
        cars=request.cars,
        name=f"Circuit {code}",
        description=f"Rebuilt from circuit id {code}.",
    )
    return Generated((_id_checked(layout, code),), (code,), len(cells), len(walls), False, None, None, "id")


def _id_checked(layout: Layout, code: str) -> Layout:
    """The layout an id names, after making sure it breaks no rule: an id
    can name a loop whose hairpins the rules do not allow (too short a
    straight before one, say), which is the code's fault, not trackkit's."""
    report = validate(layout)
    if not report.valid:
        rules = ", ".join(sorted({finding.rule for finding in report.errors}))
        raise ArgumentError(
            f"{code!r} names a loop that breaks the rules ({rules}); check the code, or run"
            " 'trackkit id' on a legal layout to get one"
        )
    return layout
