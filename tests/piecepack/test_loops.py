"""Facts about loops: straight runs, the longest run, boxes, orientation."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from trackkit.piecepack.loops import bounding_box, is_counterclockwise, longest_run, straight_runs


def test_runs_wrap_past_place_zero() -> None:
    turning = [False, True, False, False, True, False]
    assert straight_runs(turning) == [(2, 2), (5, 2)]
    assert longest_run(turning) == 2
    assert longest_run([False, False, True, False]) == 3  # places 3, 0, 1
    assert longest_run([False] * 5) == 5
    assert longest_run([True] * 4) == 0


@given(st.lists(st.booleans(), min_size=1, max_size=40))
def test_the_longest_run_is_the_longest_straight_run(turning: list[bool]) -> None:
    expected = max((length for _, length in straight_runs(turning)), default=0) if any(turning) else len(turning)
    assert longest_run(turning) == expected
    assert longest_run(tuple(turning)) == expected


def test_box_and_orientation() -> None:
    square = [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert bounding_box(iter(square)) == (0, 0, 2, 2)
    assert is_counterclockwise(square)
    assert not is_counterclockwise(square[::-1])
