"""``trackkit analyze FILE``: how a track plays for one car alone."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, layout_argument, show_study

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def analyze(
        file: Path = layout_argument("Layout file."),
        target_turns: int | None = typer.Option(
            None, "--target-turns", help="Recommend the number of laps for a race of about this many turns."
        ),
        chicane_cuts: bool = typer.Option(
            True,
            "--chicane-cuts/--no-chicane-cuts",
            help="Allow lane changes that cut the corners of a chicane's jog (the rules say it makes sense).",
        ),
        plan: bool = typer.Option(
            False,
            "--plan",
            help="Also print the risk-taking plan: the turn taken from every place (in JSON: policy).",
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """How a track plays: fastest safe and risky laps, corners, race length.

        On a Motocross course: the fewest turns a lone rider needs, and the chance of clearing each ramp."""
        show_study(
            file, "analyze", output, errors_as_json=False, detail=plan,
            target_turns=target_turns, chicane_cuts=chicane_cuts, plan=plan,
        )
