"""Tests of the transfer-matrix counts of symmetric circuits
(trackkit.racepack.circuits.turns and .mirrors), against the walks of
.symmetry, which find the same circuits by another road."""

from __future__ import annotations

import pytest

from trackkit.racepack.circuits import count_circuits, mirrors
from trackkit.racepack.circuits.boxes import box_counts
from trackkit.racepack.circuits.fixed import fixed_counts
from trackkit.racepack.circuits.mirrors import axis_mirror_fixed
from trackkit.racepack.circuits.symmetry import _between_columns, _through_cells, turn_fixed
from trackkit.racepack.circuits.turns import half_turn_fixed

SIZES = range(4, 29, 2)


def test_the_half_turn_sweep_agrees_with_the_walks() -> None:
    swept = half_turn_fixed(28)
    assert [swept.get(n, 0) for n in SIZES] == [turn_fixed(n, 2) for n in SIZES]


def test_the_mirror_sweep_agrees_with_the_walks() -> None:
    swept = axis_mirror_fixed(28)
    walked = [_through_cells(n) + _between_columns(n) for n in SIZES]
    walked[0] = 1  # the walks leave the square of four tiles to the caller
    assert [swept.get(n, 0) for n in SIZES] == walked


def test_wide_mirror_circuits_count_the_same_swept_towards_the_mirror(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The narrow boxes swept by rows come from fixed_counts, kept for the
    # tests of this file (a sweep to 40 tiles counts each size as one to 34).
    by_rows = {tiles: count for tiles, count in fixed_counts(40).axis.items() if tiles <= 34}
    monkeypatch.setattr(mirrors, "ROWS_WIDEST", 3)
    assert axis_mirror_fixed(34) == by_rows


def test_symmetric_counts_at_forty_tiles() -> None:
    # Pinned from the sweeps; the walks give the same (about a minute each).
    # fixed_counts runs both sweeps to 40 tiles and keeps them for the tests below.
    fixed = fixed_counts(40)
    assert fixed.half[40] == 292_787
    assert fixed.axis[40] == 120_065


FREE_TO_FORTY = {
    30: 696_096, 32: 3_231_001, 34: 15_085_871, 36: 70_993_211, 38: 336_021_730, 40: 1_599_732_164,
}  # fmt: skip
"""Up to rotation and reflection, as the walks of every symmetric circuit gave them."""


def test_free_counts_to_forty_tiles_are_those_of_the_walks() -> None:
    fixed_counts(40)  # one sweep of each kind serves every size below
    box_counts(40)  # and one of the boxes (asked for 30 tiles first, each size would sweep again)
    assert {n: count_circuits(n, corners=False).free for n in FREE_TO_FORTY} == FREE_TO_FORTY


def test_burnside_sums_divide_by_eight() -> None:
    fixed = fixed_counts(40)
    for n in range(4, 41, 2):
        assert fixed.orbit_sum(n, count_circuits(n, corners=False).translation) % 8 == 0, n
