"""The racing line on diagrams: ``render --line`` and ``show --line``."""

from __future__ import annotations

import re
from pathlib import Path

from support import FIGURE1
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.racepack.formats.layout_file import load_layout, loads_layout
from trackkit.racepack.movement.analysis import fastest_safe_line
from trackkit.racepack.preview import line_cells
from trackkit.render.options import RenderOptions
from trackkit.render.painter import paint_svg as render_svg

RING = "trackkit: 1\nname: Ring\npath: R 2S R S R 2S R S\nlaps: 3\n"


def test_the_line_starts_with_the_turn_that_crosses_the_line() -> None:
    turns = fastest_safe_line(loads_layout(RING).layout)
    assert [str(turn[-1].spaces[-1]) for turn in turns] == ["2SE", "5NE", "8SE", "0NE"]
    assert str(turns[0][0].spaces[0]) == "0NE"


def test_svg_draws_one_diamond_per_turn() -> None:
    layout = loads_layout(RING).layout
    plain = render_svg(layout)
    drawn = render_svg(layout, RenderOptions(line=True))
    assert 'id="racing-line"' not in plain
    group = drawn.split('id="racing-line"')[1].split('<g id="lap-die"')[0]
    assert len(re.findall(r"<circle", group)) == 8  # 8 movement ends
    assert len(re.findall(r'class="symbol turn-end"', group)) == 4  # a diamond where each turn ends
    assert [int(n) for n in re.findall(r">(\d)</text>", group)] == [1, 2, 3, 4]


def test_terminal_marks() -> None:
    cells = line_cells(loads_layout(RING).layout)
    assert sorted(set(cells.values())) == ["1", "2", "·", "●"]
    assert list(cells.values()).count("●") == 4


def test_show_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["show", str(path), "--line", "--no-color", "-w", "60"])
    assert result.exit_code == 0
    assert result.output == SHOW


def test_render_line(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ring.yaml"
    path.write_text(RING)
    result = runner.invoke(app, ["render", str(path), "--line"])
    assert result.exit_code == 0
    assert 'id="racing-line"' in result.output


SHOW = """\
Ring — 10 tiles · clockwise · 3 laps · 4 corners

  3                    4
   ┏━━┯━━┳━━┯━━┳━━┯━━┓
   ┃╭╭│╭╭┃→→│→→┃ 1│ ●┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╭╭│ ●┃ ·│ 2┃╮╮│ 1┃
   ┣━━┿━━╋━━┷━━╋━━┿━━┫
   ┃↑↑│ 2┃     ┃↓↓│ ·┃
   ┠──┼──┨     ┠──┼──┨
   ┃↑↑│ ·┃     ┃↓↓│ 2┃
   ┣━━┿━━┫     ┣━━┿━━┫[3]
   ┃↑↑│ 2┃     ┃▚▚│ ·┃
   ┠──┼──┨     ┠──┼──┨
   ┃↑↑│ ·┃     ┃↓↓│ ●┃
   ┣━━┿━━╋━━┯━━╋━━┿━━┫
   ┃╰╰│ ●┃ 2│ ·┃ 1│╯╯┃
   ┠──┼──╂──┼──╂──┼──┨
   ┃╰╰│╰╰┃←←│←←┃╯╯│╯╯┃
   ┗━━┷━━┻━━┷━━┻━━┷━━┛
  2                    1

→ driving direction   ▚ start/finish line
[3] lap die (3 laps)   1–4 corners in driving order
racing line: · passed, 1–7 speed where a movement ends,
● end of a turn
"""


def test_the_line_runs_under_the_grid_and_its_marks_over_it() -> None:
    drawn = render_svg(load_layout(FIGURE1).layout, RenderOptions(line=True, grid=True))
    path, grid, marks = (
        drawn.index(f'<g id="{name}"') for name in ("racing-line-path", "starting-grid", "racing-line")
    )
    assert path < grid < marks
    between = drawn[path : drawn.index("</g>", path)]
    assert "<path" in between and "<circle" not in between and "turn-end" not in between
