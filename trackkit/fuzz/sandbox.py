"""Running a command in a child process with limits on time and memory, cheaply.

The parent loads everything the commands need once (:func:`~trackkit.fuzz.warming.warm_up`); each
run then forks that warm process, so a child starts in a few milliseconds.
The child caps its address space (``RLIMIT_AS``) and processor time (a
processor-time timer, ``ITIMER_PROF``, to the hundredth of a second, and
``RLIMIT_CPU`` a second later behind it), sets a wall-clock alarm, sends its standard output to
``/dev/null`` and its standard error to a file of its own (the streams
themselves, whatever the parent had put in place of them, such as a test
runner's capture), runs the command
in-process and exits with its status.  The parent reaps it with
``os.wait4``, which gives the child's processor time and peak memory.
While children run, the parent's objects are frozen out of the garbage
collector (``gc.freeze``): a child's collection would otherwise visit every
object the parent loaded, copying each page it touches (a quarter of
a child's processor time in the suite's fuzz run).

An *outcome* is a *crash* when the command ended in exit status 3 (the
command line's crash guard) or an exception escaped even that; *over time*
when it used more processor seconds than allowed or was stopped by a limit;
*over memory* when the memory it added to the forked process passed the
limit, or it ran out under the address-space cap.
"""

from __future__ import annotations

import contextlib
import gc
import math
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TypeVar

__all__ = ["CRASH", "Outcome", "Runner", "Sandbox", "resident_mb"]

CRASH = 3
"""The exit status of a crash (see ``trackkit.cli.crash``)."""

ESCAPED = 70
"""The status a child exits with when an exception escaped even the
command line's own crash guard."""

OUT_OF_MEMORY = 71
"""The status a child exits with when it could not get more memory."""

STOPPING_SIGNALS = (signal.SIGPROF, signal.SIGXCPU, signal.SIGALRM, signal.SIGKILL)
"""The signals a limit stops a child with: its processor time spent
(``SIGPROF``, or ``SIGXCPU`` from the backstop), its wall-clock time
spent, or the backstop's hard limit passed."""

_MB = 1 << 20

Runner = Callable[[Sequence[str]], int]
"""What a child runs: a command's arguments in, its exit status out."""

Job = TypeVar("Job")


@dataclass(frozen=True)
class Outcome:
    """How one run ended: its exit status (``None`` when killed by a
    signal), the processor seconds it used (user and system; unlike
    wall-clock time they do not grow when other jobs share the cores),
    wall-clock seconds, the memory it added to the forked process in MB,
    the signal that killed it, and its standard error (kept for a crash)."""

    status: int | None
    seconds: float
    wall: float
    added_mb: float
    killed_by: int | None = None
    stderr: str = ""

    @property
    def crashed(self) -> bool:
        return self.status in (CRASH, ESCAPED) or self.killed_by in (signal.SIGSEGV, signal.SIGABRT)

    def over_time(self, limit: float) -> bool:
        stopped = self.killed_by in STOPPING_SIGNALS
        return self.seconds > limit or stopped

    def over_memory(self, limit_mb: float) -> bool:
        return self.added_mb > limit_mb or self.status == OUT_OF_MEMORY

    @property
    def verdict(self) -> bool:
        """Whether the command answered with a verdict or a refusal: 0, 1 or 2."""
        return self.status in (0, 1, 2)


def resident_mb() -> float:
    """This process's resident memory now, in MB (0 where ``/proc`` is missing)."""
    return _statm(1) / _MB


def _ran_out_of_memory(stderr: str) -> bool:
    """Whether a crash was a ``MemoryError``: the address-space cap, not a bug."""
    lines = stderr.strip().splitlines()
    return bool(lines) and "MemoryError" in lines[-1]


def _statm(field: int) -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[field]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


@contextlib.contextmanager
def _frozen() -> Iterator[None]:
    """Keep the objects this process holds out of the garbage collector's
    reach while children are forked from it (:meth:`Sandbox._start`
    freezes them before each fork), and give them back to it afterwards,
    so the parent's own garbage is collected again."""
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass
class _Slot:
    """One child at a time: its folder, its standard error file, and the
    child running there with when it began."""

    folder: Path
    errors: IO[bytes]
    child: int = 0
    began: float = 0.0


class Sandbox:
    """Runs commands in forked children: stopped after ``hard_seconds`` of
    processor time (or ten times that of wall-clock time: on a machine
    shared with other jobs a child may wait long for a core), their address
    space capped at ``address_mb`` above the parent's."""

    def __init__(self, runner: Runner, hard_seconds: float = 10.0, address_mb: int = 2048) -> None:
        self.runner = runner
        self.hard_seconds = hard_seconds
        self.address_mb = address_mb

    def run(self, args: Sequence[str], folder: str | Path) -> Outcome:
        """Run ``args`` in ``folder`` in one child and wait for it."""
        with tempfile.TemporaryFile() as errors, _frozen():
            slot = _Slot(Path(folder), errors)
            baseline = resident_mb()
            self._start(slot, args, self.hard_seconds)
            _, status, usage = os.wait4(slot.child, 0)
            return self._reap(slot, status, usage, baseline)

    def run_many(
        self,
        jobs: Iterable[tuple[Job, bytes, Sequence[str]]],
        workers: int = 1,
        allowance: Callable[[Job], float] | None = None,
    ) -> Iterator[tuple[Job, Outcome]]:
        """Run each job ``(key, input bytes, args)`` with the input written
        to ``in.yaml`` in a folder of its own, ``workers`` children at a
        time; yield each key with its outcome as the children end.  A job is
        stopped after ``allowance(key)`` processor seconds when given, else
        after the sandbox's ``hard_seconds``."""
        with tempfile.TemporaryDirectory() as top, contextlib.ExitStack() as stack, _frozen():
            idle = [
                _Slot(Path(top, str(n)), stack.enter_context(tempfile.TemporaryFile()))
                for n in range(max(1, workers))
            ]
            for slot in idle:
                slot.folder.mkdir()
            busy: dict[int, tuple[_Slot, Job]] = {}
            baseline = resident_mb()
            for key, data, args in jobs:
                if not idle:
                    yield self._next_done(busy, idle, baseline)
                slot = idle.pop()
                (slot.folder / "in.yaml").write_bytes(data)
                self._start(slot, args, self.hard_seconds if allowance is None else allowance(key))
                busy[slot.child] = (slot, key)
            while busy:
                yield self._next_done(busy, idle, baseline)

    def _next_done(
        self, busy: dict[int, tuple[_Slot, Job]], idle: list[_Slot], baseline: float
    ) -> tuple[Job, Outcome]:
        child, status, usage = os.wait4(-1, 0)
        while child not in busy:  # a child this sandbox did not start
            child, status, usage = os.wait4(-1, 0)
        slot, key = busy.pop(child)
        idle.append(slot)
        return key, self._reap(slot, status, usage, baseline)

    def _start(self, slot: _Slot, args: Sequence[str], hard_seconds: float) -> None:
        slot.errors.seek(0)
        slot.errors.truncate()
        sys.stdout.flush()
        sys.stderr.flush()
        gc.freeze()  # what the parent made since the last fork, too
        slot.began = time.perf_counter()
        slot.child = os.fork()
        if slot.child == 0:  # pragma: no cover - runs in the child, which never returns
            self._child(args, slot, hard_seconds)

    def _reap(self, slot: _Slot, status: int, usage: resource.struct_rusage, baseline: float) -> Outcome:
        wall = time.perf_counter() - slot.began
        seconds = usage.ru_utime + usage.ru_stime
        added = max(0.0, usage.ru_maxrss / 1024 - baseline)
        if os.WIFSIGNALED(status):
            return Outcome(None, seconds, wall, added, killed_by=os.WTERMSIG(status))
        code = os.WEXITSTATUS(status)
        stderr = ""
        if code in (CRASH, ESCAPED):
            slot.errors.seek(0)
            stderr = slot.errors.read().decode("utf-8", "replace")
            if _ran_out_of_memory(stderr):
                code = OUT_OF_MEMORY  # the address-space cap, not a bug in the command
        return Outcome(code, seconds, wall, added, stderr=stderr)

    def _child(self, args: Sequence[str], slot: _Slot, hard_seconds: float) -> None:
        code = ESCAPED
        try:
            self._limit(hard_seconds)
            os.chdir(slot.folder)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(slot.errors.fileno(), 2)
            sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
            sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
            code = self.runner(args)
        except MemoryError:
            code = OUT_OF_MEMORY
        except BaseException:
            with contextlib.suppress(BaseException):
                traceback.print_exc()
        finally:
            with contextlib.suppress(BaseException):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)

    def _limit(self, hard_seconds: float) -> None:
        with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")  # peak memory starts again from what the fork shares
        cap = _statm(0) + self.address_mb * _MB
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        backstop = math.ceil(hard_seconds) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (backstop, backstop + 1))
        for stopping in set(STOPPING_SIGNALS) - {signal.SIGKILL}:  # SIGKILL cannot be caught anyway
            signal.signal(stopping, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_PROF, hard_seconds)
        signal.setitimer(signal.ITIMER_REAL, 10 * hard_seconds)
