"""``trackkit generate rally``: race decks shuffled from a collection.

Each deck is printed as its layout followed by its building sheet (as YAML
comments, so the output still reads back as a layout), or as JSON.
"""

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

__all__ = ["NO_DEFAULT", "register"]

NO_DEFAULT = (
    "generate rally needs --cards FILE: the rules do not list the track cards, so there is no default"
    " collection; give a file with 'cards: {base: {NAME: COPIES, ...}}' (a rally layout will do)"
)


def register(generate: typer.Typer) -> None:
    @generate.command(short_help="Rally race decks from your cards.")
    def rally(
        cards: Path | None = typer.Option(
            None, "--cards", help="A file listing your track cards ('cards:'); needed.", show_default=False
        ),
        expansion: bool = typer.Option(False, "--expansion", help="Use the expansion's track cards too."),
        extra: int = typer.Option(
            0, "--extra", help="More random cards in groups 1-4 (0-2, with --expansion)."
        ),
        output: Path | None = OUTPUT_OPTION,
        svg: Path | None = SVG_OPTION,
        seed: int | None = SEED_OPTION,
        count: int = COUNT_OPTION,
        force: bool = FORCE_OPTION,
        output_format: GeneratedFormat = GENERATED_FORMAT_OPTION,
    ) -> None:
        """Race decks for the rally card game, shuffled from your collection.

        Exit status 1 when the collection cannot fill a deck.

        \b
        Examples:
          trackkit generate rally --cards layouts/rally-base.yaml --seed 7
          trackkit generate rally --cards layouts/rally-expansion.yaml --expansion --extra 2 --seed 3 -f json
        """
        from trackkit.errors import ArgumentError
        from trackkit.rally.formats.deck_file import load_collection
        from trackkit.rally.formats.info import generated_line
        from trackkit.rally.generate import DeckRequest, generate_decks

        with guarded():
            if cards is None:
                raise ArgumentError(NO_DEFAULT)
            request = DeckRequest(load_collection(cards), expansion, extra)
            request.settled()
            make_and_deliver(
                lambda used, bar: generate_decks(request, seed=used, count=count, track_progress=bar),
                output, svg, count, seed, force=force, output_format=output_format,
                note=lambda decks: generated_line(request.cards, decks[0]),
                inputs=(cards,),
            )
