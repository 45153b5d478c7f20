"""Commands that update a layout in place change only their keys' lines:
``hazards --write`` keeps comments, key order, quoting and line endings
byte for byte (issue 38), and keeps the file's mode."""

from __future__ import annotations

import stat
from pathlib import Path

from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.formats.edit_form import with_values
from trackkit.formats.key_lines import with_keys_of

COMMENTED = """\
# main straight with a chicane, as the club lays it
trackkit: 1
name:   'Club loop'     # quoted on purpose
path: R 2S R L S R 4S R S L R 2S R 6S   # figure 1
heading: west
# the line goes where the rulebook's figure has it
start: 21
hazards:
  - {tile: 9, space: NE}   # last season's

# laps and cars as we play them
laps: 2
"""

ROLLS = ["--rolls", "2,null,3,1", "--icons", "3:SW,6:SE,7:NW,2:NE"]


def test_a_commented_layout_keeps_every_line_but_its_hazards(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(COMMENTED)
    path.chmod(0o640)
    result = runner.invoke(app, ["hazards", str(path), *ROLLS, "--write"])
    assert result.exit_code == 0, result.output
    assert result.stderr == f"wrote 4 hazards to {path}\n"
    # the icons the roll used go in after 'start', where trackkit writes
    # them; the hazards replace the old entry; every other line is as it was
    assert path.read_text() == COMMENTED.replace(
        "hazards:\n  - {tile: 9, space: NE}   # last season's\n",
        "icons: {2: NE, 3: SW, 6: SE, 7: NW}\n"
        "hazards:\n"
        "  - {tile: 2, space: NE}\n"
        "  - {tile: 3, space: SW}\n"
        "  - {tile: 6, space: SE}\n"
        "  - {tile: 7, space: NW}\n",
    )
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert runner.invoke(app, ["validate", str(path)]).exit_code == 0


def test_the_same_hazards_written_again_change_nothing(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "club.yaml"
    path.write_text(COMMENTED)
    assert runner.invoke(app, ["hazards", str(path), *ROLLS, "--write"]).exit_code == 0
    once = path.read_bytes()
    assert runner.invoke(app, ["hazards", str(path), *ROLLS, "--write"]).exit_code == 0
    assert path.read_bytes() == once


def test_a_file_with_windows_line_endings_and_no_last_newline_keeps_them(
    runner: CliRunner, tmp_path: Path
) -> None:
    path = tmp_path / "crlf.yaml"
    path.write_bytes(b"trackkit: 1\r\n# crlf\r\npath: R 2S R L S R 4S R S L R 2S R 6S\r\nheading: west")
    result = runner.invoke(app, ["hazards", str(path), "--rolls", "1,1,1,1", "--icons", "1:NE,2:NE,3:NE,4:NE", "--write"])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == (
        b"trackkit: 1\r\n# crlf\r\npath: R 2S R L S R 4S R S L R 2S R 6S\r\nheading: west\r\n"
        b"icons: {1: NE, 2: NE, 3: NE, 4: NE}\r\n"
        b"hazards:\r\n"
        b"  - {tile: 1, space: NE}\r\n  - {tile: 2, space: NE}\r\n  - {tile: 3, space: NE}\r\n"
        b"  - {tile: 4, space: NE}\r\n"
    )


def test_a_flow_style_file_is_refused_and_left_alone(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    text = "{trackkit: 1, path: R 2S R L S R 4S R S L R 2S R 6S, heading: west}\n"
    path.write_text(text)
    result = runner.invoke(app, ["hazards", str(path), "--seed", "1", "--write"])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"{path}:1:1: error: --write changes block-style files only (write one 'key: value' per line)"
    )
    assert path.read_text() == text


def test_a_key_that_is_not_stored_is_not_touched() -> None:
    # 'laps' differs in the new text but is not among the keys to store
    old = "trackkit: 1\nlaps: 2   # ours\nhazards: []\n"
    new = "trackkit: 1\nlaps: 3\nhazards:\n  - {tile: 1, space: NE}\n"
    assert with_keys_of(old, new, ["hazards"], "--write") == (
        "trackkit: 1\nlaps: 2   # ours\nhazards:\n  - {tile: 1, space: NE}\n"
    )


def test_a_key_the_new_text_lacks_is_removed_with_its_lines_only() -> None:
    old = "trackkit: 1\nicons:\n  1: NE\n# about the path\npath: R\n"
    assert with_keys_of(old, "trackkit: 1\npath: R\n", ["icons"], "--write") == (
        "trackkit: 1\n# about the path\npath: R\n"
    )


def test_the_editor_keeps_a_comment_after_a_block_value() -> None:
    # the comment after the block mapping of ramps belongs to 'name', not to 'ramps'
    text = "trackkit: 1\ngame: motocross\nramps:\n  1: 2\n# the quarry\nname: x\npath: 4S\n"
    assert with_values(text, {"ramps": {1: 3}}) == (
        "trackkit: 1\ngame: motocross\nramps: {1: 3}\n# the quarry\nname: x\npath: 4S\n"
    )
