"""``trackkit generate``, ``trackkit count`` and ``trackkit id``: random legal
circuits, how many there are, and a short code naming a circuit's shape."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any

import typer

from trackkit.cli.common import (
    FORMAT_OPTION,
    OutputFormat,
    choice,
    exit_if_layout_illegal,
    guarded,
    print_json,
)
from trackkit.cli.progress import stderr_bar
from trackkit.piecepack.equipment import TILES_PER_PACK


class Direction(StrEnum):
    """The ways ``--direction`` lets a track be driven."""

    any = "any"
    clockwise = "clockwise"
    counterclockwise = "counterclockwise"


def register(app: typer.Typer) -> None:
    @app.command()
    def generate(
        ctx: typer.Context,
        output: Path | None = typer.Option(
            None, "--output", "-o", help="Write the layout here; with --count M, OUT-1.yaml ... OUT-M.yaml."
        ),
        svg: Path | None = typer.Option(None, "--svg", help="Also draw each track to this SVG file."),
        tiles: int | None = typer.Option(
            None, "--tiles", help="Tiles in all, pit lane included: even, 24 per pack. [default: 24]"
        ),
        packs: int = typer.Option(1, "--packs", help="Piecepacks supplying the tiles (24 tiles each)."),
        seed: int | None = typer.Option(
            None, "--seed", help="Seed for every random choice; printed to stderr.", show_default=False
        ),
        corners: int | None = typer.Option(
            None, "--corners", help="Exactly this many corners.", show_default=False
        ),
        min_corners: int | None = typer.Option(
            None, "--min-corners", help="At least this many corners.", show_default=False
        ),
        max_corners: int | None = typer.Option(
            None, "--max-corners", help="At most this many corners.", show_default=False
        ),
        min_straight: int | None = typer.Option(
            None,
            "--min-straight",
            help="A straight of at least this many tiles for the start/finish.",
            show_default=False,
        ),
        max_width: str | None = typer.Option(
            None, "--max-width", help="Table width: tiles (10) or inches (20in).", show_default=False
        ),
        max_height: str | None = typer.Option(
            None, "--max-height", help="Table depth: tiles (10) or inches (20in).", show_default=False
        ),
        hairpins: int = typer.Option(0, "--hairpins", help="Exactly this many hairpins."),
        chicanes: int = typer.Option(0, "--chicanes", help="Exactly this many chicanes."),
        pit: bool = typer.Option(False, "--pit", help="A 4-tile pit lane beside the main straight."),
        wide: bool = typer.Option(
            False, "--wide", help="A two-tile-wide main straight from the grid to corner 1 (7-8 cars)."
        ),
        direction: Direction = typer.Option(
            Direction.any,
            "--direction",
            help="Which way the cars go round.",
            parser=choice(Direction, "a direction"),
            metavar="any|clockwise|counterclockwise",
        ),
        laps: int | None = typer.Option(
            None,
            "--laps",
            help="Laps of the race. [default: 3; 5 with a pit lane on 24 tiles or fewer]",
            show_default=False,
        ),
        cars: int = typer.Option(
            4, "--cars", help="Cars in the race; the grid must fit on the main straight."
        ),
        count: int = typer.Option(1, "--count", help="Make this many different tracks."),
        circuit_id: str | None = typer.Option(
            None, "--id", help="Rebuild the circuit this id names (see 'trackkit id').", show_default=False
        ),
        force: bool = typer.Option(False, "--force", help="Replace output files that already exist."),
        game: str = typer.Option(
            "racepack", "--game", help="The game: racepack, motocross, race (RACE!) or rally."
        ),
        players: int | None = typer.Option(
            None, "--players", help="Motocross: players, 3 or 4. [default: 4]", show_default=False
        ),
        ramps: int | None = typer.Option(
            None, "--ramps", help="Motocross: tiles with a jump ramp. [default: random]", show_default=False
        ),
        coins: int | None = typer.Option(
            None, "--coins", help="Motocross: coins in all ramps. [default: 12 a pack]", show_default=False
        ),
        corner_touch: str | None = typer.Option(
            None,
            "--corner-touch",
            help="Motocross: allowed or forbidden, may tiles meet at a corner point. [default: allowed]",
            show_default=False,
        ),
        spaces: int | None = typer.Option(
            None, "--spaces", help="RACE!: spaces round the loop. [default: 40]", show_default=False
        ),
        cards: Path | None = typer.Option(
            None, "--cards", help="Rally: a file listing your track cards ('cards:').", show_default=False
        ),
        expansion: bool = typer.Option(False, "--expansion", help="Rally: use the expansion's track cards."),
        extra: int = typer.Option(0, "--extra", help="Rally: more random cards in groups 1-4 (0-2)."),
        output_format: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Draw random legal tracks: every circuit meeting the constraints equally likely.

        Up to 28 tiles in the loop every matching circuit is listed and one is
        chosen uniformly; above that a random walk draws them.  Every track is
        checked against the rules before it is written.  With --game
        motocross, open courses with jump ramps; with --game rally, race decks
        shuffled from --cards (see docs/generation.md).
        """
        from trackkit.cli.generate_rally import generate_rally, refuse_rally_options
        from trackkit.cli.parsing import parse_table_length
        from trackkit.errors import ArgumentError

        if game.strip().lower() == "rally":
            generate_rally(ctx, cards, expansion, extra, output_format, output, svg, seed, count, force)
            return
        refuse_rally_options(ctx)
        if game.strip().lower() == "race":
            from trackkit.cli.generate_race import generate_race, racepack_options_given

            refused = racepack_options_given(locals())
            if players is not None or ramps is not None or coins is not None or corner_touch is not None:
                refused.insert(0, "--players, --ramps, --coins and --corner-touch")
            generate_race(spaces, corners, laps, seed, count, output, svg, force, refused)
            return
        if game.strip().lower() == "motocross":
            from trackkit.cli.generate_motocross import RACEPACK_ONLY, generate_motocross

            with guarded():
                shaping = (
                    corners, min_corners, max_corners, min_straight, max_width, max_height, hairpins or None,
                    chicanes or None, pit or None, None if direction is Direction.any else direction, laps,
                    None if cars == 4 else cars, circuit_id,
                )  # fmt: skip
                given = next((name for name, value in zip(RACEPACK_ONLY, shaping) if value is not None), None)
                if given:
                    raise ArgumentError(f"{given} shapes Racepack circuits; Motocross courses do not take it")
                if spaces is not None:
                    raise ArgumentError("--spaces is for --game race")
                generate_motocross(
                    output=output, svg=svg, tiles=tiles, players=players, packs=packs, ramps=ramps,
                    coins=coins, corner_touch=corner_touch or "allowed", seed=seed, count=count, force=force,
                )
            return
        with guarded():
            if game.strip().lower() != "racepack":
                known = "racepack, motocross, race or rally"
                raise ArgumentError(f"unknown game {game!r}; use {known}", parameter=None)
            if players is not None or ramps is not None or coins is not None or corner_touch is not None:
                raise ArgumentError("--players, --ramps, --coins and --corner-touch are for --game motocross")
            if spaces is not None:
                raise ArgumentError("--spaces is for --game race")
        from trackkit.api import write_generated
        from trackkit.cli.generated_output import prepare_outputs, print_seed, show_generated
        from trackkit.formats.generated import summary_line
        from trackkit.racepack.generate import GenerationRequest, generate_layouts

        with guarded():
            if corners is not None and (min_corners is not None or max_corners is not None):
                raise ArgumentError("give --corners, or --min-corners and --max-corners, not both")
            request = GenerationRequest(
                tiles=tiles,
                packs=packs,
                min_corners=corners if corners is not None else min_corners,
                max_corners=corners if corners is not None else max_corners,
                min_straight=min_straight,
                max_width=parse_table_length(max_width) if max_width is not None else None,
                max_height=parse_table_length(max_height) if max_height is not None else None,
                hairpins=hairpins,
                chicanes=chicanes,
                pit=pit,
                direction=direction.value,
                laps=laps,
                cars=cars,
                circuit_id=circuit_id,
                wide=wide,
            )
            used_seed = prepare_outputs(output, svg, count, seed, force=force)
            progress = _table_notice(request)
            generated = generate_layouts(request, seed=used_seed, count=count, progress=progress)
            if circuit_id is None:
                print_seed(used_seed)
            typer.echo(summary_line(generated), err=True)
            result = write_generated(generated.layouts, output, svg, force=force)
        show_generated(result)

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
        from trackkit.formats.generated import count_json, count_text
        from trackkit.piecepack.geometry import TILE
        from trackkit.racepack.circuits import count_circuits

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


def _table_notice(request: Any) -> Callable[[int, int], None] | None:
    """Say before a one-off table build that it is coming (it can take a
    minute, once), and follow it with a bar on a terminal; above the exact
    limit, a bar for the search corner by corner (when the walk needs it)."""
    from trackkit.racepack.circuits import EXACT_LIMIT, table_cache_path
    from trackkit.racepack.generate import table_to_build

    size = table_to_build(request)
    if size is None:
        return stderr_bar("searching corner by corner") if request.loop_tiles > EXACT_LIMIT else None
    typer.echo(
        f"building the table of every {size}-tile circuit: a one-off job that can take a minute;"
        f" later runs read it from {table_cache_path(size)}",
        err=True,
    )
    return stderr_bar(f"building the {size}-tile table")
