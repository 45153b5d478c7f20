"""Benchmark: two-racer RACE! solved exactly, as trackkit's engine plays it.

Against a driver whose every choice is a fixed function of the race as it
stands (bold, cautious, the expert), a two-racer race is a game of chance
with one player who chooses: the best any driver can do against it is its
*best response*, which a sweep over every state a choice can meet finds
exactly.  Both racers choosing to win make a two-player game of chance
whose value is found the same way (each choice the best for its chooser).

A state is what both racers carry from turn to turn (position, dashboard
speed, hazard tokens 0, 1 or 2 and more, in control or not) and whose turn
it is in the round (the leader moves first, then the other).  Every turn
moves somebody at least one space (a racer that a queue stops where it
stands still shakes the other on), so the positions' sum grows with each
turn and no state comes back: the win chances are worked out by memoised
recursion, the dice counted exactly (:func:`outcomes`).  The move itself,
passing, queues and corners, is the engine's own (:class:`Probe` runs
``racing._Race.move``), and so are the fixed drivers' choices
(``drivers.choose_speed`` and ``drivers.slows_down``).  Only the engine's
stop after 2,000 rounds is left out: no two-racer race comes near it.
A loop must have more than nine spaces (a racer behind the mover is then
out of a die's reach), as every shipped one has.

Run: python benchmarks/race_solve.py [--layouts NAME ...] [--pairings P ...]
(P: ``bold-bold``, ``expert-bold``, ``expert-cautious``, ``best-bold``,
``best-cautious``, ``best-best``; default ``race-oval`` and every pairing.)
Each row gives the first driver's chance of winning from the pole and
from second on the grid, their mean (the grid swapped evenly, as
``head_to_head.py`` races), the states met and the seconds taken; the
chance from the pole is also written to standard error as soon as it is
found (a long track's second solve may take as long again).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import threading
import time
from collections import Counter
from functools import cache
from pathlib import Path

from trackkit.games import load
from trackkit.race.drivers import RaceDriver, Racer, choose_speed, slows_down
from trackkit.race.facts import RaceTrackFacts
from trackkit.race.racing import DIE_SIDES, MAX_HAZARD_DICE, MAX_SPEED, RACER_DICE, _Race

ROOT = Path(__file__).resolve().parent.parent
BEST = "best"
"""The driver the solver plays: every choice the one that wins most often."""
PAIRINGS = ("bold-bold", "expert-bold", "expert-cautious", "best-bold", "best-cautious", "best-best")

State = tuple[int, int, int, bool, int, int, int, bool]
"""Slot 0's position, speed, hazard tokens (0 to 2) and control, then slot 1's."""
Side = tuple[int, int, int, bool]
"""One racer of a state: position, speed, hazard tokens, in control."""


@cache
def outcomes(speed: int, hazard_dice: int) -> tuple[tuple[int, int, bool, float], ...]:
    """Every way a turn's dice can fall at ``speed`` with ``hazard_dice``:
    the move, the shake (the lowest racer or speed die), whether the racer
    lost control, and the chance of it.  'Any two dice alike' (hazard dice
    included) is out of control: the highest racer or speed die is removed
    and the move is the highest left."""
    dice = RACER_DICE + speed
    faces = range(1, DIE_SIDES + 1)
    counted: Counter[tuple[int, int, bool]] = Counter()
    for kept in itertools.combinations_with_replacement(faces, dice):
        ways = math.factorial(dice)
        for face in set(kept):
            ways //= math.factorial(kept.count(face))
        for hazards in itertools.product(faces, repeat=hazard_dice):
            lost = len(set(kept + hazards)) < dice + hazard_dice
            move = kept[-2] if lost else kept[-1]
            counted[move, kept[0], lost] += ways
    total = DIE_SIDES ** (dice + hazard_dice)
    return tuple((move, low, lost, ways / total) for (move, low, lost), ways in sorted(counted.items()))


@cache
def moves(speed: int, hazard_dice: int) -> tuple[tuple[int, bool, float, tuple[tuple[int, float], ...]], ...]:
    """:func:`outcomes` grouped by the move: each move and loss of control
    with its chance, and the chance of each shake along with it."""
    grouped: dict[tuple[int, bool], list[tuple[int, float]]] = {}
    for move, low, lost, chance in outcomes(speed, hazard_dice):
        grouped.setdefault((move, lost), []).append((low, chance))
    return tuple(
        (move, lost, sum(chance for _, chance in lows), tuple(lows)) for (move, lost), lows in grouped.items()
    )


class Probe(_Race):
    """The engine's race, used to play one move at a time: where a move of
    some points ends, the hazard tokens it takes on the way and whether a
    queue stopped it (the driver's choice then left to the solver)."""

    def __init__(self, facts: RaceTrackFacts) -> None:
        if facts.loop <= DIE_SIDES + 1:
            raise ValueError(f"a loop of {facts.loop} spaces: the solver needs more than {DIE_SIDES + 1}")
        super().__init__(facts, [RaceDriver("bold"), RaceDriver("bold")], random.Random(0))
        self.stopped = False
        self.found: dict[tuple[int, int, int | None, bool, int], tuple[int, int, bool]] = {}
        self.free: dict[tuple[int, int], list[tuple[int, int, bool]]] = {}

    def _blocked(self, racer: Racer) -> None:
        self.stopped = True

    def result(
        self, position: int, speed: int, other: int, other_in_control: bool, points: int
    ) -> tuple[int, int, bool]:
        """A move of ``points`` from ``position`` at ``speed`` with the other
        racer at ``other``: where it ends, the tokens taken, whether blocked."""
        loop = self.facts.loop
        met = other if (other - position) % loop <= points else None
        key = (position, speed, met, other_in_control or met is None, points)
        found = self.found.get(key)
        if found is None:
            found = self.found[key] = self._play(position, speed, position - 1 if met is None else met, key)
        return found

    def shakes(self, position: int, speed: int) -> list[tuple[int, int, bool]]:
        """:meth:`result` for moves of 0 to 8 from ``position`` that meet no racer."""
        found = self.free.get((position, speed))
        if found is None:
            found = [self.result(position, speed, position - 1, True, n) for n in range(DIE_SIDES + 1)]
            self.free[position, speed] = found
        return found

    def _play(
        self, position: int, speed: int, other: int, key: tuple[int, int, int | None, bool, int]
    ) -> tuple[int, int, bool]:
        mover, rival = self.racers
        mover.position, mover.speed, mover.hazards, mover.finished = position, speed, 0, False
        rival.position, rival.in_control, rival.finished = other, key[3], False
        self.at = {position % self.facts.loop: mover, other % self.facts.loop: rival}
        self.finish, self.stopped = [], False
        self.move(mover, key[4])
        return mover.position, mover.hazards, self.stopped


class Solver:
    """The chance that grid slot 0 wins a two-racer race on ``facts`` with
    ``drivers`` (a RACE! driver's name, or :data:`BEST`) on the two slots."""

    def __init__(self, facts: RaceTrackFacts, drivers: tuple[str, str]) -> None:
        self.facts = facts
        self.drivers = drivers
        self.goal = facts.goal
        self.probe = Probe(facts)
        self.rounds: dict[State, float] = {}
        """Chance slot 0 wins from the start of a round."""
        self.seconds: tuple[dict[State, float], dict[State, float]] = ({}, {})
        """Chance slot 0 wins when slot ``k`` moves second in the round."""
        self.blocked: dict[tuple[int, int, int, int, bool], bool] = {}
        self.rng = random.Random(0)

    @property
    def states(self) -> int:
        return len(self.rounds) + len(self.seconds[0]) + len(self.seconds[1])

    def solve(self) -> float:
        """Slot 0's chance of winning from the grid (pole at 0, slot 1 at -1)."""
        return self.round((0, 0, 0, True, -1, 0, 0, True))

    def round(self, state: State) -> float:
        """'The leader takes the first turn, and you work your way back through the pack'."""
        found = self.rounds.get(state)
        if found is None:
            first = 0 if state[0] > state[4] else 1
            found = self.rounds[state] = self.turn(state, first, True)
        return found

    def second(self, state: State, slot: int) -> float:
        """The rest of the round: ``slot`` moves second, then a new round."""
        table = self.seconds[slot]
        found = table.get(state)
        if found is None:
            found = table[state] = self.turn(state, slot, False)
        return found

    def after(self, state: State, slot: int, leading: bool) -> float:
        """Slot 0's chance once ``slot`` has taken its turn: the other racer's
        turn of this round if ``slot`` led it, else the next round."""
        if leading:
            return self.second(state, 1 - slot)
        return self.round(state)

    def pick(self, slot: int, values: list[float]) -> float:
        """The best of ``values`` for the racer on ``slot`` (slot 1 wins what slot 0 loses)."""
        return max(values) if slot == 0 else min(values)

    def turn(self, state: State, slot: int, leading: bool) -> float:
        """'Change your speed: up by one, down by one or stay the same' (or
        regain control), then roll, move and shake (``leading``: first in the round)."""
        mine, yours = sides(state, slot)
        position, speed, tokens, control = mine
        if not control:
            return self.roll(slot, (position, speed, tokens, True), yours, leading)
        speeds = self.speeds(slot, mine, yours)
        return self.pick(slot, [self.roll(slot, (position, s, tokens, True), yours, leading) for s in speeds])

    def speeds(self, slot: int, mine: Side, yours: Side) -> list[int]:
        """The speeds the racer on ``slot`` considers: every one within one
        of its own for the solver's driver, else its driver's choice."""
        speed = mine[1]
        if self.drivers[slot] == BEST:
            return list(range(max(0, speed - 1), min(MAX_SPEED, speed + 1) + 1))
        me, you = self.racer(slot, mine), self.racer(1 - slot, yours)
        occupied = {me.position % self.facts.loop: me, you.position % self.facts.loop: you}
        return [choose_speed(self.facts, me, [me, you] if slot == 0 else [you, me], occupied, self.rng)]

    def racer(self, slot: int, side: Side) -> Racer:
        """The engine's racer for one side of a state."""
        name = self.drivers[slot]
        racer = Racer(slot, RaceDriver("expert" if name == BEST else name), side[0])
        racer.speed, racer.hazards, racer.in_control = side[1], side[2], side[3]
        return racer

    def roll(self, slot: int, mine: Side, yours: Side, leading: bool) -> float:
        """Slot 0's chance after ``slot`` rolls at the speed in ``mine``:
        each way the dice fall, moved, blocked and shaken."""
        position, speed, tokens, _ = mine
        rival, rival_speed, _, rival_control = yours
        goal, result = self.goal, self.probe.result
        free = self.probe.shakes(rival, rival_speed)
        total = 0.0
        for points, lost, chance, lows in moves(speed, min(MAX_HAZARD_DICE, tokens)):
            now = max(0, speed - 1) if lost else speed
            landing, taken, stopped = result(position, now, rival, rival_control, points)
            if landing >= goal:
                total += chance * (slot == 0)
                continue
            options = self.choices(slot, (landing, now, taken, not lost), stopped)
            for low, share in lows:
                # All the dice are on the table when a queue stops the
                # move: slowing down or risking a crash is chosen knowing the shake.
                values = [self.shaken(slot, option, yours, low, leading, free[low]) for option in options]
                total += share * (values[0] if len(values) == 1 else self.pick(slot, values))
        return total

    def shaken(
        self, slot: int, mine: Side, yours: Side, low: int, leading: bool, free: tuple[int, int, bool]
    ) -> float:
        """Slot 0's chance once ``slot``, moved to ``mine``, shakes the other
        racer by ``low``; ``free`` is that shake's end on an empty road,
        looked up at once when it cannot meet ``mine`` (the hot path)."""
        rival = yours[0]
        if (mine[0] - rival) % self.facts.loop <= low:
            return self.shake(slot, mine, yours, low, leading)
        shaken, more, _ = free
        if shaken >= self.goal:
            return float(slot == 1)
        side = (shaken, yours[1], min(MAX_HAZARD_DICE, yours[2] + more), yours[3])
        state = (*mine, *side) if slot == 0 else (*side, *mine)
        found = (self.seconds[1 - slot] if leading else self.rounds).get(state)
        return self.after(state, slot, leading) if found is None else found

    def choices(self, slot: int, side: Side, stopped: bool) -> list[Side]:
        """'You've got a choice: slow down or risk a crash.'  The sides a
        racer stopped by a queue may end in (its driver's pick, or both for
        the solver's driver); a racer not stopped keeps its side."""
        position, speed, tokens, control = side
        if not stopped:
            return [(position, speed, min(MAX_HAZARD_DICE, tokens), control)]
        slow = (position, max(0, speed - 1), min(MAX_HAZARD_DICE, tokens), control)
        risk = (position, speed, min(MAX_HAZARD_DICE, tokens + 1), control)
        if self.drivers[slot] == BEST:
            return [slow, risk]
        return [slow] if self.slows(slot, side) else [risk]

    def slows(self, slot: int, side: Side) -> bool:
        """Whether the driver on ``slot`` slows down when a queue stops it (the engine's choice)."""
        key = (slot, *side)
        found = self.blocked.get(key)
        if found is None:
            found = self.blocked[key] = slows_down(self.facts, self.racer(slot, side), self.rng, True)
        return found

    def shake(self, slot: int, mine: Side, yours: Side, points: int, leading: bool) -> float:
        """'you'll get this much movement to move any other racer': the other
        racer moved by the lowest die, its own driver choosing when blocked."""
        position, speed, tokens, control = yours
        landing, taken, stopped = self.probe.result(position, speed, mine[0], mine[3], points)
        if landing >= self.goal:
            return float(slot == 1)
        other = 1 - slot
        if not stopped:
            side = (landing, speed, min(MAX_HAZARD_DICE, tokens + taken), control)
            return self.after((*mine, *side) if slot == 0 else (*side, *mine), slot, leading)
        options = self.choices(other, (landing, speed, tokens + taken, control), stopped)
        values = [self.after(joined(mine, option, slot), slot, leading) for option in options]
        return values[0] if len(values) == 1 else self.pick(other, values)


def sides(state: State, slot: int) -> tuple[Side, Side]:
    """The racer on ``slot`` and the other, from ``state``."""
    first: Side = (state[0], state[1], state[2], state[3])
    second: Side = (state[4], state[5], state[6], state[7])
    return (first, second) if slot == 0 else (second, first)


def joined(mine: Side, yours: Side, slot: int) -> State:
    """The state with ``mine`` on ``slot`` and ``yours`` on the other."""
    first, second = (mine, yours) if slot == 0 else (yours, mine)
    return (*first, *second)


def solve(facts: RaceTrackFacts, drivers: tuple[str, str]) -> tuple[float, int]:
    """Slot 0's chance of winning and the states met, computed on a thread
    with room for the deep recursion."""
    found: list[tuple[float, int]] = []

    def work() -> None:
        solver = Solver(facts, drivers)
        found.append((solver.solve(), solver.states))

    sys.setrecursionlimit(1_000_000)
    threading.stack_size(1 << 29)
    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    return found[0]


def pairing_row(facts: RaceTrackFacts, name: str, first: str, second: str) -> str:
    """One table row: ``first``'s chance against ``second`` from each slot and their mean."""
    start = time.perf_counter()
    pole, states_pole = solve(facts, (first, second))
    seconds = time.perf_counter() - start
    print(f"{name}: {first} from the pole vs {second} {100 * pole:.4f} %,", end=" ", file=sys.stderr)
    print(f"{states_pole:,} states, {seconds:.1f} s", file=sys.stderr, flush=True)
    behind, states_behind = solve(facts, (second, first))
    seconds = time.perf_counter() - start
    mean = (pole + 1 - behind) / 2
    return (
        f"| `{name}.yaml` | {first} vs {second} | {100 * pole:.4f} | {100 * (1 - behind):.4f}"
        f" | {100 * mean:.4f} | {states_pole + states_behind:,} | {seconds:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--layouts", nargs="+", default=["race-oval"], metavar="NAME")
    parser.add_argument("--pairings", nargs="+", default=list(PAIRINGS), choices=PAIRINGS, metavar="P")
    args = parser.parse_args()
    print("| layout | pairing | from the pole % | from second % | mean % | states | s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name in args.layouts:
        facts = RaceTrackFacts(load(ROOT / "layouts" / f"{name}.yaml").layout)
        for pairing in args.pairings:
            first, second = pairing.split("-")
            print(pairing_row(facts, name, first, second), flush=True)


if __name__ == "__main__":
    main()
