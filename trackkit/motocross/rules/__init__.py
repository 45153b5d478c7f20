"""The course-building rules of Motocross.

Each rule is one small function that takes a :class:`Context` and yields
its findings; :func:`validate` runs them all and keeps every finding, so a
player sees everything wrong with a course at once.  Each rule's docstring
quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from trackkit.findings import Report, capped
from trackkit.motocross.course import Course
from trackkit.motocross.rules import ramps, tiles
from trackkit.motocross.rules.context import Context, Rule

__all__ = ["RULES", "Context", "Rule", "validate"]

RULES: tuple[Rule, ...] = (*tiles.RULES, *ramps.RULES)
"""Motocross's rules, in the order their findings are listed."""


def validate(course: Course) -> Report:
    """Check a course against every Motocross rule and report all findings
    (past a hundred of one rule, the rest are summed up in one finding).

    The report of the last course checked is kept: a drawing asks for the
    verdict, the key's fault entry and the tiles at fault, and a course of
    thousands of tiles is then checked once, not once each.  Both are
    frozen, and the same course object always gets the same report."""
    if _LAST and _LAST[0][0] is course:
        return _LAST[0][1]
    ctx = Context(course)
    report = Report(tuple(finding for rule in RULES for finding in capped(rule(ctx))))
    _LAST[:] = [(course, report)]
    return report


_LAST: list[tuple[Course, Report]] = []
"""The last course checked, with its report."""
