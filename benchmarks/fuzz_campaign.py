"""A long fuzzing campaign: many mutated layouts through every game's
reader, rules and writer, timed one by one.

Each input is a shipped layout after one to four mutations (see
``fuzz/hostile_inputs.py``), checked in this process.  At the end it prints
how many inputs were tried, how many were read as layouts and how many
refused, every failure (an exception other than ``TrackkitError``, or an
input over ``--limit`` seconds, which is stopped), the slowest input and its
time, and the process's peak memory.  Failures and the slowest input are
saved under ``--save`` so they can be replayed with ``trackkit validate``.

Run: nice python benchmarks/fuzz_campaign.py --inputs 100000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import resource
import signal
import sys
import time
import traceback
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "fuzz"))

from hostile_inputs import check, mutate, seeds  # noqa: E402


class Overtime(Exception):
    """Raised inside a check that ran past the time limit."""


def _overtime(signum: int, frame: FrameType | None) -> None:
    raise Overtime


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="how many inputs to try")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds after which an input is stopped")
    parser.add_argument(
        "--save", type=Path, default=ROOT / "fuzz" / "findings", help="where inputs are saved"
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts = seeds()
    signal.signal(signal.SIGALRM, _overtime)
    args.save.mkdir(parents=True, exist_ok=True)
    tried = read = 0
    failures: list[tuple[int, str, str]] = []
    slowest = (0.0, -1, "")
    started = time.perf_counter()
    for number in range(args.inputs):
        text = mutate(rng, rng.choice(texts))
        begun = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, args.limit)
        try:
            read += check(text) > 0
        except Overtime:
            failures.append((number, text, f"stopped after {args.limit} s"))
        except Exception:  # the point of the campaign: anything but TrackkitError
            failures.append((number, text, traceback.format_exc(limit=-3)))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        if failures and failures[-1][0] == number:  # save and show it at once
            (args.save / f"failure-{args.seed}-{number}.yaml").write_text(text, encoding="utf-8")
            print(f"failure {number}: {failures[-1][2].strip().splitlines()[-1]}", flush=True)
        took = time.perf_counter() - begun
        tried += 1
        if took > slowest[0]:
            slowest = (took, number, text)
        if tried % 10_000 == 0:
            elapsed = time.perf_counter() - started
            print(f"  {tried:,} inputs, {len(failures)} failures, {elapsed:.0f} s", flush=True)
    slow_file = args.save / f"slowest-{args.seed}.yaml"
    slow_file.write_text(slowest[2], encoding="utf-8")
    print(f"inputs tried:   {tried:,} (seed {args.seed}) in {time.perf_counter() - started:.0f} s")
    print(f"read as layouts: {read:,}; refused with a TrackkitError: {tried - read:,}")
    print(f"failures:       {len(failures)}" + (f" (saved in {args.save})" if failures else ""))
    print(f"slowest input:  #{slowest[1]}, {slowest[0]:.3f} s, {len(slowest[2]):,} characters ({slow_file})")
    print(f"peak memory:    {peak_mb():.0f} MB")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
