"""Tests of trackkit.racepack.generate: drawing legal circuits, uniformly, with their
special constructions, and naming a layout's circuit by its id."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIGURE1, FIGURE1_ID, ROOT, twisty_by_hand

from trackkit.api import validate as validate_layout
from trackkit.errors import ArgumentError, CircuitError, GenerationError
from trackkit.piecepack.cells import Cell, corner_flags, turn_letters
from trackkit.piecepack.circuit import Circuit
from trackkit.piecepack.geometry import Point
from trackkit.piecepack.loops import is_counterclockwise, longest_run
from trackkit.racepack import analysis, circuits, generate
from trackkit.racepack.circuits import (
    bounding_size,
    circuit_id,
    circuit_table,
    corner_count,
    enumerate_circuits,
    normalize_circuit,
)
from trackkit.racepack.constructions import chicanes, extra_tiles
from trackkit.racepack.formats.layout_file import dump_layout, load_layout
from trackkit.racepack.generate import (
    ChicanePlace,
    GenerationRequest,
    LayoutId,
    Limits,
    PitPlace,
    Shape,
    TrackPlan,
    build_layout,
    chicane_places,
    exact_population,
    facts_cache_path,
    fold_hairpins,
    generate_layouts,
    hairpin_shapes,
    hairpin_sites,
    layout_id,
    loop_cells,
    loop_facts,
    main_run,
    pit_places,
    table_facts,
)
from trackkit.racepack.generate import population as population_module
from trackkit.racepack.layout import Layout
from trackkit.racepack.u_turns import hairpins

CHI_SQUARE_999 = {35: 66.62, 63: 103.4}
"""The 99.9th percentile of the chi-square distribution, by degrees of freedom."""


@pytest.fixture(scope="module", autouse=True)
def private_cache(suite_cache: Path) -> Iterator[None]:
    """Tables built here go to the suite's cache folder, never the user's
    own tables; the tables and facts in memory are shared by the tests of
    this module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRACKKIT_CACHE_DIR", str(suite_cache))
        yield


def cells_of(layout: Layout) -> circuits.CellLoop:
    """The layout's loop as a canonical plain circuit."""
    return normalize_circuit(loop_cells(layout.circuit))


def facts_of(layout: Layout) -> analysis.TrackInfo:
    return analysis.describe(layout)


# ---------------------------------------------------------------------------
# Requests
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("request_", "count", "message"),
    [
        (
            GenerationRequest(tiles=23),
            1,
            "tiles is 23; a closed circuit always has an even number of tiles",
        ),
        (GenerationRequest(tiles=2), 1, "tiles is 2; the smallest circuit has 4 tiles"),
        (
            GenerationRequest(tiles=30),
            1,
            "a track of 30 tiles needs 2 piecepacks, but one piecepack has only 24 tiles; add packs 2",
        ),
        (
            GenerationRequest(tiles=50, packs=2),
            1,
            "a track of 50 tiles needs 3 piecepacks, but 2 piecepacks have only 48 tiles; add packs 3",
        ),
        (GenerationRequest(), 0, "count must be at least 1, not 0"),
        (
            GenerationRequest(direction="sideways"),
            1,
            "unknown direction 'sideways'; use any, clockwise, counterclockwise",
        ),
        (GenerationRequest(chicanes=-1), 1, "chicanes must not be negative (-1)"),
        (GenerationRequest(cars=0), 1, "cars must be from 4 to 8, not 0"),
        (GenerationRequest(max_width=0), 1, "max_width must be positive, not 0"),
        (
            GenerationRequest(circuit_id=FIGURE1_ID, tiles=24, pit=True),
            1,
            "circuit_id fixes the circuit, so it goes without tiles, pit",
        ),
        (GenerationRequest(circuit_id=FIGURE1_ID), 2, "circuit_id fixes the circuit, so it goes without count"),
    ],
)
def test_malformed_requests_are_usage_errors(request_: GenerationRequest, count: int, message: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        generate_layouts(request_, seed=1, count=count)
    assert str(caught.value) == message


def test_the_pit_lane_takes_four_of_the_tiles() -> None:
    request = GenerationRequest(tiles=24, pit=True)
    assert (request.total_tiles, request.loop_tiles, request.plain_tiles) == (24, 20, 20)
    assert request.race_laps() == 5
    assert replace(request, tiles=48, packs=2).race_laps() == 3
    assert replace(request, laps=7).race_laps() == 7
    assert GenerationRequest(hairpins=2).plain_tiles == 20
    assert GenerationRequest(cars=8).straight_needed == 4
    assert GenerationRequest(pit=True).straight_needed == 6


# ---------------------------------------------------------------------------
# Facts about loops
# ---------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2931))
def test_loop_facts_agree_with_the_circuit_functions(index: int) -> None:
    cells = circuit_table(20)[index]
    flags = corner_flags(cells)
    expected = (corner_count(cells), longest_run(flags), *bounding_size(cells), twisty_by_hand(flags))
    assert loop_facts(cells) == expected


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=667))
def test_the_main_straight_does_not_depend_on_the_direction(index: int) -> None:
    cells = circuit_table(18)[index]
    backwards = [cells[0], *reversed(cells[1:])]
    forward_run, backward_run = main_run(cells), main_run(backwards)
    assert forward_run is not None and backward_run is not None
    assert forward_run[1] == backward_run[1] == longest_run(corner_flags(cells))

    def run_cells(order: list[Cell] | tuple[Cell, ...], run: tuple[int, int]) -> set[Cell]:
        return {order[(run[0] + i) % len(order)] for i in range(run[1])}

    assert run_cells(cells, forward_run) == run_cells(backwards, backward_run)


def test_orientation_of_a_ring() -> None:
    ring = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))
    assert is_counterclockwise(ring)
    assert not is_counterclockwise([ring[0], *reversed(ring[1:])])


# ---------------------------------------------------------------------------
# Laying a circuit out
# ---------------------------------------------------------------------------


def test_figure_one_is_rebuilt_from_its_id() -> None:
    generated = generate_layouts(GenerationRequest(circuit_id=FIGURE1_ID), seed=None)
    (layout,) = generated.layouts
    assert dump_layout(layout) == (
        "trackkit: 1\n"
        "name: Circuit 24-0042xr3m\n"
        "description: Rebuilt from circuit id 24-0042xr3m.\n"
        "game: racepack\n"
        "packs: 1\n"
        "laps: 3\n"
        "cars: 4\n"
        "path: 6S R 2S R L S R 4S R S L R 2S R\n"
        "heading: west\n"
        "start: 3\n"
    )
    assert (generated.ids, generated.method, generated.matching, generated.total) == (
        (FIGURE1_ID,),
        "id",
        None,
        None,
    )
    info = facts_of(layout)
    assert (info.direction, info.longest, info.start) == ("clockwise", analysis.Straight(0, 6, 24), 3)


def test_an_id_gives_the_same_file_every_time_and_either_direction() -> None:
    first = generate_layouts(GenerationRequest(circuit_id=FIGURE1_ID), seed=1).layouts[0]
    second = generate_layouts(GenerationRequest(circuit_id=FIGURE1_ID), seed=2).layouts[0]
    assert dump_layout(first) == dump_layout(second)
    other_way = generate_layouts(
        GenerationRequest(circuit_id=FIGURE1_ID.upper(), direction="counterclockwise"), seed=1
    ).layouts[0]
    assert analysis.direction(other_way.circuit) == "counterclockwise"
    assert layout_id(other_way).code == FIGURE1_ID
    assert cells_of(other_way) == cells_of(first)


def test_a_malformed_id_is_a_usage_error() -> None:
    with pytest.raises(ArgumentError, match="is not a circuit id"):
        generate_layouts(GenerationRequest(circuit_id="24-hello"), seed=1)
    with pytest.raises(ArgumentError, match="a 30-tile code"):
        generate_layouts(GenerationRequest(circuit_id="30-0", packs=2), seed=1)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=667), st.booleans())
def test_every_circuit_lays_out_legally_with_the_line_mid_straight(index: int, clockwise: bool) -> None:
    cells = circuit_table(18)[index]
    layout = build_layout(TrackPlan(Shape(cells), clockwise), packs=1, laps=3, cars=4)
    assert validate_layout(layout).errors == ()
    assert analysis.direction(layout.circuit) == ("clockwise" if clockwise else "counterclockwise")
    assert layout.circuit[0].centre == (0, 0)
    longest = analysis.longest_straight(layout.circuit)
    assert longest is not None and longest.first == 0
    assert layout.start == longest.length / 2
    assert layout_id(layout).code == circuit_id(cells)


# ---------------------------------------------------------------------------
# Drawing: legality, constraints, reproducibility
# ---------------------------------------------------------------------------


def test_a_thousand_seeds_give_legal_24_tile_tracks() -> None:
    request = GenerationRequest()
    directions = Counter()
    for seed in range(1000):
        (layout,) = generate_layouts(request, seed=seed).layouts
        report = validate_layout(layout)
        assert report.errors == (), (seed, report.errors)
        assert len(layout.circuit) == 24 and layout.packs == 1
        longest = analysis.longest_straight(layout.circuit)
        assert longest is not None and longest.length >= 2  # the starting grid of 4 cars fits
        directions[analysis.direction(layout.circuit)] += 1
    assert abs(directions["clockwise"] - 500) < 70  # a fair coin, within four standard deviations


def test_constraints_hold() -> None:
    request = GenerationRequest(
        min_corners=10,
        max_corners=12,
        min_straight=4,
        max_width=14,
        max_height=16,
        direction="counterclockwise",
    )
    generated = generate_layouts(request, seed=5, count=40)
    assert len({dump_layout(layout) for layout in generated.layouts}) == 40
    for layout in generated.layouts:
        info = facts_of(layout)
        assert 10 <= len(info.corners) <= 12
        assert info.longest is not None and info.longest.length >= 4
        assert info.size.width_inches <= 14 and info.size.height_inches <= 16
        assert info.direction == "counterclockwise"


def test_the_same_seed_gives_the_same_tracks() -> None:
    request = GenerationRequest(tiles=22, chicanes=1, min_corners=8)
    first = [dump_layout(layout) for layout in generate_layouts(request, seed=99, count=3).layouts]
    again = [dump_layout(layout) for layout in generate_layouts(request, seed=99, count=3).layouts]
    other = [dump_layout(layout) for layout in generate_layouts(request, seed=100, count=3).layouts]
    assert first == again
    assert first != other
    assert "with seed 99" in first[0] and "Track 1 of 3" in first[0]


def test_count_gives_different_tracks_and_refuses_more_than_there_are() -> None:
    generated = generate_layouts(GenerationRequest(tiles=12, cars=4, every_circuit=True), seed=3, count=7)
    assert len({cells_of(layout) for layout in generated.layouts}) == 7
    assert (generated.matching, generated.total) == (7, 9)
    with pytest.raises(GenerationError) as caught:
        generate_layouts(GenerationRequest(tiles=12, cars=4, every_circuit=True), seed=3, count=8)
    assert str(caught.value) == (
        "only 7 circuits meet the constraints (12 tiles, a main straight of at least 2 tiles"
        " (the starting grid of 4 cars)); cannot make 8 different tracks"
    )


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        (
            GenerationRequest(min_corners=5, max_corners=5, every_circuit=True),
            "no circuit meets the constraints (24 tiles, exactly 5 corners,"
            " a main straight of at least 2 tiles (the starting grid of 4 cars))",
        ),
        (
            GenerationRequest(min_corners=12, max_corners=8),
            "no circuit meets the constraints: at least 12 and at most 8 corners contradict each other",
        ),
        (
            GenerationRequest(max_width=6, max_height=6, every_circuit=True),
            "no circuit meets the constraints (24 tiles, a main straight of at least 2 tiles"
            " (the starting grid of 4 cars), at most 3 tiles wide, at most 3 tiles high)",
        ),
        (
            GenerationRequest(tiles=8, pit=True, every_circuit=True),
            "no circuit meets the constraints (4 tiles in the loop, a pit lane (a main straight of at least 6 tiles))",
        ),
        (
            GenerationRequest(chicanes=10),
            "no circuit meets the constraints: a loop of 24 tiles holds at most 9 chicanes"
            " (each stands between two plain straights, and a loop has at least 4 corners)",
        ),
    ],
)
def test_constraints_no_circuit_meets(request_: GenerationRequest, message: str) -> None:
    with pytest.raises(GenerationError) as caught:
        generate_layouts(request_, seed=1)
    assert str(caught.value) == message


def test_the_matching_count_is_the_brute_force_count() -> None:
    request = GenerationRequest(
        tiles=14, min_corners=6, max_corners=8, min_straight=2, max_width=8, every_circuit=True
    )
    expected = [
        cells
        for cells in enumerate_circuits(14)
        if 6 <= corner_count(cells) <= 8 and longest_run(corner_flags(cells)) >= 2 and bounding_size(cells)[0] <= 4
    ]
    generated = generate_layouts(request, seed=1)
    assert (generated.matching, generated.total) == (len(expected), 36)
    assert len(expected) == 16
    assert cells_of(generated.layouts[0]) in expected


def test_the_choice_is_uniform() -> None:
    # 36 circuits of 14 tiles, 60 draws each on average: Pearson's statistic
    # stays below the 99.9th percentile of chi-square with 35 degrees of freedom.
    request = GenerationRequest(tiles=14, cars=4, every_circuit=True)
    every = list(enumerate_circuits(14))
    draws = 36 * 60
    counts = Counter(cells_of(generate_layouts(request, seed=seed).layouts[0]) for seed in range(draws))
    assert set(counts) == set(every)
    expected = draws / len(every)
    statistic = sum((counts[cells] - expected) ** 2 / expected for cells in every)
    assert statistic < CHI_SQUARE_999[35]


def test_the_choice_with_a_pit_lane_and_a_chicane_is_uniform_over_circuits() -> None:
    # 64 of the 2,932 loops of 20 tiles can take a pit lane and a chicane.
    request = GenerationRequest(tiles=24, pit=True, chicanes=1, every_circuit=True)
    population = exact_population(request)
    assert (len(population.entries), population.total) == (64, 2932)
    draws = 64 * 25
    rng = random.Random(11)
    counts = Counter(cells_of(generate_layouts(request, seed=rng).layouts[0]) for _ in range(draws))
    assert len(counts) == 64
    expected = draws / 64
    statistic = sum((number - expected) ** 2 / expected for number in counts.values())
    assert statistic < CHI_SQUARE_999[63]


# ---------------------------------------------------------------------------
# Special constructions
# ---------------------------------------------------------------------------


def test_chicanes_and_pit_lanes_are_placed_legally() -> None:
    request = GenerationRequest(tiles=28, packs=2, chicanes=2, pit=True, laps=None)
    generated = generate_layouts(request, seed=8, count=30)
    assert generated.pit
    for layout in generated.layouts:
        assert validate_layout(layout).errors == ()
        assert len(chicanes(layout.circuit)) == 2
        assert layout.pit is not None and len(extra_tiles(layout)) == 4
        assert len(layout.circuit) == 24 and layout.laps == 5
        main = analysis.main_straight(layout.circuit, analysis.resolve_start(layout))
        assert main is not None and not {c.tile for c in chicanes(layout.circuit)} & set(main.tiles)


def test_hairpins_are_folded_in() -> None:
    generated = generate_layouts(GenerationRequest(tiles=22, hairpins=2, chicanes=1), seed=4, count=10)
    for layout, code in zip(generated.layouts, generated.ids):
        assert validate_layout(layout).errors == ()
        assert layout_id(layout) == LayoutId(code or "", 1, 0, 2)
        assert len(hairpins(layout.circuit)) == 2 and len(chicanes(layout.circuit)) == 1
        assert layout.name == "Circuit with 2 hairpins"


RING_5X5 = normalize_circuit(
    [(x, 0) for x in range(5)]
    + [(4, y) for y in range(1, 5)]
    + [(x, 4) for x in range(3, -1, -1)]
    + [(0, y) for y in range(3, 0, -1)]
)
"""The 5 x 5 ring of 16 tiles: three straight tiles on each side."""


def test_hairpin_sites_fold_into_legal_hairpins() -> None:
    # Each corner of the ring takes a hairpin with either of its legs as the
    # straight leading in.
    sites = hairpin_sites(RING_5X5)
    assert len(sites) == 8
    assert {site.corner for site in sites} == {i for i, t in enumerate(turn_letters(RING_5X5)) if t != "S"}
    for site in sites:
        shape = fold_hairpins(RING_5X5, [site])
        assert shape is not None and len(shape.cells) == 18 and len(shape.walls) == 1
        layout = build_layout(TrackPlan(shape, True), packs=1, laps=3, cars=4)
        assert validate_layout(layout).errors == ()
        assert len(hairpins(layout.circuit)) == 1
    assert fold_hairpins(RING_5X5, sites[:2]) is None  # two hairpins on one corner do not fit


def test_single_folds_need_no_second_check() -> None:
    # hairpin_shapes skips the full check for one hairpin; the full check
    # agrees on every site of every 16-tile circuit.
    for cells in circuit_table(16):
        quick = [shape for _, shape in hairpin_shapes(cells, 1)]
        checked = [fold_hairpins(cells, [site]) for site in hairpin_sites(cells)]
        assert quick == checked


def polygons(n: int) -> Iterator[tuple[Cell, ...]]:
    """Every closed loop of ``n`` distinct cells, each cell adjacent to the
    next, up to translation (tiles may touch other tiles of the loop)."""
    found: dict[frozenset[Cell], tuple[Cell, ...]] = {}
    path: list[Cell] = [(0, 0)]

    def walk() -> None:
        head = path[-1]
        left = n - len(path)
        if left == 0:
            if abs(head[0]) + abs(head[1]) == 1:
                found.setdefault(frozenset(path), tuple(path))
            return
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            cell = (head[0] + dx, head[1] + dy)
            later = cell[0] > 0 or (cell[0] == 0 and cell[1] > 0)
            if later and cell not in path and abs(cell[0]) + abs(cell[1]) <= left:
                path.append(cell)
                walk()
                path.pop()

    walk()
    yield from found.values()


def shifted_set(cells: tuple[Cell, ...] | list[Cell]) -> frozenset[Cell]:
    left = min(x for x, _ in cells)
    bottom = min(y for _, y in cells)
    return frozenset((x - left, y - bottom) for x, y in cells)


def test_hairpin_circuits_are_exactly_the_legal_loops_with_one_hairpin() -> None:
    # Brute force: every loop of 14 tiles, kept when the rules find it legal
    # with exactly one hairpin.  Folding must give exactly those loops.
    legal = set()
    for cells in polygons(14):
        layout = Layout(Circuit.from_centres([(2 * x, 2 * y) for x, y in cells]))
        if validate_layout(layout).valid and len(hairpins(layout.circuit)) == 1:
            legal.add(shifted_set(cells))
    folded = {
        shifted_set(shape.cells) for cells in circuit_table(12) for _, shape in hairpin_shapes(cells, 1)
    }
    assert len(legal) == 56
    assert folded == legal
    assert exact_population(GenerationRequest(tiles=14, hairpins=1, cars=4)).total == 56


def test_the_fast_checks_agree_with_validate() -> None:
    # Every single chicane place and pit place of a sample of circuits, and
    # every pair of chicane places, is eligible exactly when validate accepts it.
    rng = random.Random(2024)
    shapes = [Shape(cells) for cells in rng.sample(list(circuit_table(20)), 25)]
    shapes += [shape for cells in list(circuit_table(16))[:40] for _, shape in hairpin_shapes(cells, 1)][:25]

    def legal(plan: TrackPlan) -> bool:
        return validate_layout(build_layout(plan, packs=2, laps=5, cars=4)).valid

    for shape in shapes:
        cells, n = shape.cells, len(shape.cells)
        main = main_run(cells)
        assert main is not None
        on_main = {(main[0] + i) % n for i in range(main[1])}
        places = chicane_places(shape, None, Limits())
        for i, cell in enumerate(cells):
            if i in on_main:
                continue
            ahead = (cells[(i + 1) % n][0] - cell[0], cells[(i + 1) % n][1] - cell[1])
            for side in ((-ahead[1], ahead[0]), (ahead[1], -ahead[0])):
                place = ChicanePlace(cell, side)
                assert legal(TrackPlan(shape, True, None, (place,))) == (place in places), place
        position = {cell: i for i, cell in enumerate(cells)}
        for one, two in itertools.combinations(places, 2):
            if one.cell != two.cell:
                together = legal(TrackPlan(shape, False, None, (one, two)))
                apart = (position[one.cell] - position[two.cell]) % n not in (1, n - 1)
                assert together == (apart and _apart(one.centre, two.centre)), (one, two)
        run = [cells[(main[0] + i) % n] for i in range(main[1])]
        eligible = {place.lined for place in pit_places(shape, Limits())}
        for first in range(main[1] - 3):
            lined = tuple(run[first : first + 4])
            out = _outside(cells, run)
            plan = TrackPlan(shape, True, PitPlace(lined, tuple((x + out[0], y + out[1]) for x, y in lined)))
            assert legal(plan) == (lined in eligible), lined


def _apart(a: Point, b: Point) -> bool:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return not ((dx <= 2 and dy < 2) or (dy <= 2 and dx < 2))


def _outside(cells: tuple[Cell, ...], run: list[Cell]) -> Cell:
    dx, dy = run[1][0] - run[0][0], run[1][1] - run[0][1]
    return (dy, -dx) if is_counterclockwise(cells) else (-dy, dx)


def test_a_half_tile_of_table_lets_a_chicane_stick_out() -> None:
    # Off the main straight, the ring has three middle tiles with straights on
    # both sides.  In 10 x 10 inches they can only be pushed inwards; in 11 x 11
    # inches outwards too.
    shape = Shape(RING_5X5)

    def inward(place: ChicanePlace) -> bool:
        x, y = place.cell[0] + place.side[0], place.cell[1] + place.side[1]
        return abs(x - 2) + abs(y - 2) < abs(place.cell[0] - 2) + abs(place.cell[1] - 2)

    tight = chicane_places(shape, None, Limits(10, 10))
    roomy = chicane_places(shape, None, Limits(11, 11))
    assert len(tight) == 3 and all(inward(place) for place in tight)
    assert len(roomy) == 6 and {place.cell for place in roomy} == {place.cell for place in tight}


# ---------------------------------------------------------------------------
# Beyond the exact limit
# ---------------------------------------------------------------------------


def test_two_packs_of_tiles_are_drawn_exactly_uniformly() -> None:
    generated = generate_layouts(GenerationRequest(tiles=48, packs=2, min_corners=12, every_circuit=True), seed=6, count=2)
    # Every 48-tile circuit (6,892,590,800,146) but the 19,415,911 with 4 to
    # 10 corners (21 + 5,320 + 463,334 + 18,947,236): the corners are met
    # exactly, so each draw is one of exactly these.
    assert (generated.method, generated.total, generated.corners) == ("uniform", 6_892_571_384_235, (12, None))
    assert generated.draws == (2, 2)
    for layout in generated.layouts:
        assert validate_layout(layout).errors == ()
        assert (
            len(layout.circuit) == 48
            and len(analysis.numbered_corners(layout.circuit, analysis.resolve_start(layout))) >= 12
        )


def test_above_the_uniform_limit_the_walk_draws_legal_tracks() -> None:
    generated = generate_layouts(GenerationRequest(tiles=52, packs=3, min_corners=12, every_circuit=True), seed=6, count=3)
    assert (generated.method, generated.matching, generated.total) == ("walk", None, None)
    assert len(set(generated.ids)) == 3
    for layout in generated.layouts:
        assert validate_layout(layout).errors == ()
        assert (
            len(layout.circuit) == 52
            and len(analysis.numbered_corners(layout.circuit, analysis.resolve_start(layout))) >= 12
        )
    again = generate_layouts(GenerationRequest(tiles=52, packs=3, min_corners=12, every_circuit=True), seed=6, count=3)
    assert [dump_layout(a) for a in again.layouts] == [dump_layout(a) for a in generated.layouts]


def test_above_the_exact_limit_hairpins_and_constructions_still_fit() -> None:
    request = GenerationRequest(tiles=36, packs=2, hairpins=1, chicanes=1, pit=True)
    (layout,) = generate_layouts(request, seed=12).layouts
    assert validate_layout(layout).errors == ()
    assert len(layout.circuit) == 32 and len(hairpins(layout.circuit)) == 1
    assert len(chicanes(layout.circuit)) == 1 and layout.pit is not None


# ---------------------------------------------------------------------------
# Ids of layouts
# ---------------------------------------------------------------------------


def _rotate(point: Point) -> Point:
    return (-point[1], point[0])


def _mirror(point: Point) -> Point:
    return (-point[0], point[1])


def test_the_id_ignores_rotation_reflection_start_and_direction() -> None:
    layout = load_layout(FIGURE1).layout
    assert layout_id(layout).code == FIGURE1_ID
    circuit = layout.circuit
    variants = [
        circuit.mapped(_rotate),
        circuit.mapped(_mirror),
        circuit.mapped(lambda p: _mirror(_rotate(p))),
        circuit.started_at(7),
        circuit.reversed(),
        circuit.reversed().started_at(13).mapped(_rotate),
    ]
    for variant in variants:
        assert layout_id(layout.with_circuit(variant)).code == FIGURE1_ID


def test_the_id_takes_chicanes_as_on_the_line_and_leaves_out_the_pit_lane() -> None:
    chicane = load_layout(ROOT / "layouts" / "chicane.yaml").layout
    assert layout_id(chicane) == LayoutId(FIGURE1_ID, 1, 0)
    pit = load_layout(ROOT / "layouts" / "pit-lane.yaml").layout
    found = layout_id(pit)
    assert (found.chicanes, found.extra_tiles) == (0, 4)
    assert found.code == circuit_id(loop_cells(pit.circuit))


def test_the_id_names_hairpins_and_refuses_broken_loops() -> None:
    hairpin = load_layout(ROOT / "layouts" / "hairpin.yaml").layout
    assert layout_id(hairpin) == LayoutId("24-0019hx1v", 0, 0, 1)
    rebuilt = generate_layouts(GenerationRequest(circuit_id="24-0019hx1v"))
    assert (rebuilt.method, rebuilt.hairpins, rebuilt.ids) == ("id", 1, ("24-0019hx1v",))
    assert layout_id(rebuilt.layouts[0]) == layout_id(hairpin)
    with pytest.raises(ArgumentError, match="names a loop that breaks the rules"):
        generate_layouts(GenerationRequest(circuit_id="12-0q3t"))
    broken = Layout(Circuit.from_path([]))
    with pytest.raises(CircuitError, match="not a closed loop"):
        layout_id(broken)


def test_facts_are_cached_beside_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path))
    worked_out: list[Cell] = []
    work_out = population_module.loop_facts

    def counted(cells: Sequence[Cell]) -> tuple[int, int, int, int]:
        worked_out.append(cells[0])
        return work_out(cells)

    monkeypatch.setattr(population_module, "loop_facts", counted)
    generate.clear_caches()
    facts = table_facts(16)
    assert facts == [loop_facts(cells) for cells in circuit_table(16)]
    assert len(worked_out) == len(facts) == 154
    path = facts_cache_path(16)
    assert path.parent == tmp_path and path.stat().st_size > 14
    generate.clear_caches()
    assert table_facts(16) == facts
    assert len(worked_out) == 154  # read back from the file, not worked out again
    path.write_bytes(b"TKGF and then nonsense")
    generate.clear_caches()
    assert table_facts(16) == facts
    assert len(worked_out) == 2 * 154  # a damaged file is worked out again
    assert path.read_bytes().startswith(b"TKGF\x02\x10")
    generate.clear_caches()


def test_the_quick_chicane_bound_never_refuses_a_circuit_that_has_room() -> None:
    # Every plain circuit of 20 tiles, and those of 16 with a hairpin: the
    # bound is at least the most chicanes the circuit really takes, and
    # exact on some.
    from trackkit.racepack.generate.places import Limits, _chicane_choice, chicane_room
    from trackkit.racepack.generate.shapes import Shape, hairpin_shapes

    shapes = [Shape(cells) for cells in circuits.enumerate_circuits(20)]
    shapes += [shape for cells in circuits.enumerate_circuits(16) for _, shape in hairpin_shapes(cells, 1)]
    exact = 0
    for shape in shapes:
        choice = _chicane_choice(shape, None, Limits())
        most = max(count for count in range(10) if choice.possible(count))
        assert most <= chicane_room(shape)
        exact += most == chicane_room(shape)
    assert len(shapes) > 3000 and exact > len(shapes) // 2
