"""Tests of the array sweep (trackkit.racepack.circuits.sweep): its counts
by bounding box against the exhaustive listing, and its tables for the
exactly uniform draw."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from trackkit.racepack.circuits import bounding_size, corner_count, enumerate_circuits, is_plain_circuit
from trackkit.racepack.circuits.completion import box_table
from trackkit.racepack.circuits.sweep import sweep_strip


def _listed_by_box(n: int) -> Counter[tuple[int, int, int]]:
    """Circuits of ``n`` tiles at least as high as wide, by width, height and corners."""
    found = Counter[tuple[int, int, int]]()
    for circuit in enumerate_circuits(n):
        width, height = bounding_size(circuit)
        if height >= width:
            found[(width, height, corner_count(circuit))] += 1
    return found


@pytest.mark.parametrize("n", [12, 16, 18])
def test_each_strip_counts_the_listed_circuits_by_height_and_corners(n: int) -> None:
    swept = Counter[tuple[int, int, int]]()
    for width in range(2, n // 4 + 2):
        sweep = sweep_strip(width, n, corners=True)
        for height in sweep.by_height:
            for corners in range(n + 1):
                if sweep.coefficient(height, n, corners):
                    swept[(width, height, corners)] = sweep.coefficient(height, n, corners)
    assert swept == _listed_by_box(n)


def test_counting_corners_or_not_gives_the_same_totals() -> None:
    plain, cornered = sweep_strip(5, 26), sweep_strip(5, 26, corners=True)
    for height in plain.by_height:
        for tiles in range(4, 27, 2):
            assert plain.coefficient(height, tiles) == sum(
                cornered.coefficient(height, tiles, c) for c in range(27)
            )


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


class _FirstChoice(random.Random):
    """A generator whose every whole number is 0: a draw always takes its
    first choice (the cell left empty whenever a circuit can still follow)."""

    def randrange(self, *_: object, **__: object) -> int:  # type: ignore[override]
        return 0


def test_a_box_table_counts_the_circuits_filling_the_box() -> None:
    table = box_table(4, 5, 14)
    listed = sum(number for (w, h, _), number in _listed_by_box(14).items() if (w, h) == (4, 5))
    # The ways to finish from the first visit's entries add up to the box's circuits.
    first = table.links[0]
    start = sum(int(table.completions[0][e]) for e in (int(first.empty[0]), int(first.tile[0])) if e >= 0)
    assert start == listed == 17


def _table_total(width: int, height: int, tiles: int, corners: tuple[int, int] | None) -> int:
    table = box_table(width, height, tiles, corners=corners)
    first = table.links[0]
    return sum(int(table.completions[0][e]) for e in (int(first.empty[0]), int(first.tile[0])) if e >= 0)


@pytest.mark.parametrize("corners", [(4, 4), (6, 6), (8, 8), (10, 10), (12, 16), (6, 10)])
def test_a_box_table_with_corners_counts_exactly_those_circuits(corners: tuple[int, int]) -> None:
    listed = _listed_by_box(18)
    for width, height in [(4, 6), (5, 5), (3, 8)]:
        expected = sum(
            number for (w, h, turns), number in listed.items()
            if (w, h) == (width, height) and corners[0] <= turns <= corners[1]
        )  # fmt: skip
        assert _table_total(width, height, 18, corners) == expected


def test_every_circuit_a_box_table_draws_fills_the_box() -> None:
    table = box_table(5, 6, 18)
    rng = random.Random(4)
    for cells in [table.draw(rng) for _ in range(20)] + [table.draw(_FirstChoice())]:
        assert len(cells) == 18
        xs, ys = {x for x, _ in cells}, {y for _, y in cells}
        assert (xs, ys) == (set(range(5)), set(range(6)))
        assert is_plain_circuit(_in_loop_order(cells))


def _in_loop_order(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    left = set(cells)
    path = [min(cells)]
    left.discard(path[0])
    while left:
        x, y = path[-1]
        step = next(c for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if c in left)
        path.append(step)
        left.discard(step)
    return path
