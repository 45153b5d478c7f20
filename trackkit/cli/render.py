"""``trackkit render FILE -o OUT``: draw a track as SVG, PNG or PDF.

Exit status as for every command (see :mod:`trackkit.cli.common`): 0 drawn
and the track is legal, 1 drawn but the track breaks a rule (the drawing
helps to see where), 2 the layout cannot be read or the command was used
wrongly (including PNG/PDF without cairosvg).
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import typer

from trackkit.cli.common import choice, exit_if_illegal, fail, guarded, layout_argument
from trackkit.errors import ArgumentError

__all__ = [
    "PaperName",
    "ThemeName",
    "print_notes",
    "register",
]


class ThemeName(StrEnum):
    """The looks ``--theme`` offers (see :mod:`trackkit.render.themes`)."""

    print = "print"
    color = "color"


class PaperName(StrEnum):
    """The sheet sizes ``--paper`` offers (see :mod:`trackkit.render.pages`)."""

    a4 = "a4"
    letter = "letter"


def register(app: typer.Typer) -> None:
    @app.command()
    def render(
        file: Path = layout_argument("Layout file to draw."),
        out: Path | None = typer.Option(
            None,
            "--output",
            "-o",
            help="Write here; the ending picks SVG, PNG or PDF (PNG and PDF need"
            ' pip install "trackkit[raster]").  Without it the SVG is printed.',
        ),
        true_size: bool = typer.Option(
            False, "--true-size", help="Size the picture in inches: printed at 100 %, tiles are 2 in."
        ),
        paper: PaperName | None = typer.Option(
            None,
            "--paper",
            parser=choice(PaperName, "a paper size"),
            metavar="a4|letter",
            help="Split the true-size picture over pages: OUT-1.svg, OUT-2.svg... (one file for PDF).",
        ),
        theme: ThemeName = typer.Option(
            ThemeName.print,
            "--theme",
            help="print (black and white) or color.",
            parser=choice(ThemeName, "a theme"),
            metavar="print|color",
        ),
        lanes: bool = typer.Option(False, "--lanes", help="Shade the inside lane."),
        grid: bool = typer.Option(False, "--grid", help="Show the starting grid, pole car filled in."),
        numbers: bool | None = typer.Option(
            None,
            "--numbers/--no-numbers",
            help="Print each tile's number as messages give it (default: when the track breaks a rule).",
        ),
        dpi: int | None = typer.Option(
            None,
            "--dpi",
            min=10,
            max=1200,
            help="PNG pixels per inch; draws at true size (default: 300 with --true-size or --paper).",
        ),
        line: bool = typer.Option(
            False, "--line", help="Draw the fastest safe lap's racing line, turn by turn."
        ),
        force: bool = typer.Option(False, "--force", help="Replace output files that exist."),
    ) -> None:
        """Draw a track like the rulebook's Figure 1: tiles, road, corner numbers,
        start/finish line and lap die."""
        from trackkit.api import render_file
        from trackkit.render.options import TRUE_SIZE_DPI, RenderOptions

        options = RenderOptions(
            theme=theme.value,
            true_size=true_size or dpi is not None,
            lanes=lanes,
            grid=grid,
            numbers=numbers,
            dpi=dpi or TRUE_SIZE_DPI,
            line=line,
        )
        if paper is not None and out is None:
            fail(ArgumentError("--paper writes several pages, so it needs --output"))
        from trackkit.cli.progress import stderr_bar

        bar = stderr_bar("drawing pages") if paper is not None else None
        with guarded(file):
            sheet = paper.value if paper else None
            drawing = render_file(file, out, options, sheet, force=force, progress=bar)
        print_notes(file, drawing.notes)
        if drawing.text is not None:
            typer.echo(drawing.text, nl=False)
        for path in drawing.written:
            typer.echo(f"wrote {path}", err=True)
        exit_if_illegal(file, drawing.report.errors)


def print_notes(file: Path, notes: tuple[str, ...]) -> None:
    """Say on standard error what was asked for but could not be drawn."""
    for note in notes:
        typer.echo(f"{file}: warning: {note}", err=True)
