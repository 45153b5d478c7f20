"""The terminal preview and ``trackkit show``."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import FIGURE1, ROOT, SHIPPED
from typer.testing import CliRunner

from trackkit.board import TerminalOptions, die_face
from trackkit.cli import app
from trackkit.cli import show as show_command
from trackkit.errors import ArgumentError
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.layout import Layout
from trackkit.racepack.preview import line_cells, table_view
from trackkit.render.terminal import RESET, render_preview

GoldenCheck = Callable[[str, str], None]
"""The ``golden`` fixture (tests/conftest.py): compare text with a golden file."""

TINY = "trackkit: 1\nname: Tiny\npath: R S R S R S R S\nlaps: 2\n"

TINY_PREVIEW = """\
Tiny — 8 tiles · clockwise · 2 laps · 4 corners

  3                    4
   ┏━━┯━━┳━━┯━━┳━━┯━━┓
   ┃╭╭│╭╭┃→→│→→┃╮╮│╮╮┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╭╭│╭╭┃→→│→→┃╮╮│╮╮┃
   ┣━━┿━━╋━━┷━━╋━━┿━━┫
   ┃↑↑│↑↑┃     ┃↓↓│↓↓┃
   ┠──┼──┨     ┠──┼──┨[2]
   ┃↑↑│↑↑┃     ┃▚▚│▚▚┃
   ┣━━┿━━╋━━┯━━╋━━┿━━┫
   ┃╰╰│╰╰┃←←│←←┃╯╯│╯╯┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╰╰│╰╰┃←←│←←┃╯╯│╯╯┃
   ┗━━┷━━┻━━┷━━┻━━┷━━┛
  2                    1

→ driving direction   ▚ start/finish line   [2] lap die (2 laps)
1–4 corners in driving order
"""
"""Heavy lines round each tile, light ones between its spaces; the lap die
(an ace-to-5 face, in brackets) stands on the start/finish line."""


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_each_shipped_layout_matches_its_golden_preview(path: Path, golden: GoldenCheck) -> None:
    golden(f"{path.stem}.show.txt", render_preview(load_layout(path).layout, TerminalOptions(width=80)))


def test_tiny_track_preview_exactly() -> None:
    assert render_preview(loads_layout(TINY).layout) == TINY_PREVIEW


ON_A_CORNER_PREVIEW = """\
Tiny — 8 tiles · clockwise · 2 laps · 4 corners

  3              [2]   4
   ┏━━┯━━┳━━┯━━┳━━┯━━┓
   ┃╭╭│╭╭┃→→│→→┃!!│▚▚┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╭╭│╭╭┃→→│→→┃!!│▚▚┃
   ┣━━┿━━╋━━┷━━╋━━┿━━┫
   ┃↑↑│↑↑┃     ┃↓↓│↓↓┃
   ┠──┼──┨     ┠──┼──┨
   ┃↑↑│↑↑┃     ┃↓↓│↓↓┃
   ┣━━┿━━╋━━┯━━╋━━┿━━┫
   ┃╰╰│╰╰┃←←│←←┃╯╯│╯╯┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╰╰│╰╰┃←←│←←┃╯╯│╯╯┃
   ┗━━┷━━┻━━┷━━┻━━┷━━┛
  2                    1

→ driving direction   ▚ start/finish line   [2] lap die (2 laps)
1–4 corners in driving order   ! tile breaking a rule (run trackkit validate)
"""
"""The line at 0.5 crosses corner tile 0 (the start/finish rule): that
tile's spaces not under the line carry the fault mark, and the key says so."""


def test_a_tile_a_broken_rule_names_carries_the_fault_mark() -> None:
    broken = TINY + "start: 0.5\n"
    assert render_preview(loads_layout(broken).layout) == ON_A_CORNER_PREVIEW


def test_a_legal_track_has_no_fault_mark_or_key() -> None:
    assert "!" not in render_preview(loads_layout(TINY).layout)


def picture_of(width: int, borders: bool = False) -> list[str]:
    """Figure 1's preview at ``width`` columns, without title and legend."""
    options = TerminalOptions(width=width, borders=borders)
    return render_preview(load_layout(FIGURE1).layout, options).split("\n\n")[1].splitlines()


def test_bordered_when_three_characters_a_space_fit() -> None:
    # 18 spaces across: 3 * 18 + 1 = 55 characters.
    picture = picture_of(55, borders=True)
    assert max(len(line) for line in picture) <= 55
    assert picture[1] == "         ┏━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┳━━┯━━┓"
    assert picture[-1] == "  1                       [3]                        8"
    assert picture_of(54, borders=True)[0] == "     4                         5"


def test_each_space_is_two_characters_when_the_track_fits() -> None:
    picture = picture_of(80)
    # Figure 1 with its corner numbers is 18 spaces wide: 36 characters.
    assert picture[0] == "     4                         5"
    assert picture[11] == "  ╰╰╰╰←←←←←←←←←←▚▚←←←←←←←←←←←←╯╯╯╯"
    assert picture[-1] == " 1               3                 8"
    assert max(len(line) for line in picture) == 36


def test_narrow_terminal_gets_one_character_per_space() -> None:
    picture = picture_of(30)
    assert picture[-3:] == [" ╰╰←←←←←▚←←←←←←╯╯", " ╰╰←←←←←▚←←←←←←╯╯", "1       3        8"]


def test_very_narrow_terminal_gets_a_shrunk_picture_with_the_line_and_numbers() -> None:
    # Each character stands for 2 by 2 spaces; the line outranks the die.
    assert picture_of(10) == [
        " 4╭→→→╮5",
        " ╭╭→→→╮╮",
        "2╭╯   ╰╰7",
        "╭╭3   6╰╮",
        "↑↑     ↓↓",
        "╰╰←←▚←←╯╯",
        "1╰←←▚←←╯8",
    ]


@settings(max_examples=40, deadline=None)
@given(
    width=st.integers(min_value=8, max_value=140), index=st.integers(min_value=0, max_value=len(SHIPPED) - 1)
)
def test_no_line_is_wider_than_asked(width: int, index: int) -> None:
    text = render_preview(load_layout(SHIPPED[index]).layout, TerminalOptions(width=width))
    assert max(len(line) for line in text.splitlines()) <= width


def test_every_corner_number_appears_in_a_wide_preview() -> None:
    for path in SHIPPED:
        layout = load_layout(path).layout
        picture = render_preview(layout, TerminalOptions(width=200)).split("\n\n")[1]
        # the lap die stands on the line in brackets: [3]
        numbers = sorted(int(w) for w in re.findall(r"[0-9]+", re.sub(r"\[[0-9A]+\]", "", picture)))
        assert numbers == list(range(1, len(layout.circuit.corners()) + 1)), path.name


def test_colour_wraps_marks_in_escape_codes() -> None:
    text = render_preview(loads_layout(TINY).layout, TerminalOptions(color=True))
    assert "\x1b[30;107m▚▚" + RESET in text
    assert "\x1b[1;33m 3" + RESET in text
    assert "\x1b[" not in render_preview(loads_layout(TINY).layout, TerminalOptions(color=False))


def test_too_narrow_a_width_is_a_usage_error() -> None:
    with pytest.raises(ArgumentError, match=r"^width 5 is too narrow; give 8 or more$"):
        render_preview(loads_layout(TINY).layout, TerminalOptions(width=5))


def test_furniture_marks_and_legend() -> None:
    options = TerminalOptions(grid=True, width=50)
    text = render_preview(load_layout(ROOT / "layouts" / "pit-lane.yaml").layout, options)
    lines = text.splitlines()
    assert lines[4:8] == [
        "           P== P== P== P==",
        " 4        ================         1",
        "  ╭╭╭╭→→→→→→→→ ○ ○▚▚→→→→→→→→→→╮╮╮╮",
        "  ╭╭╭╭→→→→→→→→ ○ ◉▚▚→→→→→→→→→→╮╮╮╮",
    ]
    assert lines[-3:] == [
        "[5] lap die (5 laps)",
        "1–4 corners in driving order   ◉ pole ○ grid",
        "= pit lane, P stop",
    ]
    assert "◉" not in render_preview(load_layout(ROOT / "layouts" / "pit-lane.yaml").layout)


def test_hazards_show_their_suit_letter_in_their_suit_colour() -> None:
    hazards = "hazards:\n  - {tile: 8, space: NW}\n  - {tile: 11, space: NE}\n"
    layout = loads_layout((ROOT / "layouts" / "hairpin.yaml").read_text() + hazards).layout
    text = render_preview(layout, TerminalOptions(width=60))
    assert text.splitlines()[6] == "  ↑↑↑↑                       3 S╭╭╯╯╯╯"
    assert text.splitlines()[-1] == "S hazard (suns)   M hazard (moons)"
    painted = render_preview(layout, TerminalOptions(width=60, color=True))
    assert "\x1b[1;97;41m S" in painted and "\x1b[1;97;40m M" in painted


def test_hairpin_wall_in_double_lines() -> None:
    text = render_preview(load_layout(ROOT / "layouts" / "hairpin.yaml").layout, TerminalOptions(width=80))
    assert "╋══┿══╋" in text
    assert text.splitlines()[-1] == "1–6 corners in driving order   ═ wall"


def test_light_palette_and_ascii() -> None:
    layout = loads_layout(TINY).layout
    light = render_preview(layout, TerminalOptions(color=True, light=True))
    assert "\x1b[97;40m▚▚" in light and "\x1b[1;34m 3" in light
    plain = render_preview(layout, TerminalOptions(ascii=True))
    assert plain.isascii()
    assert plain.splitlines()[3:6] == [
        "   +-----+-----+-----+",
        "   |// //|>> >>|\\\\ \\\\|",
        "   |     |     |     |",
    ]


def test_die_faces() -> None:
    assert [die_face(n) for n in (1, 3, 5, 6, 12)] == ["A", "3", "5", "6", "12"]


def test_broken_track_preview_has_no_numbers_and_says_why() -> None:
    text = render_preview(loads_layout("trackkit: 1\npath: R 2S R 3S R 2S R 2S\n").layout)
    assert text.splitlines()[0] == "Untitled track — 13 tiles · not a closed circuit: run 'trackkit validate'"
    assert not any(c.isdigit() for c in text.split("\n\n")[1])


# --- colour choice and width ----------------------------------------------------------


def test_colour_by_default_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(show_command, "is_terminal", lambda: True)
    assert show_command.wants_color(None)
    monkeypatch.setenv("NO_COLOR", "1")
    assert not show_command.wants_color(None)
    assert show_command.wants_color(True)
    monkeypatch.setattr(show_command, "is_terminal", lambda: False)
    monkeypatch.delenv("NO_COLOR")
    assert not show_command.wants_color(None)
    assert not show_command.wants_color(False)


def test_terminal_width_comes_from_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "52")
    assert show_command.terminal_width() == 52


# --- the command ------------------------------------------------------------------


def test_show_prints_plain_text_when_piped(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "tiny.yaml"
    source.write_text(TINY)
    result = runner.invoke(app, ["show", str(source), "--width", "80"])
    assert (result.exit_code, result.stdout, result.stderr) == (0, TINY_PREVIEW, "")


def test_show_color_forces_escape_codes(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "tiny.yaml"
    source.write_text(TINY)
    result = runner.invoke(app, ["show", str(source), "--color"])
    assert result.exit_code == 0
    assert result.stdout == render_preview(loads_layout(TINY).layout, TerminalOptions(color=True))


def test_show_width_defaults_to_the_terminal(runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", str(FIGURE1)], env={"COLUMNS": "30"})
    assert result.exit_code == 0
    assert result.stdout == render_preview(load_layout(FIGURE1).layout, TerminalOptions(width=30))


def test_show_grid_option(runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", str(FIGURE1), "--grid", "-w", "80"])
    assert result.exit_code == 0
    assert result.stdout == render_preview(load_layout(FIGURE1).layout, TerminalOptions(grid=True))


def test_show_bad_width_is_one_line_and_exit_2(runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", str(FIGURE1), "--width", "3"])
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == "trackkit: error: --width 3 is too narrow; give 8 or more\n"


def test_show_missing_file_is_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nope.yaml"
    result = runner.invoke(app, ["show", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"{missing}: error: no such file (check the path)\n"


def test_show_broken_track_prints_it_and_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    source = tmp_path / "open.yaml"
    source.write_text("trackkit: 1\npath: R 2S R 3S R 2S R 2S\n")
    result = runner.invoke(app, ["show", str(source), "-w", "80"])
    assert result.exit_code == 1
    assert result.stdout.startswith("Untitled track — 13 tiles")
    assert result.stderr == (
        f"{source}: the track breaks the rules (1 error: closure); run 'trackkit validate {source}'\n"
    )


def test_show_ascii_and_light_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", str(FIGURE1), "--width", "80", "--ascii"])
    assert result.exit_code == 0
    assert result.stdout == render_preview(load_layout(FIGURE1).layout, TerminalOptions(width=80, ascii=True))
    assert result.stdout.isascii()
    result = runner.invoke(app, ["show", str(FIGURE1), "--width", "80", "--color", "--light"])
    assert result.stdout == render_preview(
        load_layout(FIGURE1).layout, TerminalOptions(width=80, color=True, light=True)
    )


ALL_SHIPPED = sorted((ROOT / "layouts").glob("*.yaml"))


@pytest.mark.parametrize("path", ALL_SHIPPED, ids=lambda p: p.name)
def test_show_ascii_has_a_glyph_for_every_piece_of_every_game(runner: CliRunner, path: Path) -> None:
    extra = ["--line"] if path in SHIPPED else []
    result = runner.invoke(app, ["show", str(path), "--ascii", *extra])
    assert result.exit_code == 0, result.output
    assert result.stdout.isascii()
    assert "?" not in result.stdout


def _picture(text: str) -> str:
    """The picture of a preview: what stands between the header and the key."""
    return text.split("\n\n")[1]


def _drawn_numbers(layout: Layout) -> Counter[str]:
    """Every number a ``--line`` preview draws once: corner numbers, the speed
    where each movement of the racing line ends, and the lap die's face."""
    view = table_view(layout, False)
    numbers = [str(label.number) for label in view.labels]
    numbers += [mark for mark in line_cells(layout).values() if mark.isdigit()]
    die = view.setup.die
    if die is not None and die_face(die.laps).isdigit():
        numbers.append(die_face(die.laps))
    return Counter(numbers)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
@pytest.mark.parametrize("per_space", [3, 2], ids=["bordered", "two-characters"])
def test_line_view_prints_each_number_once(path: Path, per_space: int) -> None:
    """A speed of 1 reads ``1``, not ``11``: every digit run in the picture is
    one of the numbers drawn, each as often as it is drawn."""
    layout = load_layout(path).layout
    bounds = table_view(layout, False).bounds
    columns = math.ceil(bounds.right) - math.floor(bounds.left)
    text = render_preview(layout, TerminalOptions(width=per_space * columns + 1, line=True))
    assert Counter(re.findall(r"\d+", _picture(text))) == _drawn_numbers(layout)


def test_the_racing_line_runs_under_the_grid_s_pawns() -> None:
    layout = load_layout(FIGURE1).layout
    text = render_preview(layout, TerminalOptions(width=60, grid=True, line=True))
    assert "┃ ◉│ ○┃" in text  # the pole and the car beside it, not the line's marks
    without = render_preview(layout, TerminalOptions(width=60, grid=False, line=True))
    assert "◉" not in without
