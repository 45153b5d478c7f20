"""The README's sample outputs are the commands' real output.

A sample is a fenced block right after a ``<!-- sample: trackkit ... -->``
comment; this test runs the command and compares, line by line.  With
``pytest --regen-golden`` it rewrites the samples instead (look at
``git diff README.md`` before committing).
"""

from __future__ import annotations

import os
import re
import shlex

import pytest
from support import ROOT
from typer.testing import CliRunner

from trackkit.cli import app

README = ROOT / "README.md"
SAMPLE = re.compile(r"<!-- sample: trackkit (?P<command>[^\n]*?) -->\n```[a-z]*\n(?P<output>.*?)```\n", re.S)


def run(command: str) -> str:
    """What the command prints (standard output and error, as a terminal shows them), run
    from the repository's top folder as the README's commands are."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(app, shlex.split(command))
    finally:
        os.chdir(here)
    return result.output


def test_the_readme_has_samples() -> None:
    assert len(SAMPLE.findall(README.read_text())) >= 3


@pytest.mark.parametrize("command", [m.group("command") for m in SAMPLE.finditer(README.read_text())])
def test_readme_sample_is_the_real_output(command: str, regen_golden: bool) -> None:
    text = README.read_text()
    match = next(m for m in SAMPLE.finditer(text) if m.group("command") == command)
    actual = run(command)
    if regen_golden:
        start, end = match.span("output")
        README.write_text(text[:start] + actual + text[end:], encoding="utf-8")
        return
    assert match.group("output").splitlines() == actual.splitlines()
