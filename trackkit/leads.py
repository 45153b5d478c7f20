"""Who leads a race, round by round, and what that says about the track.

Every game's race job notes the *leader* after each round of turns (the
grid slot or seat of the car in front: the first car home once one has
finished, else the car furthest along; a tie leaves the lead where it
was) in its :class:`~trackkit.montecarlo.RaceRow`.  From those notes a run
of races gives what a track report asks: how often the lead changes hands
in a race, and from which round the car in front usually goes on to win
(the race is *decided*).  The same rows also tell each kind of driver's
wins from each slot, so that a head-to-head of two drivers can be weighed
as if the slots had been swapped evenly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

__all__ = [
    "DECIDED_SHARE",
    "NO_LEADS",
    "Leads",
    "decided_round",
    "held_share",
    "leader",
    "leads_of",
]

DECIDED_SHARE = 0.8
"""A race is *decided* after the first round whose leader goes on to win
at least this share of the races."""


def leader(progress: Sequence[float], finished: Sequence[int] = (), previous: int | None = None) -> int:
    """The slot leading the race: the first of ``finished`` (the slots home,
    in order) if any is home, else the slot furthest along by ``progress``;
    when several are level the ``previous`` leader keeps the lead if it is
    among them, else the lowest slot of them takes it."""
    if finished:
        return finished[0]
    best = max(progress)
    if previous is not None and progress[previous] == best:
        return previous
    return progress.index(best)


@dataclass(frozen=True)
class Leads:
    """The leaders of a run's races, summed up.

    ``counted`` races finished and noted their leaders; ``changes`` are
    the lead changes of each of them (a round whose leader differs from
    the previous round's), sorted; ``held[r]`` counts the races whose
    leader after round ``r + 1`` won (a race over before that round counts
    its winner as the leader).  ``slot_wins[driver][slot]`` and
    ``slot_starts[driver][slot]`` count each kind of driver's wins and
    starts from each grid slot."""

    counted: int = 0
    changes: tuple[int, ...] = ()
    held: tuple[int, ...] = ()
    slot_wins: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    slot_starts: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    @property
    def mean_changes(self) -> float:
        """The lead changes of a race, on average."""
        return sum(self.changes) / len(self.changes) if self.changes else 0.0


NO_LEADS = Leads()
"""The leads of figures gathered without leaders."""


def _changes(leaders: Sequence[int]) -> int:
    """How often the lead passed from one car to another between rounds."""
    return sum(1 for before, after in pairwise(leaders) if before != after)


def leads_of(rows: Iterable[Any], cars: int) -> Leads:
    """Sum up the leaders and the drivers' slots of ``rows`` (each a
    :class:`~trackkit.montecarlo.RaceRow` of ``cars`` slots)."""
    changes: list[int] = []
    noted: list[tuple[tuple[int, ...], int]] = []
    wins: dict[str, list[int]] = {}
    starts: dict[str, list[int]] = {}
    for row in rows:
        for slot, name in enumerate(row.drivers):
            starts.setdefault(name, [0] * cars)[slot] += 1
            wins.setdefault(name, [0] * cars)
        if not row.order:
            continue
        wins[row.drivers[row.order[0]]][row.order[0]] += 1
        if row.leaders:
            changes.append(_changes(row.leaders))
            noted.append((row.leaders, row.order[0]))
    rounds = max((len(leaders) for leaders, _ in noted), default=0)
    held = [0] * rounds
    for leaders, winner in noted:
        for index in range(rounds):
            held[index] += (leaders[index] if index < len(leaders) else winner) == winner
    return Leads(
        len(noted),
        tuple(sorted(changes)),
        tuple(held),
        {name: tuple(found) for name, found in sorted(wins.items())},
        {name: tuple(found) for name, found in sorted(starts.items())},
    )


def held_share(leads: Leads, round_number: int) -> tuple[int, int]:
    """How many of the counted races the leader after round
    ``round_number`` (from 1) won, and of how many."""
    return leads.held[round_number - 1], leads.counted


def decided_round(leads: Leads, share: float = DECIDED_SHARE) -> int | None:
    """The first round after which the leader goes on to win at least
    ``share`` of the races (``None`` when no race noted its leaders)."""
    for number, won in enumerate(leads.held, 1):
        if won >= share * leads.counted:
            return number
    return None

