"""Drawing tracks: the entry point :func:`generate_layouts`."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from trackkit.errors import ArgumentError, GenerationError, RareConstraintError
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.racepack import circuits
from trackkit.racepack.circuits import EXACT_LIMIT, circuit_from_id, circuit_id, hairpin_walls
from trackkit.racepack.circuits.plain import Progress
from trackkit.racepack.generate.circuit_draws import (
    corners_asked,
    draw_by_walk,
    draw_circuits_by_corners,
    draw_exact,
    draw_uniform,
    fold_filter,
    tiles_of,
    uniform_corners,
    uniform_reaches,
    walked,
)
from trackkit.racepack.generate.places import Limits
from trackkit.racepack.generate.plan import TrackPlan, build_layout, plan_track
from trackkit.racepack.generate.population import _limits, _shape_at, exact_population
from trackkit.racepack.generate.request import (
    COUNTERCLOCKWISE,
    GenerationRequest,
    _check_tiles,
    check_possible,
    check_request,
    constraint_words,
)
from trackkit.racepack.generate.shapes import Shape
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
    people: bool = False
    """Whether the constraints included those of a circuit people race
    (see :mod:`trackkit.racepack.generate.people`; false for ``--any``)."""


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
    return request.circuit_id is None and request.loop_tiles > EXACT_LIMIT and uniform_reaches(request)


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
    return circuits.box_counts_cache_path(request.plain_tiles, uniform_corners(request) is not None)


def generate_layouts(
    request: GenerationRequest,
    *,
    seed: Seed = None,
    count: int = 1,
    progress: Progress | None = None,
    track_progress: Progress | None = None,
) -> Generated:
    """Draw ``count`` different legal tracks meeting ``request``.

    See the package notes for how the circuit and its constructions are
    chosen.  The same ``seed`` gives the same tracks.  With
    ``request.circuit_id`` the one circuit it names is laid out instead, the
    same every time.  ``progress(done, total)`` follows the one-off
    building of a circuit table (see :func:`table_to_build`), or above
    :data:`EXACT_LIMIT` the search corner by corner;
    ``track_progress(done, count)`` is called after each track is laid out.

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
        return _generate_wide(request, seed, count, rng, limits, progress, track_progress)
    draws = corners = None
    if request.loop_tiles <= EXACT_LIMIT:
        population = exact_population(request, progress)
        shapes = draw_exact(population, request, count, rng)
        matching: int | None = len(population.entries)
        total: int | None = population.total
        method = "table"
    elif uniform_reaches(request):
        try:
            shapes, total, draws = draw_uniform(request, count, rng, limits, progress)
            matching, method = None, "uniform"
            corners = corners_asked(request)
        except RareConstraintError:
            folds = fold_filter(request, limits)
            shapes = draw_circuits_by_corners(request, count, rng, folds, tiles_of(limits), progress)
            matching = total = None
            method = "corners"
    else:
        shapes, method = draw_by_walk(request, count, rng, limits, progress)
        matching = total = None
    plans = [plan_track(shape, request, limits, rng) for shape in shapes]
    laid: list[Layout] = []
    for number, plan in enumerate(plans, 1):
        laid.append(_checked(_laid_out(plan, request, seed, number, count)))
        if track_progress is not None:
            track_progress(number, count)
    layouts = tuple(laid)
    ids = tuple(_shape_id(plan.shape) for plan in plans)
    return Generated(
        layouts, ids, request.loop_tiles, request.hairpins, request.pit, matching, total, method, draws,
        corners, not request.every_circuit,
    )  # fmt: skip


def _generate_wide(
    request: GenerationRequest,
    seed: Seed,
    count: int,
    rng: random.Random,
    limits: Limits,
    progress: Progress | None,
    track_progress: Progress | None = None,
) -> Generated:
    """Tracks with a wide main straight (see :mod:`.wide`): circuits drawn
    as usual, one at a time, keeping those that take a legal wide row."""
    room = request.packs * TILES_PER_PACK - request.total_tiles
    if room < 1:  # a wide row lays at least one tile beside the straight
        raise _no_wide_row(request, 0, count, room)
    method, matching, total = "walk", None, None
    if request.loop_tiles <= EXACT_LIMIT:
        population = exact_population(request, progress)
        matching, total, method = len(population.entries), population.total, "table"
        order = rng.sample(range(len(population.entries)), len(population.entries))
        stream: Iterator[Shape] = (_shape_at(population, population.entries[i]) for i in order)
    else:
        stream = walked(request, rng, limits)
    kept: list[Layout] = []
    ids: list[str | None] = []
    for _, shape in zip(range(WIDE_TRIES * count), stream):
        plan = plan_track(shape, request, limits, rng)
        wide = widened(_laid_out(plan, request, seed, len(kept) + 1, count))
        if wide is not None:
            kept.append(_checked(wide))
            ids.append(_shape_id(plan.shape))
            if track_progress is not None:
                track_progress(len(kept), count)
            if len(kept) == count:
                loop = request.loop_tiles
                people = not request.every_circuit
                return Generated(
                    tuple(kept), tuple(ids), loop, 0, request.pit, matching, total, method, people=people
                )
    raise _no_wide_row(request, len(kept), count, room)


def _no_wide_row(request: GenerationRequest, found: int, count: int, room: int) -> GenerationError:
    """The refusal when fewer than ``count`` circuits take a wide row, with
    advice: more tiles for the row when the packs leave ``room`` tiles,
    fewer than the grid's depth, else a longer main straight."""
    advice = (
        f"the packs leave {room} tiles for the row: use fewer --tiles or more --packs"
        if room < request.grid_room + 1
        else "try --min-straight 6 or more for a longer main straight"
    )
    return GenerationError(
        f"found only {found:,} of {count:,} circuits meeting the constraints"
        f" ({constraint_words(request)}) whose main straight takes a second row"
        f" from the starting grid to corner 1: {advice}"
    )


def _laid_out(plan: TrackPlan, request: GenerationRequest, seed: Seed, number: int, count: int) -> Layout:
    """Track ``number`` of ``count``: ``plan`` laid out for the request's packs, laps and cars."""
    return build_layout(
        plan,
        packs=request.packs,
        laps=request.race_laps(),
        cars=request.cars,
        name=_name(plan.shape),
        description=_description(seed, number, count),
    )


def _checked(layout: Layout) -> Layout:
    """The layout, after making sure it breaks no rule."""
    rules = _broken_rules(layout)
    if rules:
        raise GenerationError(f"a generated track broke a rule ({rules}); this is a bug in trackkit")
    return layout


def _broken_rules(layout: Layout) -> str:
    """The rules ``layout`` breaks, named in order (empty when it is legal)."""
    return ", ".join(sorted({finding.rule for finding in validate(layout).errors}))


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
    rules = _broken_rules(layout)
    if rules:
        raise ArgumentError(
            f"{code!r} names a loop that breaks the rules ({rules}); check the code, or run"
            " 'trackkit id' on a legal layout to get one"
        )
    return layout
