"""The catalogue of the rally card game's rules, by the id findings carry
(``rally/pattern``...): what ``trackkit rules --game rally`` lists and
``trackkit explain`` shows (see :class:`~trackkit.findings.RuleEntry`)."""

from __future__ import annotations

from trackkit.findings import RuleEntry
from trackkit.rally.rules import checks

__all__ = ["CATALOG"]

CATALOG: tuple[RuleEntry, ...] = (
    RuleEntry(
        "rally/opening",
        "the Start and 3-lane cards open the course, once each",
        (checks.check_opening,),
        "The opening cards",
    ),
    RuleEntry(
        "rally/pattern",
        "3 Checkpoints and 2 Jumps, in the pattern's order",
        (checks.check_pattern, checks.check_listing),
        "Checkpoints and Jumps",
    ),
    RuleEntry(
        "rally/group-size",
        "each special card carries its number of random track cards",
        (checks.check_group_size,),
        "Group sizes",
    ),
    RuleEntry(
        "rally/collection",
        "no card is used more often than the collection holds",
        (checks.check_collection,),
        "The collection",
    ),
    RuleEntry(
        "rally/end", "the course ends on the final Checkpoint", (checks.check_end,), "The end of the course"
    ),
)
"""Every rally rule id, in the order ``validate`` lists findings."""
