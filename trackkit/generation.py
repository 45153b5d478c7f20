"""What making random layouts of a game takes: the request and the job.

A game that draws random legal layouts declares a :class:`Generation`.  Its
*request* is a frozen dataclass: one field for each choice a person makes
(how many packs, laps, ramps, cars...), each declared with :func:`option`,
which gives its default, the sentence ``--help`` shows for it and the names
it is typed under.  The command line builds ``trackkit generate GAME`` from
those fields alone, so a game's options, their defaults and their help live
in one place, beside the game.

The job comes in two steps, so that a command refuses a bad request before
it looks at its output files: ``settle(request)`` checks the request (and
reads any file it names, such as a card collection) and returns what the
game's generator needs; ``make(settled, seed, count, progress)`` draws
``count`` different layouts from the one ``seed`` (the same seed, the same
layouts, byte for byte) and says what a person should hear about them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass, field, fields
from typing import Any

__all__ = [
    "SHARED_OPTIONS",
    "Generated",
    "Generation",
    "Progress",
    "RequestOption",
    "option",
    "request_options",
]

SHARED_OPTIONS = ("output", "svg", "seed", "count", "force", "output_format")
"""The options every game's ``generate`` takes, under the same names: where
the layouts and drawings go, the seed, how many layouts, replacing files,
and the output format.  A request's own fields take none of these names."""


@dataclass(frozen=True)
class RequestOption:
    """How one field of a request is typed on the command line.

    ``help`` is the sentence ``--help`` shows; ``names`` the option's names
    (``("--cars", "--racers")``), by default the field's name with dashes
    (``min_corners`` is ``--min-corners``); ``show_default`` whether the
    help adds the default (a field whose default depends on others says so
    in its ``help`` instead); ``words`` the only words the option takes
    (``any``, ``clockwise``...), refused otherwise as not ``what``; and
    ``reads`` marks a file the command reads, which no output may be."""

    help: str
    names: tuple[str, ...] = ()
    show_default: bool = True
    words: tuple[str, ...] = ()
    what: str = ""
    reads: bool = False

    def flags(self, name: str) -> tuple[str, ...]:
        """The option's names, for the field called ``name``."""
        return self.names or ("--" + name.replace("_", "-"),)


def option(
    default: Any,
    help: str,
    *,
    names: tuple[str, ...] = (),
    show_default: bool = True,
    words: tuple[str, ...] = (),
    what: str = "",
    reads: bool = False,
) -> Any:
    """A request field: its ``default`` and how it is typed (see
    :class:`RequestOption`)."""
    described = RequestOption(help, names, show_default, words, what, reads)
    return field(default=default, metadata={"option": described})


def request_options(request: type) -> list[tuple[Field[Any], RequestOption]]:
    """The fields of a request dataclass with how each is typed, in order.
    Raises :class:`TypeError` for a field declared without :func:`option`
    or named like a shared option: a mistake in a game's declaration."""
    found = []
    for each in fields(request):
        described = each.metadata.get("option")
        if not isinstance(described, RequestOption) or each.name in SHARED_OPTIONS:
            raise TypeError(f"{request.__name__}.{each.name} is not a request option")
        found.append((each, described))
    return found


@dataclass(frozen=True)
class Progress:
    """How a generation job keeps a person informed: ``note(text)`` says
    something on standard error before a long step; ``bar(label)`` gives a
    progress bar for such a step (``None`` when none is shown); ``tracks``
    follows the layouts being made (``None`` for none)."""

    note: Callable[[str], None]
    bar: Callable[[str], Callable[[int, int], None] | None]
    tracks: Callable[[int, int], None] | None = None


@dataclass(frozen=True)
class Generated:
    """What a generation job made: the ``layouts``, whether the seed
    mattered enough to print (``seed_shown``: a track rebuilt from its id
    used none), and a ``summary`` line said after the seed (``None``: no
    summary)."""

    layouts: Sequence[Any]
    summary: str | None = None
    seed_shown: bool = True


@dataclass(frozen=True)
class Generation:
    """A game's ``trackkit generate``: what it makes and how.

    ``summary`` is the command's line in ``trackkit generate --help``,
    ``help`` its own help text; ``request`` the request dataclass (fields
    made with :func:`option`); ``settle`` and ``make`` the two steps of the
    job (see the module's docstring).  ``order`` lists every option's name,
    the request's fields and :data:`SHARED_OPTIONS`, in the order ``--help``
    shows them (empty: the request's fields, then the shared ones);
    ``sample`` are options a demonstration run needs beside ``--seed``
    (a rally deck needs a card collection)."""

    summary: str
    help: str
    request: type
    settle: Callable[[Any], Any]
    make: Callable[[Any, int, int, Progress], Generated]
    order: tuple[str, ...] = ()
    sample: tuple[str, ...] = ()

    def option_order(self) -> tuple[str, ...]:
        """Every option's name in ``--help`` order; raises
        :class:`TypeError` when ``order`` leaves one out or adds one."""
        own = tuple(each.name for each, _ in request_options(self.request))
        if not self.order:
            return (*own, *SHARED_OPTIONS)
        if sorted(self.order) != sorted((*own, *SHARED_OPTIONS)):
            raise TypeError(f"the order of {self.request.__name__}'s options names other options")
        return self.order
