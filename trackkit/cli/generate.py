"""``trackkit generate GAME``, ``trackkit count`` and ``trackkit id``:
random legal tracks for each game, how many circuits there are, and a short
code naming a circuit's shape."""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, exit_if_layout_illegal, guarded, print_json
from trackkit.cli.progress import stderr_bar
from trackkit.piecepack.equipment import TILES_PER_PACK

__all__ = ["register"]

GENERATE_HELP = """Draw random legal tracks for a game: racepack, motocross, race (RACE!) or rally.

Each game is its own command with its own options and examples
('trackkit generate motocross -h').  With no game, the options below make a
Racepack circuit, as 'trackkit generate racepack' does.
"""


def register(app: typer.Typer) -> None:
    from trackkit.cli import generate_motocross, generate_race, generate_rally
    from trackkit.cli.generate_racepack import racepack

    generate = typer.Typer(
        name="generate",
        context_settings={"help_option_names": ["-h", "--help"]},
        rich_markup_mode=None,
    )
    generate.callback(invoke_without_command=True)(racepack)
    generate.command("racepack", short_help="Racepack circuits of tiles.")(racepack)
    for module in (generate_motocross, generate_race, generate_rally):
        module.register(generate)
    app.add_typer(generate, name="generate", help=GENERATE_HELP)

    @app.command()
    def count(
        tiles: int = typer.Option(TILES_PER_PACK, "--tiles", help="Tiles in the circuit (up to 60)."),
        corners: bool = typer.Option(
            False, "--corners", help="Also show how many circuits have each number of corners."
        ),
        max_width: str | None = typer.Option(
            None, "--max-width", help="Count only circuits this wide at most: tiles (10) or inches (20in).",
            show_default=False,
        ),
        max_height: str | None = typer.Option(
            None, "--max-height", help="Count only circuits this high at most: tiles (10) or inches (20in).",
            show_default=False,
        ),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Count the plain circuits of a number of tiles, exactly.

        A plain circuit is a closed loop in which every tile touches only the
        tile before it and the tile after it.  Counted up to translation, and
        (up to 40 tiles, without size limits) up to translation, rotation and
        reflection.
        """
        from trackkit.cli.parsing import parse_table_length
        from trackkit.piecepack.geometry import TILE
        from trackkit.racepack.circuits import count_circuits
        from trackkit.racepack.formats.generated import count_json, count_text

        with guarded():
            wide = _tiles_of(parse_table_length(max_width), TILE) if max_width is not None else None
            high = _tiles_of(parse_table_length(max_height), TILE) if max_height is not None else None
            result = count_circuits(
                tiles,
                corners=corners,
                max_width=wide,
                max_height=high,
                progress=stderr_bar(f"counting circuits of {tiles} tiles"),
            )
        if output is OutputFormat.json:
            print_json(count_json(result, corners))
        else:
            typer.echo(count_text(result, corners))

    @app.command(name="id")
    def circuit_id_command(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False, metavar="FILE"),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Print the code naming a track's circuit: the same for any rotation,
        reflection, starting tile or direction.  'generate --id CODE' rebuilds it."""
        from trackkit.api import load_racepack
        from trackkit.racepack.generate import layout_id

        with guarded(file, output is OutputFormat.json):
            loaded = load_racepack(file, "circuit ids")
            found = layout_id(loaded.layout)
        if output is OutputFormat.json:
            print_json(
                {
                    "file": str(file),
                    "id": found.code,
                    "tiles": len(loaded.layout.circuit),
                    "chicanes": found.chicanes,
                    "extra_tiles": found.extra_tiles,
                    "hairpins": found.hairpins,
                }
            )
        else:
            typer.echo(found.code)
            left_out = _left_out(found.chicanes, found.extra_tiles)
            if left_out:
                typer.echo(f"note: the id names the loop's shape only; {left_out}", err=True)
        exit_if_layout_illegal(file, loaded.layout)


def _tiles_of(spaces: int, tile: int) -> int:
    """Whole tiles within a length in spaces (a tile is ``tile`` spaces)."""
    return spaces // tile


def _left_out(chicanes: int, extra: int) -> str:
    parts = []
    if chicanes:
        parts.append(
            "its chicane counts as a plain straight"
            if chicanes == 1
            else f"its {chicanes} chicanes count as plain straights"
        )
    if extra:
        parts.append(f"the {extra} tiles off the loop are left out")
    return " and ".join(parts)
