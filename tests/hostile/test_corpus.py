"""The hostile inputs of issues 10 and 27 (and of the fuzz campaigns)
through the command line: each file in
``tests/hostile/corpus/`` gets exactly the exit status and the one line of
standard error recorded for it in ``expected.yaml``, never a traceback
(``validate`` gives its report on standard output: there the recorded
problems, each with its line quoted under it, come before the file's
``unreadable`` verdict)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import ROOT
from typer.testing import CliRunner

from trackkit.cli import app

HOSTILE = ROOT / "tests" / "hostile" / "corpus"
"""Small files that once broke trackkit: tracebacks, seconds of work, gigabytes."""

EXPECTED: dict[str, list[dict[str, Any]]] = yaml.safe_load((HOSTILE / "expected.yaml").read_text())

CASES = [
    pytest.param(name, case, id=f"{name}:{' '.join(case['args'])}")
    for name, cases in sorted(EXPECTED.items())
    for case in cases
]


@pytest.mark.parametrize(("name", "case"), CASES)
def test_hostile_file_gets_its_recorded_answer(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, case: dict[str, Any]
) -> None:
    shutil.copy(HOSTILE / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    command, *options = case["args"]
    result = runner.invoke(app, [command, name, *options])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == case["exit"]
    if command == "validate" and case["exit"] == 2:
        *lines, verdict = result.stdout.rstrip("\n").splitlines()
        # under each problem its line may be quoted (indented), never with
        # a character a terminal would act on
        problems = [line for line in lines if not line.startswith("    ")]
        assert all(line.isprintable() for line in lines)
        assert "\n".join(problems) == case["stderr"]
        assert re.fullmatch(rf"{re.escape(name)}(#\d+)?: unreadable \(\d+ errors?\)", verdict)
        assert result.stderr == ""
    else:
        assert result.stderr.rstrip("\n") == case.get("stderr", "")
    if "stdout_last" in case:
        assert result.stdout.rstrip("\n").splitlines()[-1] == case["stdout_last"]


def test_every_hostile_file_has_a_recorded_answer() -> None:
    files = {path.name for path in HOSTILE.iterdir()} - {"expected.yaml"}
    assert files == set(EXPECTED)


def test_every_refusal_names_the_file_and_a_reading_error_its_line_and_column() -> None:
    refusals = [(name, case["stderr"]) for name, cases in EXPECTED.items() for case in cases if case["exit"] == 2]
    assert all(line.startswith(name) for name, line in refusals)
    located = [line for name, line in refusals if re.match(rf"{re.escape(name)}(#\d+)?:\d+:\d+: error: ", line)]
    assert len(located) >= 25
