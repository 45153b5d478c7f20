"""Tests of the diagonal mirror's transfer matrix
(trackkit.racepack.circuits.diagonal): against the walks of .symmetry, the
listed circuits, and values pinned past the walks' reach."""

from __future__ import annotations

import pytest

from trackkit.piecepack.cells import Cell
from trackkit.racepack.circuits import enumerate_circuits
from trackkit.racepack.circuits.diagonal import diagonal_counts, diagonal_fixed
from trackkit.racepack.circuits.symmetry import _diagonal

PINNED = {40: 250_095, 48: 5_918_144, 60: 713_471_767}
"""From the sweep.  The sweep agrees with the walks of .symmetry at every
even size to 44 (the walks past 28 are too slow for the suite; run once,
they gave 10,891 at 32, 51,987 at 36, 250,095 at 40 and 1,212,301 at 44).
Sixty tiles take about 15 seconds, too long for the suite:
benchmarks/bench_diagonal.py checks that one."""


@pytest.mark.parametrize("n", range(4, 30, 2))
def test_agrees_with_the_walks(n: int) -> None:
    assert diagonal_fixed(n) == _diagonal(n)


def _mirrored(circuit: tuple[Cell, ...]) -> bool:
    """Whether ``(x, y) -> (y, x)`` maps the circuit onto a shifted copy of
    itself: then its bounding box is square, and shifted to the origin the
    circuit is its own mirror image."""
    low_x = min(x for x, _ in circuit)
    low_y = min(y for _, y in circuit)
    cells = {(x - low_x, y - low_y) for x, y in circuit}
    return cells == {(y, x) for x, y in cells}


@pytest.mark.parametrize("n", range(4, 22, 2))
def test_agrees_with_the_listed_circuits(n: int) -> None:
    assert diagonal_fixed(n) == sum(_mirrored(circuit) for circuit in enumerate_circuits(n))


@pytest.mark.parametrize("n", [-4, 0, 1, 2, 3, 5, 6, 10, 14, 30, 33, 62])
def test_no_circuit_but_of_a_multiple_of_four_tiles_is_mirrored(n: int) -> None:
    assert diagonal_fixed(n) == 0


def test_one_sweep_counts_every_size_up_to_its_own() -> None:
    counts = diagonal_counts(48)
    assert counts == {n: diagonal_fixed(n) for n in range(4, 29, 4)} | {
        32: 10_891, 36: 51_987, 40: PINNED[40], 44: 1_212_301, 48: PINNED[48]
    }  # fmt: skip
