"""Stretches of road lying side by side: touching pairs grouped into runs."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from trackkit.piecepack.alongside import Run, run_words, side_by_side


def runs(pairs: list[tuple[int, int]], most: int = 20_000) -> list[list[tuple[int, int]]]:
    return [run.pairs for run in side_by_side(pairs, most)]


def test_a_fold_and_a_parallel_stretch_are_one_run_each() -> None:
    fold = [(0, 11), (1, 10), (2, 9), (3, 8), (4, 7)]
    parallel = [(7, 18), (8, 19), (9, 20)]
    assert runs([*fold, *parallel, (30, 40)]) == [fold, parallel, [(30, 40)]]


def test_a_run_keeps_its_direction() -> None:
    # (1, 5) -> (2, 4) folds back, so (3, 5) cannot carry it on, but (3, 3) does
    assert runs([(1, 5), (2, 4), (3, 3), (3, 5), (5, 1)]) == [
        [(1, 5), (2, 4), (3, 3)],
        [(3, 5)],
        [(5, 1)],
    ]


def test_a_run_is_given_only_once_the_sweep_has_passed_it() -> None:
    seen: list[tuple[int, int]] = []

    def pairs() -> list[tuple[int, int]]:
        return [(0, 9), (1, 8), (5, 20)]

    stream = side_by_side(iter_recording(pairs(), seen))
    first = next(stream)
    assert first.pairs == [(0, 9), (1, 8)]
    assert seen == [(0, 9), (1, 8), (5, 20)]  # (5, 20) had to be read to know the run ended


def iter_recording(pairs: list[tuple[int, int]], seen: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    for pair in pairs:
        seen.append(pair)
        yield pair


def test_past_the_budget_each_pair_is_a_run_of_its_own() -> None:
    assert runs([(0, 9), (1, 8), (2, 7), (3, 6)], most=2) == [[(0, 9), (1, 8)], [(2, 7)], [(3, 6)]]


def test_how_a_report_names_a_run() -> None:
    def name(tile: int) -> str:
        return f"tile {tile}"

    assert run_words(Run([(7, 4)]), name) == "tile 7 touches tile 4"
    fold = next(side_by_side([(7, 4), (8, 3), (9, 2)]))
    assert fold.folded and fold.tiles == (7, 4, 8, 3, 9, 2)
    assert run_words(fold, name) == "tile 7 to tile 9 lie alongside tile 4 to tile 2, touching in 3 places"


@given(st.lists(st.tuples(st.integers(0, 30), st.integers(0, 30)), max_size=60))
def test_every_pair_lands_in_exactly_one_run(raw: list[tuple[int, int]]) -> None:
    pairs = sorted(set(raw))
    found = runs(pairs)
    assert sorted(pair for run in found for pair in run) == pairs
    for run in found:
        steps = {b2 - b1 for (_, b1), (_, b2) in itertools.pairwise(run)}
        assert all(a2 == a1 + 1 for (a1, _), (a2, _) in itertools.pairwise(run))
        assert len(steps) <= 1 and steps <= {-1, 1}
