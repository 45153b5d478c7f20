"""``trackkit validate FILE|DIR|-...``: check layouts against the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from trackkit.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_ILLEGAL,
    EXIT_LEGAL,
    FORMAT_OPTION,
    OutputFormat,
    guarded,
    print_json,
)

__all__ = [
    "register",
    "summary_words",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def validate(
        files: list[Path] = typer.Argument(
            ...,
            help="Layout files; a folder means every .yaml file in it, '-' standard input.",
            show_default=False,
            metavar="FILE|DIR|-...",
        ),
        output: OutputFormat = FORMAT_OPTION,
        strict: bool = typer.Option(False, "--strict", help="Treat warnings as failures (exit 1)."),
        quiet: bool = typer.Option(
            False, "--quiet", "-q", help="Print only the problems: no hints, no lines for legal layouts."
        ),
    ) -> None:
        """Check layouts and report every broken rule.

        Exit status: 0 legal, 1 a rule is broken (or, with --strict, a
        warning), 2 a file cannot be read.  With more than one layout a
        summary line ends the report.

        Example: trackkit validate layouts/ --strict
        """
        from trackkit.batch import check_sources, tally
        from trackkit.formats.report import error_json, json_report

        with guarded():
            results = list(check_sources([str(file) for file in files]))
        code = EXIT_LEGAL
        data: list[dict[str, Any]] = []
        for result in results:
            if result.error is not None:
                typer.echo("\n".join(result.error.lines()), err=True)
                data.append(error_json(result.error))
                code = EXIT_BAD_INPUT
                continue
            for checked in result.checked:
                report = checked.report
                if not report.valid or (strict and report.warnings):
                    code = max(code, EXIT_ILLEGAL)
                data.append(json_report(checked))
                if output is OutputFormat.text:
                    _print_text(checked, strict, quiet)
        counts = tally(results)
        if output is OutputFormat.json:
            print_json(data[0] if len(data) == 1 else data)
        elif counts.layouts > 1 and not quiet:
            typer.echo(summary_words(counts.legal, counts.warned, counts.illegal, counts.unreadable))
        raise typer.Exit(code)


def _print_text(checked: Any, strict: bool, quiet: bool) -> None:
    """The full report; with ``quiet`` only the findings that fail the run
    (errors, and with ``strict`` warnings too), one line each, no hints."""
    from trackkit.formats.report import finding_line, text_report

    if not quiet:
        typer.echo(text_report(checked))
        return
    failing = checked.report.findings if strict else checked.report.errors
    for finding in failing:
        typer.echo(finding_line(checked, finding))


def summary_words(legal: int, warned: int, illegal: int, unreadable: int) -> str:
    """``3 layouts: 2 legal (1 with warnings), 1 illegal, 0 unreadable``."""
    total = legal + illegal + unreadable
    noun = "layout" if total == 1 else "layouts"
    with_warnings = f" ({warned:,} with warnings)" if warned else ""
    return f"{total:,} {noun}: {legal:,} legal{with_warnings}, {illegal:,} illegal, {unreadable:,} unreadable"
