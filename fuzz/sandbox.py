"""Running one trackkit command in a child process with limits on time and
memory, cheaply.

The parent imports trackkit (and everything a command loads) once; each run
then forks that warm process, so a child starts in about a millisecond.  The
child caps its address space (``resource.setrlimit``), sets an alarm, sends
its standard output to ``/dev/null`` and its standard error to a file, runs
the command line as ``trackkit ARGS`` would and exits with its status.  The
parent waits for it with ``os.wait4``, which gives the child's own peak
memory, and times it.

A run is a *traceback* when the command crashed (exit status 3, or any
exception escaping the command line), *over time* when it took longer than
the time limit (it is killed at the hard limit), and *over memory* when its
peak resident memory passed the memory limit (or it hit the address-space
cap).  ``benchmarks/bench_hostile.py``, ``benchmarks/fuzz_campaign.py`` and
``tests/hostile/test_fuzz.py`` share this.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["CRASH", "Outcome", "Sandbox", "warm_up"]

CRASH = 3
"""The exit status of a crash (see ``trackkit.cli.crash``)."""

_ESCAPED = 70
"""The status a child exits with when an exception escaped even the
command line's own crash guard."""

_MB = 1 << 20


@dataclass(frozen=True)
class Outcome:
    """How one run ended: its exit status (``None`` when killed by a
    signal), the processor seconds it used (user and system: unlike
    wall-clock time, they do not grow when other jobs share the cores),
    wall-clock seconds, peak resident memory in MB, and standard error
    (only kept for a traceback)."""

    status: int | None
    seconds: float
    wall: float
    peak_mb: float
    killed_by: int | None = None
    stderr: str = ""

    @property
    def traceback(self) -> bool:
        return self.status in (CRASH, _ESCAPED)

    def over_time(self, limit: float) -> bool:
        return self.seconds > limit or self.killed_by in (signal.SIGALRM, signal.SIGXCPU, signal.SIGKILL)

    def over_memory(self, limit_mb: float) -> bool:
        return self.peak_mb > limit_mb or self.status == _OUT_OF_MEMORY


_OUT_OF_MEMORY = 71
"""The status a child exits with when it could not get more memory."""


def warm_up() -> None:
    """Import the command line and the modules its commands load lazily, so
    that forked children need not."""
    from trackkit import api, batch, export, games  # noqa: F401
    from trackkit.cli import app  # noqa: F401

    for name in ("trackkit.render.svg", "trackkit.render.terminal", "trackkit.formats.report"):
        with contextlib.suppress(ImportError):
            __import__(name)


class Sandbox:
    """Runs commands in forked children: killed after ``hard_seconds`` of
    processor time (or four times that of wall-clock time), their address
    space capped at ``address_mb`` above the parent's."""

    def __init__(self, hard_seconds: float = 10.0, address_mb: int = 2048) -> None:
        self.hard_seconds = hard_seconds
        self.address_mb = address_mb
        self._errors = tempfile.TemporaryFile()  # noqa: SIM115 - open for the sandbox's life, reused by every run

    def run(self, args: Sequence[str], folder: str) -> Outcome:
        """Run ``trackkit ARGS`` in ``folder`` in a child process."""
        self._errors.seek(0)
        self._errors.truncate()
        sys.stdout.flush()
        sys.stderr.flush()
        began = time.perf_counter()
        child = os.fork()
        if child == 0:  # pragma: no cover - runs in the child, which never returns
            self._child(args, folder)
        _, status, usage = os.wait4(child, 0)
        wall = time.perf_counter() - began
        seconds = usage.ru_utime + usage.ru_stime
        peak = usage.ru_maxrss / 1024
        if os.WIFSIGNALED(status):
            return Outcome(None, seconds, wall, peak, killed_by=os.WTERMSIG(status))
        code = os.WEXITSTATUS(status)
        stderr = ""
        if code in (CRASH, _ESCAPED):
            self._errors.seek(0)
            stderr = self._errors.read().decode("utf-8", "replace")
            if "internal error: MemoryError" in stderr or stderr.rstrip().endswith("MemoryError"):
                code = _OUT_OF_MEMORY  # the address-space cap, not a bug in the command
        return Outcome(code, seconds, wall, peak, stderr=stderr)

    def _child(self, args: Sequence[str], folder: str) -> None:
        code = _ESCAPED
        try:
            self._limit()
            os.chdir(folder)
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 1)
            os.dup2(self._errors.fileno(), 2)
            code = _invoke(list(args))
        except MemoryError:
            code = _OUT_OF_MEMORY
        except BaseException:
            with contextlib.suppress(BaseException):
                traceback.print_exc()
        finally:
            with contextlib.suppress(BaseException):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)

    def _limit(self) -> None:
        used = _address_space_bytes()
        cap = used + self.address_mb * _MB
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
        seconds = max(1, round(self.hard_seconds))
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))
        signal.signal(signal.SIGXCPU, signal.SIG_DFL)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)
        signal.setitimer(signal.ITIMER_REAL, 4 * self.hard_seconds)


def _invoke(args: list[str]) -> int:
    from trackkit.cli import app

    try:
        app(args, prog_name="trackkit", standalone_mode=True)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return 0


def _address_space_bytes() -> int:
    """This process's virtual memory size, from ``/proc`` (0 where there is none)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0
