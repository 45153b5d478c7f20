"""Benchmark: the expert driver against each simple driver, two cars a race.

For every shipped layout of each game (``layouts/*.yaml``), the expert
races bold, cautious and random in turn, one car each, in pairs of races
that share their dice with the grid slots swapped (see
:mod:`trackkit.head_to_head`); the table gives the expert's share of wins
with its 95 % Wilson interval.  The brief's bar: every interval above 55 %.

Run: python benchmarks/head_to_head.py [--pairs N] [--workers N]
[--layouts NAME,...] [--rivals NAME,...] [GAME ...] (GAME: racepack, race,
motocross, rally; default all; N pairs a pairing, default 500, so 1,000
races; --layouts only the named layouts, e.g. ``oval,wide-straight``;
--rivals only those simple drivers).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from trackkit.head_to_head import head_to_head

ROOT = Path(__file__).resolve().parent.parent
LAYOUTS = ROOT / "layouts"
RIVALS = ("bold", "cautious", "random")
SEED = 2026


def racepack_jobs(path: Path, rival: str) -> tuple[Any, Any]:
    from trackkit.racepack.formats.layout_file import load_layout
    from trackkit.racepack.race.drivers import parse_drivers
    from trackkit.racepack.race.simulate import _job

    layout = load_layout(path).layout

    def job(names: str) -> Any:
        return _job(layout, parse_drivers(names), SEED, 2, None, True, False, 0)

    return job(f"expert,{rival}"), job(f"{rival},expert")


def race_jobs(path: Path, rival: str) -> tuple[Any, Any]:
    from trackkit.games import load
    from trackkit.race.simulate import _job, parse_race_drivers

    layout = load(path).layout

    def job(names: str) -> Any:
        return _job(layout, parse_race_drivers(names), SEED, 2, None)

    return job(f"expert,{rival}"), job(f"{rival},expert")


def motocross_jobs(path: Path, rival: str) -> tuple[Any, Any]:
    from trackkit.games import load
    from trackkit.motocross.race.drivers import parse_riders
    from trackkit.motocross.race.simulate import _job

    course = load(path).layout

    def job(names: str) -> Any:
        return _job(course, parse_riders(names), SEED, 2)

    return job(f"expert,{rival}"), job(f"{rival},expert")


def rally_jobs(path: Path, rival: str) -> tuple[Any, Any]:
    from trackkit.games import load
    from trackkit.rally.race.drivers import parse_rally_drivers
    from trackkit.rally.race.simulate import _job

    deck = load(path).layout

    def job(names: str) -> Any:
        return _job(deck, parse_rally_drivers(names), SEED, 2, "none", False)

    return job(f"expert,{rival}"), job(f"{rival},expert")


GAMES: dict[str, tuple[str, Callable[[Path, str], tuple[Any, Any]]]] = {
    "racepack": ("Racepack", racepack_jobs),
    "race": ("RACE!", race_jobs),
    "motocross": ("Motocross", motocross_jobs),
    "rally": ("rally", rally_jobs),
}


def game_of(path: Path) -> str:
    """The game a layout file is for (``game:`` in it; Racepack without)."""
    for line in path.read_text().splitlines():
        if line.startswith("game:"):
            return line.split(":", 1)[1].strip()
    return "racepack"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--pairs", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--layouts", default="", help="only these layouts (file names without .yaml)")
    parser.add_argument("--rivals", default=",".join(RIVALS), help="only these simple drivers")
    args = parser.parse_args()
    named = {name for name in args.layouts.split(",") if name}
    print("| layout | game | expert vs | races | expert wins % (95 % interval) |")
    print("| --- | --- | --- | --- | --- |")
    start = time.perf_counter()
    for path in sorted(LAYOUTS.glob("*.yaml")):
        game = game_of(path)
        if game not in args.games or game not in GAMES or (named and path.stem not in named):
            continue
        title, jobs = GAMES[game]
        for rival in args.rivals.split(","):
            result = head_to_head(*jobs(path, rival), "expert", args.pairs, args.workers)
            rate = result.interval
            print(
                f"| `{path.name}` | {title} | {rival} | {result.races:,} |"
                f" {100 * rate.rate:.1f} ({100 * rate.low:.1f}-{100 * rate.high:.1f}) |",
                flush=True,
            )
    print(f"\n{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
