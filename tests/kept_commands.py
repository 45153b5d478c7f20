"""Typer's command group for an application, built once and kept across
test files (see ``tests/conftest.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer
import typer.testing

from trackkit import registry

_BUILD = typer.testing._get_command
"""What ``CliRunner.invoke`` runs to build an application's command group."""

_KEPT: dict[tuple[object, ...], tuple[typer.Typer, object]] = {}
"""Each command group built, with the application it was built from (held,
so that no other application takes its ``id``)."""


def kept(app: typer.Typer) -> object:
    """The command group of ``app``, built the first time it is asked for
    with these commands, groups and registered games."""
    games = tuple((name, id(game)) for name, game in registry.GAMES.items())
    key = (id(app), len(app.registered_commands), len(app.registered_groups), games)
    if key not in _KEPT:
        _KEPT[key] = (app, _BUILD(app))
    return _KEPT[key][1]


@contextmanager
def commands_kept() -> Iterator[None]:
    """``CliRunner.invoke`` runs the kept command groups while inside."""
    typer.testing._get_command = kept
    try:
        yield
    finally:
        typer.testing._get_command = _BUILD
