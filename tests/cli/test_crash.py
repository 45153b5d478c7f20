"""A crash (an exception other than ``TrackkitError``) in any command is one
line on standard error and exit status 3; ``--debug`` adds the traceback.
The crash is staged by making the library function a command calls fail."""

from __future__ import annotations

import pytest
from support import FIGURE1
from typer.testing import CliRunner

from trackkit import api, batch
from trackkit.cli import app
from trackkit.cli.crash import EXIT_CRASH, crash_line

LINE = (
    "trackkit: internal error: ZeroDivisionError: division by zero; this is a bug in trackkit,"
    " not a verdict on the track (run with 'trackkit --debug ...' for the traceback)"
)


def divide_by_zero(*args: object, **kwargs: object) -> object:
    raise ZeroDivisionError("division by zero")


@pytest.fixture
def crashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """``info`` and ``validate`` crash inside the library."""
    monkeypatch.setattr(api, "describe", divide_by_zero)
    monkeypatch.setattr(batch, "_checked", divide_by_zero)


@pytest.mark.parametrize("command", ["info", "validate"])
def test_a_crash_is_one_line_and_exit_3(runner: CliRunner, crashing: None, command: str) -> None:
    result = runner.invoke(app, [command, str(FIGURE1)])
    assert (result.exit_code, result.stdout, result.stderr) == (EXIT_CRASH, "", LINE + "\n")


def test_debug_adds_the_traceback(runner: CliRunner, crashing: None) -> None:
    result = runner.invoke(app, ["--debug", "info", str(FIGURE1)])
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[-2:] == ["ZeroDivisionError: division by zero", LINE]


def test_the_environment_asks_for_the_traceback_too(
    runner: CliRunner, crashing: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TRACKKIT_DEBUG", "1")
    result = runner.invoke(app, ["info", str(FIGURE1)])
    assert result.exit_code == 3
    assert result.stderr.startswith("Traceback (most recent call last):\n")


def test_verdicts_and_refusals_keep_their_own_codes(runner: CliRunner) -> None:
    assert runner.invoke(app, ["validate", str(FIGURE1)]).exit_code == 0
    assert runner.invoke(app, ["validate", "no-such-file.yaml"]).exit_code == 2
    assert runner.invoke(app, ["info", str(FIGURE1), "--no-such-option"]).exit_code == 2


def test_the_line_is_one_line_whatever_the_message() -> None:
    assert crash_line(ValueError("first\nsecond")) == LINE.replace("ZeroDivisionError: division by zero", "ValueError: first")
    assert crash_line(MemoryError()).startswith("trackkit: internal error: MemoryError; this is a bug")
