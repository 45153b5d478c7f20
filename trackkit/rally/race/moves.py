"""Every move one Fuel token can buy a car: the engine's move search.

"Discard a Fuel token to move one of your cars up to 3 spaces forward or
sideways" (4 with Turbo); passing a Gate costs its number of Control tokens
(one less with Best Line); "you may also discard 1 Control token in order to
ignore all other cars on the track" (*ghosting*).  Moving onto a Jump's ramp
gives the option to jump, which ends the move (see :func:`jump_targets`).

A :class:`Candidate` is one such move; :func:`fuel_moves` finds them all,
keeping for each end the cheapest way there.  The engine never lets a move
end on another car's space (a ghosting car that stopped there would have to
spend another Fuel token at once; trackkit's drivers never do that).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from trackkit.rally.race.record import FINISHED
from trackkit.rally.race.road import WIDTH, Road

__all__ = [
    "Candidate",
    "Table",
    "fuel_moves",
    "jump_targets",
]


class Candidate(NamedTuple):
    """A move ``car`` may make with one Fuel token: its ``path`` (first
    space where it stands), the Control tokens it ``costs`` (Gates and
    ghosting), ``ghost``, the ``jump`` taken (empty for none) and the rows
    it ``gains`` (passing the final Checkpoint line counts as two rows past it)."""

    car: int
    path: tuple[int, ...]
    cost: int
    ghost: bool
    jump: str
    gain: int
    rear: bool

    @property
    def end(self) -> int:
        return self.path[-1]


@dataclass
class Table:
    """What the move search needs of the race: the ``road``, every car's
    space (``pos``, negative off the road), ``occupied`` counts by space,
    the rows on the table (``rows_laid``) and each car's seat."""

    road: Road
    pos: list[int]
    occupied: bytearray
    rows_laid: int
    ways: Ways


def _closest_opponent(table: Table, car: int, row: int) -> int | None:
    """The space of the closest car of another player ahead of ``row``
    (lowest lane first on a tie), or ``None``."""
    seat = car // 2
    best: int | None = None
    for other, space in enumerate(table.pos):
        if space < 0 or other // 2 == seat or space // WIDTH <= row:
            continue
        if best is None or space < best:
            best = space
    return best


def _open_in_row(table: Table, row: int, first_lane: int) -> list[int]:
    """The open spaces of ``row``, ``first_lane`` first, then by lane."""
    lanes = table.road.lanes[row]
    order = sorted(range(lanes), key=lambda lane: (lane != first_lane, lane))
    return [row * WIDTH + lane for lane in order if not table.occupied[row * WIDTH + lane]]


def jump_targets(table: Table, car: int, ramp: int, stunt: bool) -> list[tuple[str, int]]:
    """Where ``car``, moved onto the ramp row ``ramp``, may jump: behind the
    closest opponent ahead, the first open spaces after the Jump, and with
    ``stunt`` (Stunt Driver) in front of the closest opponent ahead."""
    road = table.road
    targets: list[tuple[str, int]] = []
    last = table.rows_laid - 1
    opponent = _closest_opponent(table, car, ramp)
    if opponent is not None:
        opp_row, opp_lane = divmod(opponent, WIDTH)
        for row in range(opp_row - 1, ramp, -1):
            found = _open_in_row(table, row, opp_lane)
            if found:
                targets.append(("behind", found[0]))
                break
        if stunt:
            for row in range(opp_row + 1, last + 1):
                if row > road.finish_line:
                    targets.append(("stunt", FINISHED))
                    break
                found = _open_in_row(table, row, opp_lane)
                if found:
                    targets.append(("stunt", found[0]))
                    break
    after = road.first_row[road.card[ramp] + 1] if road.card[ramp] + 1 < len(road.first_row) else road.rows
    for row in range(after, last + 1):
        found = _open_in_row(table, row, 0)
        if found:
            targets += [("first", space) for space in found]
            break
    return targets


def _gain(road: Road, start: int, end: int) -> int:
    end_row = road.finish_line + 2 if end == FINISHED else end // WIDTH
    return end_row - start // WIDTH


class Way(NamedTuple):
    """One way a car may go with one Fuel token, whatever the traffic: the
    ``path`` (:data:`FINISHED` last when it passes the final line), the
    Control its Gates cost without and with Best Line, the furthest ``row``
    it reaches, and ``ramp`` when its last step is onto a Jump's ramp."""

    path: tuple[int, ...]
    cost: int
    best_line_cost: int
    row: int
    ramp: bool
    passed: tuple[int, ...]
    """The spaces entered on the road (the path after its first space)."""


@dataclass(frozen=True)
class Ways:
    """Every way from every space, for a normal Fuel move and for Turbo's."""

    by_reach: dict[int, tuple[tuple[Way, ...], ...]]


def _ways_from(road: Road, start: int, reach: int) -> tuple[Way, ...]:
    found: list[Way] = []
    ramps = set(road.ramps)

    def walk(path: tuple[int, ...], cost: int, lined: int) -> None:
        space = path[-1]
        if space // WIDTH == road.finish_line:
            found.append(Way((*path, FINISHED), cost, lined, road.rows, False, path[1:]))
        else:
            ahead = road.forward[space]
            if ahead >= 0:
                gate = road.gate[ahead]
                step = (*path, ahead)
                found.append(
                    Way(
                        step,
                        cost + gate,
                        lined + max(0, gate - 1),
                        ahead // WIDTH,
                        ahead // WIDTH in ramps,
                        step[1:],
                    )
                )
                if len(step) <= reach:
                    walk(step, cost + gate, lined + max(0, gate - 1))
        for side in road.sideways[space]:
            if side not in path:
                step = (*path, side)
                found.append(Way(step, cost, lined, max(s // WIDTH for s in step), False, step[1:]))
                if len(step) <= reach:
                    walk(step, cost, lined)

    if road.on_road(start):
        walk((start,), 0, 0)
    return tuple(found)


def road_ways(road: Road, reaches: Sequence[int]) -> Ways:
    """The ways from every space of ``road`` for each reach."""
    size = road.rows * WIDTH
    return Ways({reach: tuple(_ways_from(road, space, reach) for space in range(size)) for reach in reaches})


def fuel_moves(
    table: Table, car: int, reach: int, budget: int, discount: int, stunt: bool, rear: bool
) -> list[Candidate]:
    """Every move of ``car`` for one Fuel token: up to ``reach`` spaces, at
    most ``budget`` Control tokens, Gates ``discount`` cheaper, ghosting
    when the budget allows and another car is in the way, and Jumps
    (Stunt Driver's too, with ``stunt``)."""
    road = table.road
    start = table.pos[car]
    occupied = table.occupied
    occupied[start] -= 1
    best: dict[tuple[int, bool, str], tuple[int, tuple[int, ...]]] = {}
    last_row = table.rows_laid - 1
    targets: dict[int, list[tuple[str, int]]] = {}

    for way in table.ways.by_reach[reach][start]:
        path = way.path
        end = path[-1]
        if way.row > last_row and end != FINISHED:
            continue
        cost = way.best_line_cost if discount else way.cost
        for space in way.passed:
            if occupied[space]:
                cost += 1
                ghost = True
                break
        else:
            ghost = False
        if cost > budget:
            continue
        if end == FINISHED or not occupied[end]:
            key = (end, ghost, "")
            held = best.get(key)
            if held is None or cost < held[0]:
                best[key] = (cost, path)
        if way.ramp:
            if way.row not in targets:
                targets[way.row] = jump_targets(table, car, way.row, stunt)
            for kind, target in targets[way.row]:
                key = (target, ghost, kind)
                held = best.get(key)
                if held is None or cost < held[0]:
                    best[key] = (cost, (*path, target))
    occupied[start] += 1
    found = []
    for (end, ghost, jump), (cost, path) in best.items():
        gain = _gain(road, start, end)
        if gain > 0 or jump:
            found.append(Candidate(car, path, cost, ghost, jump, gain, rear))
    return found


def team_gap(road: Road, spaces: Sequence[int], limit: int) -> bool:
    """Whether the rear of two spaces reaches the other in ``limit`` moves
    or fewer, forward or sideways, Gates and cars ignored."""
    rear, front = sorted(spaces)
    frontier = {rear}
    for _ in range(limit):
        if front in frontier:
            return True
        step: set[int] = set()
        for space in frontier:
            if road.forward[space] >= 0:
                step.add(road.forward[space])
            step.update(road.sideways[space])
        frontier = step | frontier
    return front in frontier
