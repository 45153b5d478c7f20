"""Every course in tests/motocross/corpus/ gets exactly the verdict recorded
for it, and every shipped Motocross course is legal with no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import (
    MOTOCROSS_CORPUS,
    MOTOCROSS_SHIPPED,
    catalog_ids,
    corpus_files,
    corpus_notes,
    recorded_verdicts,
    rules_broken,
    verdict_of,
)

from trackkit.api import check_file

EXPECTED = recorded_verdicts(MOTOCROSS_CORPUS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_course_gets_its_recorded_verdict(name: str) -> None:
    assert verdict_of(MOTOCROSS_CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    assert corpus_files(MOTOCROSS_CORPUS) == set(EXPECTED)


def test_the_corpus_breaks_every_rule() -> None:
    assert catalog_ids("motocross") == rules_broken(EXPECTED)


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=lambda p: p.name)
def test_shipped_course_is_legal_without_warnings(path: Path) -> None:
    assert verdict_of(path) == {"exit": 0, "findings": []}


def test_shipped_courses_cover_both_player_counts_and_the_most_ramps() -> None:
    courses = [check_file(p).loaded.layout for p in MOTOCROSS_SHIPPED]
    assert {c.players for c in courses} == {3, 4}
    assert max(len(c.ramps) for c in courses) == 12
    assert all(p.name.startswith("motocross-") for p in MOTOCROSS_SHIPPED)


def test_the_corpus_holds_twenty_layouts_legal_and_illegal_each_naming_its_sentence() -> None:
    notes = corpus_notes(MOTOCROSS_CORPUS)
    assert len(notes) >= 20
    assert {verdict["exit"] for verdict in EXPECTED.values()} == {0, 1}
    assert all(note.startswith('# Rulebook: "') for note in notes.values()), notes
