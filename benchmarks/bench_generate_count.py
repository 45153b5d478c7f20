"""Time ``generate --count`` for every game, each in its own child process,
and print processor seconds, seconds a track and peak memory.

A large ``--count`` is honest work, in proportion to the tracks asked for,
up to each game's limit (Racepack 10,000 tracks, RACE! 1,000, the rally
game 1,000 decks, Motocross 100 courses), so it is timed here rather than
held to the 2 s every hostile input gets (the fuzzer keeps its counts
small, see :data:`trackkit.fuzz.drivers.FUZZED_COUNT`).

Run from the repository root::

    nice python benchmarks/bench_generate_count.py             # 100 tracks a game (Motocross 100)
    nice python benchmarks/bench_generate_count.py --count 1000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from trackkit.fuzz.commands import run_mode
from trackkit.fuzz.sandbox import Sandbox
from trackkit.fuzz.warming import warm_up

ROOT = Path(__file__).resolve().parent.parent
LIMITS = {"racepack": 10_000, "race": 1_000, "rally": 1_000, "motocross": 100}
OPTIONS = {"rally": ["--cards", str(ROOT / "layouts" / "rally-base.yaml")]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100, help="tracks asked of each game, at most its limit")
    count = parser.parse_args().count
    warm_up([ROOT / "layouts" / "figure1.yaml"])
    sandbox = Sandbox(run_mode, hard_seconds=3600, address_mb=4096)
    print(f"{'game':<10} {'count':>6} {'exit':>4} {'cpu s':>7} {'ms/track':>8} {'MB':>5}")
    with tempfile.TemporaryDirectory() as folder:
        for game, limit in LIMITS.items():
            asked = min(count, limit)
            args = ["generate", game, *OPTIONS.get(game, []), "--count", str(asked), "--seed", "1"]
            outcome = sandbox.run(args, folder)
            print(f"{game:<10} {asked:>6} {outcome.status!s:>4} {outcome.seconds:7.2f}"
                  f" {1000 * outcome.seconds / asked:8.1f} {outcome.added_mb:5.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
