"""The exceptions trackkit raises.

Every error trackkit raises on purpose derives from :class:`TrackkitError`, so a
caller (the command line among them) can catch that one class and know that
anything else is a bug.  Each subclass says when it is raised.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence

__all__ = [
    "MAX_PROBLEMS",
    "AccessError",
    "ArgumentError",
    "CircuitError",
    "EquipmentError",
    "GenerationError",
    "GridError",
    "LayoutError",
    "LimitError",
    "OutputError",
    "RareConstraintError",
    "TrackkitError",
    "did_you_mean",
]


class TrackkitError(Exception):
    """Base class of every exception trackkit raises on purpose.

    Raised directly only for problems that fit no subclass below.
    """


MAX_PROBLEMS = 20
"""The most problems of one file listed one by one; the rest are summed up."""


class LayoutError(TrackkitError):
    """Raised when a layout cannot be read or is not a layout at all.

    Examples: the file is missing or unreadable, its YAML is malformed, a key is
    unknown, a value has the wrong type, or a path token is not a tile.  A layout
    that *is* well formed but breaks a rule of the game is not an error: it gets a
    validation report instead.

    ``file``, ``line`` and ``column`` (1-based) point at the offending text when
    known; ``hint`` says how to fix it.  ``others`` holds the further
    problems found in the same file when the reader could go on past the
    first (an unknown key, then a bad value): all of them are reported at
    once, in the order they stand in the file.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hint: str | None = None,
        others: tuple[LayoutError, ...] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.hint = hint
        self.others = others

    @classmethod
    def combined(cls, problems: list[LayoutError]) -> LayoutError:
        """One error standing for every problem in ``problems`` (not empty),
        sorted by where they are in the file."""
        ordered = sorted(problems, key=lambda p: (p.line or 0, p.column or 0))
        if len(ordered) > MAX_PROBLEMS:
            last = ordered[MAX_PROBLEMS - 1]
            more = LayoutError(
                f"and {len(ordered) - MAX_PROBLEMS + 1:,} more problems like these, not listed",
                line=last.line,
                column=last.column,
                hint="fix the ones listed first",
            )
            ordered = [*ordered[: MAX_PROBLEMS - 1], more]
        first = ordered[0]
        return cls(
            first.message,
            file=first.file,
            line=first.line,
            column=first.column,
            hint=first.hint,
            others=tuple(ordered[1:]),
        )

    def every(self) -> tuple[LayoutError, ...]:
        """This problem and the others found with it."""
        return (self, *self.others)

    def located(self, file: str) -> LayoutError:
        """Return a copy of this error (and its others) that names ``file``."""
        return LayoutError(
            self.message,
            file=file,
            line=self.line,
            column=self.column,
            hint=self.hint,
            others=tuple(other.located(file) for other in self.others),
        )

    def one_line(self) -> str:
        """Render as ``FILE:LINE:COL: error: message (hint)``, on one line."""
        where = self.file or "<layout>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        text = f"{where}: error: {self.message}"
        if self.hint:
            text += f" ({self.hint})"
        return text

    def lines(self) -> list[str]:
        """One line per problem (see :meth:`one_line`)."""
        return [problem.one_line() for problem in self.every()]

    def __str__(self) -> str:
        return "\n".join(self.lines())


def did_you_mean(word: object, options: Sequence[str]) -> str:
    """`` (did you mean 'laps'?)`` when ``word`` looks like a misspelling of
    one of ``options``, else nothing; for the end of a message or hint."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word.lower(), [o.lower() for o in options], n=1, cutoff=0.6)
    if not close:
        return ""
    match = next(o for o in options if o.lower() == close[0])
    return f" (did you mean {match!r}?)"


class ArgumentError(TrackkitError, ValueError):
    """Raised when a library function is called with a value it cannot take:
    a count out of range, an unknown name, or arguments that contradict each
    other.  It is also a :class:`ValueError`, so callers who think of it that
    way can catch it so.

    ``parameter`` names the argument at fault (``"count"``, ``"max_width"``)
    and ``problem`` says what is wrong with it, so that the message reads
    ``count must be at least 1, not 0``.  The command line shows the same
    problem against its option (``--count must be ...``).  With no single
    parameter at fault, ``parameter`` is ``None`` and ``problem`` is the
    whole message.  A problem that names further parameters writes each as
    ``{name}`` and lists it in ``mentions``; the message shows the name
    itself, the command line its option.
    """

    def __init__(self, problem: str, *, parameter: str | None = None, mentions: tuple[str, ...] = ()) -> None:
        self.parameter = parameter
        self.problem = problem
        self.mentions = mentions
        super().__init__(self.phrased(str))

    def phrased(self, name_of: Callable[[str], str]) -> str:
        """The message with each parameter called ``name_of(parameter)`` (an
        option, say)."""
        text = self.problem
        for mention in self.mentions:
            text = text.replace("{" + mention + "}", name_of(mention))
        return f"{name_of(self.parameter)} {text}" if self.parameter else text


class OutputError(TrackkitError):
    """Raised when an output file cannot be written: its folder is missing or
    read-only, it is a directory, it exists and replacing it was not allowed,
    it would overwrite an input, or the disk refused the bytes.  Whatever
    was there before is left as it was.

    ``file`` names the output concerned; ``exists`` is true when the only
    trouble is that the file exists and replacing it was not allowed.
    """

    def __init__(self, message: str, *, file: str | None = None, exists: bool = False) -> None:
        self.file = file
        self.exists = exists
        super().__init__(f"{file}: {message}" if file else message)


class AccessError(TrackkitError):
    """Raised when the editor's local server (``trackkit edit``) is asked for
    something it must not give: a request without the run's token, from
    another site (a foreign ``Host`` or ``Origin``), or for a file outside
    the folder of the file it opened."""


class LimitError(TrackkitError):
    """Raised when a layout is larger than an operation handles: more tiles
    than a layout may hold, a drawing more than a few thousand tiles or a
    thousand inches across, the inside lanes of a huge loop.  Each limit is
    documented where it is checked; they keep a small file from asking for
    seconds of work or gigabytes of memory.  The command line reports it
    with exit status 2."""


class CircuitError(TrackkitError):
    """Raised when an operation needs a legal closed circuit and is given one
    that is not (for example computing corner numbers of a path that does not
    close), or a race needs a legal Motocross course and is given one that
    breaks a rule.  Validation itself never raises this: it reports findings."""


class GridError(TrackkitError):
    """Raised when the starting grid does not fit on the road behind the
    start/finish line."""


class GenerationError(TrackkitError):
    """Raised when no circuit meets the constraints given to the generator, or
    the constraints contradict each other."""


class EquipmentError(TrackkitError):
    """Raised when a setup needs more pieces of a kind than the piecepacks in
    play hold (a seventh car's pawn on one pack, say), so that no export or
    setup ever lists one physical piece twice.  The command line reports it
    with exit status 2."""


class RareConstraintError(GenerationError):
    """Raised when an exactly uniform draw, testing each circuit it draws
    against the constraints, finds too few that meet them in its allotted
    number of draws (the message says how many of how many did)."""
