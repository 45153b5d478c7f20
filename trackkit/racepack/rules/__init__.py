"""The track-building rules of Racepack.

Each rule is one small function that takes a :class:`Context` and yields its
findings; :func:`validate` runs them all and keeps every finding, so a player
sees everything wrong with a track at once (as python-chess's
``Board.status()`` collects every problem of a position).  Each rule's
docstring quotes the sentence of the rulebook it enforces, so ``help()`` on a
rule shows it.
"""

from __future__ import annotations

from trackkit.findings import Report, capped
from trackkit.racepack.layout import Layout
from trackkit.racepack.rules import cars, constructions, hazards, track
from trackkit.racepack.rules.context import Context, Rule, make_context

__all__ = ["RULES", "Context", "Rule", "make_context", "prepared_context", "validate"]

RULES: tuple[Rule, ...] = (*track.RULES, *cars.RULES, *constructions.RULES, *hazards.RULES)
"""Racepack's rules, in the order their findings are listed."""


def prepared_context(layout: Layout, *, recheck: bool = True) -> Context:
    """The context the rules see: tiles indexed, start settled, and the
    contacts the special constructions sanction recorded.  With
    ``recheck``, hints that propose a change are checked before they are
    offered (the check itself does not check hints again)."""
    ctx = make_context(layout)
    if recheck:
        ctx.recheck = _validate_unchecked
    constructions.prepare(ctx)
    return ctx


def validate(layout: Layout) -> Report:
    """Check a layout against every Racepack rule and report all findings
    (past a hundred of one rule, the rest are summed up in one finding).

    The report of the last layout checked is kept: ``render`` asks for the
    verdict and its drawing for the tiles at fault, and a track of
    thousands of tiles is then checked once, not twice.  Both are frozen,
    and the same layout object always gets the same report."""
    if _LAST and _LAST[0][0] is layout:
        return _LAST[0][1]
    report = _report(prepared_context(layout))
    _LAST[:] = [(layout, report)]
    return report


_LAST: list[tuple[Layout, Report]] = []
"""The last layout checked, with its report."""


def _validate_unchecked(layout: Layout) -> Report:
    return _report(prepared_context(layout, recheck=False))


def _report(ctx: Context) -> Report:
    return Report(tuple(finding for rule in RULES for finding in capped(rule(ctx))))
