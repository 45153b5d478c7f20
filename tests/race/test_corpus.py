"""Every RACE! layout in tests/race/corpus/ gets exactly the verdict recorded
for it, and every shipped RACE! layout is legal."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import (
    RACE_SHIPPED,
    ROOT,
    catalog_ids,
    corpus_files,
    corpus_notes,
    recorded_verdicts,
    rules_broken,
    verdict_of,
)

from trackkit.api import check_file

CORPUS = ROOT / "tests" / "race" / "corpus"
EXPECTED = recorded_verdicts(CORPUS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_layout_gets_its_recorded_verdict(name: str) -> None:
    assert verdict_of(CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    assert corpus_files(CORPUS) == set(EXPECTED)


@pytest.mark.parametrize("path", RACE_SHIPPED, ids=lambda p: p.name)
def test_shipped_race_layout_is_legal_without_warnings(path: Path) -> None:
    report = check_file(path).report
    assert report.findings == ()


def test_figure1_race_is_shipped() -> None:
    assert ROOT / "layouts" / "figure1-race.yaml" in RACE_SHIPPED


def test_players_may_allow_the_finish_line_in_a_corner(tmp_path: Path) -> None:
    text = (CORPUS / "finish-in-corner.yaml").read_text() + "finish_in_corner: true\n"
    path = tmp_path / "allowed.yaml"
    path.write_text(text)
    assert verdict_of(path) == {"exit": 0, "findings": ["warning race/finish-corner 0", "warning race/grid-corner 0"]}


def test_the_corpus_holds_twenty_layouts_legal_and_illegal_each_naming_its_sentence() -> None:
    notes = corpus_notes(CORPUS)
    assert len(notes) >= 20
    assert {verdict["exit"] for verdict in EXPECTED.values()} == {0, 1}
    assert all(note.startswith('# Rulebook: "') for note in notes.values()), notes


def test_the_corpus_breaks_every_rule() -> None:
    assert catalog_ids("race") == rules_broken(EXPECTED)
