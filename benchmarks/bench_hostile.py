"""Time the worst shapes of layout per game through every command, each in
its own child process, and print wall-clock time and peak memory.

The shapes are the files of at most 64 KiB that ask the most of trackkit:
long spirals, paths of nothing but corners (stacked on one spot), repeated
chicanes, tracks folded onto themselves, paths near the tile limit, and
long RACE! and rally files.  Each command runs as ``trackkit ARGS`` would,
forked from this warm process (:mod:`trackkit.fuzz.sandbox`), so a figure
is that command's own processor time (user and system, which unlike
wall-clock time does not grow when other jobs share the cores; wall-clock
time is printed beside it) and the memory it added to the warm process it
was forked from (a command line of its own starts at about 40 MB).  The target:
every run within 2 s and 500 MB on an idle two-core machine.

Run from the repository root::

    nice python benchmarks/bench_hostile.py           # every shape, every command
    nice python benchmarks/bench_hostile.py --quick   # the validate/render/show runs only (render on A4 too)
    nice python benchmarks/bench_hostile.py --paper   # paper renders: A4 SVG, PDF, Letter, editor export
    nice python benchmarks/bench_hostile.py --paper --shape corners   # shapes whose name holds "corners"
    nice python benchmarks/bench_hostile.py --png-pages  # A4 PNG pages of a 184-tile loop and Figure 1

Work that grows with what was asked for has its own budget: the PNG pages
of one render (at most 400 million pixels, 45 A4 pages at 300 dpi) are held
to 10 s, not 2; ``--png-pages`` prints the median of three runs of each.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from trackkit.fuzz.commands import EDIT_EXPORT, INPUT, run_mode
from trackkit.fuzz.sandbox import Sandbox
from trackkit.fuzz.warming import warm_up

ROOT = Path(__file__).resolve().parent.parent
WARM_UP = [ROOT / "layouts" / name for name in (
    "figure1.yaml", "motocross-three-players.yaml", "race-oval.yaml", "rally-base.yaml")]

LIMIT_BYTES = 64 * 1024
SECONDS = 2.0
MEGABYTES = 500.0


def fill(head: str, unit: str, tail: str = "\n", size: int = LIMIT_BYTES) -> str:
    """``head`` and as many copies of ``unit`` as fit in ``size`` bytes."""
    room = size - len(head.encode()) - len(tail.encode())
    return head + unit * (room // len(unit.encode())) + tail


def spiral(turns: int) -> str:
    """A square spiral with straights growing by one tile every half turn."""
    return " ".join(f"R {n // 2 + 1}S" for n in range(turns))


def shapes() -> Iterator[tuple[str, str, str]]:
    """``(game, name, text)`` for every shape."""
    racepack = "trackkit: 1\npath: "
    yield "racepack", "spiral", racepack + spiral(600) + "\n"
    yield "racepack", "19999 corners stacked", racepack + "19999R\n"
    yield "racepack", "4424 corners", racepack + "4424R\n"
    yield "racepack", "2000 corners each way", racepack + "2000R 2000L\n"
    yield "racepack", "chicane runs (2R S)", fill(racepack, "2R S ")
    yield "racepack", "chicanes (S CL S CR)", fill(racepack, "S CL S CR ")
    yield "racepack", "1600 chicane runs (2R S)", racepack + "2R S " * 1600 + "\n"
    yield "racepack", "serpentine on 160 pages", racepack + "10S R R 10S L L " * 100 + "\n"
    yield "racepack", "folded loops", racepack + "10S 2R 10S 2R " * 2000 + "\n"
    yield "racepack", "119000 straights", racepack + "119000S\n"
    yield "racepack", "zigzag", fill(racepack, "L R ")
    yield "racepack", "staircase (200 L R)", racepack + "L R " * 200 + "\n"
    yield "racepack", "pit lane, loop folded", racepack + "6S R 2S R " * 15 + "\npit: {from: 1}\n"
    yield "racepack", "esses folded (R 2S R L)", racepack + "R 2S R L " * 200 + "\n"
    motocross = "trackkit: 1\ngame: motocross\npath: "
    yield "motocross", "19999 corners stacked", motocross + "19999L\n"
    yield "motocross", "stack then straight", motocross + "9999L 100000S\n"
    yield "motocross", "spiral", motocross + spiral(600) + "\n"
    yield "motocross", "zigzag", fill(motocross, "S L S R ")
    yield "motocross", "square folded 200 times", motocross + "10S R " * 200 + "\n"
    ramps = ", ".join(f"{n}: 3" for n in range(1, 4000, 2))
    yield "motocross", "ramps", motocross + "4000S\nramps: {" + ramps + "}\n"
    race = "trackkit: 1\ngame: race\nspaces: 10000\ncorners:\n"
    apart = "".join(f"- {{from: {5 * n + 1}, length: 4, radius: 1}}\n" for n in range(1500))
    yield "race", "1500 corners", race + apart
    stacked = "".join(f"- {{from: {n + 1}, length: 48, radius: 2}}\n" for n in range(1500))
    yield "race", "overlapping corners", race + stacked
    yield "race", "path of 4999 tiles", "trackkit: 1\ngame: race\npath: 2499S R 2498S R\n"
    yield "race", "path of corners", "trackkit: 1\ngame: race\npath: 4999R\n"
    rally = "trackkit: 1\ngame: rally\nexpansion: true\ncards:\n  base: {"
    styles = ", ".join(f"card-{n}: 99" for n in range(100))
    course = ", ".join(["start", "3-lane"] + [f"card-{n % 100}" for n in range(195)] + ["checkpoint"] * 3)
    yield "rally", "200 cards", rally + styles + "}\ncourse: [" + course + "]\n"
    checkpoints = ", ".join(["checkpoint"] * 5000)
    yield "rally", "checkpoints only", rally + "straight: 1}\ncourse: [" + checkpoints + "]\n"


COMMON = [
    ["validate"], ["info"], ["render", "-o", "out.svg", "--force"],
    ["render", "--paper", "a4", "-o", "out.svg", "--force"],
    ["render", "--paper", "letter", "--theme", "color", "-o", "out.svg", "--force"],
    ["show", "--width", "120"], ["show", "--ascii"], ["show", "--color", "--light"],
    ["convert", "--to", "path"], ["convert", "--to", "tiles"],
    ["export", "--to", "piecepackr"], ["export", "--to", "ppn"],
    ["simulate", "--races", "3", "--seed", "1", "--workers", "1"],
    ["render", "-o", "out.png", "--force"], [EDIT_EXPORT, "png"],
]
RACEPACK = [
    ["render", "--line", "-o", "out.svg", "--force"], ["render", "--numbers", "-o", "out.svg", "--force"],
    ["render", "--lanes", "--grid", "-o", "out.svg", "--force"],
    ["render", "--paper", "a4", "--numbers", "--line", "-o", "out.svg", "--force"],
    ["show", "--line"], ["show", "--grid"],
    ["lanes"], ["grid"], ["hazards", "--seed", "1"], ["hazards", "--seed", "1", "--write"], ["analyze"],
    ["analyze", "--no-chicane-cuts"], ["convert", "--to", "race"],
]
PAPER = [
    ["render", "--paper", "a4", "-o", "out.svg", "--force"],
    ["render", "--paper", "a4", "-o", "out.pdf", "--force"],
    ["render", "--paper", "letter", "--theme", "color", "-o", "out.svg", "--force"],
    ["render", "--paper", "a4", "--numbers", "--line", "-o", "out.svg", "--force"],
    [EDIT_EXPORT, "letter"],
]
QUICK = [
    ["validate"], ["render", "-o", "out.svg", "--force"],
    ["render", "--paper", "a4", "-o", "out.svg", "--force"], ["show", "--width", "120"],
]


PNG_PAGES = [
    ("racepack", "loop of 184 tiles (43 A4 pages)", "trackkit: 1\npath: 58S R 32S R 58S R 32S R\n"),
    ("racepack", "figure 1 (7 A4 pages)", (ROOT / "layouts" / "figure1.yaml").read_text(encoding="utf-8")),
]
"""Tracks whose A4 PNG pages ``--png-pages`` times."""

PNG_PAGES_SECONDS = 10.0
PNG_PAGES_RUNS = 3


def png_pages(sandbox: Sandbox, folder: str) -> int:
    """Time ``render --paper a4 -o pages.png`` of each of :data:`PNG_PAGES`,
    print the medians, and give how many went over :data:`PNG_PAGES_SECONDS`."""
    over = 0
    args = ["render", "shape.yaml", "--paper", "a4", "-o", "pages.png", "--force"]
    for game, name, text in PNG_PAGES:
        for page in Path(folder).glob("pages-*.png"):
            page.unlink()
        Path(folder, "shape.yaml").write_text(text, encoding="utf-8")
        runs = [sandbox.run(args, folder) for _ in range(PNG_PAGES_RUNS)]
        pages = len(list(Path(folder).glob("pages-*.png")))
        cpu = statistics.median(run.seconds for run in runs)
        wall = statistics.median(run.wall for run in runs)
        memory = max(run.added_mb for run in runs)
        slow = cpu > PNG_PAGES_SECONDS or any(run.crashed for run in runs)
        over += slow
        print(f"{game:<10} {name:<34} {pages:>3} pages  exit {runs[0].status}  median {cpu:6.2f} cpu s"
              f" {wall:6.2f} wall s {memory:5.0f} MB{'  <-- over' if slow else ''}", flush=True)
    return over


def commands(game: str, quick: bool, paper: bool) -> list[list[str]]:
    if paper:
        return PAPER
    if quick:
        return QUICK
    return COMMON + (RACEPACK if game == "racepack" else [])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="validate, render (also on A4) and show only")
    parser.add_argument("--paper", action="store_true",
                        help="the paper renders only (A4 SVG and PDF, Letter, the editor's Letter export)")
    parser.add_argument("--shape", default="", help="only the shapes whose name holds this text")
    parser.add_argument("--png-pages", action="store_true",
                        help="A4 PNG pages of a 184-tile loop and of Figure 1: medians of three runs")
    options = parser.parse_args()
    warm_up(WARM_UP)
    sandbox = Sandbox(run_mode, hard_seconds=60)
    if options.png_pages:
        with tempfile.TemporaryDirectory() as folder:
            return 1 if png_pages(sandbox, folder) else 0
    worst: dict[str, tuple[float, float, str]] = {}
    failures = 0
    print(f"{'game':<10} {'shape':<24} {'bytes':>6}  {'command':<44} {'exit':>4}"
          f" {'cpu s':>6} {'wall':>6} {'MB':>5}")
    with tempfile.TemporaryDirectory() as folder:
        for game, name, text in shapes():
            assert len(text.encode()) <= LIMIT_BYTES, name
            if options.shape not in name:
                continue
            for args in commands(game, options.quick, options.paper):
                editor = args[0] == EDIT_EXPORT
                layout = Path(folder) / (INPUT if editor else "shape.yaml")
                layout.write_text(text, encoding="utf-8")
                outcome = sandbox.run(args if editor else [args[0], "shape.yaml", *args[1:]], folder)
                status = "kill" if outcome.status is None else str(outcome.status)
                slow = outcome.over_time(SECONDS) or outcome.over_memory(MEGABYTES) or outcome.crashed
                failures += slow
                mark = "  <-- over" if slow else ""
                shown = " ".join(args).replace(" -o out.svg --force", "")
                print(f"{game:<10} {name:<24} {len(text):>6}  {shown:<44} {status:>4} {outcome.seconds:6.2f}"
                      f" {outcome.wall:6.2f}"
                      f" {outcome.added_mb:5.0f}{mark}", flush=True)
                before = worst.get(game, (0.0, 0.0, ""))
                worst[game] = (max(before[0], outcome.seconds), max(before[1], outcome.added_mb),
                               before[2] if before[0] >= outcome.seconds else f"{name}: {shown}")
            for leftover in Path(folder).iterdir():
                if leftover.is_dir():
                    shutil.rmtree(leftover)
                else:
                    leftover.unlink()
    print()
    for game, (seconds, peak, what) in worst.items():
        print(f"worst {game:<10} {seconds:5.2f} s ({what}); peak {peak:.0f} MB")
    print(f"runs over {SECONDS} s or {MEGABYTES:.0f} MB, or crashed: {failures}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
