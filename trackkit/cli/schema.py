"""``trackkit schema``: the JSON Schema of the layout format, for editors."""

from __future__ import annotations

import typer

from trackkit.cli.common import guarded, print_json
from trackkit.cli.completion import complete_games

__all__ = [
    "register",
]


def register(app: typer.Typer) -> None:
    @app.command()
    def schema(
        game: str = typer.Option(
            "racepack",
            "--game",
            help="The game whose layout files to describe.",
            autocompletion=complete_games,
        ),
    ) -> None:
        """Print the JSON Schema of layout files (for editor autocompletion)."""
        from trackkit.api import schema as layout_schema
        from trackkit.errors import ArgumentError
        from trackkit.games import GAMES

        with guarded():
            if game.strip().lower() not in GAMES:
                raise ArgumentError(f"is {game!r}; known games: {', '.join(GAMES)}", parameter="game")
            found = layout_schema(game.strip().lower())
        print_json(found)
