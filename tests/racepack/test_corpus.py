"""Every layout in tests/corpus/ gets exactly the verdict recorded for it, and
every shipped layout in layouts/ is legal."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import CORPUS, SHIPPED, corpus_files, recorded_verdicts, verdict_of

from trackkit.api import check_file

EXPECTED = recorded_verdicts(CORPUS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_layout_gets_its_recorded_verdict(name: str) -> None:
    assert verdict_of(CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    assert corpus_files(CORPUS) == set(EXPECTED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_layout_is_legal_without_errors(path: Path) -> None:
    report = check_file(path).report
    assert report.valid, [f.message for f in report.errors]


def test_at_least_four_shipped_24_tile_layouts_and_one_two_pack_layout() -> None:
    sizes = [len(check_file(p).loaded.layout.circuit) for p in SHIPPED]
    assert sizes.count(24) >= 4
    assert any(size > 24 for size in sizes)
