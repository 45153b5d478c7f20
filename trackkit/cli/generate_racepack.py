"""``trackkit generate [racepack]``: random legal Racepack circuits.

The same function is the ``racepack`` command and what ``trackkit
generate`` runs when no game is named, so that ``trackkit generate --seed 5``
keeps working.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from trackkit.cli.common import fail, guarded
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
    deliver,
    prepare_outputs,
    print_seed,
    tracks_bar,
)
from trackkit.cli.progress import stderr_bar

__all__ = ["racepack"]

THIS_GAME = "racepack"
"""The game this command generates, which the old ``--game`` option may still name."""
"""The games ``generate`` makes tracks for, each its own command."""


def racepack(
    ctx: typer.Context,
    output: Path | None = OUTPUT_OPTION,
    svg: Path | None = SVG_OPTION,
    tiles: int | None = typer.Option(
        None, "--tiles", help="Tiles in all, pit lane included: even, 24 per pack. [default: 24]"
    ),
    packs: int = typer.Option(1, "--packs", help="Piecepacks supplying the tiles (24 tiles each)."),
    seed: int | None = SEED_OPTION,
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
    direction: Direction = DIRECTION_OPTION,
    laps: int | None = typer.Option(
        None,
        "--laps",
        help="Laps of the race. [default: 3; 5 with a pit lane on 24 tiles or fewer]",
        show_default=False,
    ),
    cars: int = typer.Option(4, "--cars", help="Cars in the race; the grid must fit on the main straight."),
    count: int = COUNT_OPTION,
    circuit_id: str | None = typer.Option(
        None, "--id", help="Rebuild the circuit this id names (see 'trackkit id').", show_default=False
    ),
    force: bool = FORCE_OPTION,
    output_format: GeneratedFormat = GENERATED_FORMAT_OPTION,
    game: str | None = typer.Option(
        None, "--game", hidden=True, help="Deprecated: name the game as a command.", show_default=False
    ),
) -> None:
    """Random legal Racepack circuits: every circuit meeting the constraints equally likely.

    Up to 28 tiles in the loop every matching circuit is listed and one is
    chosen uniformly; up to 48 they are drawn exactly uniformly through the
    transfer matrix that counts them; above that a random walk draws them.
    Every track is checked against the rules before it is written.

    \b
    Examples:
      trackkit generate racepack --seed 2026 --min-straight 5 -o tonight.yaml --svg tonight.svg
      trackkit generate racepack --tiles 40 --packs 2 --corners 10 --count 3 -o gp.yaml
      trackkit generate racepack --id 24-0042xr3m
    """
    if ctx.invoked_subcommand is not None:
        _refuse_options_before_the_game(ctx)
        return
    _refuse_old_game_option(game)
    from trackkit.cli.parsing import parse_table_length
    from trackkit.errors import ArgumentError
    from trackkit.racepack.formats.generated import summary_line
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
        generated = generate_layouts(
            request, seed=used_seed, count=count, progress=progress, track_progress=tracks_bar(count)
        )
        if circuit_id is None:
            print_seed(used_seed)
        typer.echo(summary_line(generated), err=True)
        deliver(generated.layouts, used_seed, output, svg, force=force, output_format=output_format)


def _refuse_options_before_the_game(ctx: typer.Context) -> None:
    """Exit 2 when options were given before the game's name
    (``generate --seed 5 motocross``): they would be ignored."""
    from trackkit.errors import ArgumentError

    given = [
        str(parameter.opts[0])
        for parameter in ctx.command.params
        if parameter.name and _given(ctx, parameter.name)
    ]
    if given:
        game = ctx.invoked_subcommand
        fail(ArgumentError(f"{given[0]} goes after the game: trackkit generate {game} {given[0]} ..."))


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def _refuse_old_game_option(game: str | None) -> None:
    """``--game racepack`` still works (with a note); ``--game G`` for
    another game says what to type instead."""
    from trackkit.errors import ArgumentError, did_you_mean
    from trackkit.registry import GAMES

    if game is None:
        return
    name = game.strip().lower()
    if name == THIS_GAME:
        typer.echo("note: --game is no longer needed; type 'trackkit generate racepack'", err=True)
        return
    if name in GAMES:
        fail(ArgumentError(f"--game {name} is now a command: type 'trackkit generate {name}' and options"))
    suggestion = did_you_mean(name, list(GAMES))
    fail(ArgumentError(f"unknown game {game!r}{suggestion}; use trackkit generate {'|'.join(GAMES)}"))


def _table_notice(request: Any) -> Callable[[int, int], None] | None:
    """Say before a one-off table build that it is coming (it can take a
    minute, once), and follow it with a bar on a terminal; above the exact
    limit, a bar for the search corner by corner (when the walk needs it)."""
    from trackkit.racepack.circuits import EXACT_LIMIT, table_cache_path
    from trackkit.racepack.generate import box_counts_file, boxes_to_count, draws_uniformly, table_to_build

    boxes = boxes_to_count(request)
    if boxes is not None:
        typer.echo(
            f"counting the circuits of {boxes} tiles box by box: a one-off job that can take minutes;"
            f" later runs read it from {box_counts_file(request)}",
            err=True,
        )
    if draws_uniformly(request):
        # One bar for the box counts, then (from 0 again) the boxes' tables.
        return stderr_bar(f"preparing the exact draw of {request.plain_tiles} tiles")
    size = table_to_build(request)
    if size is None:
        return stderr_bar("searching corner by corner") if request.loop_tiles > EXACT_LIMIT else None
    typer.echo(
        f"building the table of every {size}-tile circuit: a one-off job that can take a minute;"
        f" later runs read it from {table_cache_path(size)}",
        err=True,
    )
    return stderr_bar(f"building the {size}-tile table")
