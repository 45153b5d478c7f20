"""Tests of the array form of the transfer-matrix count
(trackkit.racepack.circuits.sweep) against the frontier-by-frontier moves
of trackkit.racepack.circuits.frontier, which the uniform draw uses."""

from __future__ import annotations

import pytest

from trackkit.racepack.circuits.frontier import Strip, SweepCounts, most_rows, slot_bits_for, visit_cell
from trackkit.racepack.circuits.sweep import sweep_strip


def _one_by_one(width: int, most_tiles: int, corners: bool) -> SweepCounts:
    """The same count, one frontier at a time through ``visit_cell``."""
    rows = most_rows(width, most_tiles)
    corner_slots = most_tiles + 1 if corners else 1
    strip = Strip(width, rows, most_tiles, width, slot_bits_for(most_tiles), corner_slots)
    result = SweepCounts(width, strip.slot_bits, corner_slots)
    frontier: dict[int, int] = {0: 1}
    for row in range(rows):
        for m in range(width):
            frontier = visit_cell(frontier, strip, row, m, result)
        frontier.pop(0, None)
    return result


@pytest.mark.parametrize("width", range(2, 8))
def test_the_array_sweep_counts_what_the_frontier_moves_count(width: int) -> None:
    assert sweep_strip(width, 26).by_height == _one_by_one(width, 26, corners=False).by_height


@pytest.mark.parametrize("width", range(2, 6))
def test_the_array_sweep_counts_corners_as_the_frontier_moves_do(width: int) -> None:
    assert sweep_strip(width, 18, corners=True).by_height == _one_by_one(width, 18, corners=True).by_height


def test_a_strip_counts_only_circuits_exactly_as_wide() -> None:
    # Three columns: only rings 3 wide, as high as the tiles allow.
    sweep = sweep_strip(3, 12)
    assert {h: sweep.coefficient(h, 2 * (3 + h) - 4) for h in sweep.by_height} == {3: 1, 4: 1, 5: 1}


def test_the_least_circuits_of_a_square_box_by_corners() -> None:
    # 12 tiles fill a 4-by-4 box at least: the ring (4 corners), the ring
    # with one corner tile moved in diagonally (6 corners, 4 ways) or two
    # opposite ones (8 corners, 2 ways); two neighbouring notches would touch.
    sweep = sweep_strip(4, 12, corners=True)
    assert sweep.by_height.keys() == {4}
    found = {c: sweep.coefficient(4, 12, c) for c in range(13) if sweep.coefficient(4, 12, c)}
    assert found == {4: 1, 6: 4, 8: 2}


def test_progress_follows_every_visit() -> None:
    seen: list[tuple[int, int]] = []
    sweep_strip(3, 12, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(step, 15) for step in range(1, 16)]
