"""Every course in tests/motocross/corpus/ gets exactly the verdict recorded
for it, and every shipped Motocross course is legal with no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from support import MOTOCROSS_CORPUS, MOTOCROSS_SHIPPED

from trackkit.api import check_file

EXPECTED: dict[str, dict[str, object]] = yaml.safe_load((MOTOCROSS_CORPUS / "expected.yaml").read_text())


def summarise(path: Path) -> dict[str, object]:
    report = check_file(path).report
    findings = [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in report.findings]
    return {"exit": 0 if report.valid else 1, "findings": findings}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_course_gets_its_recorded_verdict(name: str) -> None:
    assert summarise(MOTOCROSS_CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    files = {p.name for p in MOTOCROSS_CORPUS.glob("*.yaml")} - {"expected.yaml"}
    assert files == set(EXPECTED)


def test_the_corpus_breaks_every_rule() -> None:
    from trackkit.motocross.rules import RULES

    findings = [finding for verdict in EXPECTED.values() for finding in verdict["findings"]]  # type: ignore[attr-defined]
    rules = {str(finding).split()[1] for finding in findings}
    named = {rule.__name__.removeprefix("check_").replace("_", "-") for rule in RULES}
    assert named == rules


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=lambda p: p.name)
def test_shipped_course_is_legal_without_warnings(path: Path) -> None:
    assert summarise(path) == {"exit": 0, "findings": []}


def test_shipped_courses_cover_both_player_counts_and_the_most_ramps() -> None:
    courses = [check_file(p).loaded.layout for p in MOTOCROSS_SHIPPED]
    assert {c.players for c in courses} == {3, 4}
    assert max(len(c.ramps) for c in courses) == 12
    assert all(p.name.startswith("motocross-") for p in MOTOCROSS_SHIPPED)
