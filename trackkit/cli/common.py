"""What every command shares: error handling, output, exit codes.

Exit codes: 0 the track is legal (warnings allowed), 1 a rule is broken, 2 the
input cannot be read or the command was used wrongly.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Any, NoReturn

import typer

from trackkit.errors import (
    ArgumentError,
    CircuitError,
    GenerationError,
    GridError,
    LayoutError,
    LimitError,
    OutputError,
    TrackkitError,
)

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_BAD_INPUT = 2


class OutputFormat(StrEnum):
    """How a command prints its result."""

    text = "text"
    json = "json"


FORMAT_OPTION = typer.Option(OutputFormat.text, "--format", "-f", help="Print text or JSON.")


def exit_code_for(error: TrackkitError) -> int:
    """1 for a track that cannot be used as asked, 2 for unreadable input or misuse."""
    if isinstance(error, (CircuitError, GridError, GenerationError)):
        return EXIT_ILLEGAL
    return EXIT_BAD_INPUT


def fail(error: TrackkitError, about: Path | None = None) -> NoReturn:
    """Print ``error`` on one line to standard error and exit; a limit
    error names ``about``, the file it concerns, when given."""
    text = describe_error(error)
    if isinstance(error, LimitError) and about is not None:
        text = text.replace("trackkit: error: ", f"{about}: error: ", 1)
    typer.echo(text, err=True)
    raise typer.Exit(exit_code_for(error))


_OPTIONS = {"circuit_id": "--id"}
"""Options not named after their parameter the usual way."""


def option_name(parameter: str) -> str:
    """The command-line option for a library parameter: ``max_width`` is
    ``--max-width``, ``circuit_id`` is ``--id``."""
    return _OPTIONS.get(parameter, "--" + parameter.replace("_", "-"))


def describe_error(error: TrackkitError) -> str:
    """One line: ``FILE:LINE:COL: error: ...`` for a layout, else
    ``trackkit: error: ...``, naming options where the library names parameters."""
    if isinstance(error, LayoutError):
        return error.one_line()
    if isinstance(error, ArgumentError):
        return f"trackkit: error: {error.phrased(option_name)}"
    if isinstance(error, OutputError) and error.exists:
        return f"trackkit: error: {error}, or add --force to replace it"
    return f"trackkit: error: {error}"


@contextmanager
def guarded(about: Path | None = None) -> Iterator[None]:
    """Turn trackkit's own exceptions into a one-line message and an exit
    code; ``about`` names the layout file the command reads, for messages
    about a track too big to handle.

    Only :class:`TrackkitError` is caught: anything else is a bug and should
    show its traceback.
    """
    try:
        yield
    except TrackkitError as error:
        fail(error, about)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def is_terminal() -> bool:
    return sys.stdout.isatty()
