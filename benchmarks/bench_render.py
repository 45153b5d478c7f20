"""Benchmark: drawing speed.

Prints the median of several runs, in milliseconds, for the Grand Prix
(48 tiles):

* its SVG with grid, inside lanes and tile numbers (the rules are checked
  too, to ring tiles at fault);
* its true-size A4 pages with the page map;
* the plan of its Letter pages (orientation and offsets searched for the
  fewest pages and no slivers);
* its bordered terminal preview at 120 columns.

Run: python benchmarks/bench_render.py
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from _timing import median_seconds

from trackkit.board import TerminalOptions
from trackkit.racepack.formats.layout_file import load_layout
from trackkit.racepack.picture import racepack_picture
from trackkit.render.options import RenderOptions
from trackkit.render.pages import get_paper, plan_pages
from trackkit.render.painter import page_boxes, paint_pages, paint_svg
from trackkit.render.terminal import render_preview

ROOT = Path(__file__).resolve().parent.parent


def median_ms(work: Callable[[], object], runs: int) -> float:
    """The median time of ``runs`` calls of ``work``, in milliseconds."""
    return median_seconds(work, runs) * 1000


def main() -> None:
    layout = load_layout(ROOT / "layouts" / "grand-prix.yaml").layout
    svg = RenderOptions(grid=True, lanes=True, numbers=True)
    print(f"SVG, grid, lanes, numbers: {median_ms(lambda: paint_svg(layout, svg), 15):.1f} ms")
    pages, a4 = RenderOptions(true_size=True), get_paper("a4")
    print(f"A4 pages and map:          {median_ms(lambda: paint_pages(layout, pages, a4), 5):.1f} ms")
    pieces, words = page_boxes(layout, pages)
    boxes, letter = [*pieces, *words], get_paper("letter")
    picture = racepack_picture(layout, pages)
    width, height = picture.width, picture.height
    plan = median_ms(lambda: plan_pages(width, height, letter, boxes), 15)
    print(f"Letter page plan:          {plan:.1f} ms")
    preview = TerminalOptions(width=120)
    print(f"terminal preview:          {median_ms(lambda: render_preview(layout, preview), 15):.1f} ms")


if __name__ == "__main__":
    main()
