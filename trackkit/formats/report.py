"""Validation reports as text (like a compiler's) and as JSON-ready data.

Findings are reported in file order (line, then column, then rule id), each
with the place it points at; the text report quotes the line under each
finding with the token at fault underlined (see
:mod:`trackkit.formats.diagnostics`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.errors import LayoutError
from trackkit.findings import Finding, Report
from trackkit.formats.diagnostics import SourceLines, Span, excerpt_lines, hint_line, painted, severity_words
from trackkit.layoutfile.source import LoadedLayout

__all__ = [
    "CheckedFile",
    "error_json",
    "error_lines",
    "finding_line",
    "finding_location",
    "json_report",
    "located_findings",
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


def located_findings(checked: CheckedFile) -> list[tuple[Finding, Span]]:
    """Every finding with the span it points at, in file order: by line,
    column and rule id, a rule's summing-up finding (``and 1,497 more``)
    right after the rule's last listed one."""
    lines = SourceLines(checked.loaded.text)
    source = checked.loaded.source
    keyed: list[tuple[tuple[int, int, str, int, int], Finding, Span]] = []
    last: dict[str, tuple[int, int, str, int, int]] = {}
    for index, finding in enumerate(checked.report.findings):
        line, column = finding_location(checked, finding)
        span = lines.span(line, column, source.widths.get((line, column)))
        key = (line, column, finding.rule, 0, index)
        if finding.summary and finding.rule in last:
            key = (*last[finding.rule][:3], 1, index)
        last[finding.rule] = max(last.get(finding.rule, key), key)
        keyed.append((key, finding, span))
    return [(finding, span) for _, finding, span in sorted(keyed, key=lambda item: item[0])]


def text_report(checked: CheckedFile, color: bool = False) -> str:
    """Each finding in file order (its ``FILE:LINE:COL: severity[rule]:
    message`` line, the file's line with the token at fault underlined, its
    hint), then the verdict; coloured by ANSI escapes with ``color``."""
    lines: list[str] = []
    quoted = SourceLines(checked.loaded.text)
    for finding, span in located_findings(checked):
        lines.append(finding_line(checked, finding, span, color))
        lines.extend(excerpt_lines(quoted, span, finding.severity.value, color))
        if finding.hint:
            lines.append(hint_line(finding.hint, color))
    lines.append(summary_line(checked))
    return "\n".join(lines)


def finding_line(checked: CheckedFile, finding: Finding, span: Span, color: bool = False) -> str:
    """``FILE:LINE:COL: severity[rule]: message`` (the severity coloured
    with ``color``)."""
    where = f"{checked.loaded.file}:{span.line}:{span.column}"
    return f"{where}: {severity_words(finding.severity.value, finding.rule, color)}: {finding.message}"


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


def error_lines(error: LayoutError, text: str | None, color: bool = False) -> list[str]:
    """Each problem of a file the reader gave up on, as validate shows a
    finding: its ``FILE:LINE:COL: error: message (hint)`` line, then, when
    the file's ``text`` is known and the problem's line holds something
    (not the end of the file), that line quoted with the word at its
    column underlined; ``error`` coloured with ``color``."""
    lines: list[str] = []
    quoted = SourceLines(_printable(text)) if text is not None else None
    for problem in error.every():
        where, _, said = problem.one_line().partition(": error: ")
        lines.append(f"{where}: {painted('error', 'error', color)}: {said}")
        if quoted is not None and problem.line is not None and (quoted.line(problem.line) or "").strip():
            span = quoted.span(problem.line, problem.column or 1, None)
            lines.extend(excerpt_lines(quoted, span, "error", color))
    return lines


def _printable(text: str) -> str:
    """``text`` with each character a terminal would act on rather than
    show (a control character, an escape) quoted as ``?``, one for one, so
    columns keep their places."""
    return "".join(c if c.isprintable() or c in "\t\n\r" else "?" for c in text)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def json_report(checked: CheckedFile) -> dict[str, Any]:
    """``{"file", "verdict", "valid", "findings": [...]}`` for one file
    (``verdict`` is ``legal`` or ``illegal``); each finding, in file order,
    carries the ``line`` and ``column`` it points at and ``end_column``,
    the column just past the token at fault."""
    return {
        "file": checked.loaded.file,
        "verdict": verdict_of(checked.report),
        "valid": checked.report.valid,
        "findings": [
            {**finding.as_json(), "line": span.line, "column": span.column, "end_column": span.end_column}
            for finding, span in located_findings(checked)
        ],
    }


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
