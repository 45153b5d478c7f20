"""``trackkit edit [FILE]``: lay a track in the browser, the rules checked
after every edit (see :mod:`trackkit.edit`).

Exit status: 0 when stopped with Ctrl-C, 2 when the file cannot be edited
or the port cannot be used.  The browser is opened through a private
redirect page, never with the token in its command line
(:mod:`trackkit.edit.launch`).
"""

from __future__ import annotations

import shutil
from enum import StrEnum
from pathlib import Path

import typer

from trackkit.cli.common import choice, guarded
from trackkit.cli.completion import complete_layouts

__all__ = ["EditedGame", "register"]


class EditedGame(StrEnum):
    """The games whose tracks the editor lays (``--game`` of a new layout)."""

    racepack = "racepack"
    motocross = "motocross"
    race = "race"
    rally = "rally"


def _edited_games(incomplete: str) -> list[str]:
    """The games the editor lays whose names start with ``incomplete`` (Tab after ``--game``)."""
    return [game.value for game in EditedGame if game.value.startswith(incomplete.lower())]


def register(app: typer.Typer) -> None:
    @app.command()
    def edit(
        file: Path | None = typer.Argument(
            None,
            help="Layout file to edit (created on the first save if it does not exist).",
            metavar="[FILE]",
            autocompletion=complete_layouts,
        ),
        port: int = typer.Option(
            0, "--port", min=0, max=65535, help="Port to listen on (default: any free one)."
        ),
        no_browser: bool = typer.Option(
            False, "--no-browser", help="Print the address; do not open a browser."
        ),
        game: EditedGame = typer.Option(
            EditedGame.racepack,
            "--game",
            parser=choice(EditedGame, "a game the editor lays"),
            metavar="racepack|motocross",
            help="The game of a new layout.",
            autocompletion=_edited_games,
        ),
    ) -> None:
        """Edit a track in the browser: tiles from a palette, findings and drawing after every edit.

        Serves 127.0.0.1 only, with a fresh token in the printed address;
        files are read and written only in FILE's folder (or the current one).
        """
        from trackkit.edit.server import start_server

        with guarded(file):
            server = start_server(file, port, game.value)
        typer.echo(f"trackkit edit: {server.address}")
        typer.echo("Press Ctrl-C to stop.", err=True)
        page = None if no_browser else _open_browser(server.address)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            typer.echo("stopped", err=True)
        finally:
            server.server_close()
            if page is not None:
                shutil.rmtree(page.parent, ignore_errors=True)


def _open_browser(address: str) -> Path:
    """Open the page in the user's browser through a private redirect page
    (see :mod:`trackkit.edit.launch`), so that the token never stands on a
    command line; the redirect page's path, to remove when stopped."""
    import webbrowser

    from trackkit.edit.launch import write_redirect_page

    with guarded():
        page = write_redirect_page(address)
    webbrowser.open(page.as_uri())
    return page
