"""The track-building rules of RACE!.

Each rule is one small function that takes a
:class:`~trackkit.race.track.RaceLayout` and yields its findings;
:func:`validate` runs them all and keeps every finding.  Each rule's
docstring quotes the sentence of the rulebook it enforces.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from trackkit.findings import Finding, Report, capped
from trackkit.race.rules import corners, course, tiles
from trackkit.race.track import RaceLayout

__all__ = ["RULES", "validate"]

RULES: tuple[Callable[[RaceLayout], Iterator[Finding]], ...] = (*tiles.RULES, *course.RULES, *corners.RULES)
"""RACE!'s rules, in the order their findings are listed."""


def validate(layout: RaceLayout) -> Report:
    """Check a RACE! layout against every rule and report all findings
    (past a hundred of one rule, the rest are summed up in one finding)."""
    return Report(tuple(finding for rule in RULES for finding in capped(rule(layout))))
