"""File names checked where the command line reads them.

A name the file system would refuse (longer than a file name may be, or
holding a character its encoding cannot write; see
:func:`trackkit.fileio.name_problem`) is refused as a usage error (exit
status 2) against the argument or option that gave it, before the command
starts: ``Invalid value for '--output' / '-o': 'aaa...aaa' is 300 bytes
long; ...``.  :func:`check_file_names` gives every path parameter of every
command this check, once, after the commands are registered, so a new
command gets it too.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import typer

from trackkit.fileio import name_problem

__all__ = ["check_file_names", "file_names", "path_parameters"]

T = TypeVar("T")

_PATH_ANNOTATION = re.compile(r"\bPath\b")
"""How a parameter's annotation (``Path``, ``Path | None``, ``list[Path]``) names a path."""


def file_names(value: T) -> T:
    """``value`` (a path, a list of paths or ``None``, as read) unchanged;
    raises :class:`typer.BadParameter` when the file system would refuse
    the name of one of its paths."""
    for path in value if isinstance(value, list) else [value]:
        problem = None if path is None else name_problem(str(path))
        if problem is not None:
            raise typer.BadParameter(problem)
    return value


def _callbacks(app: typer.Typer) -> Iterator[Callable[..., Any]]:
    """Every function ``app`` (and the command groups under it) runs as a command."""
    if app.registered_callback is not None and app.registered_callback.callback is not None:
        yield app.registered_callback.callback
    for command in app.registered_commands:
        if command.callback is not None:
            yield command.callback
    for group in app.registered_groups:
        if group.typer_instance is not None:
            yield from _callbacks(group.typer_instance)


def path_parameters(app: typer.Typer) -> Iterator[Any]:
    """The Typer declaration (``typer.Option``/``typer.Argument``) of every
    parameter of ``app``'s commands that takes one path or a list of them."""
    for callback in _callbacks(app):
        for parameter in inspect.signature(callback).parameters.values():
            declared = parameter.default
            if _PATH_ANNOTATION.search(str(parameter.annotation)) and hasattr(declared, "callback"):
                yield declared


def check_file_names(app: typer.Typer) -> None:
    """Check every path parameter of ``app``'s commands with :func:`file_names`
    as it is read (a parameter with a check of its own keeps it)."""
    for declared in path_parameters(app):
        if declared.callback is None:
            declared.callback = file_names
