"""Issue 10's write and round-trip reproducers through the command line:
every output failure is one line and exit 2, modes are kept, nothing is
replaced without --force, and what trackkit writes it reads back."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
import yaml
from support import FIGURE1
from typer.testing import CliRunner

from trackkit.cli import app

FIGURE1_TEXT = FIGURE1.read_text()


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Figure 1 copied into an empty working folder, by its bare name."""
    (tmp_path / "fig.yaml").write_text(FIGURE1_TEXT)
    monkeypatch.chdir(tmp_path)
    return "fig.yaml"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["render", "fig.yaml", "-o", "nodir/x.svg"], "nodir/x.svg: the folder nodir does not exist; create it first"),
        (["render", "fig.yaml", "-o", "adir"], "adir: is a directory; give a file name"),
        (["render", "fig.yaml", "-o", "adir/"], "adir: is a directory; give a file name"),
        (["convert", "fig.yaml", "--to", "tiles", "-o", "nodir/x.yaml"],
         "nodir/x.yaml: the folder nodir does not exist; create it first"),
        (["convert", "fig.yaml", "--to", "tiles", "-o", "adir"], "adir: is a directory; give a file name"),
        (["convert", "fig.yaml", "--to", "path", "-o", "fig.yaml", "--force"],
         "fig.yaml: refusing to overwrite the input file; choose another output"),
        (["render", "old.svg", "-o", "x.svg"], "old.svg:1:1: error: a layout must be a mapping of keys to values"
         " (write 'key: value' lines, starting with 'trackkit: 1')"),
        (["render", "fig.yaml", "-o", "old.svg"],
         "old.svg: already exists; choose another name, or add --force to replace it"),
        (["convert", "fig.yaml", "--to", "tiles", "-o", "old.svg"],
         "old.svg: already exists; choose another name, or add --force to replace it"),
        (["render", "/dev/zero"], "/dev/zero: error: is not a regular file (give the path of a .yaml file)"),
        (["info", "."], ".: error: is a directory, not a layout file"),
    ],
)
def test_an_output_that_cannot_be_written_gets_one_line_and_exit_2(
    runner: CliRunner, layout: str, args: list[str], message: str
) -> None:
    Path("adir").mkdir()
    Path("old.svg").write_text("<svg/>")
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stdout) == (2, "")
    prefix = "" if ": error: " in message else "trackkit: error: "
    assert result.stderr == prefix + message + "\n"
    assert Path("old.svg").read_text() == "<svg/>"
    assert sorted(p.name for p in Path().iterdir()) == ["adir", "fig.yaml", "old.svg"]


@pytest.mark.skipif(os.geteuid() == 0, reason="the superuser writes into read-only folders")
def test_a_read_only_folder_is_refused(runner: CliRunner, layout: str) -> None:
    Path("locked").mkdir(mode=0o555)
    result = runner.invoke(app, ["render", layout, "-o", "locked/x.svg"])
    assert (result.exit_code, result.stderr) == (2, "trackkit: error: locked/x.svg: cannot write here (Permission denied)\n")


def test_hazards_write_refuses_a_read_only_layout_and_keeps_it(runner: CliRunner, layout: str) -> None:
    Path(layout).chmod(0o444)
    result = runner.invoke(app, ["hazards", layout, "--write", "--seed", "1"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == "trackkit: error: fig.yaml: is read-only; make it writable or choose another name"
    assert Path(layout).read_text() == FIGURE1_TEXT
    assert stat.S_IMODE(Path(layout).stat().st_mode) == 0o444


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o600])
def test_hazards_write_keeps_the_layouts_mode(runner: CliRunner, layout: str, mode: int) -> None:
    Path(layout).chmod(mode)
    result = runner.invoke(app, ["hazards", layout, "--write", "--seed", "1"])
    assert result.exit_code == 0
    assert stat.S_IMODE(Path(layout).stat().st_mode) == mode
    assert sorted(p.name for p in Path().iterdir()) == [layout]


def test_new_outputs_get_the_umasks_mode_and_force_keeps_the_replaced_mode(runner: CliRunner, layout: str) -> None:
    old = os.umask(0o027)
    try:
        assert runner.invoke(app, ["render", layout, "-o", "x.svg"]).exit_code == 0
        assert runner.invoke(app, ["convert", layout, "--to", "tiles", "-o", "x.yaml"]).exit_code == 0
    finally:
        os.umask(old)
    assert [stat.S_IMODE(Path(n).stat().st_mode) for n in ("x.svg", "x.yaml")] == [0o640, 0o640]
    Path("x.svg").chmod(0o604)
    assert runner.invoke(app, ["render", layout, "-o", "x.svg", "--force"]).exit_code == 0
    assert stat.S_IMODE(Path("x.svg").stat().st_mode) == 0o604
    Path("x.svg").chmod(0o444)
    result = runner.invoke(app, ["render", layout, "-o", "x.svg", "--force"])
    assert (result.exit_code, result.stderr) == (2, "trackkit: error: x.svg: is read-only; make it writable or choose another name\n")
    assert sorted(p.name for p in Path().iterdir()) == ["fig.yaml", "x.svg", "x.yaml"]


NAMES = ["'5'", "'Yes'", "'2024-06-01'", "'null'", "'~'", "'#1: x'", "' padded '", '"two\\nlines"', "'1e3'"]


@pytest.mark.parametrize("name", NAMES)
def test_names_survive_convert_and_hazards_write(runner: CliRunner, layout: str, name: str) -> None:
    Path(layout).write_text(FIGURE1_TEXT.replace("name: Figure 1", f"name: {name}"))
    meant = yaml.safe_load(f"name: {name}")["name"]
    assert runner.invoke(app, ["convert", layout, "--to", "tiles", "-o", "tiles.yaml"]).exit_code == 0
    assert runner.invoke(app, ["hazards", layout, "--write", "--seed", "3"]).exit_code == 0
    for written in ("tiles.yaml", layout):
        result = runner.invoke(app, ["validate", written])
        assert (result.exit_code, result.stderr) == (0, "")
        assert yaml.safe_load(Path(written).read_text())["name"] == meant


def test_generated_tracks_printed_together_read_back_from_a_file_and_from_standard_input(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    printed = runner.invoke(app, ["generate", "--count", "3", "--seed", "5"]).stdout
    Path("three.yaml").write_text(printed)
    from_file = runner.invoke(app, ["validate", "three.yaml"])
    from_stdin = runner.invoke(app, ["validate", "-"], input=printed)
    assert (from_file.exit_code, from_stdin.exit_code) == (0, 0)
    *reports, summary = from_file.stdout.splitlines()
    assert [line.split(":")[0] for line in reports] == [f"three.yaml#{n}" for n in (1, 2, 3)]
    assert summary == "3 layouts: 3 legal, 0 illegal, 0 unreadable"
    assert from_stdin.stdout == from_file.stdout.replace("three.yaml", "<stdin>")


def test_standard_input_that_is_not_a_layout_gets_one_located_line(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "-"], input="trackkit: 1\x08\n")
    assert (result.exit_code, result.stdout) == (
        2,
        "<stdin>:1:12: error: character '\\x08' is not allowed in YAML (delete it; a layout holds no control characters)\n"
        # the control character is quoted as '?', never sent to the terminal
        "    1 | trackkit: 1?\n"
        "      |            ^\n"
        "<stdin>: unreadable (1 error)\n",
    )


def test_show_refuses_an_encoding_that_cannot_draw_the_preview() -> None:
    result = CliRunner(charset="cp1252").invoke(app, ["show", str(FIGURE1)])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        "trackkit: error: standard output's encoding (cp1252) cannot show the preview; set PYTHONIOENCODING=utf-8\n"
    )
