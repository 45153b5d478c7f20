"""``trackkit generate race``: random legal RACE! tracks."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import guarded
from trackkit.cli.generated_output import (
    COUNT_OPTION,
    DIRECTION_OPTION,
    FORCE_OPTION,
    GENERATED_FORMAT_OPTION,
    OUTPUT_OPTION,
    SEED_OPTION,
    SVG_OPTION,
    Direction,
    GeneratedFormat,
    make_and_deliver,
)

__all__ = ["register"]


def register(generate: typer.Typer) -> None:
    @generate.command(short_help="RACE! tracks of spaces and corners.")
    def race(
        output: Path | None = OUTPUT_OPTION,
        svg: Path | None = SVG_OPTION,
        spaces: int | None = typer.Option(
            None, "--spaces", help="Spaces round the loop. [default: 40]", show_default=False
        ),
        corners: int | None = typer.Option(
            None, "--corners", help="Exactly this many corners. [default: 2 to 6]", show_default=False
        ),
        laps: int | None = typer.Option(
            None, "--laps", help="Laps of the race. [default: 2]", show_default=False
        ),
        cars: int | None = typer.Option(
            None,
            "--cars",
            "--racers",
            help="Racers on the grid (the file's 'racers'). [default: 6]",
            show_default=False,
        ),
        direction: Direction = DIRECTION_OPTION,
        seed: int | None = SEED_OPTION,
        count: int = COUNT_OPTION,
        force: bool = FORCE_OPTION,
        output_format: GeneratedFormat = GENERATED_FORMAT_OPTION,
    ) -> None:
        """Random legal RACE! tracks: a loop of spaces with rated corners.

        Every track is checked against the rules before it is written.

        \b
        Examples:
          trackkit generate race --spaces 40 --corners 4 --seed 7
          trackkit generate race --cars 8 --direction counterclockwise --laps 3 --seed 7 -f json
        """
        from trackkit.race.generate import RaceRequest, generate_tracks

        with guarded():
            given = {"spaces": spaces, "racers": cars, "laps": laps}
            request = RaceRequest(
                corners=corners,
                direction=None if direction is Direction.any else direction.value,
                **{name: value for name, value in given.items() if value is not None},
            )
            make_and_deliver(
                lambda used, bar: generate_tracks(request, seed=used, count=count, track_progress=bar),
                output, svg, count, seed, force=force, output_format=output_format,
            )
