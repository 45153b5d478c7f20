"""Tests of the transfer-matrix count (trackkit.racepack.circuits.frontier)
and the symmetric counts behind the count up to symmetry (.symmetry)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from trackkit.errors import ArgumentError
from trackkit.piecepack.cells import Cell
from trackkit.racepack import circuits
from trackkit.racepack.circuits import (
    bounding_size,
    corner_count,
    count_circuits,
    enumerate_circuits,
)
from trackkit.racepack.circuits.boxes import box_counts
from trackkit.racepack.circuits.symmetry import mirror_fixed, turn_fixed

PUBLISHED = {
    4: 1, 6: 0, 8: 1, 10: 2, 12: 9, 14: 36, 16: 154, 18: 668, 20: 2932, 22: 13016, 24: 58364,
    26: 264208, 28: 1206818, 30: 5558724, 32: 25803509, 34: 120638466, 36: 567732133,
    38: 2687937916, 40: 12796823923,
}  # fmt: skip
"""Plain circuits (neighbour-avoiding polygons) up to translation, as published
(OEIS A121769); the suite checks them all (one sweep to 40 tiles takes under a second)."""

FREE = {20: 420, 22: 1682, 24: 7544, 26: 33288, 28: 152022}
"""Up to rotation and reflection, as the exhaustive count gave them."""


@pytest.fixture(autouse=True)
def fresh_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path / "cache"))
    circuits.clear_table_cache()
    yield
    circuits.clear_table_cache()


def test_one_sweep_counts_every_size_up_to_its_own_as_published() -> None:
    boxes = box_counts(40)
    totals = Counter[int]()
    for (width, height), sizes in boxes.items():
        for tiles, by_corners in sizes.items():
            totals[tiles] += (1 if width == height else 2) * sum(by_corners.values())
    assert dict(totals) == {n: number for n, number in PUBLISHED.items() if number}
    assert count_circuits(32, corners=False).translation == PUBLISHED[32]  # from memory


@pytest.mark.parametrize("n", sorted(FREE))
def test_free_counts_match_the_exhaustive_count(n: int) -> None:
    assert count_circuits(n, corners=False).free == FREE[n]


def _listed(n: int) -> list[tuple[Cell, ...]]:
    return list(enumerate_circuits(n))


@pytest.mark.parametrize("n", [12, 16, 20])
def test_corner_histogram_matches_the_listing(n: int) -> None:
    listed = _listed(n)
    assert count_circuits(n).corners == dict(sorted(Counter(map(corner_count, listed)).items()))


@pytest.mark.parametrize(("n", "wide", "high"), [(16, 4, None), (18, None, 5), (20, 6, 5), (20, 3, 9)])
def test_size_limits_match_the_listing(n: int, wide: int | None, high: int | None) -> None:
    def fits(size: tuple[int, int]) -> bool:
        return (wide is None or size[0] <= wide) and (high is None or size[1] <= high)

    expected = sum(1 for c in _listed(n) if fits(bounding_size(c)))
    result = count_circuits(n, max_width=wide, max_height=high)
    assert (result.translation, result.free) == (expected, None)
    assert sum(result.corners.values()) == expected


def _turned(cells: frozenset[Cell], turn: int) -> frozenset[Cell]:
    turned = cells
    for _ in range(turn):
        turned = frozenset((-y, x) for x, y in turned)
    return turned


def _mirrored(cells: frozenset[Cell]) -> frozenset[Cell]:
    return frozenset((-x, y) for x, y in cells)


def _shifted_home(cells: frozenset[Cell]) -> frozenset[Cell]:
    left = min(x for x, _ in cells)
    bottom = min(y for _, y in cells)
    return frozenset((x - left, y - bottom) for x, y in cells)


@pytest.mark.parametrize("n", [8, 12, 16, 18, 20])
def test_symmetric_counts_match_the_listing(n: int) -> None:
    shapes = [frozenset(c) for c in _listed(n)]
    quarter = sum(1 for s in shapes if _shifted_home(_turned(s, 1)) == s)
    half = sum(1 for s in shapes if _shifted_home(_turned(s, 2)) == s)
    mirrors = sum(
        1 for s in shapes for turn in range(4) if _shifted_home(_turned(_mirrored(s), turn)) == s
    )
    assert (turn_fixed(n, 1), turn_fixed(n, 2), mirror_fixed(n)) == (quarter, half, mirrors)


def test_counts_are_refused_past_the_limit() -> None:
    with pytest.raises(ArgumentError, match="out of reach"):
        count_circuits(62)
    with pytest.raises(ArgumentError, match="the corners of 58-tile circuits is out of reach"):
        count_circuits(58, corners=True)
    with pytest.raises(ArgumentError):
        count_circuits(20, max_width=0)
