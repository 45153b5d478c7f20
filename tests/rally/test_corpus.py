"""Every deck in tests/rally/corpus/ gets exactly the verdict recorded for
it, and every shipped rally deck is legal with no warnings."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from support import LAYOUTS, ROOT, game_of_file

from trackkit.api import check_file

CORPUS = ROOT / "tests" / "rally" / "corpus"
SHIPPED = sorted(p for p in LAYOUTS.glob("*.yaml") if game_of_file(p) == "rally")
EXPECTED: dict[str, dict[str, object]] = yaml.safe_load((CORPUS / "expected.yaml").read_text())


def summarise(path: Path) -> dict[str, object]:
    report = check_file(path).report
    findings = [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in report.findings]
    return {"exit": 0 if report.valid else 1, "findings": findings}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_deck_gets_its_recorded_verdict(name: str) -> None:
    assert summarise(CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    files = {p.name for p in CORPUS.glob("*.yaml")} - {"expected.yaml"}
    assert files == set(EXPECTED)


def test_the_corpus_breaks_every_rule_and_each_file_the_rule_it_is_named_after() -> None:
    from trackkit.rally.rules import RULES

    named = {rule.__name__.removeprefix("check_").replace("_", "-") for rule in RULES}
    broken: set[str] = set()
    for name, verdict in EXPECTED.items():
        rules = {str(finding).split()[1] for finding in verdict["findings"]}  # type: ignore[attr-defined]
        assert any(name.startswith(rule + "-") for rule in rules), name
        broken |= rules
    assert broken == named


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_deck_is_legal_without_warnings(path: Path) -> None:
    assert summarise(path) == {"exit": 0, "findings": []}


def test_shipped_decks_cover_the_base_game_and_the_expansion() -> None:
    decks = [check_file(p).loaded.layout for p in SHIPPED]
    assert [p.name for p in SHIPPED] == ["rally-base.yaml", "rally-expansion.yaml"]
    assert [(len(d), d.expansion) for d in decks] == [(16, False), (20, True)]
