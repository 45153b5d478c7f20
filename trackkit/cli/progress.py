"""Progress on standard error for the steps that can take more than a
second: a bar with the share done and the time left, rewritten in place."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import typer

__all__ = ["BAR_WIDTH", "eta_words", "progress_bar", "stderr_bar"]

BAR_WIDTH = 30
"""Characters in a progress bar."""


def eta_words(seconds: float) -> str:
    """``ETA 0:42`` (minutes and seconds) or ``ETA 1:02:03``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"ETA {hours}:{minutes:02d}:{secs:02d}" if hours else f"ETA {minutes}:{secs:02d}"


def progress_bar(
    label: str, write: Callable[[str], None], clock: Callable[[], float] = time.monotonic
) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback drawing ``label [####....] 3/10
    ETA 0:12`` with ``write``, on one line rewritten in place and cleared when
    the work is done.  The time left is the time so far, scaled by the share
    still to do."""
    started: list[float] = []

    def show(done: int, total: int) -> None:
        now = clock()
        if not started:
            started.append(now)
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        eta = eta_words((now - started[0]) * (total - done) / done) if done else "ETA ?"
        line = f"{label} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done:,}/{total:,} {eta}"
        write("\r" + line)
        if done == total:
            write("\r" + " " * len(line) + "\r")

    return show


def stderr_bar(label: str) -> Callable[[int, int], None] | None:
    """A progress bar on standard error when it is a terminal, else ``None``
    (a bar rewritten in place would litter a log)."""
    if not sys.stderr.isatty():
        return None
    return progress_bar(label, lambda text: typer.echo(text, err=True, nl=False))
