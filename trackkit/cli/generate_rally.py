"""``trackkit generate --game rally``: race decks shuffled from a collection.

The ``generate`` command parses the options; this module refuses the ones
that belong to other games, reads the collection, makes the decks and
prints them: each deck's layout followed by its building sheet (as YAML
comments, so the output still reads back as a layout), or JSON.
"""

from __future__ import annotations

from pathlib import Path

import typer

from trackkit.cli.common import OutputFormat, guarded, option_name, print_json
from trackkit.cli.generated_output import prepare_outputs, print_seed, show_generated

__all__ = ["RALLY_OPTIONS", "SHARED_OPTIONS", "generate_rally", "refuse_rally_options"]

RALLY_OPTIONS = ("cards", "expansion", "extra", "output_format")
"""The ``generate`` parameters only rally decks take."""

SHARED_OPTIONS = ("output", "svg", "seed", "count", "force", "game")
"""The ``generate`` parameters every game takes."""

NO_DEFAULT = (
    "--game rally needs --cards FILE: the rules do not list the track cards, so there is no default"
    " collection; give a file with 'cards: {base: {NAME: COPIES, ...}}' (a rally layout will do)"
)


def _given(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def _option(ctx: typer.Context, name: str) -> str:
    for parameter in ctx.command.params:
        if parameter.name == name and parameter.opts:
            return str(parameter.opts[0])
    return option_name(name)


def refuse_rally_options(ctx: typer.Context) -> None:
    """Exit with status 2 when an option only rally decks take was given
    for another game."""
    from trackkit.errors import ArgumentError

    with guarded():
        for name in RALLY_OPTIONS:
            if _given(ctx, name):
                raise ArgumentError(f"{_option(ctx, name)} is for --game rally")


def generate_rally(
    ctx: typer.Context,
    cards: Path | None,
    expansion: bool,
    extra: int,
    output_format: OutputFormat,
    output: Path | None,
    svg: Path | None,
    seed: int | None,
    count: int,
    force: bool,
) -> None:
    """Make ``count`` decks and print or write them, the seed on standard
    error; exits with status 2 on a bad request and 1 when the collection
    cannot fill a deck."""
    from trackkit.api import write_generated
    from trackkit.errors import ArgumentError
    from trackkit.formats.rally_info import deck_info_json, generated_line
    from trackkit.formats.rally_yaml import dump_deck, load_collection
    from trackkit.rally.generate import DeckRequest, generate_decks

    with guarded():
        for parameter in ctx.command.params:
            name = str(parameter.name)
            if name not in (*RALLY_OPTIONS, *SHARED_OPTIONS) and _given(ctx, name):
                raise ArgumentError(f"{_option(ctx, name)} is not for rally decks")
        if cards is None:
            raise ArgumentError(NO_DEFAULT)
        request = DeckRequest(load_collection(cards), expansion, extra)
        request.settled()
        used_seed = prepare_outputs(output, svg, count, seed, force=force)
        decks = generate_decks(request, seed=used_seed, count=count)
        print_seed(used_seed)
        typer.echo(generated_line(request.cards, decks[0]), err=True)
        result = write_generated(decks, output, svg, force=force)
    as_json = output_format is OutputFormat.json
    if as_json:
        shown = [{**deck_info_json(deck), "layout": dump_deck(deck)} for deck in decks]
        print_json({"seed": used_seed, "decks": shown})
    show_generated(result, text=not as_json)
