"""``trackkit hazards FILE``: place the track hazards by die rolls and suit icons.

The hazards are the ``hazards`` study of the layout's game (see
:class:`~trackkit.game.Study`): it reads the rolls and icons as typed,
places the tokens, says the seed when it drew at random, and stores them
for ``--write``.  A game without it is refused, naming the games that have
it."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import (
    FORMAT_OPTION,
    OutputFormat,
    exit_if_layout_illegal,
    guarded,
    layout_argument,
    print_json,
)
from trackkit.piecepack.equipment import NULLS_PER_PACK

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def hazards(
        file: Path = layout_argument("Layout file."),
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
            False,
            "--write",
            help="Store the hazards in FILE (only its 'hazards' and 'icons' lines change; comments stay).",
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Place hazard tokens: count tiles from corner 1 by die rolls, put each on its tile's icon space.

        The seed used is printed to standard error whenever a roll or an icon
        was drawn at random; the same seed gives the same hazards.
        """
        from trackkit.api import store_study, study_file
        from trackkit.randomness import resolve_seed

        with guarded(file, output is OutputFormat.json):
            options = {"rolls": rolls, "icons": icons, "count": count, "null": null}
            studied = study_file(file, "hazards", **options, seed=resolve_seed(seed))
            study = studied.study
            note = study.note(studied.result) if study.note is not None else None
            if note is not None:
                typer.echo(note, err=True)
            if write:
                typer.echo(f"wrote {store_study(file, studied)} to {file}", err=True)
            if output is OutputFormat.json:
                print_json(study.json(studied.layout, studied.result))
            else:
                typer.echo(study.text(studied.layout, studied.result))
        exit_if_layout_illegal(file, studied.layout)
