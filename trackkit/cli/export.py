"""``trackkit export FILE --to piecepackr|ppn``: the setup's pieces for the
piecepack drawing tools."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from trackkit.cli.common import choice, exit_if_illegal, guarded, layout_argument

__all__ = ["ExportForm", "register"]


class ExportForm(StrEnum):
    """What ``--to`` writes (see :mod:`trackkit.export`)."""

    piecepackr = "piecepackr"
    ppn = "ppn"


def register(app: typer.Typer) -> None:
    @app.command()
    def export(
        file: Path = layout_argument("Layout file."),
        to: ExportForm = typer.Option(
            ...,
            "--to",
            help="piecepackr: a data-frame CSV; ppn: a Portable Piecepack Notation file.",
            parser=choice(ExportForm, "an export form"),
            metavar="piecepackr|ppn",
        ),
        out: Path | None = typer.Option(None, "--output", "-o", help="Write here instead of printing."),
        force: bool = typer.Option(False, "--force", help="Replace an output file that exists."),
    ) -> None:
        """Write the setup's pieces: tiles grid side up, the lap die showing the
        laps, the hazard coins and the cars on the starting grid, in inches
        (a tile is 2 wide), angles counter-clockwise in degrees.

        In R: df <- read.csv("track.csv"); piecepackr::pmap_piece(df, default.units = "in",
        envir = piecepackr::game_systems())
        """
        from trackkit.export import export_checked

        with guarded(file):
            written = export_checked(file, to.value, out, force=force)
        if out is None:
            typer.echo(written.text, nl=False)
        else:
            typer.echo(f"wrote {out}", err=True)
        exit_if_illegal(file, written.report.errors)
