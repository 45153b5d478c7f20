"""Progress on standard error for the steps that can take more than a
second: a bar with the share done and the time left, rewritten in place.

A bar is drawn only when standard error is a terminal (a bar rewritten in
place would litter a log or a pipe), and only once the work has run for
:data:`SHOW_AFTER` seconds, so quick runs stay quiet.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

import typer

__all__ = ["BAR_WIDTH", "SHOW_AFTER", "eta_words", "progress_bar", "stderr_bar", "stderr_is_terminal"]

BAR_WIDTH = 30
"""Characters in a progress bar."""

SHOW_AFTER = 1.0
"""Seconds of work before a bar on standard error appears."""


def eta_words(seconds: float) -> str:
    """``ETA 0:42`` (minutes and seconds) or ``ETA 1:02:03``."""
    whole = max(0, round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"ETA {hours}:{minutes:02d}:{secs:02d}" if hours else f"ETA {minutes}:{secs:02d}"


def progress_bar(
    label: str,
    write: Callable[[str], None],
    clock: Callable[[], float] = time.monotonic,
    *,
    show_after: float = 0.0,
) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback drawing ``label [####....] 3/10
    ETA 0:12`` with ``write``, on one line rewritten in place and cleared when
    the work is done.  The time left is the time so far, scaled by the share
    still to do.  Nothing is drawn before ``show_after`` seconds.  A call
    with ``done`` 0 starts a new round of work (the clock starts again)."""
    started: list[float] = []
    drawn: list[int] = []

    def show(done: int, total: int) -> None:
        now = clock()
        if done == 0:
            started.clear()
            drawn.clear()
        if not started:
            started.append(now)
        if now - started[0] < show_after and not drawn:
            return
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        eta = eta_words((now - started[0]) * (total - done) / done) if done else "ETA ?"
        line = f"{label} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done:,}/{total:,} {eta}"
        write("\r" + line)
        drawn.append(len(line))
        if done == total:
            write("\r" + " " * max(drawn) + "\r")

    return show


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal (where a bar may be drawn)."""
    return sys.stderr.isatty()


def stderr_bar(label: str, terminal: bool | None = None) -> Callable[[int, int], None] | None:
    """A progress bar on standard error when it is a terminal (``terminal``
    decides instead when given), else ``None``."""
    if not (stderr_is_terminal() if terminal is None else terminal):
        return None
    return progress_bar(label, lambda text: typer.echo(text, err=True, nl=False), show_after=SHOW_AFTER)
