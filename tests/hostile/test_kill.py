"""A kill at any moment of a write leaves the old file or the whole new one,
and at most a temporary file under the documented name, which the next write
removes.  (The long version, killing the command line itself 200 times, is
``benchmarks/kill_writes.py``.)"""

from __future__ import annotations

import os
import random
import re
import signal
import time
from pathlib import Path

from trackkit.fileio import write_atomic

TEMPORARY = re.compile(r"^\.out\.svg\.trackkit-\d+-[A-Za-z0-9_]{8}\.tmp$")

OLD = b"old " * 1000
NEW = b"new " * 4_000_000  # 16 MB, so that a write takes a few milliseconds


def test_writers_killed_at_random_moments_leave_no_partial_file(tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    rng = random.Random(10)
    outcomes: list[bytes] = []
    for _ in range(10):
        target.write_bytes(OLD)
        child = os.fork()
        if child == 0:  # pragma: no cover - the child is killed or exits at once
            write_atomic(target, NEW)
            os._exit(0)
        time.sleep(rng.uniform(0, 0.03))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        outcomes.append(target.read_bytes()[:4])
        assert target.read_bytes() in (OLD, NEW)
        others = [p.name for p in tmp_path.iterdir() if p != target]
        assert all(TEMPORARY.match(name) for name in others), others
    write_atomic(target, b"last")
    assert [p.name for p in tmp_path.iterdir()] == ["out.svg"]
    assert set(outcomes) <= {b"old ", b"new "}
