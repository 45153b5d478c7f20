"""What validation reports: findings, each naming a rule and the tiles involved.

A *finding* is one broken rule (an error) or one departure from the rules'
advice (a warning).  A track with no errors is legal, warnings or not.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import islice
from typing import Any, Generic, TypeVar

from trackkit.edits import Edit, edit_json
from trackkit.errors import ArgumentError, did_you_mean

__all__ = [
    "COUNT_LIMIT",
    "MAX_SHOWN",
    "Deferred",
    "Faults",
    "Finding",
    "Report",
    "RuleEntry",
    "Severity",
    "broken",
    "capped",
    "error",
    "faults_of",
    "find_rule",
    "local_name",
    "warning",
]


class Severity(Enum):
    """How serious a finding is."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Finding:
    """One broken rule (``ERROR``) or piece of advice not followed (``WARNING``).

    ``rule`` is the rule id (``adjacency``, ``closure``...), ``tiles`` the
    tiles involved (loop indices first), ``hint`` how to fix it and
    ``edit``, where the fix is one concrete change, that change (the hint
    is written from it; see :mod:`trackkit.edits`).  ``summary`` marks the
    finding that stands for the rule's findings not listed (``and 1,497
    more``): a report prints it after the rule's others.
    """

    rule: str
    severity: Severity
    message: str
    tiles: tuple[int, ...] = ()
    hint: str | None = None
    summary: bool = False
    edit: Edit | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rule": self.rule,
            "severity": self.severity.value,
            "message": self.message,
            "tiles": list(self.tiles),
        }
        if self.hint:
            data["hint"] = self.hint
        if self.edit is not None:
            data["edit"] = edit_json(self.edit)
        return data


def error(
    rule: str, message: str, tiles: tuple[int, ...] = (), hint: str | None = None, edit: Edit | None = None
) -> Finding:
    return Finding(rule, Severity.ERROR, message, tiles, hint, edit=edit)


def warning(
    rule: str, message: str, tiles: tuple[int, ...] = (), hint: str | None = None, edit: Edit | None = None
) -> Finding:
    return Finding(rule, Severity.WARNING, message, tiles, hint, edit=edit)


@dataclass(frozen=True)
class Report:
    """Every finding for one layout, in the order the rules were checked
    (a report prints them in file order: see :mod:`trackkit.formats.report`)."""

    findings: tuple[Finding, ...] = field(default=())

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.ERROR)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.severity is Severity.WARNING)

    @property
    def valid(self) -> bool:
        """Legal: no errors (warnings allowed)."""
        return not self.errors

    def rules(self) -> set[str]:
        """The ids of the rules with findings."""
        return {f.rule for f in self.findings}


MAX_SHOWN = 100
"""The most findings one rule reports one by one; the rest are summed up."""

COUNT_LIMIT = 10_000
"""How many findings past :data:`MAX_SHOWN` are counted before giving up, so
that a pathological track (two thousand corners stacked on one spot) costs
a bounded amount of work."""


Fault = TypeVar("Fault")


class Deferred(Iterator[Finding], Generic[Fault]):
    """A rule's findings, each worded from one of ``faults`` by ``make`` only
    when it is asked for.  :func:`capped` counts the findings past those it
    lists by counting the faults, so a rule that finds ten thousand faults
    (on a pile of tiles) words only the hundred that are shown."""

    def __init__(self, faults: Iterable[Fault], make: Callable[[Fault], Finding]) -> None:
        self.faults = iter(faults)
        self.make = make

    def __next__(self) -> Finding:
        return self.make(next(self.faults))

    def count(self, most: int) -> int:
        """How many findings are left, counting no further than ``most``."""
        return sum(1 for _ in islice(self.faults, most))


def capped(findings: Iterable[Finding]) -> Iterator[Finding]:
    """The first :data:`MAX_SHOWN` of one rule's findings, then one finding
    that says how many more there are (``and 1,497 more like these``)."""
    stream = iter(findings)
    shown = list(islice(stream, MAX_SHOWN))
    yield from shown
    more = _count(stream, COUNT_LIMIT + 1)
    if not more:
        return
    last = shown[-1]
    count = f"more than {COUNT_LIMIT:,}" if more > COUNT_LIMIT else f"{more:,}"
    yield Finding(
        last.rule,
        last.severity,
        f"and {count} more {last.rule} findings like these, not listed",
        hint="fix the ones listed first; most of the rest usually go with them",
        summary=True,
    )


def _count(stream: Iterator[Finding], most: int) -> int:
    """How many findings ``stream`` has left, up to ``most``; those of a
    :class:`Deferred` stream are counted without being worded."""
    if isinstance(stream, Deferred):
        return stream.count(most)
    return sum(1 for _ in islice(stream, most))


@dataclass(frozen=True)
class Faults:
    """What a drawing marks of a report: whether the track breaks a rule
    (``broken``) and the places the broken rules name (``places``: tiles,
    spaces or cards by index, as the game's findings count them), in order."""

    broken: bool = False
    places: tuple[int, ...] = ()


def faults_of(report: Report, count: int) -> Faults:
    """The faults of ``report`` on a track of ``count`` places (places
    outside ``0 .. count - 1`` are left out: there is nothing to mark)."""
    errors = report.errors
    return Faults(bool(errors), tuple(sorted({t for e in errors for t in e.tiles if 0 <= t < count})))


# --- the catalogue of a game's rules -----------------------------------------------

_ROLE = re.compile(r":\w+:`~?([^`]+)`")
_QUOTE = re.compile(r'Rulebook:\s+"([^"]+)"')


@dataclass(frozen=True)
class RuleEntry:
    """One rule id as ``trackkit rules`` lists it and ``trackkit explain``
    shows it: a one-line summary, the functions that check it, and the
    section of ``docs/rules.md`` that discusses it.

    A *rule id* names one rule of a game as a player would look it up; one
    id may be checked by several small functions.  Racepack's ids are
    plain words (``adjacency``); every other game's carry its name first
    (``motocross/overlap``, ``race/grid``), so that no id means two rules.
    Each checking function's docstring opens with the rulebook's sentence
    (``Rulebook: "..."``) and goes on with how trackkit reads it.
    """

    rule: str
    summary: str
    checks: tuple[Callable[..., Iterator[Finding]], ...]
    section: str

    def quote(self) -> str | None:
        """The first rulebook passage its checks quote (the words after
        ``Rulebook: "``, on one line), or ``None`` when none does."""
        for text in self.texts():
            found = _QUOTE.search(text)
            if found:
                return " ".join(found.group(1).split())
        return None

    def texts(self) -> list[str]:
        """Each checking function's docstring: the quoted rule and our reading
        (cross-references shown as plain names)."""
        return [
            _ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], inspect.getdoc(check) or "")
            for check in self.checks
        ]


def local_name(rule: str) -> str:
    """A rule id without its game: ``overlap`` for ``motocross/overlap``."""
    return rule.rsplit("/", 1)[-1]


def find_rule(name: str, entries: Iterable[RuleEntry]) -> RuleEntry:
    """The entry of ``entries`` for the rule id ``name`` (any case).

    A name without a game (``touch``) finds the one rule of that name when
    only one game has it; Racepack's plain ids always mean Racepack's rule.
    Raises :class:`~trackkit.errors.ArgumentError` for an unknown id (with
    a suggestion when one is close) or a name several games share (naming
    their ids).
    """
    every = tuple(entries)
    wanted = name.strip().lower()
    for entry in every:
        if entry.rule == wanted:
            return entry
    same = [entry for entry in every if local_name(entry.rule) == wanted]
    if len(same) == 1:
        return same[0]
    if same:
        choices = " or ".join(repr(entry.rule) for entry in same)
        raise ArgumentError(f"{name!r} is a rule of several games; give its full id: {choices}")
    ids = [entry.rule for entry in every]
    raise ArgumentError(f"{name!r} is not a rule{did_you_mean(wanted, ids)}; 'trackkit rules' lists them")


def broken(what: str, rule: str) -> str:
    """A race checker's refusal: ``what`` the record does, then the ``rule``
    it breaks in the rulebook's own words (``moves 4 with dice [3, 3]:
    "Choose 'one' of the numbers you have rolled ..."``)."""
    return f'{what}: "{rule}"'
