"""Tests of the exactly uniform draw through the transfer matrix
(trackkit.racepack.circuits.uniform): chi-square tests over every circuit of
a size, conditions and size limits, and the cache of box counts."""

from __future__ import annotations

import json
import random
import threading
import zlib
from collections import Counter
from pathlib import Path

import pytest
from support import chi_square_limit

from trackkit.errors import ArgumentError, GenerationError, RareConstraintError
from trackkit.fileio import CacheEntry, cache_lock, write_cache
from trackkit.racepack import circuits
from trackkit.racepack.circuits import (
    UNIFORM_LIMIT,
    CellLoop,
    bounding_size,
    box_counts_cache_path,
    circuit_boxes,
    corner_count,
    enumerate_circuits,
    is_plain_circuit,
    normalize_circuit,
    uniform_circuits,
)
from trackkit.racepack.circuits.uniform import _draw_some, _fitting_boxes

pytestmark = pytest.mark.usefixtures("private_cache")


def _draws(n: int, draws: int, seed: int, wide: int | None = None, high: int | None = None) -> list[CellLoop]:
    fitting = _fitting_boxes(circuit_boxes(n), n, wide, high)
    return _draw_some(fitting, n, draws, random.Random(seed))


def _assert_uniform(drawn: list[CellLoop], population: list[CellLoop]) -> None:
    counts = Counter(drawn)
    assert set(counts) <= set(population)
    expected = len(drawn) / len(population)
    chi = sum((counts.get(c, 0) - expected) ** 2 / expected for c in population)
    assert chi < chi_square_limit(len(population) - 1)


@pytest.mark.parametrize(("n", "draws"), [(12, 2_000), (16, 5_000), (20, 10_000)])
def test_every_circuit_is_equally_likely(n: int, draws: int) -> None:
    population = list(enumerate_circuits(n))
    drawn = _draws(n, draws, seed=n)
    assert all(is_plain_circuit(c) and normalize_circuit(c) == c for c in drawn)
    _assert_uniform(drawn, population)


def test_circuits_with_a_corner_count_are_equally_likely() -> None:
    population = [c for c in enumerate_circuits(16) if corner_count(c) == 8]
    drawn = [c for c in _draws(16, 5_000, seed=7) if corner_count(c) == 8]
    _assert_uniform(drawn, population)


@pytest.mark.parametrize(
    ("n", "corners", "draws"),
    [(12, (6, 8), 2_000), (16, (8, 8), 5_000), (16, (10, 16), 3_000), (20, (8, 10), 10_000), (20, (14, 20), 5_000)],
)
def test_a_range_of_corners_is_met_exactly_and_uniformly(n: int, corners: tuple[int, int], draws: int) -> None:
    least, most = corners
    population = [c for c in enumerate_circuits(n) if least <= corner_count(c) <= most]
    fitting = _fitting_boxes(circuit_boxes(n, corners=True), n, None, None, corners)
    assert sum(number for number, _, _, _ in fitting) == len(population)
    drawn = _draw_some(fitting, n, draws, random.Random(n + least), corners=corners)
    assert all(least <= corner_count(c) <= most and is_plain_circuit(c) for c in drawn)
    _assert_uniform(drawn, population)


def test_corners_in_the_tables_need_no_rejection() -> None:
    result = uniform_circuits(30, 5, random.Random(1), corners=(8, 8))
    assert result.population == 19_664
    assert (result.tried, result.met) == (5, 5)
    assert all(corner_count(c) == 8 and len(c) == 30 for c in result.circuits)


def test_a_range_of_corners_allowing_every_circuit_counts_no_corners(private_cache: Path) -> None:
    everything = uniform_circuits(20, 3, random.Random(4), corners=(4, 20))
    assert everything.population == 2_932
    assert not box_counts_cache_path(20, corners=True).exists()
    with pytest.raises(GenerationError, match="fits the size limits and the corners asked for"):
        uniform_circuits(20, 1, random.Random(0), corners=(22, 30))


def test_size_limits_are_exact_and_uniform() -> None:
    population = [c for c in enumerate_circuits(16) if bounding_size(c) <= (4, 10) and bounding_size(c)[0] <= 4]
    drawn = _draws(16, 3_000, seed=3, wide=4)
    assert {bounding_size(c)[0] for c in drawn} <= {2, 3, 4}
    _assert_uniform(drawn, population)


def test_draws_meet_the_condition_and_are_distinct() -> None:
    result = uniform_circuits(30, 5, random.Random(1), where=lambda c: corner_count(c) == 10)
    assert len(set(result.circuits)) == 5
    assert all(len(c) == 30 and is_plain_circuit(c) and corner_count(c) == 10 for c in result.circuits)
    assert result.population == 5_558_724
    assert result.met >= 5 and result.tried >= result.met


def test_the_same_seed_gives_the_same_circuits() -> None:
    first = uniform_circuits(30, 3, random.Random(8)).circuits
    circuits.clear_table_cache()
    assert uniform_circuits(30, 3, random.Random(8)).circuits == first


def test_a_rare_condition_is_refused_with_the_share_that_met_it() -> None:
    with pytest.raises(RareConstraintError, match=r"0 of 300 exactly uniform draws of 20-tile circuits"):
        uniform_circuits(20, 1, random.Random(2), where=lambda c: False)


def test_limits_and_sizes_out_of_reach() -> None:
    with pytest.raises(ArgumentError):
        uniform_circuits(UNIFORM_LIMIT + 2, 1, random.Random(0))
    with pytest.raises(GenerationError, match="fits the size limits"):
        uniform_circuits(20, 1, random.Random(0), max_width=2, max_height=2)
    with pytest.raises(GenerationError, match="only 9 circuits"):
        uniform_circuits(12, 10, random.Random(0))


def test_a_process_wanting_box_counts_being_swept_waits_and_reads_them(private_cache: Path) -> None:
    """While another process holds the lock of the box counts' file (it is
    sweeping them), a draw waits, then reads the file that process wrote
    instead of sweeping again: it gets the written counts, even ones made
    up for the test."""
    path = box_counts_cache_path(12)
    made_up = {(3, 3): {12: {4: 7}}}
    answers: list[object] = []
    with cache_lock(path):
        waiting = threading.Thread(target=lambda: answers.append(circuit_boxes(12)))
        waiting.start()
        waiting.join(0.3)
        assert waiting.is_alive() and answers == []
        payload = json.dumps([[3, 3, {"12": {"4": 7}}]]).encode()
        write_cache(path, b"TKBX", 1, CacheEntry(12, 1, zlib.crc32(payload), payload))
    waiting.join(30)
    assert answers == [made_up]


def test_box_counts_are_cached_and_a_damaged_cache_is_recounted(private_cache: Path) -> None:
    first = circuit_boxes(20)
    path = box_counts_cache_path(20)
    assert path.is_file()
    circuits.clear_table_cache()
    assert circuit_boxes(20) == first
    path.write_bytes(path.read_bytes()[:-5])
    circuits.clear_table_cache()
    assert circuit_boxes(20) == first
    assert sum(sum(sizes.get(20, {}).values()) * (1 if w == h else 2) for (w, h), sizes in first.items()) == 2932
