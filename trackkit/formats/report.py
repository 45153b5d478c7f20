"""Validation reports as text (like a compiler's) and as JSON-ready data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.errors import LayoutError
from trackkit.findings import Finding, Report
from trackkit.layoutfile.source import LoadedLayout

__all__ = [
    "CheckedFile",
    "error_json",
    "finding_line",
    "finding_location",
    "json_report",
    "summary_line",
    "text_report",
    "unreadable_line",
    "verdict_of",
]


@dataclass(frozen=True)
class CheckedFile:
    """A layout file, as read, with its report."""

    loaded: LoadedLayout[Any]
    report: Report
    size: str
    """How big the layout is, in its game's words (``24 tiles``)."""


def finding_location(checked: CheckedFile, finding: Finding) -> tuple[int, int]:
    """The line and column a finding points at (see
    :meth:`~trackkit.layoutfile.source.SourceMap.finding_location`)."""
    return checked.loaded.source.finding_location(finding)


def text_report(checked: CheckedFile) -> str:
    """``FILE:LINE:COL: severity[rule]: message`` lines, hints, and a summary."""
    lines: list[str] = []
    for finding in checked.report.findings:
        lines.append(finding_line(checked, finding))
        if finding.hint:
            lines.append(f"    hint: {finding.hint}")
    lines.append(summary_line(checked))
    return "\n".join(lines)


def finding_line(checked: CheckedFile, finding: Finding) -> str:
    """``FILE:LINE:COL: severity[rule]: message``."""
    line, column = finding_location(checked, finding)
    where = f"{checked.loaded.file}:{line}:{column}"
    return f"{where}: {finding.severity.value}[{finding.rule}]: {finding.message}"


def summary_line(checked: CheckedFile) -> str:
    report = checked.report
    counts = f"{_plural(len(report.errors), 'error')}, {_plural(len(report.warnings), 'warning')}"
    return f"{checked.loaded.file}: {verdict_of(report)} ({checked.size}; {counts})"


def verdict_of(report: Report) -> str:
    """``legal`` (warnings allowed) or ``illegal`` (an error)."""
    return "legal" if report.valid else "illegal"


UNREADABLE = "unreadable"
"""The verdict on a file that could not be read as a layout."""


def unreadable_line(error: LayoutError) -> str:
    """``FILE: unreadable (3 errors)``: the verdict on a file the reader
    gave up on, after its problems."""
    return f"{error.file}: {UNREADABLE} ({_plural(len(error.every()), 'error')})"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def json_report(checked: CheckedFile) -> dict[str, Any]:
    """``{"file", "verdict", "valid", "findings": [...]}`` for one file
    (``verdict`` is ``legal`` or ``illegal``); each finding carries the
    ``line`` and ``column`` it points at."""
    return {
        "file": checked.loaded.file,
        "verdict": verdict_of(checked.report),
        "valid": checked.report.valid,
        "findings": [_located_json(checked, finding) for finding in checked.report.findings],
    }


def _located_json(checked: CheckedFile, finding: Finding) -> dict[str, Any]:
    line, column = finding_location(checked, finding)
    return {**finding.as_json(), "line": line, "column": column}


def error_json(error: LayoutError) -> dict[str, Any]:
    """A file that could not be read, as JSON-ready data: ``file``,
    ``verdict`` (``unreadable``), ``valid`` (false), ``errors`` (every problem, each with ``message``,
    ``line``, ``column`` and ``hint``) and ``error`` (the first of them)."""
    problems = [
        {"message": e.message, "line": e.line, "column": e.column, "hint": e.hint} for e in error.every()
    ]
    return {
        "file": error.file,
        "verdict": UNREADABLE,
        "valid": False,
        "error": problems[0],
        "errors": problems,
    }
