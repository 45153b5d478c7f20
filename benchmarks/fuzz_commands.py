"""A fuzzing campaign over every command and game, each input in its own
child process with limits on time and memory.

Each input is a layout of some game (the shipped ones and the rule corpora
of the tests) after one to four mutations (:mod:`trackkit.fuzz`: one field
changed within the schema, so most inputs reach the rules and drawings;
within the game's format; to lines and bytes; or another game's keys); it
goes through one command mode (every command that reads a layout, in each
mode, paper size and theme, the editor's endpoints, a race recorded and its
record mutated for ``replay``, and ``simulate`` and ``count`` with hostile
option values), forked from this warm process.
With ``--minutes`` (or on SIGTERM) it starts no more inputs, lets those
running finish and prints the figures so far.  A ``generate`` input that
went over time is run again with room to build the tables it draws from,
then within the limits: if it then keeps within them, it counts as a
one-time table build, not a finding (see :mod:`trackkit.fuzz.campaign`).
It prints the inputs run,
their exit statuses, the crashes (exit status 3),
the inputs over the time limit (processor seconds) and over the memory
limit, and the slowest input of each game and command.  Every crash and
over-limit input is saved under ``--save`` with the command that ran it.
``--warm-up-cache FILE`` keeps what the warm-up learned there
(:func:`~trackkit.fuzz.warming.warm_up`), so a second run of the same code
starts without it.

Run from the repository's top folder:
nice .venv/bin/python benchmarks/fuzz_commands.py --inputs 100000 --seed 1
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

from trackkit.fuzz.campaign import Limits, run_campaign
from trackkit.fuzz.commands import MODES, OPTION_MODES
from trackkit.fuzz.inputs import seed_layouts
from trackkit.fuzz.warming import warm_up

ROOT = Path(__file__).resolve().parent.parent
SEEDS = [ROOT / "layouts", *(ROOT / "tests" / game / "corpus"
         for game in ("racepack", "motocross", "race", "rally"))]
"""Where the layouts that inputs are made from lie."""

WARM_UP = [ROOT / "layouts" / name for name in (
    "figure1.yaml", "motocross-three-players.yaml", "race-oval.yaml", "rally-base.yaml")]
"""One layout of each game: the first through each command and output form before forking, the others
through the first mode of each command (:func:`~trackkit.fuzz.warming.one_a_command`)."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many inputs to run")
    parser.add_argument("--seed", type=int, default=0, help="seed of the inputs")
    parser.add_argument("--seconds", type=float, default=2.0, help="processor seconds allowed an input")
    parser.add_argument("--megabytes", type=float, default=500.0, help="memory an input may add")
    parser.add_argument("--workers", type=int, default=1, help="children at a time")
    parser.add_argument("--every", type=int, default=5_000, help="print the figures so far this often")
    parser.add_argument("--minutes", type=float, default=None, help="start no input after this many minutes")
    parser.add_argument("--save", type=Path, default=ROOT / "fuzz" / "findings", help="where findings go")
    parser.add_argument("--warm-up-cache", type=Path, default=None,
                        help="keep what the warm-up learns in this file, for the next run of the same code")
    args = parser.parse_args()
    args.save.mkdir(parents=True, exist_ok=True)
    modes = (*MODES, *OPTION_MODES)
    warm_up(WARM_UP, modes, cache=args.warm_up_cache)
    limits = Limits(seconds=args.seconds, megabytes=args.megabytes)
    started = time.perf_counter()
    print(f"seed: {args.seed}", flush=True)
    stopped: list[str] = []
    signal.signal(signal.SIGTERM, lambda number, frame: stopped.append("stopped"))

    def stop() -> bool:
        late = args.minutes is not None and time.perf_counter() - started > 60 * args.minutes
        return bool(stopped) or late

    tally = None
    seeds = seed_layouts(SEEDS)
    runs = run_campaign(
        seeds, args.inputs, args.seed, limits=limits, workers=args.workers, save=args.save, stop=stop,
        modes=modes,
    )
    for tally, finding in runs:
        if finding is not None:
            item, outcome = finding.item, finding.outcome
            print(f"#{item.number} {item.game} {finding.mode.label}: {', '.join(finding.kinds)}"
                  f" ({outcome.seconds:.2f} s, {outcome.added_mb:.0f} MB)", flush=True)
        if tally.inputs % args.every == 0:
            print(f"  {tally.inputs:,} inputs, {len(tally.findings)} findings,"
                  f" {time.perf_counter() - started:.0f} s", flush=True)
    if tally is None:
        return 0
    tally.settle_table_builds(limits)
    for finding, building, warm in tally.table_builds:
        print(f"#{finding.item.number} {finding.item.game} {finding.mode.label}: built its tables once"
              f" ({finding.outcome.seconds:.2f} s in the campaign, {building.seconds:.2f} s to build,"
              f" then {warm.seconds:.2f} s)", flush=True)
    tally.settle_asked_work(limits)
    for finding, races, rerun in tally.asked_work:
        print(f"#{finding.item.number} {finding.item.game} {finding.mode.label}: {races:,} races asked for"
              f" ({finding.outcome.seconds:.2f} s in the campaign, {rerun.seconds:.2f} s with room)",
              flush=True)
    print("\n".join(tally.summary()))
    print(f"wall time: {time.perf_counter() - started:.0f} s")
    print("slowest input per game and command (processor seconds, memory added):")
    print("\n".join(tally.worst()))
    return 1 if tally.findings else 0


if __name__ == "__main__":
    sys.exit(main())
