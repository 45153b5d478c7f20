"""Turn plans for every place, and the shortest way round one lap.

A race is a walk through *nodes*: where a car starts a turn (on the track, or
off it beside a corner it spun out at), how many times it has crossed the
start/finish line and which strategy tokens it has used.  Each turn leads
from one node to the next; a turn that risks a corner at speed 2 leads to
one of several nodes with known chances (:func:`spin_chances`).  Nothing
ever goes backwards round the track, so the nodes form a directed acyclic
graph.

* :class:`Planner` — the turn plans of every node, computed once;
* :func:`fastest` — the least number of turns to a goal (breadth-first
  search), used for the flying lap; whole races are in
  :mod:`~trackkit.racepack.movement.races`.

Laps are counted by crossings of the line: the car starts on the grid behind
it, crosses it once getting under way, and has finished ``laps`` laps at its
``laps + 1``-th crossing.  Hazards take effect from the second lap: "For the
first lap of the race the hazards are not in effect".
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from trackkit.errors import LimitError
from trackkit.racepack.movement.board import Board, CarState
from trackkit.racepack.movement.speeds import MOVEMENTS_PER_TURN, SPIN_ODDS
from trackkit.racepack.movement.turns import Movement, MoveTable, Plan, TurnSearch, TurnStart

__all__ = [
    "MAX_SEARCH_NODES",
    "TURN_REACH",
    "Node",
    "Planner",
    "Route",
    "candidates",
    "fastest",
    "reaching",
    "spin_chances",
]

MAX_SEARCH_NODES = 2_000_000
"""The most nodes a search visits before giving up (bounds hostile input)."""

HAZARD_LAP = 2
"""Hazards act from the car's second crossing of the line on (its second lap)."""

TURN_REACH = 12
"""More tiles than one turn can cover: three movements of at most 7 spaces
are 21 spaces, ten and a half tiles."""

Node = tuple[int, int, int, int]
"""``(space, heading, crossings, tokens used)``; a car off the track beside
corner tile ``t`` has space ``-1 - t`` and heading ``-1``."""


@functools.cache
def spin_chances(risks: int) -> tuple[float, ...]:
    """The chance of spinning out at each of ``risks`` risky corners in turn,
    then (last) the chance of getting through them all."""
    keep = (SPIN_ODDS - 1) / SPIN_ODDS
    chances = [keep**index / SPIN_ODDS for index in range(risks)]
    return (*chances, keep**risks)


class Planner:
    """Turn plans for every node, computed once and kept."""

    def __init__(
        self,
        board: Board,
        *,
        risky: bool = False,
        tokens: bool = False,
        base: Planner | None = None,
        changed: frozenset[int] = frozenset(),
        table: MoveTable | None = None,
    ) -> None:
        """``base``, when given, is a planner for a board differing only on
        the tiles ``changed`` (lifted corners, hazards): its plans are reused
        for turns starting where no turn can reach them (off the changed
        tiles, the tiles a turn reaching them starts on and a wide row).
        Without one, ``table`` (when given) holds the movements of this very
        board, worked out by another planner (safe, risky or with tokens:
        the movements are the same)."""
        self.board = board
        self.risky = risky
        self.tokens = tokens
        self._known: dict[tuple[int, int, bool, bool], list[Plan]] = {}
        self._ends: dict[tuple[int, int, bool, bool], list[End]] = {}
        self._movements: dict[tuple[int, int, bool, bool, Plan], tuple[Movement, ...]] = {}
        self._base = base
        reach = {tile for changed_tile in changed for tile in reaching(board, changed_tile)}
        self._near = frozenset(reach | changed | set(range(board.tiles, board.all_tiles)))
        self.table: MoveTable = base.table if base is not None else table or MoveTable(board)
        self._search: TurnSearch = TurnSearch(
            board,
            self.table,
            risky=risky,
            tokens=tokens,
            base=base._search if base is not None else None,
            near=self._near,
            changed=changed,
        )

    def reuses_base(self, space: int) -> bool:
        """Whether the turns from ``space`` (a car off the track: ``-1 -
        tile``) are the base planner's, none of them reaching a changed tile."""
        return self._base is not None and _tile_of(space) not in self._near

    def plans(self, node: Node, race_start: bool = False) -> list[Plan]:
        """Every distinct way a turn from ``node`` can end (see :class:`Plan`)."""
        space, heading, crossings, _ = node
        hazards = crossings >= HAZARD_LAP and bool(self.board.hazards)
        key = (space, heading, hazards, race_start)
        found = self._known.get(key)
        if found is None and self._base is not None and _tile_of(space) not in self._near:
            found = self._known[key] = self._base.plans(node, race_start)
        if found is None:
            found = self._search.plans(_start(node, race_start), hazards)
            if self.tokens:
                found = _least_tokens(found)
            self._known[key] = found
        return found

    def reach(self, node: Node, race_start: bool = False) -> frozenset[int]:
        """Every space where a hazard may change a turn from ``node`` (see
        :meth:`TurnSearch.reach`): with hazards added elsewhere, the turns
        from there are the same."""
        return self._search.reach(_start(node, race_start))

    def ends(self, node: Node, race_start: bool = False) -> list[End]:
        """Where the turns from ``node`` end, with the crossings and tokens
        each takes, once each: all a search for the fewest turns needs (the
        corners risked on the way make no difference to it)."""
        space, heading, crossings, _ = node
        hazards = crossings >= HAZARD_LAP and bool(self.board.hazards)
        if self._base is not None and _tile_of(space) not in self._near:
            return self._base.ends(node, race_start)
        key = (space, heading, hazards, race_start)
        found = self._ends.get(key)
        if found is None:
            plans = self.plans(node, race_start)
            found = list(dict.fromkeys(((p.end[0], p.end[1], p.tokens), p.laps) for p in plans))
            self._ends[key] = found
        return found

    def movements(self, node: Node, plan: Plan, race_start: bool = False) -> tuple[Movement, ...]:
        """The movements of ``plan``, one of :meth:`plans` for ``node``."""
        space, heading, crossings, _ = node
        hazards = crossings >= HAZARD_LAP and bool(self.board.hazards)
        if self._base is not None and _tile_of(space) not in self._near:
            return self._base.movements(node, plan, race_start)
        key = (space, heading, hazards, race_start, plan)
        found = self._movements.get(key)
        if found is None:
            found = self._movements[key] = self._search.movements(_start(node, race_start), hazards, plan)
        return found


End = tuple[tuple[int, int, int], int]
"""Where a turn ends and the tokens it uses, ``(space, heading, tokens)``
(the place it reaches, before any tokens of earlier turns), and the
crossings it makes: a :class:`Plan` without its risks."""


def reaching(board: Board, tile: int) -> list[int]:
    """The tiles a turn that enters ``tile`` may start on.

    A turn covers at most :data:`TURN_REACH` tiles, and every corner it
    passes on the way takes one of its three movements to enter, so it
    starts at the latest two corners further back, or on a third.
    """
    n = board.tiles
    found: list[int] = []
    corners = 0
    for back in range(1, min(TURN_REACH, n) + 1):
        here = (tile - back) % n
        found.append(here)
        corners += board.corner[here]
        if corners == MOVEMENTS_PER_TURN:
            break
    return found


def _tile_of(space: int) -> int:
    return (space if space >= 0 else 4 * (-1 - space)) // 4


def _start(node: Node, race_start: bool) -> TurnStart:
    space, heading = node[0], node[1]
    return TurnStart(spun=-1 - space) if space < 0 else TurnStart((space, heading), race_start=race_start)


def _least_tokens(plans: list[Plan]) -> list[Plan]:
    """Drop every plan for which another ends the same way using a subset of its tokens."""
    masks: dict[tuple[object, ...], list[int]] = {}
    for plan in sorted(plans, key=lambda plan: plan.tokens.bit_count()):
        kept = masks.setdefault(plan[:3], [])  # the plan's end, crossings and risks
        tokens = plan.tokens
        for mask in kept:
            if mask & tokens == mask:
                break
        else:
            kept.append(tokens)
    return [plan for plan in plans if plan.tokens in masks[plan[:3]]]


@dataclass(frozen=True)
class Route:
    """A way through a race: ``turns`` turns (possibly an expectation), the
    ``plans`` taken on its best-case path and the nodes before each."""

    turns: float
    plans: tuple[Plan, ...]
    nodes: tuple[Node, ...]


def fastest(
    planner: Planner,
    start: CarState,
    goal: Callable[[Node], bool],
    *,
    race_start: bool = False,
    crossings: int = 0,
    token_limit: int = 0,
    bound: int | None = None,
    horizon: int | None = None,
) -> Route | None:
    """The fewest turns from ``start`` to a node where ``goal`` holds.

    Strategy tokens are used only if the planner allows them; ``token_limit``
    is then the bit mask of tokens *not* available.  ``bound`` stops the
    search after that many turns, ``horizon`` ignores nodes past that many
    crossings.  ``None`` if the goal is out of reach.
    """
    first: Node = (start[0], start[1], crossings, token_limit)
    parents: dict[Node, tuple[Node, Plan] | None] = {first: None}
    seen: dict[tuple[int, int, int], list[int]] = {}
    frontier = [first]
    turns = 0
    tokens = planner.tokens
    while frontier:
        turns += 1
        if bound is not None and turns > bound:
            return None
        following: list[Node] = []
        for node in frontier:
            _, _, level, used = node
            for plan in planner.plans(node, race_start and node == first):
                if plan.tokens & used:
                    continue
                end = plan.end  # where the turn leads when every roll succeeds
                after = (end[0], end[1], level + plan.laps, used | plan.tokens)
                if after in parents or (horizon is not None and after[2] > horizon):
                    continue
                if tokens and _dominated(seen, after):
                    continue
                parents[after] = (node, plan)
                if goal(after):
                    return _route(parents, after, turns)
                following.append(after)
        if len(parents) > MAX_SEARCH_NODES:
            raise LimitError("the track is too big to search lap by lap")
        frontier = following
    return None


def _dominated(seen: dict[tuple[int, int, int], list[int]], node: Node) -> bool:
    """Whether a node at the same place was reached as early with a subset
    of ``node``'s used tokens (then ``node`` can do nothing better)."""
    masks = seen.setdefault(node[:3], [])
    if any(mask & node[3] == mask for mask in masks):
        return True
    masks.append(node[3])
    return False


def _route(parents: dict[Node, tuple[Node, Plan] | None], last: Node, turns: int) -> Route:
    plans: list[Plan] = []
    nodes: list[Node] = []
    step = parents[last]
    while step is not None:
        node, plan = step
        plans.append(plan)
        nodes.append(node)
        step = parents[node]
    return Route(float(turns), tuple(reversed(plans)), tuple(reversed(nodes)))


def candidates(board: Board, states: Iterable[CarState], reach: int) -> list[CarState]:
    """The states within ``reach`` half tiles before the line."""
    lap = 2 * board.tiles
    return [state for state in states if board.rel[state[0]] >= lap - reach]
