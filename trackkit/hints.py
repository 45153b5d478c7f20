"""The one hint checker: does following a hint's edit fix its fault?

A finding whose hint is an edit (:mod:`trackkit.edits`) promises that the
change fixes what the finding names.  :func:`follow` keeps that promise
checkable for every game alike: the game that read the layout applies the
edit (``Game.edit``) and checks the result again (``Game.validate``); the
fault is gone when the finding's rule is no longer reported at its place.
The place is the finding's tiles (or cards, corners) as the edit moves
them, with any entry the edit puts in: a finding of the same rule after
the edit whose tiles all lie there is the fault still there (one naming
no tiles too, when the fault named none); a finding of that rule
elsewhere is another fault.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.edits import Insert
from trackkit.errors import ArgumentError
from trackkit.findings import Finding, Report
from trackkit.game import Game

__all__ = ["Followed", "follow"]


@dataclass(frozen=True)
class Followed:
    """What following one hint gave: the edited layout, its report, and the
    findings of the hint's rule still at the hint's place (none: fixed)."""

    layout: Any
    report: Report
    left: tuple[Finding, ...]

    @property
    def fixed(self) -> bool:
        return not self.left


def follow(game: Game, layout: Any, finding: Finding) -> Followed:
    """Make the edit ``finding``'s hint proposes on ``layout`` (a layout of
    ``game``) and check it again.  Raises :class:`ArgumentError` for a
    finding with no edit, or a game that makes no edits."""
    if finding.edit is None or game.edit is None:
        raise ArgumentError(f"the {finding.rule} finding proposes no edit {game.title} can make")
    edited = game.edit(layout, finding.edit)
    report = game.validate(edited)
    places = _places(finding)
    left = tuple(f for f in report.findings if f.rule == finding.rule and _there(f, finding, places))
    return Followed(edited, report, left)


def _there(after: Finding, before: Finding, places: set[int]) -> bool:
    """Whether ``after`` is ``before``'s fault still there: its places all
    among ``places``, or neither naming any place."""
    return set(after.tiles) <= places if after.tiles else not before.tiles


def _places(finding: Finding) -> set[int]:
    """Where the finding's places are after its edit, with any entry it puts in."""
    assert finding.edit is not None
    moved = {finding.edit.moved(tile) for tile in finding.tiles}
    if isinstance(finding.edit, Insert):
        moved.add(finding.edit.index)
    return {place for place in moved if place is not None}
