"""Tab completion (issue 38): rule ids after ``explain``, game names after
``--game``, layout files where a command reads a layout, and the install
the README shows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from trackkit.cli import app


def completed(runner: CliRunner, words: str) -> list[str]:
    """What bash's completion offers for the last of ``words``."""
    env = {"_TRACKKIT_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = runner.invoke(app, [], env=env, prog_name="trackkit")
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def test_explain_completes_rule_ids(runner: CliRunner) -> None:
    assert completed(runner, "trackkit explain motocross/ra") == [
        "motocross/ramp-place",
        "motocross/ramp-height",
        "motocross/ramp-coins",
    ]
    assert completed(runner, "trackkit explain adj") == ["adjacency"]
    assert completed(runner, "trackkit explain rally/o") == ["rally/opening"]


def test_game_options_complete_game_names(runner: CliRunner) -> None:
    assert completed(runner, "trackkit rules --game ra") == ["racepack", "race", "rally"]
    assert completed(runner, "trackkit schema --game m") == ["motocross"]
    assert completed(runner, "trackkit edit --game r") == ["racepack", "race", "rally"]  # it lays every game


def test_layout_arguments_complete_layout_files_and_folders(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("oval.yaml", "other.yml", "notes.txt", ".hidden.yaml", "old/x.yaml"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("")
    monkeypatch.chdir(tmp_path)
    assert completed(runner, "trackkit show o") == ["old/", "other.yml", "oval.yaml"]
    assert completed(runner, "trackkit validate oval.yaml ol") == ["old/"]
    assert completed(runner, "trackkit render old/") == ["old/x.yaml"]
    assert completed(runner, "trackkit info .h") == [".hidden.yaml"]


@pytest.mark.parametrize(
    ("shell", "script", "rc", "line"),
    [
        ("bash", ".bash_completions/trackkit.sh", ".bashrc", "source '{home}/.bash_completions/trackkit.sh'"),
        ("zsh", ".zfunc/_trackkit", ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit"),
    ],
)
def test_install_completion_writes_what_the_readme_says(
    tmp_path: Path, shell: str, script: str, rc: str, line: str
) -> None:
    # the shell is named here: a test runs under no interactive shell to detect
    env = {**os.environ, "HOME": str(tmp_path), "_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION": "1"}
    command = [str(Path(sys.executable).parent / "trackkit"), "--install-completion", shell]
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].endswith(f"completion installed in {tmp_path / script}")
    assert "_TRACKKIT_COMPLETE" in (tmp_path / script).read_text()
    assert line.format(home=tmp_path) in (tmp_path / rc).read_text().splitlines()
