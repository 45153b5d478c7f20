"""``trackkit grid FILE [--cars N]``: where each car starts."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, layout_argument, show_study

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def grid(
        file: Path = layout_argument("Layout file."),
        cars: int | None = typer.Option(
            None, "--cars", "-n", help="Cars in the race [default: the layout's 'cars'].", show_default=False
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Line the cars up two abreast behind the start/finish line, pole on the inside.

        Exit status: 0 the grid fits, 1 it does not fit on the straight behind
        the line (or the track breaks a rule), 2 the file cannot be read.
        """
        show_study(file, "grid", output, errors_as_json=output is OutputFormat.json, cars=cars)
