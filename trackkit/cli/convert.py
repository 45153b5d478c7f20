"""``trackkit convert FILE --to path|tiles|race``: rewrite a layout's circuit,
or turn a Racepack circuit into a RACE! track."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from trackkit.cli.common import choice, exit_if_illegal, guarded, layout_argument

__all__ = [
    "CircuitForm",
    "register",
]


class CircuitForm(StrEnum):
    path = "path"
    tiles = "tiles"
    race = "race"


def register(app: typer.Typer) -> None:
    @app.command()
    def convert(
        file: Path = layout_argument("Layout file to read."),
        to: CircuitForm = typer.Option(
            ...,
            "--to",
            help="Write the circuit as a path or as tiles, or as a RACE! track.",
            parser=choice(CircuitForm, "a circuit form"),
            metavar="path|tiles|race",
        ),
        out: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of printing."),
        force: bool = typer.Option(False, "--force", help="Replace the output file if it exists."),
    ) -> None:
        """Write a layout with its circuit as a path or as tile positions."""
        from trackkit.api import convert_checked

        with guarded(file):
            written = convert_checked(file, to.value, out, force=force)
            if out is None:
                typer.echo(written.text, nl=False)
            else:
                typer.echo(f"wrote {out}", err=True)
        exit_if_illegal(file, written.report.errors)
