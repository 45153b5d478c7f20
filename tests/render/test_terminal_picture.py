"""Every game's terminal preview: the same themes, the space grid visible in
each, and labels that never run together, over every shipped layout."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from conftest import GoldenCheck
from support import LAYOUTS, game_of_file
from typer.testing import CliRunner

from trackkit import games
from trackkit.board import SUIT_STYLES, Board, Mark, Style, TerminalOptions, fits_bordered
from trackkit.cli import app
from trackkit.motocross.preview import course_board, course_marks
from trackkit.racepack.preview import line_cells, scene_board, scene_marks, table_view
from trackkit.render.terminal import PALETTES, RESET, render_preview
from trackkit.render.terminal_picture import picture_rows

ALL_SHIPPED = sorted(LAYOUTS.glob("*.yaml"))
THEMES = {"plain": [], "dark": ["--color"], "light": ["--color", "--light"]}
_CODE = re.compile(r"\x1b\[[0-9;]*m")


def painted(text: str) -> list[tuple[str, str]]:
    """Each character of ``text`` with the colour code it is painted in
    (``""`` for none)."""
    characters: list[tuple[str, str]] = []
    current = ""
    for piece in re.split(f"({_CODE.pattern})", text):
        if _CODE.fullmatch(piece):
            current = "" if piece == RESET else piece
        else:
            characters += [(character, current) for character in piece]
    return characters


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("path", ALL_SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_layout_shows_in_every_theme(runner: CliRunner, path: Path, theme: str) -> None:
    """The coloured preview is the plain one with the theme's codes, and the
    grid of spaces (light lines between the spaces of a tile) shows."""
    plain = runner.invoke(app, ["show", str(path), "-w", "120", "--no-color"])
    result = runner.invoke(app, ["show", str(path), "-w", "120", *THEMES[theme]])
    assert (result.exit_code, result.stderr) == (0, "")
    assert _CODE.sub("", result.stdout) == plain.stdout
    if theme == "plain":
        assert _CODE.search(result.stdout) is None
        return
    palette = PALETTES[theme]
    assert set(_CODE.findall(result.stdout)) <= {*palette.values(), RESET}
    characters = painted(_picture(result.stdout))
    grid = [code for character, code in characters if character in "─│┼"]
    assert grid == [palette[Style.LINE]] * len(grid)
    if game_of_file(path) in ("racepack", "motocross"):
        assert grid, "a bordered picture has light lines between spaces"
    if game_of_file(path) == "race":
        straights = [code for character, code in characters if character == "·"]
        assert straights and set(straights) == {palette[Style.ROAD]}


TINY = {
    "motocross": "game: motocross\nname: Tiny\nplayers: 3\npath: S S R S\nramps: {1: 2}\nhouse_rules: [short-course]\n",
    "race": "game: race\nname: Tiny ring\nspaces: 12\nlaps: 1\nracers: 2\nfinish: 12\n"
    "corners:\n  - {from: 3, length: 2, radius: 1}\n",
}
"""Small legal layouts of the games whose shipped ones are large."""


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("game", ["motocross", "race", "rally"])
def test_each_game_shows_in_each_theme_exactly(
    runner: CliRunner, tmp_path: Path, golden: GoldenCheck, game: str, theme: str
) -> None:
    path = LAYOUTS / "rally-base.yaml"
    if game in TINY:
        path = tmp_path / "tiny.yaml"
        path.write_text("trackkit: 1\n" + TINY[game])
    light = ["--light"] if theme == "light" else []
    result = runner.invoke(app, ["show", str(path), "-w", "40", "--color", *light])
    assert (result.exit_code, result.stderr) == (0, "")
    golden(f"{game}-tiny-{theme}.show.txt" if game in TINY else f"rally-base-{theme}.show.txt", result.stdout)


def test_the_light_theme_is_for_every_game(runner: CliRunner) -> None:
    for path in ALL_SHIPPED:
        result = runner.invoke(app, ["show", str(path), "--light", "-w", "80"])
        assert (result.exit_code, result.stderr) == (0, ""), path


# --- labels never run together ----------------------------------------------------------

_LABEL_CHARACTERS = "0-9●◉○▓░▒!①-⑳"
_TOKEN = re.compile(f"[{_LABEL_CHARACTERS}]+")


def _tokens(picture: str) -> Counter[str]:
    """Every run of label characters in a picture: digits, coins, pawns..."""
    return Counter(_TOKEN.findall(picture))


def _picture(text: str) -> str:
    return text.split("\n\n")[1]


def _expected(marks: dict[tuple[int, int], Mark], bordered: bool) -> Counter[str]:
    """The labels of ``marks`` as drawn: each label (a mark that is not
    repeated) on its own, in its narrow form unless the picture is bordered."""
    found: Counter[str] = Counter()
    for mark in marks.values():
        text = mark.text if bordered or not mark.narrow else mark.narrow
        found += _tokens(text if not mark.repeat else "")
    return found


def _numbers_apart(picture: str, expected: Counter[str]) -> bool:
    """Whether every number in a picture at one character a space is one of
    the numbers drawn (some give way there; none runs into another)."""
    numbers = {number for token in expected for number in re.findall(r"[0-9]+", token)}
    return set(re.findall(r"[0-9]+", picture)) <= numbers


def _widths(board: Board) -> dict[str, int]:
    """A width for each way of drawing the board: bordered, two characters a
    space, one character a space."""
    columns = board.size[0]
    return {"bordered": 3 * columns + 1, "two-characters": 2 * columns, "one-character": columns}


RACEPACK = [p for p in ALL_SHIPPED if game_of_file(p) == "racepack"]
MOTOCROSS = [p for p in ALL_SHIPPED if game_of_file(p) == "motocross"]
RACE = [p for p in ALL_SHIPPED if game_of_file(p) == "race"]


@pytest.mark.parametrize("mode", ["bordered", "two-characters", "one-character"])
@pytest.mark.parametrize("path", RACEPACK, ids=lambda p: p.stem)
def test_racepack_labels_stay_apart(path: Path, mode: str) -> None:
    """Corner numbers, the die, grid pawns, hazards and the racing line's
    marks each read on their own in every way of drawing."""
    layout = games.load(path).layout
    view = table_view(layout, True)
    board = scene_board(view)
    text = render_preview(layout, TerminalOptions(_widths(board)[mode], grid=True, line=True))
    marks = scene_marks(view)
    pieces = {Style.CAR, Style.DIE, *SUIT_STYLES.values()}  # pawns, die and coins stay over the line
    line = {cell: Mark(t, Style.NUMBER, repeat=False) for cell, t in line_cells(layout).items()}
    marks.update(
        {cell: mark for cell, mark in line.items() if cell not in marks or marks[cell].style not in pieces}
    )
    expected = _expected(marks, mode == "bordered")
    if mode == "one-character":
        assert _numbers_apart(_picture(text), expected)
    else:
        assert _tokens(_picture(text)) == expected


@pytest.mark.parametrize("mode", ["bordered", "two-characters", "one-character"])
@pytest.mark.parametrize("path", MOTOCROSS, ids=lambda p: p.stem)
def test_motocross_numbers_and_ramps_stay_apart(path: Path, mode: str) -> None:
    course = games.load(path).layout
    board = course_board(course)
    width = _widths(board)[mode]
    text = games.find_game("motocross").preview(course, TerminalOptions(width=width))
    expected = _expected(course_marks(course), fits_bordered(board, width))
    if mode == "one-character":
        assert _numbers_apart(_picture(text), expected)
    else:
        assert _tokens(_picture(text)) == expected


@pytest.mark.parametrize("width", [8, 40, 80, 140])
@pytest.mark.parametrize("path", RACE, ids=lambda p: p.stem)
def test_race_space_numbers_and_marks_stay_apart(path: Path, width: int) -> None:
    """Every space shows its two characters, every fifth its number, each
    on its own."""
    layout = games.load(path).layout
    picture = _picture(render_preview(layout, TerminalOptions(width=width)))
    tokens = _tokens(picture)
    numbers = Counter(str(n) for n in range(5, layout.spaces + 1, 5))
    assert numbers <= tokens
    marks = tokens - numbers
    assert sum(marks.values()) == layout.spaces - picture.count("··")
    assert all(len(token) == 2 for token in marks)


def test_at_one_character_a_space_a_digit_beside_a_number_gives_way() -> None:
    board = Board((0, 0), (4, 1), {})
    marks = {
        (0, 0): Mark("●", Style.NUMBER, repeat=False),
        (1, 0): Mark("1", Style.NUMBER, repeat=False),
        (2, 0): Mark("2", Style.NUMBER, repeat=False),
        (3, 0): Mark("S", Style.START),
    }
    assert "".join(character for character, _ in picture_rows(board, marks, 4)[0]) == "●1 S"


def test_picture_rows_at_two_characters_moves_a_digit_away_from_a_number() -> None:
    board = Board((0, 0), (3, 1), {})
    marks = {
        (0, 0): Mark("→", Style.ROAD),
        (1, 0): Mark("3", Style.NUMBER, repeat=False),
        (2, 0): Mark("12", Style.LABEL, repeat=False),
    }
    rows = picture_rows(board, marks, 6)
    assert "".join(character for character, _ in rows[0]) == "→→3 12"


def test_a_narrow_label_stands_in_a_cramped_cell() -> None:
    board = Board((0, 0), (2, 1), {(0, 0): 0, (1, 0): 1})
    marks = {
        (0, 0): Mark("10", Style.NUMBER, repeat=False),
        (1, 0): Mark("●3", Style.RAMP, repeat=False, narrow="③"),
    }
    assert "".join(c for c, _ in picture_rows(board, marks, 7)[1]) == "┃10┃●3┃"
    assert "".join(c for c, _ in picture_rows(board, marks, 4)[0]) == "10 ③"
    assert "".join(c for c, _ in picture_rows(board, marks, 3)[0]).rstrip() == "+③"  # no room for 10


def test_width_of_a_board() -> None:
    board = Board((0, 0), (5, 2), {})
    assert [fits_bordered(board, w) for w in (15, 16)] == [False, True]


# --- walls at two characters a space ----------------------------------------------------

HAIRPIN_NARROW = """\
Hairpin — 24 tiles · clockwise · 3 laps · 6
corners

 6                 3                   1
  ╭╭╭╭→→→→→→→→→→→→→→▚▚→→→→→→→→→→→→╮╮╮╮
  ╭╭╭╭→→→→→→→→→→→→→→▚▚→→→→→→→→→→→→╮╮╮╮
  ╭╭╭╭                        ════╮╮╮╮
  ↑↑↑↑                       3╭╭╭╭╯╯╯╯
  ↑↑↑↑                        ╭╭╭╭╯╯╯╯
  ↑↑↑↑                        ↓↓↓↓     2
  ↑↑↑↑                        ↓↓↓↓
  ↑↑↑↑                        ↓↓↓↓
  ↑↑↑↑                        ↓↓↓↓
  ╰╰╰╰←←←←←←←←←←←←←←←←←←←←←←←←╯╯╯╯
  ╰╰╰╰←←←←←←←←←←←←←←←←←←←←←←←←╯╯╯╯
 5                                 4

→ driving direction   ▚ start/finish line
[3] lap die (3 laps)
1–6 corners in driving order   ═ wall
"""
"""The hairpin at two characters a space: its wall on a line of its own
between the straight and the hairpin's last tile, as the bordered picture
draws it on the border there; the roads either side run on across it."""


def test_the_two_character_view_draws_a_hairpin_wall_on_a_line_of_its_own(runner: CliRunner) -> None:
    result = runner.invoke(app, ["show", str(LAYOUTS / "hairpin.yaml"), "-w", "50"])
    assert (result.exit_code, result.stdout) == (0, HAIRPIN_NARROW)


def test_a_wall_between_two_columns_gets_a_column_of_its_own(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "hairpin-north.yaml"
    path.write_text((LAYOUTS / "hairpin.yaml").read_text() + "heading: north\n")
    result = runner.invoke(app, ["show", str(path), "-w", "36"])
    assert result.exit_code == 0
    lines = _picture(result.stdout).split("\n")
    assert lines[1:5] == [
        "  ╭╭╭╭╭╮╮╮╮",
        "  ╭╭╭╭╭╮╮╮╮             4",
        "  ↑↑↑↑║╰╰╰╰→→→→→→→→╮╮╮╮",
        "  ↑↑↑↑║╰╰╰╰→→→→→→→→╮╮╮╮",
    ]
    assert sum(line.count("║") for line in lines) == 2


def test_a_wall_line_repeats_only_road_marks() -> None:
    board = Board((0, 0), (3, 2), {}, frozenset({((0, 0), (0, 1))}))
    marks = {
        (0, 1): Mark("→", Style.ROAD),
        (1, 1): Mark("↓", Style.ROAD),
        (2, 1): Mark("7", Style.NUMBER, repeat=False),
        (0, 0): Mark("←", Style.ROAD),
        (1, 0): Mark("↓", Style.ROAD),
        (2, 0): Mark("↑", Style.ROAD),
    }
    rows = ["".join(character for character, _ in run) for run in picture_rows(board, marks, 6)]
    assert rows == ["→→↓↓ 7", "══↓↓  ", "←←↓↓↑↑"]
