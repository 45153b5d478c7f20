"""The folds of hairpins into a table's circuits, worked out once and cached."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from trackkit.piecepack.cells import Cell
from trackkit.racepack import generate
from trackkit.racepack.circuits import circuit_table
from trackkit.racepack.generate import hairpin_facts
from trackkit.racepack.generate.facts import loop_facts
from trackkit.racepack.generate.hairpin_facts import folds_cache_path, table_folds
from trackkit.racepack.generate.shapes import HairpinSite, Shape, hairpin_shapes


def test_folds_are_every_legal_fold_with_its_facts_and_are_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path))
    searched: list[int] = []
    search = hairpin_facts.hairpin_shapes

    def counted(cells: Sequence[Cell], count: int) -> Iterator[tuple[tuple[HairpinSite, ...], Shape]]:
        searched.append(count)
        return search(cells, count)

    monkeypatch.setattr(hairpin_facts, "hairpin_shapes", counted)
    generate.clear_caches()
    expected = [
        (index, sites, loop_facts(shape.cells))
        for index, cells in enumerate(circuit_table(16))
        for sites, shape in hairpin_shapes(cells, 2)
    ]
    folds = table_folds(16, 2)
    assert folds == expected and len(folds) == 1456
    assert len(searched) == 154  # every circuit of the 16-tile table searched once
    path = folds_cache_path(16, 2)
    assert path.name == "folds-v2-16-2.bin" and path.read_bytes().startswith(b"TKHF\x02\x10")
    generate.clear_caches()
    assert table_folds(16, 2) == expected
    assert len(searched) == 154  # read back from the file
    path.write_bytes(b"TKHF and then nonsense")
    generate.clear_caches()
    assert table_folds(16, 2) == expected
    assert len(searched) == 2 * 154  # a damaged file is worked out again
    generate.clear_caches()


def test_a_draw_with_two_hairpins_counts_every_fold(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(tmp_path))
    generate.clear_caches()
    drawn = generate.generate_layouts(generate.GenerationRequest(tiles=20, hairpins=2, every_circuit=True), seed=3)
    assert (drawn.method, drawn.hairpins, drawn.total, drawn.matching) == ("table", 2, 1456, 1456)
    assert folds_cache_path(16, 2).exists()
    # The constraints filter the folds' cached facts: the same circuits, the
    # same counts and the same draws as searching every fold afresh.
    narrow = generate.generate_layouts(generate.GenerationRequest(tiles=20, hairpins=2, max_width=8, every_circuit=True), seed=3, count=2)
    assert (narrow.matching, narrow.ids) == (106, ("20-00p60d4", "20-005sky5"))
    chicane = generate.generate_layouts(generate.GenerationRequest(tiles=20, hairpins=2, chicanes=1, every_circuit=True), seed=3, count=2)
    assert (chicane.matching, chicane.ids) == (580, ("20-022pp9s", "20-019v81q"))
    generate.clear_caches()
