"""A fuzzing campaign over every command and game, each input in its own
child process with limits on time and memory.

Each input is a shipped layout of some game after one to four mutations
(``fuzz/hostile_inputs.py``: bit flips, YAML oddities, huge numbers, path
tokens, deletions, repeats, truncation), or a shipped layout with a path
token of another's inserted; it goes through one command of
:data:`COMMANDS`, chosen in turn, forked from this warm process
(``fuzz/sandbox.py``).  At the end it prints the inputs tried, tracebacks
(exit status 3), inputs over the time limit (processor seconds) and over
the memory limit, and the slowest input per game.  Every traceback and
over-limit input is saved under ``--save`` with the command that ran it.

Run: nice python benchmarks/fuzz_commands.py --inputs 100000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "fuzz"))

from hostile_inputs import mutate, seeds  # noqa: E402
from sandbox import Sandbox, warm_up  # noqa: E402

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("validate",), ("info",), ("lanes",), ("grid",), ("hazards", "--seed", "1"),
    ("render", "-o", "out.svg", "--force"), ("render", "--paper", "a4", "-o", "out.svg", "--force"),
    ("render", "--paper", "letter", "--theme", "color", "-o", "out.svg", "--force"),
    ("render", "--line", "--numbers", "-o", "out.svg", "--force"),
    ("render", "--lanes", "--grid", "-o", "out.svg", "--force"),
    ("show", "--width", "100"), ("show", "--ascii"), ("show", "--color", "--light"), ("show", "--line"),
    ("analyze",), ("analyze", "--no-chicane-cuts"),
    ("convert", "--to", "path"), ("convert", "--to", "tiles"), ("convert", "--to", "race"),
    ("export", "--to", "piecepackr"), ("export", "--to", "ppn"),
)
"""Every command, in each of its modes, paper sizes and themes."""


def game_of(text: str) -> str:
    for line in text.splitlines():
        if line.startswith("game:"):
            return line.split(":", 1)[1].strip()
    return "racepack"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=2.0, help="processor seconds allowed an input")
    parser.add_argument("--megabytes", type=float, default=500.0, help="peak memory allowed an input")
    parser.add_argument("--save", type=Path, default=ROOT / "fuzz" / "findings")
    args = parser.parse_args()
    warm_up()
    rng = random.Random(args.seed)
    texts = seeds()
    sandbox = Sandbox(hard_seconds=10)
    args.save.mkdir(parents=True, exist_ok=True)
    counts = {"tracebacks": 0, "over time": 0, "over memory": 0}
    slowest: dict[str, tuple[float, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.inputs):
            seed_text = rng.choice(texts)
            text = mutate(rng, seed_text)
            command = COMMANDS[number % len(COMMANDS)]
            Path(folder, "in.yaml").write_bytes(text.encode("utf-8", "replace"))
            outcome = sandbox.run([command[0], "in.yaml", *command[1:]], folder)
            game = game_of(seed_text)
            kinds = [kind for kind, hit in (("tracebacks", outcome.traceback),
                                            ("over time", outcome.over_time(args.seconds)),
                                            ("over memory", outcome.over_memory(args.megabytes))) if hit]
            for kind in kinds:
                counts[kind] += 1
            if kinds:
                name = args.save / f"{kinds[0].replace(' ', '-')}-{args.seed}-{number}.yaml"
                name.write_text(f"# trackkit {' '.join(command)} FILE\n{text}", encoding="utf-8")
                print(f"#{number} {' '.join(command)}: {', '.join(kinds)} ({outcome.seconds:.2f} s,"
                      f" {outcome.peak_mb:.0f} MB) saved as {name.name}", flush=True)
            if outcome.seconds > slowest.get(game, (0.0, ""))[0]:
                slowest[game] = (outcome.seconds, f"#{number} {' '.join(command)}")
            if (number + 1) % 5_000 == 0:
                print(f"  {number + 1:,} inputs: {counts}", flush=True)
    print(f"inputs: {args.inputs:,} (seed {args.seed}) over {len(COMMANDS)} command modes")
    for kind, count in counts.items():
        print(f"{kind}: {count}")
    for game, (seconds, what) in sorted(slowest.items()):
        print(f"slowest {game}: {seconds:.2f} processor seconds ({what})")
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
