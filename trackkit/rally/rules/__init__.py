"""The race-deck rules of the rally card game.

Each rule is one small function that takes a :class:`Context` and yields its
findings; :func:`validate` runs them all and keeps every finding, so a player
sees everything wrong with a deck at once.  Each rule's docstring quotes the
sentence of the rulebook it enforces.  A finding's ``tiles`` are course
positions (0 is the Start card).
"""

from __future__ import annotations

from trackkit.findings import Report, capped
from trackkit.rally.deck import RaceDeck
from trackkit.rally.rules.checks import RULES, Context, Rule, check_listing

__all__ = ["RULES", "Context", "Rule", "validate"]


def validate(deck: RaceDeck) -> Report:
    """Check a course against every rally rule and report all findings
    (past a hundred of one rule, the rest are summed up in one finding).
    A deck listed bottom-up gets one finding, to turn it round, in place of
    every finding the list breaks as it stands (see ``check_listing``)."""
    ctx = Context(deck)
    listed = tuple(check_listing(ctx))
    if listed:
        return Report(listed)
    return Report(tuple(finding for rule in RULES for finding in capped(rule(ctx))))
