"""Issue 35's hostile command lines (all but the editor's and the paper
PNG pages'): each reproducer with its exact answer and exit status.  The
ones that are one file and one command live in ``tests/hostile/corpus/``;
here are those that need options, names or files of their own."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app


@pytest.fixture
def layouts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding copies of the shipped layouts, made the current one."""
    for path in LAYOUTS.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def answer(runner: CliRunner, *args: str) -> tuple[int, str]:
    """The exit status and standard error of ``trackkit ARGS``, which must not crash."""
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr


@pytest.mark.parametrize("game", ["figure1", "race-oval", "rally-base", "motocross-three-players"])
@pytest.mark.parametrize("width", ["0", "-1", "7"])
def test_a_preview_narrower_than_8_is_refused_alike_in_every_game(
    runner: CliRunner, layouts: Path, game: str, width: str
) -> None:
    assert answer(runner, "show", f"{game}.yaml", "-w", width) == (
        2,
        f"trackkit: error: --width {width} is too narrow; give 8 or more\n",
    )


@pytest.fixture
def fifo(layouts: Path) -> Iterator[str]:
    """``f.yaml``, a named pipe no one writes to; a test reading it would
    block forever, so each is stopped after 10 s."""
    os.mkfifo(layouts / "f.yaml")

    def stop(signum: int, frame: object) -> None:
        raise TimeoutError("blocked on the FIFO")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(10)
    yield "f.yaml"
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


FIFO_REFUSED = "f.yaml: error: is not a regular file (give the path of a .yaml file)\n"


@pytest.mark.parametrize(
    "args",
    [
        ["info", "f.yaml"],
        ["show", "f.yaml"],
        ["render", "f.yaml", "-o", "out.svg"],
        ["replay", "f.yaml"],
        ["generate", "rally", "--cards", "f.yaml"],
        ["simulate", "rally-base.yaml", "--shapes", "f.yaml"],
    ],
)
def test_a_fifo_given_as_any_input_is_refused_at_once(runner: CliRunner, fifo: str, args: list[str]) -> None:
    assert answer(runner, *args) == (2, FIFO_REFUSED)


def test_validate_reports_a_fifo_as_unreadable(runner: CliRunner, fifo: str) -> None:
    result = runner.invoke(app, ["validate", fifo])
    assert (result.exit_code, result.stdout) == (2, FIFO_REFUSED + "f.yaml: unreadable (1 error)\n")
