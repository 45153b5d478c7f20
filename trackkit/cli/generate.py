"""``trackkit generate GAME``, ``trackkit count`` and ``trackkit id``:
random legal tracks for each game, how many circuits there are, and a short
code naming a circuit's shape.

``generate`` has one command per game that draws layouts (its
:class:`~trackkit.generation.Generation`), each built from the fields of
the game's request dataclass (see :mod:`trackkit.cli.generate_options`);
``generate`` with no game runs the default game's.  ``count`` asks the game
that counts circuits (``Game.counting``), and ``id`` is the ``id`` study of
the layout's game.
"""

from __future__ import annotations

from pathlib import Path

import typer
from typer.models import CommandInfo

from trackkit.cli.common import FORMAT_OPTION, OutputFormat, exit_if_layout_illegal, fail, guarded, print_json
from trackkit.cli.generate_options import game_command
from trackkit.cli.progress import stderr_bar
from trackkit.game import Game
from trackkit.piecepack.equipment import TILES_PER_PACK
from trackkit.registry import DEFAULT_GAME, GAMES, find_game

__all__ = ["register"]


def _generate_help() -> str:
    """The help of ``trackkit generate``: the games it makes layouts for."""
    makers = [game for game in GAMES.values() if game.generation is not None]
    names = [f"{game.name} ({game.title})" if _titled(game) else game.name for game in makers]
    listed = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
    default = find_game(DEFAULT_GAME)
    other = next((game.name for game in makers if game is not default), default.name)
    return (
        f"Draw random legal tracks for a game: {listed}.\n\n"
        f"Each game is its own command with its own options and examples\n"
        f"('trackkit generate {other} -h').  With no game, the options below make a\n"
        f"{default.title} circuit, as 'trackkit generate {default.name}' does.\n"
    )


def _titled(game: Game) -> bool:
    """Whether a game's title says more than its command name (``race``
    is RACE!), so that the help adds it."""
    plain = game.title.lower()
    return plain != game.name and not plain.startswith(game.name + " ")


class _EveryGame(typer.Typer):
    """The ``generate`` group, whose commands are its own plus one for each
    game of the registry that generates, read from
    :data:`~trackkit.registry.GAMES` whenever the command line is built
    (Typer builds it anew on every run): a game registered after start-up,
    such as a test's own game, has its command too.  The list read is made
    afresh each time, so a command of the group's own must be set with the
    whole list, not added with ``Typer.command``."""

    @property
    def registered_commands(self) -> list[CommandInfo]:
        games = typer.Typer(rich_markup_mode=None)
        default = find_game(DEFAULT_GAME)
        for game in GAMES.values():
            if game.generation is not None:
                games.command(game.name, short_help=game.generation.summary, help=game.generation.help)(
                    game_command(game, as_default=game is default)
                )
        return [*self._own_commands, *games.registered_commands]

    @registered_commands.setter
    def registered_commands(self, commands: list[CommandInfo]) -> None:
        self._own_commands = commands


def register(app: typer.Typer) -> None:
    generate = _EveryGame(
        name="generate",
        context_settings={"help_option_names": ["-h", "--help"]},
        rich_markup_mode=None,
    )
    default = find_game(DEFAULT_GAME)
    generate.callback(invoke_without_command=True)(game_command(default, as_default=True))
    app.add_typer(generate, name="generate", help=_generate_help())

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
        from trackkit.errors import ArgumentError
        from trackkit.piecepack.geometry import TILE, parse_table_length

        counter = next((game.counting for game in GAMES.values() if game.counting is not None), None)
        if counter is None:
            fail(ArgumentError("no game counts circuits"))
        with guarded():
            wide = parse_table_length(max_width) // TILE if max_width is not None else None
            high = parse_table_length(max_height) // TILE if max_height is not None else None
            bar = stderr_bar(f"counting circuits of {tiles} tiles")
            asked = {"tiles": tiles, "corners": corners, "max_width": wide, "max_height": high}
            result = counter.run(None, **asked, progress=bar)
        if output is OutputFormat.json:
            print_json(counter.json(None, result))
        else:
            typer.echo(counter.text(None, result))

    @app.command(name="id")
    def circuit_id_command(
        file: Path = typer.Argument(..., help="Layout file.", show_default=False, metavar="FILE"),
        output: OutputFormat = FORMAT_OPTION,
    ) -> None:
        """Print the code naming a track's circuit: the same for any rotation,
        reflection, starting tile or direction.  'generate --id CODE' rebuilds it."""
        from trackkit.api import study_file

        with guarded(file, output is OutputFormat.json):
            studied = study_file(file, "id")
        study = studied.study
        if output is OutputFormat.json:
            print_json({"file": str(file), **study.json(studied.layout, studied.result)})
        else:
            typer.echo(study.text(studied.layout, studied.result))
            note = study.note(studied.result) if study.note is not None else None
            if note is not None:
                typer.echo(note, err=True)
        exit_if_layout_illegal(file, studied.layout)
