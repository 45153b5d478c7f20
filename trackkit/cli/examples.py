"""Each command's one-line summary (for ``trackkit --help``) and an example
(ending its own ``--help``), kept in one table so that every command has both."""

from __future__ import annotations

import inspect
from typing import Any

import typer

__all__ = ["COMMANDS", "add_examples"]

COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("Check layouts against the rules.", "trackkit validate layouts/ --strict"),
    "info": ("Describe a track: corners, straights, size.", "trackkit info layouts/figure1.yaml"),
    "convert": (
        "Write a circuit as path or tiles, or as RACE!",
        "trackkit convert layouts/oval.yaml --to tiles",
    ),
    "schema": ("Print the JSON Schema of layout files.", "trackkit schema > trackkit.schema.json"),
    "render": ("Draw a track as SVG, PNG or PDF.", "trackkit render layouts/figure1.yaml -o figure1.svg"),
    "show": ("Preview a track in the terminal.", "trackkit show layouts/figure1.yaml --grid"),
    "lanes": ("Show each tile's inside lane.", "trackkit lanes layouts/figure1.yaml"),
    "grid": ("Line the cars up behind the start line.", "trackkit grid layouts/figure1.yaml --cars 6"),
    "hazards": ("Place the hazard tokens by die rolls.", "trackkit hazards layouts/figure1.yaml --seed 7"),
    "generate": ("Draw random legal tracks for a game.", "trackkit generate racepack --corners 8 --seed 1"),
    "count": ("Count the plain circuits of N tiles.", "trackkit count --tiles 16 --corners"),
    "id": ("Print the code naming a track's circuit.", "trackkit id layouts/figure1.yaml"),
    "rules": ("List the rules trackkit checks.", "trackkit rules"),
    "explain": ("Explain one rule and how trackkit reads it.", "trackkit explain chicane"),
    "analyze": ("How a track plays: fastest laps, race length.", "trackkit analyze layouts/figure1.yaml"),
    "simulate": (
        "Play many races: win rates, race length.",
        "trackkit simulate layouts/figure1.yaml --races 1000 --seed 1",
    ),
    "report": (
        "A track's report card and difficulty rating.",
        "trackkit report layouts/figure1.yaml --seed 1 -o figure1-report.svg",
    ),
    "replay": ("Check a recorded race move by move and show it.", "trackkit replay race.ppn --step"),
    "export": ("Write a track's pieces for piecepackr or PPN.", "trackkit export layouts/oval.yaml --to ppn"),
    "edit": ("Lay a track in the browser, rules checked live.", "trackkit edit layouts/figure1.yaml"),
}
"""Command name -> (summary, example)."""


def add_examples(app: typer.Typer) -> None:
    """Give every registered command its summary and end its help with its
    example (the example is kept on its own line)."""
    registered: list[Any] = [*app.registered_commands, *app.registered_groups]
    for info in registered:
        name = info.name or (info.callback.__name__ if info.callback else "")
        if name not in COMMANDS:
            continue
        summary, example = COMMANDS[name]
        text = info.help or (inspect.getdoc(info.callback) if info.callback else "") or ""
        info.short_help = summary
        info.help = f"{text}\n\n\b\nExample:\n  {example}"
