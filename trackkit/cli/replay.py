"""``trackkit replay FILE``: a recorded race, checked move by move and shown
turn by turn."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from trackkit.cli.common import EXIT_ILLEGAL, guarded, is_terminal

__all__ = [
    "register",
]

CLEAR = "\x1b[H\x1b[2J"
"""Clears a terminal before each frame when stepping through a race."""


def _next_turn() -> bool:
    """Wait for Enter before the next turn; ``False`` once the input has
    ended (the rest of the race is then printed without waiting)."""
    typer.echo("Enter for the next turn ", err=True, nl=False)
    return bool(sys.stdin.readline())


def register(app: typer.Typer) -> None:
    @app.command()
    def replay(
        file: Path = typer.Argument(
            ..., help="Race record written by 'simulate --record'.", show_default=False
        ),
        step: bool = typer.Option(False, "--step", help="Wait for Enter before each turn."),
        to: int | None = typer.Option(None, "--to", min=0, help="Show the race up to this turn only."),
        color: bool = typer.Option(True, "--color/--no-color", help="Colour the track (on a terminal)."),
        width: int = typer.Option(80, "--width", min=20, help="Widest a frame may be."),
    ) -> None:
        """Check every move of a recorded race against the rules and show it turn by turn."""
        from trackkit.api.records import replay_file

        terminal = is_terminal()
        with guarded(file):
            replay = replay_file(file, to=to, width=width, color=color and terminal)
        for frame in replay.frames:
            if step and frame.turn > 0:
                step = _next_turn()
            if step and terminal:
                typer.echo(CLEAR, nl=False)
            typer.echo(frame.picture)
        if replay.problems:
            count = len(replay.problems)
            typer.echo(f"{file}: {count} illegal move{'' if count == 1 else 's'}:")
            for problem in replay.problems:
                typer.echo(f"  {problem}")
            raise typer.Exit(EXIT_ILLEGAL)
        typer.echo(f"{file}: every move of the {replay.turns} turns is legal")
