"""Every RACE! layout in tests/race/corpus/ gets exactly the verdict recorded
for it, and every shipped RACE! layout is legal."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from support import RACE_SHIPPED, ROOT

from trackkit.api import check_file

CORPUS = ROOT / "tests" / "race" / "corpus"
EXPECTED: dict[str, dict[str, object]] = yaml.safe_load((CORPUS / "expected.yaml").read_text())


def summarise(path: Path) -> dict[str, object]:
    report = check_file(path).report
    findings = [" ".join([f.severity.value, f.rule, *map(str, f.tiles)]) for f in report.findings]
    return {"exit": 0 if report.valid else 1, "findings": findings}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_layout_gets_its_recorded_verdict(name: str) -> None:
    assert summarise(CORPUS / name) == EXPECTED[name]


def test_every_corpus_file_has_a_recorded_verdict() -> None:
    files = {p.name for p in CORPUS.glob("*.yaml")} - {"expected.yaml"}
    assert files == set(EXPECTED)


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
    assert summarise(path) == {"exit": 0, "findings": ["warning finish-corner 0", "warning grid-corner 0"]}
