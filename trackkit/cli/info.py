"""``trackkit info FILE``: corners, straights, start and size of a track."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import (
    FORMAT_OPTION,
    OutputFormat,
    exit_if_illegal,
    guarded,
    layout_argument,
    print_json,
)

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def info(
        file: Path = layout_argument("Layout file."),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Describe a track: direction, numbered corners, straights, start, size."""
        from trackkit.api import describe

        with guarded(file, output is OutputFormat.json):
            found = describe(file, as_json=output is OutputFormat.json)
        if isinstance(found.shown, dict):
            print_json(found.shown)
        else:
            typer.echo(found.shown)
        exit_if_illegal(file, found.report.errors)
