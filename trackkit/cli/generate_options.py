"""One ``trackkit generate GAME`` command per game, built from its request.

A game's :class:`~trackkit.generation.Generation` names a frozen dataclass
whose fields are the options of its command (see
:func:`trackkit.generation.option`).  Typer reads a command's options from
the signature of its function, so :func:`game_command` writes that
signature: one keyword parameter per field, typed as the field and
defaulting to a ``typer.Option`` made from the field's default, help and
names, with the options every game shares
(:data:`~trackkit.generation.SHARED_OPTIONS`) where the game's ``order``
puts them.  The function builds the request from the values given and runs
the game's job; everything around the job (the output files, the seed, the
printing) is the same for every game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, Field
from enum import StrEnum
from pathlib import Path
from typing import Any, get_args, get_type_hints

import typer

from trackkit.api.targets import Targets, generate_to_targets
from trackkit.cli.common import choice, fail, guarded
from trackkit.cli.file_names import file_names
from trackkit.cli.generated_output import (
    COUNT_OPTION,
    FORCE_OPTION,
    GENERATED_FORMAT_OPTION,
    OUTPUT_OPTION,
    SEED_OPTION,
    SVG_OPTION,
    GeneratedFormat,
    deliver,
    prepare_outputs,
    print_seed,
    tracks_bar,
)
from trackkit.cli.progress import stderr_bar
from trackkit.difficulty import DIFFICULTIES
from trackkit.errors import ArgumentError, did_you_mean
from trackkit.game import Game
from trackkit.generation import Generation, Progress, RequestOption, request_options
from trackkit.registry import GAMES

__all__ = ["game_command"]

KEYWORD = inspect.Parameter.KEYWORD_ONLY

SHARED: dict[str, tuple[Any, Any]] = {
    "output": (Path | None, OUTPUT_OPTION),
    "svg": (Path | None, SVG_OPTION),
    "seed": (int | None, SEED_OPTION),
    "count": (int, COUNT_OPTION),
    "force": (bool, FORCE_OPTION),
    "output_format": (GeneratedFormat, GENERATED_FORMAT_OPTION),
}
"""Each shared option's type and Typer option."""

OLD_GAME_OPTION = typer.Option(
    None, "--game", hidden=True, help="Deprecated: name the game as a command.", show_default=False
)
"""``generate --game G``, from before each game was a command: the default
game's command still takes it (hidden), and says what to type instead."""


def _generation(game: Game) -> Generation:
    """The game's generation; raises :class:`TypeError` for a game without
    one (a command is only built for a game that has one)."""
    if game.generation is None:
        raise TypeError(f"{game.title} has no generation")
    return game.generation


def game_command(game: Game, *, as_default: bool = False) -> Callable[..., None]:
    """The function of ``trackkit generate GAME``, its signature built from
    the game's request.  ``as_default`` is for the default game, whose
    function is also the ``generate`` group's own: as such it runs only
    when no game is named (options given before a game's name are
    refused); it takes the old hidden ``--game`` too."""
    generation = _generation(game)
    parameters = _parameters(generation)
    if game.simulate is not None:
        parameters += _target_parameters()
    if as_default:
        context = inspect.Parameter("ctx", KEYWORD, annotation=typer.Context)
        parameters = [context, *parameters, _keyword("game", str | None, OLD_GAME_OPTION)]

    def command(**values: Any) -> None:
        if as_default:
            context: typer.Context = values.pop("ctx")
            if context.invoked_subcommand is not None:
                _refuse_options_before_the_game(context)
                return
            _refuse_old_game_option(game, values.pop("game"))
        _generate(game, values)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {each.name: each.annotation for each in parameters}
    command.__name__ = game.name
    return command


def _parameters(generation: Generation) -> list[inspect.Parameter]:
    """The command's parameters in ``--help`` order: the request's fields
    and the shared options."""
    hints = get_type_hints(generation.request)
    fields = request_options(generation.request)
    own = {
        each.name: (hints[each.name], _option(each, told, _names_a_file(hints[each.name])))
        for each, told in fields
    }
    typed = {**SHARED, **own}
    return [_keyword(name, *typed[name]) for name in generation.option_order()]


def _keyword(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """A keyword parameter of a command's function: its type and Typer option."""
    return inspect.Parameter(name, KEYWORD, default=default, annotation=annotation)


def _names_a_file(annotation: Any) -> bool:
    """Whether a field of this type names a file or folder."""
    return annotation is Path or Path in get_args(annotation)


def _option(field: Field[Any], described: RequestOption, names_a_file: bool = False) -> Any:
    """The Typer option of one request field; a file's name is checked as
    every command checks the names it is given (:mod:`trackkit.cli.file_names`)."""
    default = None if field.default is MISSING else field.default
    extra: dict[str, Any] = {"callback": file_names} if names_a_file else {}
    if described.words:
        extra["parser"] = _word_parser(described.words, described.what)
        extra["metavar"] = "|".join(described.words)
    names = described.flags(field.name)
    return typer.Option(default, *names, help=described.help, show_default=described.show_default, **extra)


def _word_parser(words: tuple[str, ...], what: str) -> Callable[[str], str]:
    """A parser taking only ``words`` (any case), refusing another as not
    ``what`` (``'up' is not a direction; use any, clockwise or ...``)."""
    kind = StrEnum("Words", [(word, word) for word in words])  # type: ignore[misc]
    parse = choice(kind, what)

    def parsed(text: str) -> str:
        return str(parse(text))

    return parsed


def _target_parameters() -> list[inspect.Parameter]:
    """The targets a game with simulated races takes: its tracks are raced
    and kept when they meet them (see :mod:`trackkit.api.targets`)."""
    fair = typer.Option(
        False, "--fair", help="Only tracks whose pole wins within 10 points of an even share."
    )
    minutes = typer.Option(
        None,
        "--minutes",
        help="Only tracks whose race lasts this many minutes (within 15 %).",
        show_default=False,
    )
    rated = typer.Option(
        None,
        "--difficulty",
        help="Only tracks of this difficulty: the word trackkit report gives the track.",
        show_default=False,
        parser=_word_parser(DIFFICULTIES, "a difficulty"),
        metavar="|".join(DIFFICULTIES),
    )
    return [
        _keyword("fair", bool, fair),
        _keyword("minutes", float | None, minutes),
        _keyword("difficulty", str | None, rated),
    ]



def _generate(game: Game, values: dict[str, Any]) -> None:
    """Make the layouts the options ask for and deliver them: check the
    request (reading the files it names), check the outputs are free,
    settle the seed, make the layouts, print the seed and the game's
    summary, then print or write them."""
    generation = _generation(game)
    output, svg, seed, count, force, output_format = (values.pop(name) for name in SHARED)
    targets = Targets(values.pop("fair", False), values.pop("minutes", None), values.pop("difficulty", None))
    inputs = tuple(
        values[each.name]
        for each, described in request_options(generation.request)
        if described.reads and values[each.name] is not None
    )
    with guarded():
        settled = generation.settle(generation.request(**values))
        used = prepare_outputs(output, svg, count, seed, force=force, inputs=inputs)
        progress = Progress(_note, stderr_bar, tracks_bar(count))
        targets.check(game)
        if targets.asked():
            made = generate_to_targets(game, settled, used, count, progress, targets)
        else:
            made = generation.make(settled, used, count, progress)
        if made.seed_shown:
            print_seed(used)
        if made.summary is not None:
            typer.echo(made.summary, err=True)
        deliver(made.layouts, used, output, svg, force=force, output_format=output_format, inputs=inputs)


def _note(text: str) -> None:
    """Say something about the run on standard error."""
    typer.echo(text, err=True)


def _refuse_options_before_the_game(ctx: typer.Context) -> None:
    """Exit 2 when options were given before the game's name
    (``generate --seed 5 motocross``): they would be ignored."""
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


def _refuse_old_game_option(default: Game, game: str | None) -> None:
    """``--game`` naming the default game still works (with a note);
    ``--game G`` for another game says what to type instead."""
    if game is None:
        return
    name = game.strip().lower()
    if name == default.name:
        typer.echo(f"note: --game is no longer needed; type 'trackkit generate {default.name}'", err=True)
        return
    if name in GAMES:
        fail(ArgumentError(f"--game {name} is now a command: type 'trackkit generate {name}' and options"))
    suggestion = did_you_mean(name, list(GAMES))
    fail(ArgumentError(f"unknown game {game!r}{suggestion}; use trackkit generate {'|'.join(GAMES)}"))
