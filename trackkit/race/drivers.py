"""The choices RACE! leaves a racer's player, and how each driver makes them.

The rules leave a player three choices (``docs/rules.md``, "RACE! races"):
the speed at the start of a turn in control ("up by one, down by one or
stay the same"), what to do when a queue blocks the move ("slow down or
risk a crash", also when another racer's shake moved it) and which racer
to shake ("any other racer").  Everything else in a turn is fixed by the
dice.

The expert makes all three on one scale, turns to the flag
(:class:`~trackkit.race.lookahead.TurnsTable`): its own turns still needed
against those of the racer it shakes, each counted exactly over the dice.
With one rival left, its own turns to come are counted with the shakes
they give that rival too (:attr:`~trackkit.race.facts.RaceTrackFacts.duel_table`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from trackkit.errors import ArgumentError
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.lookahead import MAX_SPEED, TurnsTable, lowest_die_chances, outcomes, tokens_on

__all__ = [
    "DRIVER_NAMES",
    "RaceDriver",
    "Racer",
    "choose_speed",
    "choose_target",
    "rivals_left",
    "slows_down",
]

DRIVER_NAMES = ("expert", "bold", "cautious", "random")
"""The RACE! drivers."""

MAX_HAZARD_DICE = 2
"""'if there's two or more tokens, you pick up two hazard dice'."""

REACH = 8
"""The furthest one die moves a racer: 'some eight-sided dice'."""


@dataclass(frozen=True)
class RaceDriver:
    """A RACE! driver: ``bold`` (always speeds up, risks a crash rather than
    slow down, shakes the racer a move would hurt most), ``cautious`` (keeps
    to the radius of the corners ahead, slows down rather than risk a crash,
    shakes the last racer), ``random`` (every choice at random) or
    ``expert`` (every choice the one that leaves it fewest turns to the flag
    against the racer it shakes, see :func:`choose_speed`)."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in DRIVER_NAMES:
            known = ", ".join(DRIVER_NAMES)
            raise ArgumentError(
                f"names an unknown driver {self.name!r} (known drivers: {known})", parameter="drivers"
            )


class Racer:
    """One racer on the track: its grid slot, driver, position (spaces
    driven from the pole's start), dashboard speed, hazard tokens beside
    it, whether it is in control, whether it has finished, and its turns."""

    __slots__ = ("driver", "finished", "hazards", "in_control", "position", "slot", "speed", "turns")

    def __init__(self, slot: int, driver: RaceDriver, position: int) -> None:
        self.slot = slot
        self.driver = driver
        self.position = position
        self.speed = 0
        self.in_control = True
        self.hazards = 0
        self.finished = False
        self.turns = 0


def choose_speed(
    facts: RaceTrackFacts,
    racer: Racer,
    field: Sequence[Racer],
    occupied: Mapping[int, Racer],
    rng: random.Random,
) -> int:
    """'Change your speed: up by one, down by one or stay the same.'
    (``field``: every racer, ``occupied``: those racing, by place.)"""
    name = played_as(facts, racer)
    low, high = max(0, racer.speed - 1), min(MAX_SPEED, racer.speed + 1)
    if name == "random":
        return rng.randint(low, high)
    if name == "bold":
        return high
    if name == "expert":
        return expert_choice(facts, racer, field, occupied, range(low, high + 1))
    return max(low, min(high, safe_speed(facts, racer)))


def played_as(facts: RaceTrackFacts, racer: Racer) -> str:
    """The driver ``racer`` plays as: its own, except an expert on a race
    too long for the table of turns (:data:`~trackkit.race.facts.MAX_TABLE_POSITIONS`),
    which plays as the bold driver, whose speed the table finds best
    nearly everywhere anyway."""
    name = racer.driver.name
    return "bold" if name == "expert" and not facts.table_fits else name


def rivals_left(field: Sequence[Racer], racer: Racer) -> list[Racer]:
    """The racers of ``field`` other than ``racer`` still racing: those its
    shake may move, and, when there is one, the rival of a duel."""
    return [other for other in field if other is not racer and not other.finished]


def expert_choice(
    facts: RaceTrackFacts, racer: Racer, field: Sequence[Racer], occupied: Mapping[int, Racer], speeds: range
) -> int:
    """The expert's speed (:func:`expert_speed`); in a field of three or
    more, where the speed does not weigh the shake, the answer for a turn
    met before (same place, speed, tokens and racers ahead) is looked up."""
    others = rivals_left(field, racer)
    if len(others) == 1:
        return expert_speed(facts, racer, others, occupied, speeds)
    key = (racer.position, racer.speed, racer.hazards, field_ahead(facts, racer.position, occupied))
    found = facts.memo.get(key)
    if found is None:
        found = facts.memo[key] = expert_speed(facts, racer, others, occupied, speeds)
    return found


def expert_speed(
    facts: RaceTrackFacts,
    racer: Racer,
    others: Sequence[Racer],
    occupied: Mapping[int, Racer],
    speeds: Sequence[int],
) -> int:
    """The expert's speed: of ``speeds``, the one whose turn leaves it the
    fewest expected turns to the flag (through the racers in its way, see
    :func:`speed_cost`) plus, when one rival is left, the turns its shake
    is expected to save that rival (the lowest die's chances at that speed,
    times :func:`shake_gifts`), its turns to come priced with their
    shakes too (:attr:`~trackkit.race.facts.RaceTrackFacts.duel_table`).
    With more rivals on the track there is nearly always one the shake
    hardly helps, and it is left out."""
    gifts, table = [0.0] * (REACH + 1), facts.table
    if len(others) == 1:
        gifts = shake_gifts(facts, others, {place: r for place, r in occupied.items() if r is not racer})
        table = facts.duel_table
    start, free = racer.position, room(facts, racer.position, occupied)
    ends = [(start, False)] * (free + 1) + [
        facts.reach(start, points, occupied) for points in range(free + 1, REACH + 1)
    ]

    def worth(speed: int) -> float:
        lowest = lowest_die_chances(speed)
        given = sum(lowest[points] * gifts[points] for points in range(1, REACH + 1))
        return speed_cost(facts, table, racer, speed, free, ends) + given

    return min(speeds, key=worth)


def field_ahead(facts: RaceTrackFacts, position: int, occupied: Mapping[int, Racer]) -> int:
    """The racers on the eight spaces ahead of ``position`` as a number (two
    bits a space: empty, in control, out of control): all a move can meet,
    a queue reaching past them stopping any move of eight or less."""
    pattern = 0
    for ahead in range(1, REACH + 1):
        other = occupied.get((position + ahead) % facts.loop)
        if other is not None:
            pattern |= (1 if other.in_control else 2) << (2 * ahead)
    return pattern


def safe_speed(facts: RaceTrackFacts, racer: Racer) -> int:
    """The cautious driver's speed: no higher than the radius of any
    corner within reach of a turn's movement (eight spaces)."""
    limit = MAX_SPEED
    for ahead in range(1, REACH + 1):
        space = facts.space(racer.position + ahead)
        if facts.corner[space]:
            limit = min(limit, facts.radius[space])
    return limit


def speed_cost(
    facts: RaceTrackFacts,
    table: TurnsTable,
    racer: Racer,
    speed: int,
    free: int,
    ends: Sequence[tuple[int, bool]],
) -> float:
    """The expected turns to the flag left to ``racer`` after a turn at
    ``speed``, by ``table``: the numbers moved up to ``free`` (the empty
    spaces ahead) on an empty road, as the table has them; each larger number ending where
    ``ends`` says (the space reached, and whether a queue blocked it there,
    the racer then slowing down or risking a crash as :func:`slows_down`
    would choose)."""
    start = racer.position
    cost = table.free_cost(start, speed, racer.hazards, free)
    if free == REACH:
        return cost
    turns, corners = table.turns, facts.ahead[start % facts.loop]
    for points, lost, chance in outcomes(speed, min(MAX_HAZARD_DICE, racer.hazards)):
        if points <= free:
            continue
        landing, blocked = ends[points]
        now = max(0, speed - 1) if lost else speed
        tokens = tokens_on(corners, now, landing - start)
        stay = turns(landing, now, tokens, not lost)
        if blocked:
            stay = min(
                stay,
                turns(landing, max(0, now - 1), tokens, not lost),
                turns(landing, now, tokens + 1, not lost),
            )
        cost += chance * stay
    return cost


def room(facts: RaceTrackFacts, position: int, occupied: Mapping[int, object], limit: int = REACH) -> int:
    """The empty spaces straight ahead of ``position``, counted up to ``limit``."""
    for ahead in range(1, limit + 1):
        if (position + ahead) % facts.loop in occupied:
            return ahead - 1
    return limit


def shake_gifts(facts: RaceTrackFacts, others: Sequence[Racer], occupied: Mapping[int, Racer]) -> list[float]:
    """For each number the lowest die may show, the turns a shake of that
    many spaces saves the racer the expert would shake (the one it helps
    least, see :func:`gift`)."""
    if not others:
        return [0.0] * (REACH + 1)
    rows = []
    for other in others:
        free = room(facts, other.position, occupied)
        rows.append([gift(facts, other, points, occupied, free) for points in range(REACH + 1)])
    return [min(row[points] for row in rows) for points in range(REACH + 1)]


def gift(facts: RaceTrackFacts, racer: Racer, points: int, occupied: Mapping[int, Racer], free: int) -> float:
    """The turns to the flag a shake of ``points`` saves ``racer``, which
    has ``free`` empty spaces ahead: less than its spaces are worth when it
    enters corners too fast, and below nothing when a queue stops it and
    its driver must slow down or take a hazard token."""
    table = facts.table
    if points <= free:
        return table.shake_gain(racer.position, racer.speed, racer.hazards, racer.in_control, points)
    landing, blocked = facts.reach(racer.position, points, occupied)
    key = (racer.position, racer.speed, racer.hazards, racer.in_control, racer.driver.name, landing, blocked)
    found = facts.gifts.get(key)
    if found is None:
        corners = facts.ahead[racer.position % facts.loop]
        tokens = racer.hazards + tokens_on(corners, racer.speed, landing - racer.position)
        before = table.turns(racer.position, racer.speed, racer.hazards, racer.in_control)
        if blocked:
            found = before - _blocked_turns(facts, racer, landing, tokens)
        else:
            found = before - table.turns(landing, racer.speed, tokens, racer.in_control)
        facts.gifts[key] = found
    return found


def _blocked_turns(facts: RaceTrackFacts, racer: Racer, landing: int, tokens: int) -> float:
    """Turns to the flag of ``racer`` stopped at ``landing`` by a queue,
    after its driver's choice (a random driver's taken as even odds)."""
    table = facts.table
    slowed = table.turns(landing, max(0, racer.speed - 1), tokens, racer.in_control)
    risked = table.turns(landing, racer.speed, tokens + 1, racer.in_control)
    name = racer.driver.name
    if name == "expert":
        return min(slowed, risked)
    if name == "random":
        return (slowed + risked) / 2
    return slowed if name == "cautious" else risked


def slows_down(facts: RaceTrackFacts, racer: Racer, rng: random.Random, duel: bool = False) -> bool:
    """'You've got a choice: slow down or risk a crash.'  The expert takes
    whichever leaves it fewer turns to the flag (with one rival left,
    ``duel``, counting the shakes its turns to come give that rival)."""
    name = played_as(facts, racer)
    if name == "random":
        return rng.random() < 0.5
    if name == "expert":
        table, tokens = facts.duel_table if duel else facts.table, racer.hazards
        slowed = table.turns(racer.position, max(0, racer.speed - 1), tokens, racer.in_control)
        return slowed <= table.turns(racer.position, racer.speed, tokens + 1, racer.in_control)
    return name == "cautious"


def choose_target(
    facts: RaceTrackFacts,
    mover: Racer,
    others: Sequence[Racer],
    points: int,
    occupied: Mapping[int, Racer],
    rng: random.Random,
) -> Racer:
    """'you'll get this much movement to move any other racer': bold shakes
    the racer the move carries into most corners too fast (the one furthest
    back on a tie), cautious the racer furthest back, random any, and the
    expert the racer the move helps least."""
    name = played_as(facts, mover)
    if name == "random":
        return others[rng.randrange(len(others))]
    if name == "bold":
        return max(others, key=lambda r: (facts.harm(r.position, r.speed, points), -r.position))
    if name == "expert":
        return least_helped(facts, others, points, occupied)
    return min(others, key=lambda r: r.position)


def least_helped(
    facts: RaceTrackFacts, others: Sequence[Racer], points: int, occupied: Mapping[int, Racer]
) -> Racer:
    """The racer a shake of ``points`` helps least (:func:`gift`; the one
    furthest back on a tie): the expert's choice of whom to shake."""
    table, loop = facts.table, facts.loop
    best, least = others[0], float("inf")
    for racer in others:
        position = racer.position
        free = points
        for ahead in range(1, points + 1):
            if (position + ahead) % loop in occupied:
                free = ahead - 1
                break
        if free == points:
            given = table.shake_gain(position, racer.speed, racer.hazards, racer.in_control, points)
        else:
            given = gift(facts, racer, points, occupied, free)
        if given < least or (given == least and position < best.position):
            best, least = racer, given
    return best
