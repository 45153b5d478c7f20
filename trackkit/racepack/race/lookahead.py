"""The expert's look one turn further: the hazards its next turn would meet.

Every driver values a turn by the track's policy for a car alone on the
road without hazards (worked out once per track and kept for every race):
one turn, plus the expected turns to the finish from where the turn ends.
That value cannot see the four hazards each race rolls.  A hazard in
effect ends the turn of a car that passes over or lands on it before its
last movement ("When a car passes directly over or lands on a suit side
up hazard marker, the driver may not make any further movements that
turn"), so a turn that ends just short of one may cost the next turn two
of its three movements, while a turn that ends in the other lane, or far
enough back to cross the hazard on a last movement ("passing over a
hazard marker on the last movement of a turn has no effect"), costs the
next turn nothing.

The expert counts that cost, the *hazard toll* of a place: how many more
turns the best next turn from there needs with the hazards in effect
than without them.  On the oval, where the expert and the bold driver
each lost nearly two expected turns a race to hazards this way, looking
one turn further turned its 45.5 % of two-car races against the bold
driver into 65.0 %, and 46.8 % on the wide straight into 71.0 % (see
docs/simulation.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.laps import spin_chances
from trackkit.racepack.race.candidates import best_free
from trackkit.racepack.race.track import Candidate, RaceTrack, Style, space_mask

__all__ = ["LOOKED", "LOOK_MARGIN", "hazard_toll", "tolled"]

LOOKED = 12
"""How many of its best free turns the expert looks one turn past."""

LOOK_MARGIN = 2.0
"""Turns looked past lie within this many expected turns of the best free
one: a turn that ends clear of a hazard may come from further down the
ranking of turns valued without them."""

LONE = Style(risky=True)
"""The next turn is valued as the bold driver would take it, alone."""

NO_HAZARDS = frozenset[int]()


def hazard_toll(track: RaceTrack, hazards: frozenset[int], place: CarState, level: int, pit: bool) -> float:
    """The expected turns the ``hazards`` in effect add to the best next
    turn from ``place`` (a car with ``level`` crossings; ``pit``: driving
    through the pits), never below 0: a hazard only ends turns early.
    The race keeps it for the hazards in effect, and the track for the
    hazards within reach of the place (races with other hazards elsewhere
    share it)."""
    tolls = track.tolls.get(hazards)
    if tolls is None:
        tolls = track.tolls[hazards] = {}
    key = (place, level, pit)
    found = tolls.get(key)
    if found is None:
        found = tolls[key] = _toll(track, hazards, place, level, pit)
    return found


def _toll(track: RaceTrack, hazards: frozenset[int], place: CarState, level: int, pit: bool) -> float:
    """:func:`hazard_toll` worked out, kept by the hazards within reach."""
    if level >= track.goal:
        return 0.0
    near = track.within_reach(hazards, place[0])
    if not near:
        return 0.0
    key = (near, place, level, pit)
    found = track.near_tolls.get(key)
    if found is None:
        found = track.near_tolls[key] = _worked_out(track, near, place, level, pit)
    return found


def _worked_out(track: RaceTrack, near: frozenset[int], place: CarState, level: int, pit: bool) -> float:
    """:func:`_toll` for the hazards ``near`` it, worked out.  When the best
    turn on the road without hazards meets none of them before its last
    movement, it is there with them too, as good: the toll is 0, and no
    turn search with them is needed."""
    clear = track.ranked(LONE, NO_HAZARDS, place, level, False, pit)
    if not clear or not clear[0].early_mask & space_mask(near):
        return 0.0
    meeting = track.best_expected(LONE, near, place, level, pit)
    return 0.0 if meeting is None else max(0.0, meeting - clear[0].expected)


def tolled(
    track: RaceTrack,
    hazards: frozenset[int],
    ranked: Sequence[Candidate],
    occupied: int,
    level: int,
    pit: bool,
    count: int = LOOKED,
    margin: float = LOOK_MARGIN,
) -> list[Candidate]:
    """Of the best :data:`LOOKED` turns of ``ranked`` (best first, for a car
    with ``level`` crossings) that bump no car on ``occupied`` (a bit mask
    of spaces), within :data:`LOOK_MARGIN` of the best of them, each valued
    again with the hazard toll of the place it ends on if every roll is
    survived (a car that spins out re-enters at speed 1 and the toll of its
    next turn hardly depends on the turn it spun out in): the best
    ``count`` by the new value, within ``margin`` of the best, best first.

    A toll is never below 0, so a turn valued without it at more than the
    best new value plus ``margin``, or at no less than ``count`` new values
    already found, cannot be among them, nor can any turn after it: the
    tolls of those are never worked out."""
    looked: list[Candidate] = []
    window = bound = math.inf
    free = 0
    for candidate in ranked:
        expected = candidate.expected
        if free and (free >= LOOKED or expected > window):
            break
        if candidate.mask & occupied:
            continue
        if not free:
            window = expected + LOOK_MARGIN
        free += 1
        if expected > bound or (len(looked) >= count and _settled(looked, expected, count)):
            break
        twin = with_toll(track, hazards, candidate, level, pit)
        looked.append(twin)
        bound = min(bound, twin.expected + margin)
    looked.sort(key=_expected_of)
    return best_free(looked, 0, 0, count, margin)


def _settled(looked: list[Candidate], expected: float, count: int) -> bool:
    """Whether ``count`` of the turns ``looked`` at are valued at no more
    than ``expected``: a later turn, valued at least that, comes after them."""
    return sum(twin.expected <= expected for twin in looked) >= count


def with_toll(
    track: RaceTrack, hazards: frozenset[int], candidate: Candidate, level: int, pit: bool
) -> Candidate:
    """``candidate`` valued with the hazard toll of the place it ends on
    when every roll is survived.  The answer is kept with the candidate for
    the set of hazards in effect (the same set as long as no hazard turns):
    a candidate belongs to one place, crossings and way through the pits."""
    if candidate.toll_for is hazards:
        return candidate.tolled
    plan = candidate.plan
    toll = hazard_toll(track, hazards, plan.end, level + plan.laps, pit)
    found = candidate
    if toll:
        kept = spin_chances(len(plan.risks))[-1]
        after = (candidate.after[0] + toll, *candidate.after[1:])
        found = candidate.revalued(candidate.expected + kept * toll, after)
    candidate.toll_for, candidate.tolled = hazards, found
    return found


def _expected_of(candidate: Candidate) -> float:
    return candidate.expected
