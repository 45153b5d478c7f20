"""Check that a default ``generate`` draws uniformly among the circuits people
race, at every size from 12 to 20 tiles, and that every one of them is legal.

Run from the repository root::

    python benchmarks/people_draws.py          # 12 to 20 tiles, about a minute

For each size it lists the circuits the definition admits (the table's
circuits whose corners, longest straight and twisty sections pass the
tests of docs/generation.md, worked out here from the cells), checks that
``generate``'s population is exactly those, lays every one out (each is
validated), then draws ``DRAWS_EACH`` times as many tracks as there are
circuits, one per seed, and prints Pearson's chi-square statistic beside
the 99.9th percentile of its distribution.  The test suite does the same at
14 tiles (tests/racepack/test_people.py).
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trackkit.api import validate
from trackkit.piecepack.cells import corner_flags
from trackkit.piecepack.loops import longest_run
from trackkit.racepack.circuits import circuit_table, normalize_circuit
from trackkit.racepack.generate import GenerationRequest, exact_population, generate_layouts, loop_cells
from trackkit.racepack.generate.people import MOST_TWISTY, main_straight_wanted, twisty_section

DRAWS_EACH = 20
"""Draws per admitted circuit."""


def chi_square_limit(df: int) -> float:
    """The 99.9th percentile of chi-square with ``df`` degrees of freedom (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3


def admitted(tiles: int) -> set[tuple[tuple[int, int], ...]]:
    """The circuits of the table that pass the three tests, for four cars."""
    main = max(main_straight_wanted(tiles), 2)
    found = set()
    for cells in circuit_table(tiles):
        flags = corner_flags(cells)
        if longest_run(flags) >= main and 2 * sum(flags) <= tiles and twisty_section(flags) <= MOST_TWISTY:
            found.add(normalize_circuit(cells))
    return found


def check(tiles: int) -> None:
    expected = admitted(tiles)
    request = GenerationRequest(tiles=tiles)
    population = exact_population(request)
    assert len(population.entries) == len(expected), (tiles, len(population.entries), len(expected))
    every = generate_layouts(request, seed=1, count=len(expected)).layouts
    drawn = {normalize_circuit(loop_cells(layout.circuit)) for layout in every}
    assert drawn == expected and all(validate(layout).errors == () for layout in every)
    draws = DRAWS_EACH * len(expected)
    counts = Counter(
        normalize_circuit(loop_cells(generate_layouts(request, seed=seed).layouts[0].circuit))
        for seed in range(draws)
    )
    mean = draws / len(expected)
    statistic = sum((counts.get(cells, 0) - mean) ** 2 / mean for cells in expected)
    limit = chi_square_limit(len(expected) - 1) if len(expected) > 1 else 0.0
    verdict = "uniform" if statistic <= limit else "NOT UNIFORM"
    print(
        f"{tiles} tiles: {len(expected):,} of {len(circuit_table(tiles)):,} circuits admitted,"
        f" every one legal; {draws:,} draws: chi-square {statistic:.1f}"
        f" (99.9th percentile {limit:.1f}) {verdict}",
        flush=True,
    )


def main() -> None:
    for tiles in range(12, 21, 2):
        check(tiles)


if __name__ == "__main__":
    main()
