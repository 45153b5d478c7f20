"""Every way one turn can end.

A *turn* is a driver's three movements ("they must use all three if it is
possible").  Each movement is either a forward movement of 1 to 7 spaces
straight ahead or a lane change of one space diagonally, with a speed tied
to the previous movement's (see :mod:`~trackkit.racepack.movement.speeds`).
A turn ends early only when the car passes over or lands on an active hazard
("He finishes the present movement and then his turn is over") or spins out.

:func:`turn_plans` lists, for one starting place, every distinct way a turn
can end: the *plan* of movements, where it ends, how many times it crosses
the start/finish line, the corners it enters at speed 2 (each a 1-in-6
chance of spinning out, which ends the turn off the track), and the strategy
tokens it uses.  Plans reaching the same place the same way are merged, so
the list stays short.
"""

from __future__ import annotations

from collections.abc import Iterable

from trackkit.racepack.movement.board import Board, CarState
from trackkit.racepack.movement.moves import FORWARD, LANE_CHANGE, Move, MoveTable
from trackkit.racepack.movement.plan import RE_ENTRY, Movement, Plan, TurnStart
from trackkit.racepack.movement.speeds import (
    MOVEMENTS_PER_TURN,
    RISKY_ENTRY_SPEED,
    SAFE_ENTRY_SPEED,
    movement_speeds,
)

__all__ = [
    "FORWARD",
    "LANE_CHANGE",
    "RE_ENTRY",
    "MoveTable",
    "Movement",
    "Plan",
    "TurnSearch",
    "TurnStart",
    "turn_plans",
]

def turn_plans(
    board: Board,
    start: TurnStart,
    *,
    hazards: bool = False,
    risky: bool = False,
    tokens: bool = False,
    table: MoveTable | None = None,
) -> list[Plan]:
    """Every distinct way a turn from ``start`` can end.

    ``hazards`` says whether the board's hazards are in effect (from the
    second lap); ``risky`` allows entering corners at speed 2; ``tokens``
    allows strategy tokens.  ``table`` saves recomputing movements (it must
    be for a board with the same road, limits and hazards; only the lifted
    corners may differ).
    """
    return TurnSearch(board, table or MoveTable(board), risky=risky, tokens=tokens).plans(start, hazards)


_Risks = tuple[tuple[int, int], ...]
_Tail = tuple[CarState, int, _Risks, int]
"""The end of a turn: where, crossings, risked corners, tokens used."""
_Key = tuple[CarState, int, int, int, bool]
_Link = tuple[Movement, _Key | None, int]
"""How a tail goes on: its first movement, the key of the rest (``None``
when the turn ends with it) and the movement's crossings of the line."""
_Option = tuple[CarState, Movement, _Risks, int, int, tuple[int, ...], int, int]
"""A first movement as the search takes it: where it ends, the movement,
the corner it risks, the token it uses (a bit mask), its speed, the spaces
it passes over or lands on, its crossings of the line and the tiles of
those spaces (a bit mask, bit ``t`` for tile ``t``)."""


class TurnSearch:
    """Turn plans for one board and one set of choices (risks, tokens).

    The rest of a turn depends only on where the car is, the speed of its
    last movement, how many movements are left and which tokens this turn
    has used, so those *tails* are computed once and shared by every turn
    that reaches them.  Each tail remembers its first movement and where
    the rest continues, so the movements of a plan can be read back.  The
    first movements from each place (:meth:`_options_from`) do not depend
    on hazards: the searches of a race's hazard sets, which differ only in
    those, share them with the search they are based on.  Each rest of a
    turn also keeps the tiles its movements can touch (:meth:`_footprint`):
    a search based on another takes the rests that touch none of the tiles
    where the boards differ from it, even near them.
    """

    def __init__(
        self,
        board: Board,
        table: MoveTable,
        *,
        risky: bool = False,
        tokens: bool = False,
        base: TurnSearch | None = None,
        near: frozenset[int] = frozenset(),
        changed: frozenset[int] = frozenset(),
    ) -> None:
        """``base``, when given, searches a board that differs only in
        movements starting on the tiles ``near``, which touch the tiles
        ``changed``; its tails are used for the rest and, where the boards
        differ only in hazards, for the rests near them whose movements
        touch no changed tile."""
        self.board = board
        self.table = table
        self.risky = risky
        self.tokens = tokens
        self._tails: dict[_Key, dict[_Tail, _Link]] = {}
        self._feet: dict[_Key, int] = {}
        self._base = base
        self._near = near
        self._options: dict[tuple[CarState, int, int], list[_Option]] = {}
        self._heads: dict[tuple[int, int, int, bool], list[_Option]]
        self._heads = table.heads.setdefault((board.free, risky), {})
        self._alike: dict[tuple[int, int, int, bool], list[_Option]] | None = None
        self._freed = frozenset[int]()
        if base is not None and (base.table, base.risky) == (table, risky) and base.board.free != board.free:
            # a corner lifted: the base's movements are these wherever none enters it
            self._alike, self._freed = base._heads, base.board.free ^ board.free
        self._lasts: dict[tuple[CarState, int, int], tuple[dict[_Tail, _Link], int]] = {}
        self._changed = 0
        if base is not None and (base.table, base.board.free, base.risky, base.tokens) == (
            table, board.free, risky, tokens
        ):
            # the same first movements: only hazards differ, met only where a rest goes
            self._options, self._changed = base._options, _tile_mask(changed)
            self._lasts = base._lasts  # and the same last movements (no hazard changes those)
        self._speed_lists: dict[tuple[int, int], list[tuple[int, bool]]] = {}
        self._reached: dict[_Key, int] = {}

    def plans(self, start: TurnStart, hazards: bool) -> list[Plan]:
        """Every distinct way a turn from ``start`` can end (without their movements)."""
        found: dict[_Tail, None] = {}
        for key in self._start_keys(start, hazards):
            stop = self._stopped(key)
            for tail in (stop,) if stop is not None else self._tails_from(key):
                found.setdefault(tail)
        return [Plan(*tail) for tail in found]

    def reach(self, start: TurnStart) -> frozenset[int]:
        """Every space where a hazard may change a turn from ``start``: where
        the car re-enters, and every space a movement before the turn's last
        may pass over or land on (a hazard ends the turn after such a
        movement; the last ends it anyway).  A hazard on any other space
        changes none of its plans, nor their order."""
        found = 0
        for key in self._start_keys(start, False):
            found |= 1 << key[0][0] | self._spaces(key)
        return frozenset(space for space in range(found.bit_length()) if found >> space & 1)

    def _spaces(self, key: _Key) -> int:
        """The spaces the movements before the last of a rest of a turn from
        ``key`` may pass over or land on, as a bit mask (every movement the
        search may take, as if no hazard ended the turn early), kept."""
        found = self._reached.get(key)
        if found is None:
            state, speed, number, mask, hazards = key
            found = 0
            if number < MOVEMENTS_PER_TURN - 1:
                for end, _, _, used, value, after, _, _ in self._options_from(state, speed, mask):
                    for space in after:
                        found |= 1 << space
                    found |= self._spaces((end, value, number + 1, mask | used, hazards))
            self._reached[key] = found
        return found

    def _stopped(self, key: _Key) -> _Tail | None:
        """The end of a turn whose re-entry puts the car on an active
        hazard: "When a car passes directly over or lands on a suit side up
        hazard marker, the driver may not make any further movements that
        turn" (``None`` for any other start)."""
        state, speed, number, _, hazards = key
        if number != 1 or speed != SAFE_ENTRY_SPEED or not hazards or state[0] not in self.board.hazards:
            return None
        return (state, 0, (), 0)

    def movements(self, start: TurnStart, hazards: bool, plan: Plan) -> tuple[Movement, ...]:
        """The movements of ``plan`` (one of :meth:`plans` for ``start``)."""
        tail: _Tail = (plan.end, plan.laps, plan.risks, plan.tokens)
        for key in self._start_keys(start, hazards):
            stop = self._stopped(key) if start.spun is not None else None
            if stop is not None:
                if stop == tail:
                    return (self._re_entry(key[0][0]),)
            elif tail in self._tails_from(key):
                first = () if start.spun is None else (self._re_entry(key[0][0]),)
                return first + self._follow(key, tail)
        raise ValueError("the plan is not one of this start's")

    def _start_keys(self, start: TurnStart, hazards: bool) -> list[_Key]:
        if start.spun is not None:
            heading = self.board.exit_heading[start.spun]
            return [
                ((space, heading), SAFE_ENTRY_SPEED, 1, 0, hazards)
                for space in self.board.outside_spaces(start.spun)
            ]
        assert start.state is not None
        return [(start.state, -1 if start.race_start else 0, 0, 0, hazards)]

    def _follow(self, key: _Key, tail: _Tail) -> tuple[Movement, ...]:
        found: list[Movement] = []
        current: _Key | None = key
        while current is not None:
            movement, rest, step = self._tails_from(current)[tail]
            found.append(movement)
            risks = tail[2][1:] if movement.risked is not None else tail[2]
            if step:
                risks = tuple((t, before - step) for t, before in risks)
            used = 1 << movement.speed if movement.token else 0
            tail = (tail[0], tail[1] - step, risks, tail[3] & ~used)
            current = rest
        return tuple(found)

    def _tails_from(self, key: _Key) -> dict[_Tail, _Link]:
        """The ways to finish a turn from ``state`` after a movement of
        ``speed`` (0 before the first; -1 before the race's first), with
        movement ``number`` next and tokens ``mask`` used this turn."""
        known = self._tails.get(key)
        if known is not None:
            return known
        state, speed, number, mask, hazards = key
        base = self._base
        if base is not None and self._base_rest(base, key):
            self._feet[key] = base._footprint(key)
            known = self._tails[key] = base._tails_from(key)
            return known
        found: dict[_Tail, _Link] = {}
        tails, feet_of = self._tails, self._feet
        spaces = self.board.hazards if hazards else frozenset()
        last = number == MOVEMENTS_PER_TURN - 1
        shared = self._lasts.get((state, speed, mask)) if last else None  # by place, speed and tokens
        if shared is not None:
            self._tails[key], self._feet[key] = shared
            return shared[0]
        feet = 1 << state[0] // 4
        for end, movement, risk, used, value, after, step, tiles in self._options_from(state, speed, mask):
            feet |= tiles
            if last or (spaces and not spaces.isdisjoint(after)):
                found.setdefault((end, step, risk, used), (movement, None, step))
                continue
            rest_key = (end, value, number + 1, mask | used, hazards)
            link = (movement, rest_key, step)
            rests = tails.get(rest_key)
            if rests is None:
                rests = self._tails_from(rest_key)
            feet |= feet_of[rest_key]  # kept with the rest's tails
            if not (step or risk or used):  # the rest's ends are this movement's ends
                if not found:
                    found = dict.fromkeys(rests, link)
                    continue
                for rest in rests:
                    found.setdefault(rest, link)
                continue
            for rest_end, laps, risks, rest_mask in rests:
                if risks and step:
                    risks = tuple((tile, before + step) for tile, before in risks)
                found.setdefault((rest_end, step + laps, risk + risks, used | rest_mask), link)
        self._tails[key] = found
        self._feet[key] = feet
        if last:
            self._lasts[(state, speed, mask)] = (found, feet)
        return found

    def _base_rest(self, base: TurnSearch, key: _Key) -> bool:
        """Whether the rest of a turn from ``key`` is the same on ``base``:
        it starts away from the changed tiles, or (the boards differing only
        in hazards) touches none of them."""
        if key[0][0] // 4 not in self._near:
            return True
        return bool(self._changed) and not self._changed & base._footprint(key)

    def _footprint(self, key: _Key) -> int:
        """Every tile the rest of a turn from ``key`` may touch, as a bit
        mask: where the car stands and every tile its movements pass over
        or land on.  A board differing from this one on none of them ends
        those rests the same way."""
        if key not in self._feet:
            self._tails_from(key)
        return self._feet[key]

    def _options_from(self, state: CarState, speed: int, mask: int) -> list[_Option]:
        """Every first movement a car may make from ``state`` after a
        movement of ``speed`` with tokens ``mask`` used, in the order the
        search takes them (headings, speeds, then the table's movements),
        each with what the search needs of it; worked out once per board
        and kept (hazards make no difference to them)."""
        key = (state, speed, mask)
        found = self._options.get(key)
        if found is not None:
            return found
        found = self._options[key] = []
        heads = self._heads
        space = state[0]
        for heading in self.board.headings(state):
            for value, token in self._speeds(speed, mask):
                head_key = (space, heading, value, token)
                some = heads.get(head_key)
                if some is None:
                    some = heads[head_key] = self._heads_of(space, heading, value, token)
                found += some
        return found

    def _heads_of(self, space: int, heading: int, speed: int, token: bool) -> list[_Option]:
        """The table's movements from ``space`` with ``heading`` at ``speed``
        (on a strategy ``token`` or not) as the search takes them, less
        those entering a corner too fast; kept with the table (see
        :attr:`MoveTable.heads`), or the base's when none enters a corner
        lifted on one board and not the other."""
        moves = self.table.moves(space, heading, speed)
        if self._alike is not None and not any(move.entered in self._freed for move in moves):
            known = self._alike.get((space, heading, speed, token))
            if known is not None:
                return known
        found = []
        for move in moves:
            head = self._head(move, speed, token, heading)
            if head is not None:
                found.append(head)
        return found

    def _speeds(self, speed: int, mask: int) -> list[tuple[int, bool]]:
        key = (speed, mask)
        found = self._speed_lists.get(key)
        if found is None:
            found = self._speed_lists[key] = movement_speeds(speed, mask, self.tokens)
        return found

    def _head(self, move: Move, speed: int, token: bool, heading: int) -> _Option | None:
        """``move`` made at ``speed`` with ``heading`` (on a strategy
        ``token`` or not) as the search takes it, or ``None`` when it enters
        a corner too fast."""
        board = self.board
        entered = move.entered
        risk: tuple[tuple[int, int], ...] = ()
        risked = None
        if entered is not None and speed > SAFE_ENTRY_SPEED and entered not in board.free:
            if speed > RISKY_ENTRY_SPEED or not self.risky:
                return None
            risk = ((entered, move.laps),)
            risked = entered
        end = move.path[-1]
        facing = heading if board.corner[end // 4] else board.exit_heading[end // 4]
        movement = Movement(move.kind, speed, move.path, token, risked, heading)
        tiles = _tile_mask(space // 4 for space in move.path)
        used = 1 << speed if token else 0
        return (end, facing), movement, risk, used, speed, move.path[1:], move.laps, tiles

    def _re_entry(self, space: int) -> Movement:
        """Re-entering the track on ``space`` after a spin-out, facing out of the corner."""
        return Movement(RE_ENTRY, SAFE_ENTRY_SPEED, (space,), heading=self.board.exit_heading[space // 4])


def _tile_mask(tiles: Iterable[int]) -> int:
    """Tiles as a bit mask, bit ``t`` for tile ``t`` (quicker to unite than sets)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << tile
    return mask
