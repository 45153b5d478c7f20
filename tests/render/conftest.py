"""The command group the drawing tests run, built once for the whole folder.

The suite's own fixture (``tests/conftest.py``) builds Typer's command group
once per test file; the files here that run it, so it is kept from file to
file instead (some 13 processor ms a build).  Running a built command does
not change it; the key holds what building it reads: the application, its
commands and groups, and the games registered (a test that registers a
game of its own gets a group built with it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from kept_commands import commands_kept


@pytest.fixture(autouse=True, scope="module")
def _commands_built_once_per_file() -> Iterator[None]:
    """Replaces the suite's fixture of this name for this folder's files."""
    with commands_kept():
        yield
