"""Two drivers against each other, the grid slots swapped evenly.

A head-to-head plays races in pairs: the two races of a pair share their
dice (one seed), and the second deals the grid the other way round, so
each driver starts from each slot equally often and neither profits from
a lucky draw of the grid.  Any game's run of races (a
:class:`~trackkit.montecarlo.RaceJob`) can be played so: the game's job
for the drivers in one order and its job for the other order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.montecarlo import Interval, RaceRow, run_races, wilson_interval

__all__ = ["HeadToHead", "SwappedPairs", "head_to_head"]


@dataclass(frozen=True)
class SwappedPairs:
    """Races ``2k`` and ``2k + 1`` are race ``k`` of ``first`` and of
    ``second``: the same game's job with its two drivers in the other order."""

    first: Any
    second: Any

    def prepare(self) -> Any:
        return self.first.prepare()

    def row(self, prepared: Any, index: int) -> RaceRow:
        job = self.first if index % 2 == 0 else self.second
        row: RaceRow = job.row(prepared, index // 2)
        return row


@dataclass(frozen=True)
class HeadToHead:
    """How ``driver`` fared: races ``won`` of ``races`` (a race nobody
    finished is lost by both)."""

    driver: str
    won: int
    races: int

    @property
    def interval(self) -> Interval:
        """The share of races won, with its 95 % Wilson interval."""
        return wilson_interval(self.won, self.races)


def head_to_head(first: Any, second: Any, driver: str, pairs: int, workers: int = 1) -> HeadToHead:
    """Play ``pairs`` pairs of races (:class:`SwappedPairs` of the jobs
    ``first`` and ``second``) and count the wins of the driver named ``driver``."""
    rows = run_races(SwappedPairs(first, second), 2 * pairs, workers)
    won = sum(1 for row in rows if row.order and row.drivers[row.order[0]] == driver)
    return HeadToHead(driver, won, len(rows))
