"""The Typer application and the list of command modules."""

from __future__ import annotations

import importlib
from typing import Any

import typer

from trackkit.cli.crash import CrashGuard
from trackkit.cli.examples import add_examples
from trackkit.cli.file_names import check_file_names

__all__ = [
    "COMMAND_MODULES",
    "app",
    "built_command",
    "main",
]

app = typer.Typer(
    name="trackkit",
    cls=CrashGuard,
    help="Design, check, draw and generate piecepack race tracks.",
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

COMMAND_MODULES = (
    "trackkit.cli.validate",
    "trackkit.cli.info",
    "trackkit.cli.convert",
    "trackkit.cli.export",
    "trackkit.cli.schema",
    "trackkit.cli.rules",
    # drawing commands go here
    "trackkit.cli.render",
    "trackkit.cli.show",
    # lanes, grid and hazards commands go here
    "trackkit.cli.lanes",
    "trackkit.cli.grid",
    "trackkit.cli.hazards",
    "trackkit.cli.analyze",
    "trackkit.cli.simulate",
    "trackkit.cli.report",
    "trackkit.cli.replay",
    # generation commands go here
    "trackkit.cli.generate",
    # the editor
    "trackkit.cli.edit",
)
"""Each module defines ``register(app)``, adding its commands."""

for _name in COMMAND_MODULES:
    importlib.import_module(_name).register(app)

add_examples(app)
check_file_names(app)


def _print_version(value: bool) -> None:
    if value:
        from trackkit import __version__

        typer.echo(f"trackkit {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", help="Print the version and exit.", callback=_print_version, is_eager=True
    ),
    debug: bool = typer.Option(
        False, "--debug", envvar="TRACKKIT_DEBUG", help="On an internal error, print its traceback too."
    ),
) -> None:
    """Design, check, draw and generate piecepack race tracks."""


def built_command() -> Any:
    """The application as one command group, its plain options read
    without pydantic (see :mod:`trackkit.cli.plain_params`); Typer builds it
    anew on every call, so a caller running many commands keeps it."""
    from trackkit.cli.plain_params import plainly

    command = typer.main.get_command(app)
    plainly(command)
    return command


def main() -> None:
    """Entry point of the ``trackkit`` console script."""
    built_command()()
