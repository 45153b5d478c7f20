"""Every deck in tests/rally/corpus/ gets exactly the verdict recorded for
it, and every shipped rally deck is legal with no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import (
    LAYOUTS,
    ROOT,
    catalog_ids,
    corpus_files,
    corpus_notes,
    game_of_file,
    recorded_verdicts,
    verdict_of,
)

from trackkit.api import check_file
from trackkit.findings import local_name

CORPUS = ROOT / "tests" / "rally" / "corpus"
SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) == "rally")
EXPECTED = recorded_verdicts(CORPUS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_deck_gets_its_recorded_verdict(name: str) -> None:
    assert verdict_of(CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    assert corpus_files(CORPUS) == set(EXPECTED)


def test_the_corpus_breaks_every_rule_and_each_file_the_rule_it_is_named_after() -> None:
    named = catalog_ids("rally")
    broken: set[str] = set()
    for name, verdict in EXPECTED.items():
        rules = {str(finding).split()[1] for finding in verdict["findings"]}  # type: ignore[attr-defined]
        if name.startswith("legal-"):
            assert verdict == {"exit": 0, "findings": []}, name
            continue
        assert any(name.startswith(local_name(rule) + "-") for rule in rules), name
        broken |= rules
    assert broken == named


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_deck_is_legal_without_warnings(path: Path) -> None:
    assert verdict_of(path) == {"exit": 0, "findings": []}


def test_shipped_decks_cover_the_base_game_and_the_expansion() -> None:
    decks = [check_file(p).loaded.layout for p in SHIPPED]
    assert [p.name for p in SHIPPED] == ["rally-base.yaml", "rally-expansion.yaml"]
    assert [(len(d), d.expansion) for d in decks] == [(16, False), (20, True)]


def test_the_corpus_holds_twenty_layouts_legal_and_illegal_each_naming_its_sentence() -> None:
    notes = corpus_notes(CORPUS)
    assert len(notes) >= 20
    assert {verdict["exit"] for verdict in EXPECTED.values()} == {0, 1}
    assert all(note.startswith('# Rulebook: "') for note in notes.values()), notes
