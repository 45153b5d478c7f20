"""The expert driver's turn: the one that most likely wins the race.

The bold driver takes the turn with the fewest expected turns to the
finish, as if it raced alone.  The expert weighs the same turns against the
cars around it.  For each of its best few free turns it reads, off the
track's risk-optimal policy (worked out once per track), how many more
turns it would need after each way the turn can go (every penalty roll
survived, or a spin-out at each corner entered at speed 2), and how many
each rival still needs.  A rival that moves later in this round and could
run into the car's new place is given its best reply with the car standing
there: a turn that blocks a rival's best line is worth what the rival loses.
The finish of each car is then taken as spread about its expectation
(a normal spread that widens with the turns still to go), and the turn
scores the chance of finishing before every rival: a car well ahead
prefers the sure turn, a car behind the risky one that may catch up.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.speeds import SPIN_ODDS
from trackkit.racepack.race.candidates import best_free
from trackkit.racepack.race.drivers import TOKEN_GAIN
from trackkit.racepack.race.lookahead import tolled, with_toll
from trackkit.racepack.race.odds import ahead_chance
from trackkit.racepack.race.track import Candidate, RaceTrack, Style, space_mask

__all__ = [
    "RIVAL_RISK",
    "Rival",
    "Threat",
    "aimed_threats",
    "corner_spin",
    "expert_choice",
    "expert_token_turns",
    "expert_turns",
    "free_choices",
]

CHOICES = 6
"""How many of its best free turns the expert weighs."""

MARGIN = 1.5
"""Turns weighed lie within this many expected turns of the best free one."""

REACH = 4.0
"""Rivals whose finish lies further than this many rounds from the car's
own do not weigh in its choice."""

RIVAL_RISK = Style(risky=True)
"""How the expert expects its rivals to drive: each by its best turn for
the finish (the bold driver's)."""


class Rival(NamedTuple):
    """Another car still racing, as the expert sees it: whether it still
    moves this round (``waiting``), the spaces the other cars (not it, not
    the expert) stand on, as a bit mask (``others``, bit ``s`` for space
    ``s``), its turns from where it stands on the road without hazards,
    best first for the bold driver (``ranked``: its reply is the first
    that bumps no car and that no hazard cuts short), and its expected
    turns to the finish from there (``value``, by the risk-optimal policy)."""

    waiting: bool
    others: int
    ranked: list[Candidate]
    value: float


class Threat(NamedTuple):
    """Another car still racing as a danger at corners: its place in the
    race order (``key``), and the chance that its strategy token, forcing a
    re-roll, spins out a car entering a corner at speed 2 when it is the
    next car behind that car (``behind``) and when it is not (``other``)."""

    key: int
    behind: float
    other: float


def corner_spin(threats: Sequence[Threat], key: int) -> float:
    """The chance that a car rolling the penalty die at ``key`` in the race
    order spins out: the die's 5, or a re-roll forced by the rival token
    most likely to spin it out, counting which rival is then the next car
    behind it (a bold driver plays only against the car just ahead)."""
    behind = None
    for threat in threats:
        if threat.key < key and (behind is None or threat.key > behind):
            behind = threat.key
    forced = 0.0
    for threat in threats:
        chance = threat.behind if threat.key == behind else threat.other
        if chance > forced:
            forced = chance
    return (1 + (SPIN_ODDS - 1) * forced) / SPIN_ODDS


Start = tuple[CarState, int, bool, bool]
"""Where a car starts its turn: its place, the crossings it has made, and
whether it is the race's first turn and a turn through the pits."""

CLEAN = frozenset[int]()
"""No hazards: the plans for the road without them are worked out once a
track and kept for every race, whatever hazards each race rolls."""


def expert_turns(
    track: RaceTrack, active: frozenset[int], start: Start, occupied: AbstractSet[int]
) -> list[Candidate]:
    """The expert's best few turns from ``start`` that bump no car on
    ``occupied``, best first for a lone car: the plans for the road as it
    is, with the hazards in effect (``active``) that a turn from there can
    reach, each valued with the hazard toll of its end (see
    :mod:`~.lookahead`)."""
    place, level, race_start, pit = start
    ranked = track.ranked(RIVAL_RISK, active, place, level, race_start, pit)
    if not active:
        return free_choices(ranked, space_mask(occupied), 0)
    return tolled(track, active, ranked, space_mask(occupied), level, pit, CHOICES, MARGIN)


def expert_token_turns(
    track: RaceTrack, active: frozenset[int], start: Start, occupied: AbstractSet[int], held: int
) -> list[Candidate]:
    """The expert's best few turns from ``start`` playing strategy tokens on
    its own speed, using only the tokens ``held`` (a bit mask), bumping no
    car and cut short by no hazard in effect, each valued with the hazard
    toll of its end: at most :data:`CHOICES`, in the order of the plans for
    the road without hazards."""
    place, level, race_start, pit = start
    ranked = track.ranked(RIVAL_RISK, CLEAN, place, level, race_start, pit, tokens=True)
    cars, hazards = space_mask(occupied), space_mask(active)
    found: list[Candidate] = []
    for candidate in ranked:
        if len(found) >= CHOICES:
            break
        if candidate.plan.tokens & ~held or candidate.mask & cars:
            continue
        if not (hazards and candidate.early_mask & hazards):
            found.append(with_toll(track, active, candidate, level, pit) if active else candidate)
    return found


def _first_free(ranked: Sequence[Candidate], occupied: int, hazards: int) -> Candidate | None:
    """The first of ``ranked`` that bumps no car on the spaces of the bit
    mask ``occupied`` and that no hazard on those of ``hazards`` cuts short."""
    for candidate in ranked:
        if not candidate.mask & occupied and not (hazards and candidate.early_mask & hazards):
            return candidate
    return None


def free_choices(ranked: Sequence[Candidate], occupied: int, hazards: int) -> list[Candidate]:
    """The best few of ``ranked`` that bump no car on ``occupied`` and that
    no hazard on ``hazards`` cuts short (both bit masks of spaces), best
    first: at most :data:`CHOICES`, each within :data:`MARGIN` expected
    turns of the best."""
    return best_free(ranked, occupied, hazards, CHOICES, MARGIN)


def expert_choice(
    track: RaceTrack,
    free: Sequence[Candidate],
    level: int,
    rivals: Sequence[Rival],
    hazards: frozenset[int],
    threats: Sequence[Threat] = (),
    boosted: Sequence[Candidate] = (),
) -> Candidate:
    """The turn among ``free`` (best first for a lone car, at least one)
    with the best chance of finishing ahead of the rivals within reach, for
    a car that has made ``level`` crossings; at each corner a turn enters
    at speed 2 it spins out with the chance :func:`corner_spin` gives for
    the ``threats`` of the rivals and its place in the race there (more
    than the die's one in six when a rival that will then be behind it
    holds a strategy token to force a re-roll).  The best turn of
    ``boosted`` (turns playing strategy tokens on the car's own speed)
    replaces it when it saves at least :data:`~.drivers.TOKEN_GAIN` of an
    expected turn, both reckoned at the chances of spinning out that the
    :func:`aimed_threats` alone give."""
    if len(free) == 1 and not boosted:
        return free[0]
    weigher = _Weigher(track, rivals, hazards, level, free[0].expected - 1, threats)
    chosen = weigher.choose(free)
    if not boosted:
        return chosen
    aimed = aimed_threats(threats)
    if len(aimed) != len(threats):
        weigher = weigher.facing(aimed)
    best = min(boosted, key=weigher.expected)
    return best if weigher.expected(chosen) - weigher.expected(best) >= TOKEN_GAIN else chosen


def aimed_threats(threats: Sequence[Threat]) -> list[Threat]:
    """The threats of the rivals that keep their tokens for the car just
    ahead of them (the bold driver's way): those a turn playing the car's
    own tokens is weighed against.  A rival that plays its tokens on any
    car that survives a roll (an expert, a random driver) spends them on
    the field anyway, and a car that runs into them draws them out for
    everyone: reckoning them there left a field of six experts holding
    every token all race, each corner taken at speed 1, and the front row
    winning nine races in ten."""
    return [threat for threat in threats if not threat.other]


@functools.lru_cache(maxsize=1024)
def spin_odds(spins: tuple[float, ...]) -> tuple[float, ...]:
    """The chance of spinning out at each corner entered at speed 2 in
    turn, the ``i``-th with chance ``spins[i]``, then (last) the chance of
    getting through them all."""
    found = []
    keep = 1.0
    for spin in spins:
        found.append(keep * spin)
        keep *= 1.0 - spin
    return (*found, keep)


class _Weigher:
    """The rivals' prospects, worked out once for all the turns weighed:
    only rivals within :data:`REACH` rounds of the car's own finish count (a
    car far ahead or far behind is beaten or not whatever this turn does).
    Each rival within reach is kept with its best reply and the rounds it
    needs, a tie's half round added (see :meth:`win_chance`); ``blocking``
    is every space those replies touch."""

    def __init__(
        self,
        track: RaceTrack,
        rivals: Sequence[Rival],
        hazards: frozenset[int],
        level: int,
        mine: float,
        threats: Sequence[Threat],
    ) -> None:
        self.track = track
        self.threats = threats
        self._spins: dict[tuple[tuple[int, int], ...], tuple[float, ...]] = {}
        self.hazards = space_mask(hazards)
        self.level = level
        self.near: list[tuple[Rival, Candidate | None, float]] = []
        self.theirs: list[float] = []
        """The rounds of each rival within reach, as :meth:`win_chance` counts them."""
        self.blocking = 0
        self._beaten: dict[float, float] = {}
        for rival in rivals:
            reply = _first_free(rival.ranked, rival.others, self.hazards) if rival.waiting else None
            rounds = _rounds(rival, reply)
            if abs(rounds - mine) <= REACH:
                theirs = rounds + (0.5 if rival.waiting else -0.5)
                self.near.append((rival, reply, theirs))
                self.theirs.append(theirs)
                if reply is not None:
                    self.blocking |= reply.mask

    def facing(self, threats: Sequence[Threat]) -> _Weigher:
        """The same rivals, the chances of spinning out reckoned against
        ``threats`` instead."""
        twin = copy.copy(self)
        twin.threats, twin._spins = threats, {}
        return twin

    def choose(self, free: Sequence[Candidate]) -> Candidate:
        """The turn of ``free`` with the best chance of finishing ahead of
        the rivals within reach; with none within reach, the one with the
        fewest expected turns at this car's chances of spinning out."""
        if len(free) == 1:
            return free[0]
        if not self.near:
            dangerous = any(threat.behind or threat.other for threat in self.threats)
            return min(free, key=self.expected) if dangerous else free[0]
        weighed = self.worth_weighing(free)
        return weighed[0] if len(weighed) == 1 else max(weighed, key=self.win_chance)

    def worth_weighing(self, free: Sequence[Candidate]) -> list[Candidate]:
        """The turns of ``free`` that may be the best: every turn that risks
        a corner or stands in a rival's way, and the first of the others
        (a sure turn that hinders no one is beaten by a sure one nearer the
        finish)."""
        blocking = self.blocking
        found: list[Candidate] = []
        plain = False
        for candidate in free:
            if candidate.plan.risks or blocking >> candidate.plan.end[0] & 1:
                found.append(candidate)
            elif not plain:
                found.append(candidate)
                plain = True
        return found

    def win_chance(self, candidate: Candidate) -> float:
        """The chance of finishing ahead of every rival within reach after
        ``candidate``: each way the turn can go, weighted by its chance.  A
        rival whose best reply runs into the car's new place takes its next
        best.  A rival counts as the rounds it needs plus the half round a
        tie is worth (a rival still to move this round finishes a tie
        behind, one already moved ahead).  Each way the turn can go counts
        as a car needing that many rounds, taken on its own against each
        rival (the chance of finishing ahead of every rival is the product)."""
        plan = candidate.plan
        bit = 1 << plan.end[0]
        beat: Callable[[float], float] = self._beats
        if self.blocking & bit:
            rivals = []
            for rival, reply, rounds in self.near:
                if reply is not None and reply.mask & bit:
                    moved = _rounds(rival, _first_free(rival.ranked, rival.others | bit, self.hazards))
                    rounds = moved + (0.5 if rival.waiting else -0.5)
                rivals.append(rounds)
            beat = functools.partial(_beats, rivals)
        if not plan.risks:
            return beat(candidate.after[0])
        total = 0.0
        for chance, mine in zip(self._chances(plan.risks), candidate.after):
            total += chance * beat(mine)
        return total

    def _beats(self, mine: float) -> float:
        """:func:`_beats` against the rivals within reach as they stand,
        kept by ``mine`` (turns weighed often share a way to go: a spin-out
        at the same corner)."""
        found = self._beaten.get(mine)
        if found is None:
            found = self._beaten[mine] = _beats(self.theirs, mine)
        return found

    def expected(self, candidate: Candidate) -> float:
        """The expected turns to the finish after ``candidate``, at this
        car's chance of spinning out."""
        total = 0.0
        for chance, mine in zip(self._chances(candidate.plan.risks), candidate.after):
            total += chance * mine
        return total

    def _chances(self, risks: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
        """The chance of each way a turn risking the corners of ``risks``
        (tile, crossings made before it) can go, in the order of a
        candidate's ``after``: every roll survived first, then a spin-out
        at each corner in turn, with the car's place in the race there
        taken as the start of the corner's tile (see :func:`corner_spin`)."""
        found = self._spins.get(risks)
        if found is None:
            place = self.track.spun_progress
            spins = [corner_spin(self.threats, place(tile, self.level + laps)) for tile, laps in risks]
            odds = spin_odds(tuple(spins))
            found = self._spins[risks] = (odds[-1], *odds[:-1])
        return found


def _rounds(rival: Rival, reply: Candidate | None) -> float:
    """The rounds a rival needs after this one: for a rival still to move
    this round, the rounds after its best ``reply``; else its expected
    turns from where it stands."""
    if not rival.waiting:
        return rival.value
    if reply is None:  # hemmed in: about a turn's worth from where it stands
        return rival.value - 1
    return reply.expected - 1


def _beats(rivals: Sequence[float], mine: float) -> float:
    """The chance that a car needing ``mine`` more rounds finishes ahead of
    every rival, each needing the rounds of ``rivals`` (each taken on its own)."""
    beats = 1.0
    for theirs in rivals:
        beats *= ahead_chance(mine, theirs)
    return beats
