"""Kill test: SIGKILL trackkit while it writes, and look at what is left.

Starts ``render -o``, ``convert -o`` and ``hazards --write`` over and over
(each replacing a file that is already there), kills each at a random moment
of its run, and then checks the folder: every target must be either the old
file or the complete new one, byte for byte, and the only other files may be
temporary files named ``.NAME.trackkit-PID-XXXXXXXX.tmp`` (a kill between
creating and renaming one leaves it behind).  Finally each command runs once
to the end, which must remove those leftovers.  Prints the counts; exits 1
on any partial file or stray name.

Run: nice python benchmarks/kill_writes.py --kills 200 --seed 1
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = ROOT / "layouts" / "figure1.yaml"
TEMPORARY = re.compile(r"^\.(?P<name>.+)\.trackkit-(?P<pid>\d+)-[A-Za-z0-9_]{8}\.tmp$")
"""The only name a file trackkit leaves behind may have."""

COMMANDS: dict[str, list[str]] = {
    "render": ["render", "figure1.yaml", "-o", "track.svg", "--force"],
    "convert": ["convert", "figure1.yaml", "--to", "tiles", "-o", "track.yaml", "--force"],
    "hazards": ["hazards", "own.yaml", "--write", "--seed", "1"],
}
TARGETS = {"render": "track.svg", "convert": "track.yaml", "hazards": "own.yaml"}
OLD = {"track.svg": b"<svg>old</svg>\n", "track.yaml": b"old: layout\n", "own.yaml": FIGURE1.read_bytes()}


def trackkit(folder: Path, args: list[str]) -> subprocess.Popen[bytes]:
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", "trackkit", *args],
        cwd=folder,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def reset(folder: Path) -> None:
    (folder / "figure1.yaml").write_bytes(FIGURE1.read_bytes())
    for name, data in OLD.items():
        (folder / name).write_bytes(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200, help="how many runs to kill")
    parser.add_argument("--seed", type=int, default=0, help="seed of the commands and moments chosen")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        reset(folder)
        expected: dict[str, bytes] = {}
        durations: list[float] = []
        for kind, command in COMMANDS.items():  # one full run of each: the new files and how long it takes
            started = time.perf_counter()
            trackkit(folder, command).wait()
            durations.append(time.perf_counter() - started)
            expected[TARGETS[kind]] = (folder / TARGETS[kind]).read_bytes()
        longest = max(durations)
        kinds = ("killed", "finished first", "old kept", "new whole", "partial", "leftovers")
        counts = dict.fromkeys(kinds, 0)
        strays: list[str] = []
        for _ in range(args.kills):
            reset(folder)
            kind = rng.choice(sorted(COMMANDS))
            process = trackkit(folder, COMMANDS[kind])
            time.sleep(rng.uniform(0, longest * 1.1))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                counts["killed"] += 1
            else:
                counts["finished first"] += 1
            process.wait()
            target = TARGETS[kind]
            data = (folder / target).read_bytes()
            if data == OLD[target]:
                counts["old kept"] += 1
            elif data == expected[target]:
                counts["new whole"] += 1
            else:
                counts["partial"] += 1
            for path in folder.iterdir():
                if path.name in OLD or path.name == "figure1.yaml":
                    continue
                if TEMPORARY.match(path.name):
                    counts["leftovers"] += 1
                    path.unlink()
                else:
                    strays.append(path.name)
        for kind, command in COMMANDS.items():  # leftovers of a killed writer go at the next write
            leftover = folder / f".{TARGETS[kind]}.trackkit-999999999-abcdefgh.tmp"
            leftover.write_bytes(b"partial")
            reset(folder)
            trackkit(folder, command).wait()
            if leftover.exists():
                strays.append(f"{leftover.name} (not removed by the next write)")
    print(f"runs: {args.kills} (seed {args.seed}); each run takes about {longest:.2f} s when not killed")
    print(", ".join(f"{key}: {value}" for key, value in counts.items()))
    print(f"stray files: {len(strays)}" + (f" ({', '.join(sorted(set(strays)))})" if strays else ""))
    return 1 if counts["partial"] or strays else 0


if __name__ == "__main__":
    sys.exit(main())
