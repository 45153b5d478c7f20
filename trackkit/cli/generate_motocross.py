"""``trackkit generate motocross``: random legal Motocross courses."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import guarded
from trackkit.cli.generated_output import (
    COUNT_OPTION,
    FORCE_OPTION,
    GENERATED_FORMAT_OPTION,
    OUTPUT_OPTION,
    SEED_OPTION,
    SVG_OPTION,
    GeneratedFormat,
    make_and_deliver,
)

__all__ = ["register"]


def register(generate: typer.Typer) -> None:
    @generate.command(short_help="Motocross courses with jump ramps.")
    def motocross(
        output: Path | None = OUTPUT_OPTION,
        svg: Path | None = SVG_OPTION,
        tiles: int | None = typer.Option(
            None, "--tiles", help="Tiles in the course. [default: 8 a player]", show_default=False
        ),
        players: int = typer.Option(4, "--players", help="Players, 3 or 4: each plays a share of the tiles."),
        packs: int = typer.Option(1, "--packs", help="Piecepacks supplying the tiles and coins."),
        ramps: int | None = typer.Option(
            None, "--ramps", help="Tiles with a jump ramp. [default: random]", show_default=False
        ),
        coins: int | None = typer.Option(
            None, "--coins", help="Coins in all ramps. [default: 12 a pack]", show_default=False
        ),
        corner_touch: str = typer.Option(
            "allowed", "--corner-touch", help="allowed or forbidden: may tiles meet at a corner point."
        ),
        seed: int | None = SEED_OPTION,
        count: int = COUNT_OPTION,
        force: bool = FORCE_OPTION,
        output_format: GeneratedFormat = GENERATED_FORMAT_OPTION,
    ) -> None:
        """Random legal Motocross courses: an open path of tiles with jump ramps.

        Every course is checked against the rules before it is written.

        \b
        Examples:
          trackkit generate motocross --players 3 --ramps 5 --seed 11
          trackkit generate motocross --corner-touch forbidden --seed 11 -o course.yaml --svg course.svg
        """
        from trackkit.motocross.generate import CourseRequest, generate_courses

        with guarded():
            request = CourseRequest(
                tiles=tiles, players=players, packs=packs, ramps=ramps, coins=coins, corner_touch=corner_touch
            )
            request.settled()
            make_and_deliver(
                lambda used, bar: generate_courses(request, seed=used, count=count, track_progress=bar),
                output, svg, count, seed, force=force, output_format=output_format,
            )
