"""A child process per run: its exit status, processor time and memory, and its limits."""

from __future__ import annotations

import signal
from collections.abc import Sequence
from pathlib import Path

from trackkit.fuzz.sandbox import CRASH, OUT_OF_MEMORY, Sandbox


def runner(args: Sequence[str]) -> int:
    what = args[0]
    if what == "exit":
        return int(args[1])
    if what == "memory":
        block = bytearray(int(args[1]) << 20)
        block[:: 4096] = b"x" * len(block[:: 4096])
        return 0
    if what == "spin":
        while True:
            pass
    if what == "write":
        Path("out.txt").write_text(Path("in.yaml").read_text() + "!")
        return 0
    raise ValueError("an exception escaping the command")


def test_the_exit_status_comes_back(tmp_path: Path) -> None:
    sandbox = Sandbox(runner)
    assert sandbox.run(["exit", "1"], tmp_path).status == 1
    assert sandbox.run(["exit", str(CRASH)], tmp_path).crashed


def test_an_escaping_exception_is_a_crash_with_its_traceback(tmp_path: Path) -> None:
    outcome = Sandbox(runner).run(["raise"], tmp_path)
    assert outcome.crashed and not outcome.verdict
    assert "ValueError: an exception escaping the command" in outcome.stderr


def test_memory_added_is_measured_and_capped(tmp_path: Path) -> None:
    assert Sandbox(runner).run(["memory", "120"], tmp_path).added_mb > 50  # a floor: pages may be reclaimed
    capped = Sandbox(runner, address_mb=60).run(["memory", "120"], tmp_path)
    assert capped.status == OUT_OF_MEMORY and capped.over_memory(500)


def test_a_run_past_the_processor_limit_is_stopped(tmp_path: Path) -> None:
    outcome = Sandbox(runner, hard_seconds=0.3).run(["spin"], tmp_path)
    assert outcome.killed_by == signal.SIGPROF
    assert 0.2 < outcome.seconds < 0.6
    assert outcome.over_time(2.0)


def test_many_runs_each_get_their_input_and_folder() -> None:
    jobs = [(n, f"input {n}".encode(), ["write"]) for n in range(6)]
    done = dict(Sandbox(runner).run_many(jobs, workers=2))
    assert sorted(done) == list(range(6))
    assert all(outcome.status == 0 for outcome in done.values())


def test_each_run_may_have_an_allowance_of_its_own() -> None:
    """The campaign gives an input asking for many races room for them:
    here one spin is stopped after 0.3 processor seconds, the other after 0.6."""
    jobs = [(n, b"", ["spin"]) for n in (1, 2)]
    done = dict(Sandbox(runner, hard_seconds=30).run_many(jobs, workers=2, allowance=lambda n: 0.3 * n))
    assert all(outcome.killed_by == signal.SIGPROF for outcome in done.values())
    assert 0.2 < done[1].seconds < 0.45 and 0.5 < done[2].seconds < 0.8
