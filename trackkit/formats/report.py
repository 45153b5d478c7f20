"""Validation reports as text (like a compiler's) and as JSON-ready data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.findings import Finding, Report
from trackkit.formats.racepack_yaml import LoadedLayout
from trackkit.racepack.constructions import extra_tile_count


@dataclass(frozen=True)
class CheckedFile:
    """A layout file, as read, with its report."""

    loaded: LoadedLayout
    report: Report


def finding_location(checked: CheckedFile, finding: Finding) -> tuple[int, int]:
    """The line and column a finding points at: its first tile's path token
    or ``tiles`` entry, else the key it is about, else the circuit key."""
    source = checked.loaded.source
    for tile in finding.tiles:
        place = source.tile(tile)
        if place is not None:
            return place
    for key in (_RULE_KEYS.get(finding.rule), source.form):
        if key and key in source.keys:
            return source.keys[key]
    return (1, 1)


_RULE_KEYS = {"start-finish": "start", "tile-budget": "packs", "pit-lane": "pit", "wide-straight": "wide"}


def text_report(checked: CheckedFile) -> str:
    """``FILE:LINE:COL: severity[rule]: message`` lines, hints, and a summary."""
    lines: list[str] = []
    file = checked.loaded.file
    for finding in checked.report.findings:
        line, column = finding_location(checked, finding)
        lines.append(f"{file}:{line}:{column}: {finding.severity.value}[{finding.rule}]: {finding.message}")
        if finding.hint:
            lines.append(f"    hint: {finding.hint}")
    lines.append(summary_line(checked))
    return "\n".join(lines)


def summary_line(checked: CheckedFile) -> str:
    report = checked.report
    counts = f"{_plural(len(report.errors), 'error')}, {_plural(len(report.warnings), 'warning')}"
    verdict = "legal" if report.valid else "illegal"
    layout = checked.loaded.layout
    tiles = len(layout.circuit) + extra_tile_count(layout)
    return f"{checked.loaded.file}: {verdict} ({tiles} tiles; {counts})"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def json_report(checked: CheckedFile) -> dict[str, Any]:
    """``{"file", "valid", "findings": [...]}`` for one file."""
    return {
        "file": checked.loaded.file,
        "valid": checked.report.valid,
        "findings": [finding.as_json() for finding in checked.report.findings],
    }
