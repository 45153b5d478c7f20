"""``trackkit lanes FILE``: the inside lane of every tile, corner by corner."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, layout_argument, show_study

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def lanes(
        file: Path = layout_argument("Layout file."),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Show each tile's inside lane: the side the next corner turns toward."""
        show_study(file, "lanes", output, errors_as_json=output is OutputFormat.json)
