"""How a track plays for one car alone: ``trackkit analyze``.

The figures, all in *turns* (one driver's three movements):

* the **fastest safe lap** — entering every corner at speed 1, the fewest
  turns for a *flying lap* (one lap once under way: the shortest round trip
  from a place to the same place a lap on) and for the *first lap* from pole
  (from the grid to crossing the line again);
* the **fastest risky lap** — entering corners at speed 2 where it pays,
  with the 1-in-6 chance of spinning out: the policy with the least
  *expected* number of turns, its best case (every roll succeeding) and the
  corners where it takes the risk;
* **per corner** — the entry speed each lap uses there, and the turns the
  race loses to the corner's speed limit: the race driven with that corner's
  limit lifted, as if it were straight road of the same length (the car
  still has to end a movement on the tile to turn);
* the **race** — the fewest turns for the layout's laps, and with the five
  strategy tokens; with a pit lane, the turns a lap through the pits costs
  (speed 3 there);
* a **recommended number of laps** for a target race length in turns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from trackkit.errors import ArgumentError, LimitError
from trackkit.racepack.analysis import numbered_corners, resolve_start
from trackkit.racepack.grid import starting_grid
from trackkit.racepack.layout import MAX_LAPS, Layout
from trackkit.racepack.movement.board import Board, CarState, build_board
from trackkit.racepack.movement.laps import (
    TURN_REACH,
    Node,
    Planner,
    Route,
    candidates,
    fastest,
)
from trackkit.racepack.movement.policy import LineMove, PolicyRepeat, PolicyStep, policy_repeat, policy_steps
from trackkit.racepack.movement.races import expected_race, level_turns
from trackkit.racepack.row_spaces import racing_steps, wide_row
from trackkit.racepack.spaces import Quadrant, Space

__all__ = [
    "MAX_ANALYZE_TILES",
    "PIT_SPEED",
    "CornerPlay",
    "LineMove",
    "PolicyRepeat",
    "PolicyStep",
    "TrackPlay",
    "analyze",
    "board_of",
    "fastest_safe_line",
    "flying_lap",
    "line_spaces",
    "pole_state",
    "policy_repeat",
    "policy_steps",
    "racing_line",
    "recommend_laps",
]

MAX_ANALYZE_TILES = 96
"""The most loop tiles ``analyze`` works on (four packs' worth),
to keep the work bounded."""

PIT_SPEED = 3
"""'Speed in the pit lane is restricted to 3.'"""


@dataclass(frozen=True)
class CornerPlay:
    """Corner ``number`` (tile ``tile``, turning ``turn``): entered at
    ``safe_entry`` on the safe lap and ``risky_entry`` by the risky policy;
    its speed limit costs ``lost`` turns over the race."""

    number: int
    tile: int
    turn: str
    safe_entry: int
    risky_entry: int
    lost: int


@dataclass(frozen=True)
class TrackPlay:
    """Everything ``trackkit analyze`` reports about one layout (see the module)."""

    name: str | None
    tiles: int
    laps: int
    hazards: int
    safe_flying: int
    safe_average: float | None
    safe_first: int
    safe_race: int
    risky_expected_race: float
    risky_expected_first: float
    risky_best_race: int
    risky_corners: tuple[int, ...]
    token_race: int
    pit_lap: int | None
    corners: tuple[CornerPlay, ...]
    line: tuple[tuple[LineMove, ...], ...]
    policy: tuple[PolicyStep, ...] = ()
    policy_repeat: PolicyRepeat | None = None
    target_turns: int | None = None
    recommended_laps: int | None = None
    recommended_turns: int | None = None

    @property
    def token_saving(self) -> int:
        return self.safe_race - self.token_race


def line_spaces(turns: tuple[tuple[LineMove, ...], ...]) -> list[Space]:
    """Every space a racing line visits, in order, once each."""
    found: list[Space] = []
    for turn in turns:
        for move in turn:
            for space in move.spaces:
                if not found or found[-1] != space:
                    found.append(space)
    return found


def racing_line(planner: Planner, route: Route) -> tuple[tuple[LineMove, ...], ...]:
    """The movements of ``route``, turn by turn, from the turn that crosses
    the start/finish line (a flying lap is a round trip, so it may start
    anywhere)."""
    board = planner.board
    turns = [
        tuple(
            LineMove(movement.kind, movement.speed, tuple(board.space(number) for number in movement.spaces))
            for movement in planner.movements(node, plan)
        )
        for node, plan in zip(route.nodes, route.plans)
    ]
    crossing = next((index for index, plan in enumerate(route.plans) if plan.laps), 0)
    return tuple(turns[crossing:] + turns[:crossing])


def fastest_safe_line(layout: Layout) -> tuple[tuple[LineMove, ...], ...]:
    """The racing line of ``layout``'s fastest safe flying lap, turn by turn
    (what ``render --line`` draws), or nothing for a track that cannot be
    analysed (not a whole loop, too big, no room for a grid)."""
    if not layout.circuit.is_whole or len(layout.circuit) > MAX_ANALYZE_TILES:
        return ()
    board = board_of(layout)
    safe = Planner(board)
    return racing_line(safe, flying_lap(safe))


def board_of(layout: Layout, *, chicane_cuts: bool = True, wide: bool = False) -> Board:
    """The board of ``layout``'s circuit and start/finish line, with its
    hazards; ``chicane_cuts`` as for :func:`~trackkit.racepack.spaces.steps`.
    With ``wide``, the board holds the layout's wide row too (a car alone
    gains nothing from it, so the one-car analyses leave it out)."""
    circuit = layout.circuit
    row = wide_row(layout) if wide else ()
    moves = racing_steps(layout, chicane_cuts=chicane_cuts) if row else None
    board = build_board(circuit, resolve_start(layout), chicane_cuts=chicane_cuts, row=row, moves=moves)
    quadrants = list(Quadrant)
    hazards = [
        4 * tile + quadrants.index(Quadrant.parse(name))
        for tile, name in layout.hazards
        if tile < len(circuit)
    ]
    return board.with_changes(hazards=hazards)


def pole_state(layout: Layout, board: Board) -> CarState:
    """Where the pole car starts: the inside space of the first grid row."""
    slot = starting_grid(layout, 1).slots[0]
    number = board.number(slot.space)
    return (number, board.exit_heading[slot.space.tile])


def flying_lap(planner: Planner) -> Route:
    """The shortest round trip from some place back to it one lap on, with
    hazards in effect (the second lap on)."""
    board = planner.board
    best: Route | None = None
    for state in candidates(board, board.states(), 2 * TURN_REACH):
        bound = None if best is None else int(best.turns) - 1
        route = fastest(planner, state, _back_at(state), crossings=2, bound=bound, horizon=3)
        if route is not None and (best is None or route.turns < best.turns):
            best = route
    assert best is not None, "a whole circuit can always be driven"
    return best


def _back_at(state: CarState) -> Callable[[Node], bool]:
    return lambda node: node[2] == 3 and (node[0], node[1]) == state


ALL_TOKENS_USED = 0b111110
"""The token mask with every token 1-5 used (bit ``k`` for token ``k``)."""


def analyze(
    layout: Layout,
    *,
    target_turns: int | None = None,
    corners: bool = True,
    chicane_cuts: bool = True,
    plan: bool = True,
) -> TrackPlay:
    """Work out how ``layout`` plays for one car alone (see the module).

    ``corners`` false leaves out the per-corner figures; ``chicane_cuts``
    false forbids lane changes that cut the corners of a chicane's jog (the
    rules only say it "makes sense to allow them"); ``plan`` false leaves out
    the risk-taking policy place by place.

    Raises :class:`~trackkit.errors.CircuitError` for a broken circuit,
    :class:`~trackkit.errors.GridError` when no grid fits behind the line and
    :class:`~trackkit.errors.ArgumentError` for a target below one turn and
    :class:`~trackkit.errors.LimitError` past :data:`MAX_ANALYZE_TILES` tiles.
    """
    if len(layout.circuit) > MAX_ANALYZE_TILES:
        raise LimitError(
            f"the track has {len(layout.circuit):,} tiles; laps are analysed for at most {MAX_ANALYZE_TILES}"
        )
    if target_turns is not None and target_turns < 1:
        raise ArgumentError(f"must be at least 1, not {target_turns}", parameter="target_turns")
    board = board_of(layout, chicane_cuts=chicane_cuts)
    pole = pole_state(layout, board)
    safe = Planner(board)
    risky = Planner(board, risky=True, table=safe.table)
    laps = layout.laps
    crossings = level_turns(safe, pole, MAX_LAPS + 1)
    safe_turns = crossings.turns
    flying = flying_lap(safe)
    policy = expected_race(risky, pole, laps)
    numbers = {
        corner.tile: corner.number for corner in numbered_corners(layout.circuit, resolve_start(layout))
    }
    risked = sorted({numbers[tile] for plan in policy.plans for tile, _ in plan.risks})
    play = TrackPlay(
        name=layout.name,
        tiles=len(layout.circuit),
        laps=laps,
        hazards=len(board.hazards),
        safe_flying=int(flying.turns),
        safe_average=crossings.average_lap,
        safe_first=safe_turns[1],
        safe_race=safe_turns[laps],
        risky_expected_race=policy.turns,
        risky_expected_first=expected_race(risky, pole, 1).turns,
        risky_best_race=level_turns(risky, pole, laps + 1).turns[laps],
        risky_corners=tuple(risked),
        token_race=level_turns(Planner(board, tokens=True, table=safe.table), pole, laps + 1).turns[laps],
        pit_lap=_pit_lap(layout, board) if layout.pit is not None else None,
        corners=_corners(layout, board, safe, pole, safe_turns[laps], risked) if corners else (),
        line=racing_line(safe, flying),
        policy=policy_steps(risky, policy, pole, numbers) if plan else (),
        policy_repeat=policy_repeat(policy) if plan else None,
    )
    if target_turns is None:
        return play
    laps_wanted, turns = recommend_laps(safe_turns, target_turns)
    return replace(play, target_turns=target_turns, recommended_laps=laps_wanted, recommended_turns=turns)


def _pit_lap(layout: Layout, board: Board) -> int:
    assert layout.pit is not None
    n = board.tiles
    limited = {(layout.pit.first + offset) % n: PIT_SPEED for offset in range(layout.pit.length)}
    return int(flying_lap(Planner(board.with_changes(limit=limited))).turns)


def _corners(
    layout: Layout, board: Board, safe: Planner, pole: CarState, race: int, risked: list[int]
) -> tuple[CornerPlay, ...]:
    found = []
    for corner in numbered_corners(layout.circuit, resolve_start(layout)):
        lifted = Planner(board.with_changes(free={corner.tile}), base=safe, changed=frozenset({corner.tile}))
        lost = race - level_turns(lifted, pole, layout.laps + 1).turns[layout.laps]
        risky_entry = 2 if corner.number in risked else 1
        found.append(CornerPlay(corner.number, corner.tile, corner.turn, 1, risky_entry, lost))
    return tuple(found)


def recommend_laps(crossings: tuple[int, ...], target: int) -> tuple[int, int]:
    """The number of laps whose race length in turns comes nearest ``target``
    (the fewer laps on a tie), and that length; ``crossings`` are the turns
    to each crossing of the line, as :func:`level_turns` finds them."""
    races = [(laps, crossings[laps]) for laps in range(1, min(MAX_LAPS, len(crossings) - 1) + 1)]
    return min(races, key=lambda race: (abs(race[1] - target), race[0]))
