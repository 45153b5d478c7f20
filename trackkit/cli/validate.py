"""``trackkit validate FILE...``: check layouts against the rules."""

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
    print_json,
)
from trackkit.errors import LayoutError

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def validate(
        files: list[Path] = typer.Argument(
            ..., help="Layout files to check; - reads standard input.", show_default=False
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Check layouts and report every broken rule.

        Exit status: 0 legal, 1 a rule is broken, 2 a file cannot be read.
        """
        from trackkit.api import check_documents
        from trackkit.formats.report import json_report, text_report

        code = EXIT_LEGAL
        results: list[dict[str, Any]] = []
        for file in files:
            try:
                documents = check_documents(file)
            except LayoutError as error:
                typer.echo(error.one_line(), err=True)
                results.append({"file": error.file or str(file), "valid": False, "error": _error_json(error)})
                code = EXIT_BAD_INPUT
                continue
            for checked in documents:
                if not checked.report.valid:
                    code = max(code, EXIT_ILLEGAL)
                if output is OutputFormat.json:
                    results.append(json_report(checked))
                else:
                    typer.echo(text_report(checked))
        if output is OutputFormat.json:
            print_json(results[0] if len(results) == 1 else results)
        raise typer.Exit(code)


def _error_json(error: LayoutError) -> dict[str, Any]:
    return {"message": error.message, "line": error.line, "column": error.column, "hint": error.hint}
