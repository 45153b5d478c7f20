"""Benchmark: drawing each game's largest shipped layout, as every command
reaches it (through its ``Game``'s ``draw_svg`` and ``draw_pages``).

Prints the median of several runs, in milliseconds, for the screen SVG and
the true-size Letter pages with the page map of ``layouts/figure1.yaml``
and of the shipped layout of each game with the most lines, so a drawing
moved onto the one painter (:mod:`trackkit.render.painter`) can be timed
before and after.

Run: python benchmarks/bench_pictures.py
"""

from __future__ import annotations

from pathlib import Path

from _timing import median_seconds

from trackkit.games import find_game, load
from trackkit.picture.paper import get_paper
from trackkit.render.options import RenderOptions

ROOT = Path(__file__).resolve().parent.parent
RUNS = 9


def largest_of_each_game() -> list[Path]:
    """``figure1.yaml`` and, for each game, its shipped layout of most lines."""
    chosen: dict[str, Path] = {}
    for path in sorted((ROOT / "layouts").glob("*.yaml"), key=lambda p: -len(p.read_text().splitlines())):
        chosen.setdefault(load(path).layout.game, path)
    return [ROOT / "layouts" / "figure1.yaml", *chosen.values()]


def time_drawings(path: Path) -> tuple[float, float]:
    """Median milliseconds of the screen SVG and of the Letter pages of ``path``."""
    layout = load(path).layout
    game = find_game(layout.game)
    svg = median_seconds(lambda: game.draw_svg(layout, RenderOptions()), RUNS)
    true_size, letter = RenderOptions(true_size=True), get_paper("letter")
    pages = median_seconds(lambda: game.draw_pages(layout, true_size, letter), RUNS)
    return svg * 1000, pages * 1000


def main() -> None:
    for path in largest_of_each_game():
        svg, pages = time_drawings(path)
        print(f"{path.name:28} SVG {svg:7.1f} ms   Letter pages {pages:7.1f} ms")


if __name__ == "__main__":
    main()
