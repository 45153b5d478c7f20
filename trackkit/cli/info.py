"""``trackkit info FILE``: corners, straights, start and size of a track."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, guarded, print_json


def register(app: typer.Typer) -> None:
    @app.command()
    def info(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Describe a track: direction, numbered corners, straights, start, size."""
        from trackkit.api import load
        from trackkit.formats.info import info_json, info_text

        with guarded():
            loaded = load(file)
            if output is OutputFormat.json:
                print_json(info_json(loaded.layout))
            else:
                typer.echo(info_text(loaded.layout))
