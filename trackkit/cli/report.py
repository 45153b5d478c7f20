"""``trackkit report FILE``: a track's report card."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, guarded, layout_argument, print_json

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def report(
        file: Path = layout_argument("Layout file of a game with races."),
        races: int | None = typer.Option(
            None,
            "--races",
            help="Races of the layout's field (and a quarter as many two-car races); default: enough"
            " for each grid slot's win rate to within 6 points (210 for 4 cars, 150 for 6).",
        ),
        seed: int | None = typer.Option(None, "--seed", help="Seed for the dice and the starting order."),
        workers: int = typer.Option(
            1, "--workers", help="Worker processes (the figures do not depend on it)."
        ),
        output: Path | None = typer.Option(
            None, "--output", "-o", help="Also write the report's page: a .svg or .pdf file."
        ),
        force: bool = typer.Option(False, "--force", help="Replace the --output file if it exists."),
        form: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """How a track plays for a field of expert drivers: race length, grid fairness, lead
        changes, when the race is decided, incidents by corner, how much skill matters, and
        one difficulty rating."""
        from trackkit.api.report import report_file
        from trackkit.cli.progress import stderr_bar
        from trackkit.formats.track_report import report_json, report_text

        with guarded(file):
            found = report_file(
                file,
                races=races,
                seed=seed,
                workers=workers,
                progress=stderr_bar("racing"),
                output=output,
                force=force,
            )
        if form is OutputFormat.json:
            print_json(report_json(found))
        else:
            typer.echo(report_text(found))
        if output is not None:
            typer.echo(f"wrote {output}", err=True)
