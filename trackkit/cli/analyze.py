"""``trackkit analyze FILE``: how a track plays for one car alone."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, exit_if_layout_illegal, guarded, print_json

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def analyze(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False),
        target_turns: int | None = typer.Option(
            None, "--target-turns", help="Recommend the number of laps for a race of about this many turns."
        ),
        chicane_cuts: bool = typer.Option(
            True,
            "--chicane-cuts/--no-chicane-cuts",
            help="Allow lane changes that cut the corners of a chicane's jog (the rules say it makes sense).",
        ),
        plan: bool = typer.Option(
            False, "--plan", help="Also print the risk-taking plan: the turn taken from every place."
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """How a track plays: fastest safe and risky laps, corners, race length.

        On a Motocross course: the fewest turns a lone rider needs, and the chance of clearing each ramp."""
        from trackkit.api import analyze_file
        from trackkit.motocross.race.lone import LoneRider
        from trackkit.racepack.formats.analyze import analysis_json, analysis_text, policy_text

        with guarded(file):
            layout, play = analyze_file(file, target_turns, chicane_cuts=chicane_cuts)
        if isinstance(play, LoneRider):
            from trackkit.motocross.formats.analyze import lone_rider_json, lone_rider_text

            if output is OutputFormat.json:
                print_json(lone_rider_json(layout, play))
            else:
                typer.echo(lone_rider_text(layout, play))
            exit_if_layout_illegal(file, layout)
            return
        if output is OutputFormat.json:
            print_json(analysis_json(play))
        else:
            typer.echo(analysis_text(layout, play))
            if plan:
                typer.echo("")
                typer.echo(policy_text(play))
        exit_if_layout_illegal(file, layout)
