"""``trackkit hazards FILE``: place the track hazards by die rolls and suit icons."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, exit_if_layout_illegal, guarded, print_json
from trackkit.piecepack.equipment import NULLS_PER_PACK

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def hazards(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False, metavar="FILE"),
        rolls: str | None = typer.Option(
            None,
            "--rolls",
            help="Die rolls in order, e.g. 4,2,null,5 [default: roll with --seed].",
            show_default=False,
        ),
        icons: str | None = typer.Option(
            None,
            "--icons",
            help="Suit icon corners, e.g. 3:NE,7:SW (added to the layout's 'icons').",
            show_default=False,
        ),
        count: int = typer.Option(NULLS_PER_PACK, "--count", help="Hazards to place (4 per piecepack)."),
        null: str = typer.Option(
            "zero", "--null", help="'zero': a null roll counts zero tiles; 'reroll': it is rolled again."
        ),
        seed: int | None = typer.Option(
            None, "--seed", help="Seed for rolls and unknown icons.", show_default=False
        ),
        write: bool = typer.Option(
            False, "--write", help="Store the hazards in FILE (rewrites it; comments are lost)."
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Place hazard tokens: count tiles from corner 1 by die rolls, put each on its tile's icon space.

        The seed used is printed to standard error whenever a roll or an icon
        was drawn at random; the same seed gives the same hazards.
        """
        from trackkit.api import load_racepack, store_hazards
        from trackkit.cli.parsing import parse_icons, parse_null_rule, parse_rolls
        from trackkit.racepack.formats.lanes_grid_hazards import hazards_json, hazards_text
        from trackkit.racepack.hazards import place_hazards
        from trackkit.randomness import resolve_seed

        with guarded(file, output is OutputFormat.json):
            given_rolls = parse_rolls(rolls) if rolls is not None else None
            given_icons = parse_icons(icons) if icons is not None else None
            null_rule = parse_null_rule(null)
            loaded = load_racepack(file, "hazard tokens")
            used_seed = resolve_seed(seed)
            placement = place_hazards(
                loaded.layout,
                rolls=given_rolls,
                icons=given_icons,
                count=count,
                null_rule=null_rule,
                seed=used_seed,
            )
            if placement.used_random:
                typer.echo(f"seed: {used_seed}", err=True)
            if write:
                store_hazards(loaded, placement)
                typer.echo(f"wrote {len(placement.tokens)} hazards to {file}", err=True)
            if output is OutputFormat.json:
                print_json(hazards_json(placement))
            else:
                typer.echo(hazards_text(loaded.layout, placement))
        exit_if_layout_illegal(file, loaded.layout)
