"""Stepping through a replayed race frame by frame (``replay --step``).

On a terminal each frame is drawn in place (the screen cleared and the
cursor sent home first) and one key moves: Enter, space or ``n`` to the
next turn, ``b`` or ``p`` back one, ``q`` to stop.  Elsewhere (a pipe, a
file, a test) the frames scroll one after another and each answer is a
line of input with the same letters (an empty line is Enter); when the
input ends, the rest of the race is shown without waiting.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

__all__ = ["BACK", "CLEAR", "NEXT", "PROMPT", "QUIT", "read_key", "step_through"]

CLEAR = "\x1b[H\x1b[2J"
"""Sends the cursor home and clears the screen before a frame is redrawn."""

NEXT = frozenset({"", "\n", "\r", " ", "n"})
"""The answers that go on to the next turn (an empty line is Enter)."""

BACK = frozenset({"b", "p"})
"""The answers that go back one turn."""

QUIT = frozenset({"q"})
"""The answers that stop stepping."""

PROMPT = "Enter, space or n: next turn; b: back; q: quit "
"""Said under each frame while stepping."""

END = None
"""What a key reader returns once the input has ended."""


def step_through(
    frames: Sequence[str],
    key: Callable[[], str | None],
    show: Callable[[str], None],
    ask: Callable[[str], None],
    redraw: bool,
) -> None:
    """Show ``frames`` one at a time, moving by each answer ``key`` gives
    (see :data:`NEXT`, :data:`BACK`, :data:`QUIT`; any other answer asks
    again), until the last frame is passed or ``q``.
    ``show`` prints a frame, ``ask`` the prompt; with ``redraw`` each frame
    is drawn in place (after :data:`CLEAR`), and the prompt's line is ended
    when stepping stops (a key pressed on a terminal is not echoed).  When
    ``key`` gives ``None`` (the input ended) the frames left are shown one
    after another."""
    try:
        at, shown = 0, -1
        while at < len(frames):
            if at != shown or redraw:
                show((CLEAR if redraw else "") + frames[at])
                shown = at
            ask(PROMPT)
            answer = key()
            if answer is END:
                for frame in frames[at + 1 :]:
                    show(frame)
                return
            answer = answer.strip().lower()
            if answer in QUIT:
                return
            if answer in BACK:
                at = max(at - 1, 0)
            elif answer in NEXT:
                at += 1
    finally:
        if redraw:
            ask("\n")


def read_key() -> str | None:
    """One key from a terminal's keyboard, read without waiting for Enter
    (``None`` when the input has ended); from other input, one line."""
    stream = sys.stdin
    if not stream.isatty():
        line = stream.readline()
        return line if line else None
    try:
        import termios
        import tty
    except ImportError:  # no terminal control here: read a line
        line = stream.readline()
        return line if line else None
    number = stream.fileno()
    saved = termios.tcgetattr(number)
    try:
        tty.setcbreak(number)
        key = stream.read(1)
    finally:
        termios.tcsetattr(number, termios.TCSADRAIN, saved)
    return key if key else None
