"""``trackkit show FILE``: preview a track in the terminal.

Colour is used when standard output is a terminal and the ``NO_COLOR``
environment variable is unset or empty; ``--color`` and ``--no-color`` decide
instead.  The width is the terminal's (80 characters when it cannot be told)
unless ``--width`` is given.  Exit status as for ``render``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import typer

from trackkit.cli.common import exit_if_illegal, guarded, is_terminal, layout_argument
from trackkit.cli.render import print_notes
from trackkit.errors import OutputError

__all__ = [
    "DEFAULT_WIDTH",
    "refuse_unprintable",
    "register",
    "terminal_width",
    "wants_color",
]

DEFAULT_WIDTH = 80
"""The width used when the terminal's cannot be found."""


def wants_color(forced: bool | None) -> bool:
    """``forced`` when given; else colour on a terminal unless ``NO_COLOR`` is set."""
    if forced is not None:
        return forced
    return is_terminal() and not os.environ.get("NO_COLOR")


def terminal_width() -> int:
    """The terminal's width in characters, or :data:`DEFAULT_WIDTH`."""
    return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns or DEFAULT_WIDTH


def refuse_unprintable(text: str) -> None:
    """Raise :class:`~trackkit.errors.OutputError` when standard output's
    encoding cannot show the preview's box-drawing characters."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        raise OutputError(
            f"standard output's encoding ({encoding}) cannot show the preview; set PYTHONIOENCODING=utf-8"
        ) from None


def register(app: typer.Typer) -> None:
    @app.command()
    def show(
        file: Path = layout_argument("Layout file to preview."),
        width: int | None = typer.Option(
            None, "--width", "-w", help="Fit the preview in this many characters (default: the terminal's)."
        ),
        color: bool | None = typer.Option(
            None, "--color/--no-color", help="Force colour on or off (default: on for a terminal)."
        ),
        grid: bool = typer.Option(False, "--grid", help="Show the starting grid: ◉ pole car, ○ the others."),
        light: bool = typer.Option(False, "--light", help="Colours for a terminal with a light background."),
        ascii_only: bool = typer.Option(False, "--ascii", help="Plain ASCII characters only."),
        line: bool = typer.Option(
            False,
            "--line",
            help="Show the fastest safe lap: · passed, speed where a movement ends, ● turn ends.",
        ),
    ) -> None:
        """Preview a track in the terminal: one cell per space, corner numbers,
        start/finish line and lap die."""
        from trackkit.api import preview_file

        painted = wants_color(color)
        with guarded(file):
            wide = width if width is not None else terminal_width()
            drawing = preview_file(file, wide, painted, grid, light=light, ascii=ascii_only, line=line)
        with guarded(file):
            refuse_unprintable(drawing.text or "")
        print_notes(file, drawing.notes)
        typer.echo(drawing.text, nl=False, color=painted)
        exit_if_illegal(file, drawing.report.errors)
