"""Progress bars: drawn on standard error when it is a terminal (forced
here through the ``terminal`` parameter and :func:`stderr_is_terminal`),
never when it is piped."""

from __future__ import annotations

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app, progress
from trackkit.cli.progress import progress_bar, stderr_bar


def test_no_bar_when_stderr_is_not_a_terminal() -> None:
    assert stderr_bar("counting", terminal=False) is None


def test_a_bar_on_a_terminal_writes_to_stderr_and_clears_its_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    bar = stderr_bar("counting", terminal=True)
    assert bar is not None
    for done in range(3):
        bar(done, 2)
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.split("\r")
    assert lines[1] == f"counting [{'.' * 30}] 0/2 ETA ?"
    assert lines[2].startswith(f"counting [{'#' * 15}{'.' * 15}] 1/2 ETA 0:")
    assert lines[3].startswith(f"counting [{'#' * 30}] 2/2 ETA 0:00")
    assert lines[4] == " " * len(lines[3]) and lines[5] == ""


def test_a_bar_waits_before_it_appears() -> None:
    written: list[str] = []
    times = iter([0.0, 0.5, 1.5, 2.0])
    bar = progress_bar("checking", written.append, clock=lambda: next(times), show_after=1.0)
    bar(0, 3)
    bar(1, 3)
    assert written == []
    bar(2, 3)
    assert written == [f"\rchecking [{'#' * 20}{'.' * 10}] 2/3 ETA 0:01"]
    bar(3, 3)
    assert written[-1] == "\r" + " " * len(written[0].lstrip("\r")) + "\r"


def test_a_quick_run_that_ends_before_the_bar_appears_writes_nothing() -> None:
    written: list[str] = []
    times = iter([0.0, 0.2])
    bar = progress_bar("checking", written.append, clock=lambda: next(times), show_after=1.0)
    bar(0, 1)
    bar(1, 1)
    assert written == []


def test_a_new_round_from_zero_starts_the_clock_again() -> None:
    written: list[str] = []
    times = iter([0.0, 10.0, 10.0, 11.0])
    bar = progress_bar("preparing", written.append, clock=lambda: next(times))
    bar(0, 2)
    bar(2, 2)
    bar(0, 4)
    assert written[-1] == f"\rpreparing [{'.' * 30}] 0/4 ETA ?"
    bar(1, 4)
    assert written[-1] == f"\rpreparing [{'#' * 7}{'.' * 23}] 1/4 ETA 0:03"


FILES = [str(LAYOUTS / "figure1.yaml"), str(LAYOUTS / "oval.yaml")]


def test_validate_is_silent_on_a_pipe(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", *FILES])
    assert (result.exit_code, result.stderr) == (0, "")


def test_validate_shows_a_bar_on_a_terminal(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    piped = runner.invoke(app, ["validate", *FILES]).stdout
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    result = runner.invoke(app, ["validate", *FILES])
    assert result.exit_code == 0
    assert result.stdout == piped
    assert result.stderr.startswith(f"\rchecking [{'.' * 30}] 0/2 ETA ?\rchecking [{'#' * 15}")
    assert f"\rchecking [{'#' * 30}] 2/2 ETA " in result.stderr
    assert result.stderr.endswith("\r")


def test_count_shows_a_bar_on_a_terminal_only(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    piped = runner.invoke(app, ["count", "--tiles", "12"])
    assert (piped.exit_code, piped.stderr) == (0, "")
    monkeypatch.setattr(progress, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress, "stderr_is_terminal", lambda: True)
    shown = runner.invoke(app, ["count", "--tiles", "12"])
    assert shown.stdout == piped.stdout
    assert shown.stderr.startswith("\rcounting circuits of 12 tiles [")
