"""Tests of trackkit.racepack.circuits: counts, listing, sampling, the random walk and ids."""

from __future__ import annotations

import functools
import os
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trackkit.errors import ArgumentError, CircuitError, GenerationError
from trackkit.fileio import cache_dir
from trackkit.piecepack.cells import Cell, corner_flags, turn_letters
from trackkit.piecepack.loops import longest_run
from trackkit.racepack import circuits
from trackkit.racepack.circuits import (
    EXACT_LIMIT,
    CellLoop,
    Progress,
    bounding_size,
    circuit_from_id,
    circuit_id,
    circuit_table,
    corner_count,
    count_circuits,
    enumerate_circuits,
    hairpin_walls,
    is_plain_circuit,
    normalize_circuit,
    normalized_loop,
    random_circuit,
    sample_circuits,
    table_cache_path,
)
from trackkit.racepack.circuits import table as table_module

# Known numbers of plain circuits (induced cycles of the square grid), by tile
# count: up to translation, and up to translation, rotation and reflection.
KNOWN = {
    4: (1, 1),
    6: (0, 0),
    8: (1, 1),
    10: (2, 1),
    12: (9, 4),
    14: (36, 7),
    16: (154, 31),
    18: (668, 95),
}

SQUARE: CellLoop = ((0, 0), (1, 0), (1, 1), (0, 1))
RING_3X3: CellLoop = ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1))


pytestmark = pytest.mark.usefixtures("private_cache")


# ---------------------------------------------------------------------------
# A slow enumerator that is obviously right, to check the fast one against
# ---------------------------------------------------------------------------


def _around(cell: Cell) -> tuple[Cell, ...]:
    x, y = cell
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def reference_circuits(n: int) -> set[frozenset[Cell]]:
    """Every plain circuit of ``n`` cells, as cell sets, by trying every
    self-avoiding walk from the origin that keeps to cells after it (so the
    origin is the smallest cell) and checking each closed one."""
    found: set[frozenset[Cell]] = set()

    def every_cell_has_two_neighbours(path: list[Cell]) -> bool:
        cells = set(path)
        return all(sum(other in cells for other in _around(cell)) == 2 for cell in path)

    def extend(path: list[Cell], used: set[Cell]) -> None:
        if len(path) == n:
            closes = abs(path[-1][0]) + abs(path[-1][1]) == 1
            if closes and every_cell_has_two_neighbours(path):
                found.add(frozenset(path))
            return
        for cell in _around(path[-1]):
            # The walk must still be able to get back to the origin.
            if cell in used or cell < (0, 0) or abs(cell[0]) + abs(cell[1]) > n - len(path):
                continue
            used.add(cell)
            path.append(cell)
            extend(path, used)
            path.pop()
            used.discard(cell)

    extend([(0, 0)], {(0, 0)})
    return found


def reference_corners(cells: frozenset[Cell]) -> int:
    """Corner tiles: those whose two neighbours are not opposite each other."""
    corners = 0
    for x, y in cells:
        across = ((x - 1, y) in cells and (x + 1, y) in cells) or (
            (x, y - 1) in cells and (x, y + 1) in cells
        )
        corners += not across
    return corners


SYMMETRIES: tuple[Callable[[Cell], Cell], ...] = (
    lambda c: (c[0], c[1]),
    lambda c: (-c[1], c[0]),
    lambda c: (-c[0], -c[1]),
    lambda c: (c[1], -c[0]),
    lambda c: (-c[0], c[1]),
    lambda c: (c[0], -c[1]),
    lambda c: (c[1], c[0]),
    lambda c: (-c[1], -c[0]),
)


def shape_key(cells: frozenset[Cell]) -> tuple[Cell, ...]:
    """The same for two cell sets exactly when one is a moved, turned or
    mirrored copy of the other."""
    keys = []
    for symmetry in SYMMETRIES:
        moved = [symmetry(cell) for cell in cells]
        left = min(x for x, _ in moved)
        bottom = min(y for _, y in moved)
        keys.append(tuple(sorted((x - left, y - bottom) for x, y in moved)))
    return min(keys)


# ---------------------------------------------------------------------------
# Counting and listing
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(KNOWN))
def test_counts_match_known_numbers(n: int) -> None:
    result = count_circuits(n)
    assert (result.translation, result.free) == KNOWN[n]
    assert sum(result.corners.values()) == result.translation


@pytest.mark.parametrize("n", [1, 3, 5, 13, 19, 0, 2])
def test_odd_and_tiny_sizes_have_no_circuits(n: int) -> None:
    assert count_circuits(n).translation == 0
    assert list(enumerate_circuits(n)) == []


@pytest.mark.parametrize("n", [4, 8, 10, 12, 14, 16])
def test_counts_agree_with_the_reference_enumerator(n: int) -> None:
    reference = reference_circuits(n)
    result = count_circuits(n)
    assert result.translation == len(reference)
    assert result.free == len({shape_key(cells) for cells in reference})
    assert result.corners == dict(Counter(reference_corners(cells) for cells in reference))


@pytest.mark.parametrize("n", [4, 8, 12, 14, 16])
def test_enumeration_lists_each_reference_circuit_once(n: int) -> None:
    listed = list(enumerate_circuits(n))
    assert len(listed) == len(set(listed))
    assert {frozenset(circuit) for circuit in listed} == {
        frozenset(normalize_circuit(_ordered(cells))) for cells in reference_circuits(n)
    }


def _ordered(cells: frozenset[Cell]) -> list[Cell]:
    """Put a circuit's cells in driving order."""
    path = [min(cells)]
    while len(path) < len(cells):
        path.append(next(c for c in _around(path[-1]) if c in cells and c not in path[-2:]))
    return path


@pytest.mark.parametrize("n", [18, 20])
def test_enumeration_yields_distinct_canonical_plain_circuits(n: int) -> None:
    listed = list(enumerate_circuits(n))
    assert len(listed) == count_circuits(n).translation
    assert len({frozenset(c) for c in listed}) == len(listed)
    for circuit in listed:
        assert len(circuit) == n
        assert is_plain_circuit(circuit)
        assert normalize_circuit(circuit) == circuit


@pytest.mark.parametrize("n", [12, 16, 18, 20])
def test_free_count_equals_number_of_distinct_ids(n: int) -> None:
    ids = {circuit_id(c) for c in enumerate_circuits(n)}
    assert len(ids) == count_circuits(n).free


def test_count_reports_progress_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    count_circuits(16, progress=lambda done, total: calls.append((done, total)))
    assert calls[0][0] == 0
    assert calls[-1][0] == calls[-1][1] > 1
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


@pytest.mark.parametrize("n", [-2, 62, 100])
def test_count_rejects_absurd_sizes(n: int) -> None:
    with pytest.raises(ArgumentError):
        count_circuits(n)


@pytest.mark.parametrize("n", [-2, 41, 100])
def test_listing_rejects_absurd_sizes(n: int) -> None:
    with pytest.raises(ArgumentError):
        list(enumerate_circuits(n))


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def test_helpers_on_a_known_circuit() -> None:
    # A 6 x 3 ring: corners at the four ends, long straights along the sides.
    ring = [(x, 0) for x in range(6)] + [(5, 1)] + [(x, 2) for x in range(5, -1, -1)] + [(0, 1)]
    assert is_plain_circuit(ring)
    assert turn_letters(ring) == "LSSSSLSLSSSSLS"
    assert corner_count(ring) == 4
    assert bounding_size(ring) == (6, 3)
    assert longest_run(corner_flags(ring)) == 4
    assert turn_letters(list(reversed(ring))).count("R") == 4


def test_longest_straight_wraps_round_the_loop() -> None:
    ring = [(x, 0) for x in range(6)] + [(5, 1)] + [(x, 2) for x in range(5, -1, -1)] + [(0, 1)]
    shifted = ring[2:] + ring[:2]  # the bottom straight now straddles the start
    assert longest_run(corner_flags(shifted)) == 4


@pytest.mark.parametrize(
    ("cells", "plain"),
    [
        (SQUARE, True),
        (RING_3X3, True),
        (((0, 0), (1, 0)), False),  # too short
        (((0, 0), (1, 0), (1, 1), (0, 1), (0, 0)), False),  # a repeated cell
        (((0, 0), (2, 0), (2, 1), (0, 1)), False),  # a gap
        # Two 3 x 3 rings joined: the middle column touches tiles it does not follow.
        (((0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)), False),
        ((), False),
    ],
)
def test_is_plain_circuit(cells: tuple[Cell, ...], plain: bool) -> None:
    assert is_plain_circuit(cells) is plain


def test_corner_contact_is_not_adjacency() -> None:
    # Tiles 4 (3, 1) and 10 (2, 2) meet only at a corner point: still plain.
    circuit: CellLoop = ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1), (4, 2), (4, 3))
    circuit += ((3, 3), (2, 3), (2, 2), (1, 2), (0, 2), (0, 1))
    assert is_plain_circuit(circuit)
    assert circuit in set(enumerate_circuits(14))


def test_normalize_gives_one_form_for_every_listing() -> None:
    moved = [(x + 7, y - 3) for x, y in RING_3X3]
    for start in range(len(moved)):
        listing = moved[start:] + moved[:start]
        assert normalize_circuit(listing) == RING_3X3
        assert normalize_circuit(list(reversed(listing))) == RING_3X3
    with pytest.raises(CircuitError):
        normalize_circuit([(0, 0), (1, 0), (2, 0)])


# ---------------------------------------------------------------------------
# Tables and uniform sampling
# ---------------------------------------------------------------------------


def test_sampling_is_uniform_chi_square() -> None:
    n, draws = 14, 18_000
    everything = list(enumerate_circuits(n))
    rng = random.Random(20240501)
    seen = Counter(sample_circuits(n, seed=rng).circuits[0] for _ in range(draws))
    assert set(seen) == set(everything)
    expected = draws / len(everything)
    statistic = sum((seen[c] - expected) ** 2 / expected for c in everything)
    # Upper 0.1 % point of the chi-square distribution with 35 degrees of freedom.
    assert len(everything) - 1 == 35
    assert statistic < 66.62


def test_same_seed_same_sample() -> None:
    first = sample_circuits(16, seed=99, count=5)
    assert sample_circuits(16, seed=99, count=5) == first
    assert sample_circuits(16, seed=random.Random(99), count=5) == first
    assert sample_circuits(16, seed=100, count=5) != first
    assert first.exact and first.matching == 154


def test_where_is_respected_and_matching_is_exact() -> None:
    def condition(circuit: CellLoop) -> bool:
        return corner_count(circuit) == 8 and bounding_size(circuit)[0] >= 4

    wanted = [c for c in enumerate_circuits(18) if condition(c)]
    result = sample_circuits(18, seed=3, count=20, where=condition)
    assert result.matching == len(wanted)
    assert len(set(result.circuits)) == 20
    assert all(condition(c) and c in wanted for c in result.circuits)


def test_size_limits_filter_the_table() -> None:
    result = sample_circuits(16, seed=4, count=10, max_width=4)
    assert all(bounding_size(c)[0] <= 4 for c in result.circuits)
    assert result.matching == sum(bounding_size(c)[0] <= 4 for c in enumerate_circuits(16))


def test_asking_for_more_than_match_gives_each_once_before_repeats() -> None:
    result = sample_circuits(12, seed=5, count=20)
    assert set(result.circuits[:9]) == set(enumerate_circuits(12))
    assert set(result.circuits[9:18]) == set(enumerate_circuits(12))
    assert len(result.circuits) == 20


def test_sampling_errors() -> None:
    with pytest.raises(GenerationError):
        sample_circuits(16, seed=1, where=lambda c: False)
    with pytest.raises(GenerationError):
        sample_circuits(6, seed=1)
    assert sample_circuits(6, seed=1, count=0).matching == 0
    with pytest.raises(ArgumentError):
        sample_circuits(16, seed=1, count=-1)
    with pytest.raises(ArgumentError):
        sample_circuits(-4, seed=1)
    with pytest.raises(ArgumentError):
        circuit_table(EXACT_LIMIT + 2)


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The tile counts of the tables built by search (not read from the
    cache) while the test runs, in order."""
    built: list[int] = []
    build = table_module._build_codes

    def counted(n: int, progress: Progress | None = None) -> bytes:
        built.append(n)
        return build(n, progress)

    monkeypatch.setattr(table_module, "_build_codes", counted)
    return built


def test_table_is_cached_on_disk_and_reloaded(private_cache: Path, builds: list[int]) -> None:
    built = circuit_table(16)
    assert builds == [16]
    path = table_cache_path(16)
    assert path.parent == private_cache and path.exists()
    assert "v1" in path.name and "16" in path.name
    assert [p.name for p in private_cache.iterdir()] == [path.name]  # no temporary left behind
    circuits.clear_table_cache()
    assert circuit_table(16) == built
    assert builds == [16]  # read back from the file, not searched again
    assert list(built) == list(enumerate_circuits(16))


@pytest.mark.parametrize("damage", [b"", b"garbage", "truncate", "flip"])
def test_a_corrupt_cache_is_rebuilt_silently(damage: bytes | str, builds: list[int]) -> None:
    built = circuit_table(14)
    path = table_cache_path(14)
    data = path.read_bytes()
    if damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "flip":
        data = data[:-3] + bytes([data[-3] ^ 0xFF]) + data[-2:]
    else:
        assert isinstance(damage, bytes)
        data = damage
    path.write_bytes(data)
    circuits.clear_table_cache()
    assert circuit_table(14) == built
    assert builds == [14, 14]  # the damaged file was not used
    circuits.clear_table_cache()
    assert path.read_bytes() != data  # rewritten
    assert circuit_table(14) == built
    assert builds == [14, 14]  # and the rewritten file is read back


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_cache_keeps_the_table_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(locked / "inner"))
    try:
        assert len(circuit_table(14)) == 36
    finally:
        locked.chmod(0o700)


def test_a_cache_path_that_is_a_file_keeps_the_table_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(blocker))
    assert len(circuit_table(14)) == 36
    assert sample_circuits(14, seed=1).matching == 36


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("TRACKKIT_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "trackkit"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "trackkit"


# ---------------------------------------------------------------------------
# The random walk
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [30, 40, 48])
def test_random_circuits_are_plain_with_exactly_n_tiles(n: int) -> None:
    for seed in range(12):
        circuit = random_circuit(n, seed=seed, steps=n * n)
        assert len(circuit) == n
        assert is_plain_circuit(circuit)
        assert normalize_circuit(circuit) == circuit


@pytest.mark.parametrize(("n", "width", "height"), [(30, 6, 8), (40, 12, 6), (48, 9, 9), (24, 5, 12)])
def test_random_circuits_respect_size_limits(n: int, width: int, height: int) -> None:
    for seed in range(8):
        circuit = random_circuit(n, seed=seed, max_width=width, max_height=height, steps=n * n)
        assert len(circuit) == n and is_plain_circuit(circuit)
        w, h = bounding_size(circuit)
        assert w <= width and h <= height


@settings(max_examples=25, deadline=None)
@given(
    half=st.integers(4, 24),
    seed=st.integers(0, 2**32 - 1),
    width=st.none() | st.integers(1, 16),
    height=st.none() | st.integers(1, 16),
)
def test_random_circuit_is_legal_or_refuses(
    half: int, seed: int, width: int | None, height: int | None
) -> None:
    n = 2 * half
    try:
        circuit = random_circuit(n, seed=seed, max_width=width, max_height=height, steps=200, attempts=2)
    except GenerationError:
        assert width is not None or height is not None
        return
    assert len(circuit) == n and is_plain_circuit(circuit)
    w, h = bounding_size(circuit)
    assert w <= (width or n) and h <= (height or n)


def test_chain_bias_report() -> None:
    bias = circuits.measure_chain_bias(12, samples=60, seed=1, steps=100)
    assert bias.tiles == 12 and bias.samples == 60
    assert bias.exact == {4: 3 / 9, 6: 4 / 9, 8: 2 / 9}
    assert abs(sum(bias.observed.values()) - 1) < 1e-9
    assert 0 <= bias.distance <= 1 and 0 <= bias.noise <= bias.noise_high <= 1
    assert circuits.total_variation({1: 1.0}, {2: 1.0}) == 1.0


def test_random_circuit_is_reproducible_and_varied() -> None:
    assert random_circuit(40, seed=7) == random_circuit(40, seed=7)
    assert len({random_circuit(40, seed=s, steps=800) for s in range(5)}) == 5


def test_random_circuit_errors() -> None:
    with pytest.raises(ArgumentError):
        random_circuit(31, seed=1)
    with pytest.raises(ArgumentError):
        random_circuit(6, seed=1)
    with pytest.raises(ArgumentError):
        random_circuit(30, seed=1, max_width=0)
    with pytest.raises(GenerationError):
        random_circuit(48, seed=1, max_width=4, max_height=4, attempts=2)
    assert random_circuit(4, seed=1) == SQUARE


def test_sampling_above_the_listing_limit_is_exactly_uniform() -> None:
    result = sample_circuits(30, seed=8, count=6, where=lambda c: corner_count(c) >= 12)
    assert result.matching is None and result.exact
    assert len(set(result.circuits)) == 6
    assert all(len(c) == 30 and is_plain_circuit(c) and corner_count(c) >= 12 for c in result.circuits)
    assert sample_circuits(30, seed=8, count=6, where=lambda c: corner_count(c) >= 12) == result


def test_sampling_above_the_uniform_limit_uses_the_walk() -> None:
    result = sample_circuits(52, seed=8, count=6, where=lambda c: corner_count(c) >= 16)
    assert result.matching is None and not result.exact
    assert len(set(result.circuits)) == 6
    assert all(len(c) == 52 and is_plain_circuit(c) and corner_count(c) >= 16 for c in result.circuits)
    assert sample_circuits(52, seed=8, count=6, where=lambda c: corner_count(c) >= 16) == result


# ---------------------------------------------------------------------------
# Identifiers
# ---------------------------------------------------------------------------


def _transformed(
    circuit: CellLoop, symmetry: int, start: int, backwards: bool, dx: int, dy: int
) -> list[Cell]:
    moved = [SYMMETRIES[symmetry](cell) for cell in circuit]
    moved = [(x + dx, y + dy) for x, y in moved]
    moved = moved[start % len(moved) :] + moved[: start % len(moved)]
    return list(reversed(moved)) if backwards else moved


@settings(max_examples=150, deadline=None)
@given(
    index=st.integers(0, 667),
    symmetry=st.integers(0, 7),
    start=st.integers(0, 17),
    backwards=st.booleans(),
    dx=st.integers(-50, 50),
    dy=st.integers(-50, 50),
)
def test_id_ignores_position_orientation_start_and_direction(
    index: int, symmetry: int, start: int, backwards: bool, dx: int, dy: int
) -> None:
    circuit = circuit_table(18)[index]
    assert circuit_id(_transformed(circuit, symmetry, start, backwards, dx, dy)) == circuit_id(circuit)


@settings(max_examples=100, deadline=None)
@given(index=st.integers(0, 58_363))
def test_id_round_trip(index: int) -> None:
    circuit = circuit_table(24)[index]
    code = circuit_id(circuit)
    rebuilt = circuit_from_id(code)
    assert circuit_id(rebuilt) == code
    assert circuit_from_id(code.upper()) == rebuilt
    assert shape_key(frozenset(rebuilt)) == shape_key(frozenset(circuit))
    assert normalize_circuit(rebuilt) == rebuilt
    assert code.startswith("24-")
    assert set(code[3:]) <= set("0123456789abcdefghjkmnpqrstvwxyz")


def test_id_of_walk_circuits_round_trips() -> None:
    for seed in range(5):
        circuit = random_circuit(48, seed=seed, steps=500)
        code = circuit_id(circuit)
        assert circuit_id(circuit_from_id(code)) == code
        assert shape_key(frozenset(circuit_from_id(code))) == shape_key(frozenset(circuit))


def test_ids_tell_shapes_apart_and_read_leniently() -> None:
    code = circuit_id(RING_3X3)
    assert circuit_id(SQUARE) != code
    assert circuit_from_id(f"  {code.upper()}  ") == RING_3X3
    lookalike = code.replace("1", "l").replace("0", "O")
    assert circuit_from_id(lookalike) == RING_3X3


@pytest.mark.parametrize(
    "code",
    [
        "",
        "24",
        "24-",
        "-abc",
        "x-abc",
        "7-0",  # odd tile count
        "2-0",
        "24-00c064a",  # one character short
        "24-00c064a4a",  # one too many
        "24-00c064u4",  # u is not in the alphabet
        "24-zzzzzzzz",  # larger than 3**24
        "24-00000000",  # all straights: never closes
        "24-00c064a5",  # closes, or not, but is no plain circuit
    ],
)
def test_malformed_ids_are_rejected(code: str) -> None:
    with pytest.raises(ArgumentError):
        circuit_from_id(code)


HAIRPIN_24 = [(x, 0) for x in range(7)] + [(6, -1), (5, -1)] + [(5, -y) for y in range(2, 5)]
HAIRPIN_24 += [(x, -4) for x in range(4, -3, -1)] + [(-2, -y) for y in range(3, -1, -1)] + [(-1, 0)]
"""layouts/hairpin.yaml's loop: a U-turn (two right turns) at the end of the main straight."""


def test_hairpin_walls_are_the_contacts_across_a_u_turn() -> None:
    assert len(HAIRPIN_24) == 24
    assert hairpin_walls(HAIRPIN_24) == frozenset({frozenset({(5, 0), (5, -1)})})
    assert hairpin_walls(RING_3X3) == frozenset()
    assert hairpin_walls(HAIRPIN_24[:-1]) is None  # not closed
    assert hairpin_walls([*HAIRPIN_24, (0, 0)]) is None  # a cell twice
    dented = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2), (3, 2), (2, 2), (2, 1), (1, 1), (0, 1)]
    assert hairpin_walls(dented) is None  # (2, 1) touches (2, 0), and not across a U-turn
    # A folded straight: two U-turns, one wall; the validator, not the id, refuses it.
    assert hairpin_walls([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]) == frozenset({frozenset({(1, 0), (1, 1)})})


@functools.cache
def _folded_shapes(n: int, hairpins: int) -> list[CellLoop]:
    """Every circuit with ``hairpins`` hairpins folded into a plain circuit of ``n`` tiles."""
    from trackkit.racepack.generate.shapes import hairpin_shapes

    return [shape.cells for circuit in circuit_table(n) for _, shape in hairpin_shapes(circuit, hairpins)]


@settings(max_examples=120, deadline=None)
@given(
    pick=st.integers(0, 10**6),
    hairpins=st.integers(1, 2),
    symmetry=st.integers(0, 7),
    start=st.integers(0, 23),
    backwards=st.booleans(),
    dx=st.integers(-50, 50),
    dy=st.integers(-50, 50),
)
def test_hairpin_ids_round_trip_and_ignore_position_orientation_start_and_direction(
    pick: int, hairpins: int, symmetry: int, start: int, backwards: bool, dx: int, dy: int
) -> None:
    shapes = _folded_shapes(16, hairpins)
    loop = shapes[pick % len(shapes)]
    walls = hairpin_walls(loop)
    assert walls is not None and len(walls) == hairpins
    code = circuit_id(loop, hairpins=True)
    assert circuit_id(_transformed(loop, symmetry, start, backwards, dx, dy), hairpins=True) == code
    rebuilt = circuit_from_id(code, hairpins=True)
    assert circuit_id(rebuilt, hairpins=True) == code
    assert rebuilt == normalized_loop(rebuilt) and len(rebuilt) == 18 + 2 * (hairpins - 1)
    assert shape_key(frozenset(rebuilt)) == shape_key(frozenset(loop))


def test_hairpin_ids_tell_every_folded_shape_apart() -> None:
    shapes = _folded_shapes(16, 1)
    codes = {circuit_id(loop, hairpins=True) for loop in shapes}
    assert len(codes) == len({shape_key(frozenset(loop)) for loop in shapes})
    plain = {circuit_id(loop) for loop in circuit_table(18)}
    assert not codes & plain


def test_a_plain_id_asked_with_hairpins_is_the_plain_circuit() -> None:
    code = circuit_id(RING_3X3)
    assert circuit_id(RING_3X3, hairpins=True) == code
    assert circuit_from_id(code, hairpins=True) == circuit_from_id(code) == RING_3X3
    with pytest.raises(ArgumentError, match="does not describe a plain circuit"):
        circuit_from_id(circuit_id(HAIRPIN_24, hairpins=True))
    with pytest.raises(CircuitError):
        circuit_id(HAIRPIN_24)


def test_circuit_id_needs_a_plain_circuit() -> None:
    with pytest.raises(CircuitError):
        circuit_id([(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)])
