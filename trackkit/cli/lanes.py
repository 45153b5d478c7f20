"""``trackkit lanes FILE``: the inside lane of every tile, corner by corner."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, exit_if_layout_illegal, guarded, print_json

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def lanes(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False, metavar="FILE"),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Show each tile's inside lane: the side the next corner turns toward."""
        from trackkit.api import load_racepack
        from trackkit.racepack.formats.lanes_grid_hazards import lanes_json, lanes_text
        from trackkit.racepack.lanes import inside_lanes

        with guarded(file, output is OutputFormat.json):
            loaded = load_racepack(file, "inside lanes")
            found = inside_lanes(loaded.layout)
            if output is OutputFormat.json:
                print_json(lanes_json(found))
            else:
                typer.echo(lanes_text(loaded.layout, found))
        exit_if_layout_illegal(file, loaded.layout)
