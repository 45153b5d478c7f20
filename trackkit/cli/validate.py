"""``trackkit validate FILE|DIR|-...``: check layouts against the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from trackkit.cli.common import (
    COLOR_OPTION,
    EXIT_BAD_INPUT,
    EXIT_ILLEGAL,
    EXIT_LEGAL,
    FORMAT_OPTION,
    ColorMode,
    OutputFormat,
    colored,
    guarded,
    print_json,
)
from trackkit.cli.completion import complete_layouts

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
            autocompletion=complete_layouts,
            metavar="FILE|DIR|-...",
        ),
        output: OutputFormat = FORMAT_OPTION,
        strict: bool = typer.Option(False, "--strict", help="Treat warnings as failures (exit 1)."),
        quiet: int = typer.Option(
            0,
            "--quiet",
            "-q",
            count=True,
            help="-q: only the findings, one line each (no hints, verdicts or summary); -qq: nothing,"
            " just the exit status.",
            show_default=False,
        ),
        color: ColorMode = COLOR_OPTION,
    ) -> None:
        """Check layouts and report every broken rule.

        Every file gets a verdict line: legal, illegal or unreadable (after
        its problems); with more than one layout a summary line ends the
        report.  Each finding comes in file order with the line it points
        at, the token at fault underlined.  The report, unreadable files
        included, goes to standard output.  Exit status: 0 legal, 1 a rule is broken (or, with
        --strict, a warning), 2 a file cannot be read.

        Example: trackkit validate layouts/ --strict
        """
        from trackkit.batch import check_sources
        from trackkit.cli.progress import stderr_bar

        with guarded():
            results = list(check_sources([str(file) for file in files], progress=stderr_bar("checking")))
        if quiet < QUIET_SILENT:
            if output is OutputFormat.json:
                print_json(_json_entries(results))
            else:
                _print_results(results, quiet > 0, colored(color))
        raise typer.Exit(exit_status(results, strict))


QUIET_SILENT = 2
"""``-qq``: print nothing at all."""


def exit_status(results: list[Any], strict: bool) -> int:
    """2 when a source could not be read, else 1 when a layout breaks a
    rule (or, with ``strict``, has a warning), else 0."""
    if any(result.error is not None for result in results):
        return EXIT_BAD_INPUT
    failing = (
        not checked.report.valid or (strict and checked.report.warnings)
        for result in results
        for checked in result.checked
    )
    return EXIT_ILLEGAL if any(failing) else EXIT_LEGAL


def _json_entries(results: list[Any]) -> Any:
    """One entry per layout (and per unreadable source), in order; a lone
    entry is printed as an object rather than a list of one."""
    from trackkit.formats.report import error_json, json_report

    data: list[dict[str, Any]] = []
    for result in results:
        if result.error is not None:
            data.append(error_json(result.error))
        data.extend(json_report(checked) for checked in result.checked)
    return data[0] if len(data) == 1 else data


def _print_results(results: list[Any], quiet: bool, color: bool) -> None:
    """Every source's findings (or problems) and verdict, then the summary
    over several layouts; ``quiet`` keeps only the finding lines, ``color``
    colours them."""
    from trackkit.batch import tally
    from trackkit.formats.report import (
        error_lines,
        finding_line,
        located_findings,
        text_report,
        unreadable_line,
    )

    for result in results:
        if result.error is not None:
            if quiet:
                typer.echo("\n".join(result.error.lines()))
            else:
                typer.echo("\n".join(error_lines(result.error, result.text, color)), color=color)
            if not quiet:
                typer.echo(unreadable_line(result.error))
            continue
        for checked in result.checked:
            if quiet:
                for finding, span in located_findings(checked):
                    typer.echo(finding_line(checked, finding, span, color), color=color)
            else:
                typer.echo(text_report(checked, color), color=color)
    counts = tally(results)
    if counts.layouts > 1 and not quiet:
        typer.echo(summary_words(counts.legal, counts.warned, counts.illegal, counts.unreadable))


def summary_words(legal: int, warned: int, illegal: int, unreadable: int) -> str:
    """``3 layouts: 2 legal (1 with warnings), 1 illegal, 0 unreadable``."""
    total = legal + illegal + unreadable
    noun = "layout" if total == 1 else "layouts"
    with_warnings = f" ({warned:,} with warnings)" if warned else ""
    return f"{total:,} {noun}: {legal:,} legal{with_warnings}, {illegal:,} illegal, {unreadable:,} unreadable"
