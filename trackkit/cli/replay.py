"""``trackkit replay FILE``: a recorded race, checked move by move and shown
turn by turn."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from trackkit.cli.common import EXIT_ILLEGAL, guarded, is_terminal
from trackkit.cli.stepping import read_key, step_through

__all__ = [
    "register",
]


def _ask(prompt: str) -> None:
    """The stepping prompt, on standard error so that the frames alone go to standard output."""
    typer.echo(prompt, err=True, nl=False)


def register(app: typer.Typer) -> None:
    @app.command()
    def replay(
        file: Path = typer.Argument(
            ..., help="Race record written by 'simulate --record'.", show_default=False
        ),
        step: bool = typer.Option(
            False,
            "--step",
            help="Step through the turns: Enter/space/n next, b back, q quit (redrawn in place on a tty).",
        ),
        to: int | None = typer.Option(None, "--to", min=0, help="Show the race up to this turn only."),
        color: bool = typer.Option(True, "--color/--no-color", help="Colour the track (on a terminal)."),
        width: int = typer.Option(80, "--width", min=20, help="Widest a frame may be."),
    ) -> None:
        """Check every move of a recorded race against the rules and show it turn by turn."""
        from trackkit.api.records import replay_file

        terminal = is_terminal()
        with guarded(file):
            replay = replay_file(file, to=to, width=width, color=color and terminal)
        pictures = [frame.picture for frame in replay.frames]
        if step:
            step_through(pictures, read_key, typer.echo, _ask, redraw=terminal and sys.stdin.isatty())
        else:
            for picture in pictures:
                typer.echo(picture)
        if replay.problems:
            count = len(replay.problems)
            typer.echo(f"{file}: {count} illegal move{'' if count == 1 else 's'}:")
            for problem in replay.problems:
                typer.echo(f"  {problem}")
            raise typer.Exit(EXIT_ILLEGAL)
        typer.echo(f"{file}: every move of the {replay.turns} turns is legal")
