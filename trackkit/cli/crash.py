"""What the command line does when trackkit itself fails.

Every error trackkit expects is a :class:`~trackkit.errors.TrackkitError`,
answered by each command with one line and exit status 1 or 2.  Anything
else that escapes a command is a *crash*: a bug in trackkit, never a verdict
on the track.  :class:`CrashGuard` catches it at the top of the application,
prints one line saying so and exits with :data:`EXIT_CRASH`, a status no
verdict uses, so a script can tell a crash from an illegal track.  With
``trackkit --debug`` (or ``TRACKKIT_DEBUG=1``) the traceback is printed too.
"""

from __future__ import annotations

import traceback
from typing import Any

import typer
from typer.core import TyperGroup
from typer.exceptions import TyperException

__all__ = ["EXIT_CRASH", "CrashGuard", "crash_line"]

EXIT_CRASH = 3
"""The exit status of a crash: 0, 1 and 2 are the verdicts and refusals."""

_PASSED_ON = (typer.Exit, typer.Abort, TyperException, KeyboardInterrupt)
"""What the application framework handles itself: exits, usage errors, ^C."""


def crash_line(error: BaseException) -> str:
    """The one line a crash prints: what went wrong and how to see more."""
    detail = str(error).splitlines()[0][:200] if str(error) else ""
    what = f"{type(error).__name__}: {detail}" if detail else type(error).__name__
    return (
        f"trackkit: internal error: {what}; this is a bug in trackkit, not a verdict on the track"
        " (run with 'trackkit --debug ...' for the traceback)"
    )


class CrashGuard(TyperGroup):
    """The command group of the application, turning a crash in any command
    into one line and exit status :data:`EXIT_CRASH`.  The root context's
    ``debug`` parameter asks for the traceback as well."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except _PASSED_ON:
            raise
        except Exception as error:  # the point of this class: anything else is a crash
            if ctx.params.get("debug"):
                typer.echo(traceback.format_exc().rstrip("\n"), err=True)
            typer.echo(crash_line(error), err=True)
            raise typer.Exit(EXIT_CRASH) from None
