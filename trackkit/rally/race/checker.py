"""An independent check of a recorded rally race, move by move.

The checker shares nothing with the engine's move search or its drivers: it
keeps its own picture of the table (every car, every player's tokens and
Skills cards, the scoring stacks, the cards laid), works out the road's
neighbours itself from the rows and lanes of :func:`~.road.build_road`,
and re-checks every recorded step against the rules:

* turns go round the seats in order, skipping players whose cars have both
  finished; cars are placed on free Start card spaces on the first turn;
* a Fuel move is one to three (Turbo: four) forward or sideways steps of
  the player's own car, never past the cards on the table; a car that does
  not ghost never enters a space holding another car; the Gates it passes
  (one less with Best Line) and a ghosting token are paid in Control;
* a jump leaves from a Jump's ramp, just reached by a forward step, to a
  space the Jump allows (Stunt Driver's only with the card in hand);
* no turn ends with two cars on one space;
* the dice rolled are as many as the rules allow (Team Racing, Drafting,
  All In), rerolled at most twice (All In: three times), and the two Combos
  are real Combos of the final dice; nobody keeps more than eight tokens;
* every car passes the final Checkpoint, then no turn follows; the scores
  and the winner follow from the Checkpoints crossed.

The setup is checked by :mod:`~trackkit.rally.race.setup_check`.  Each
problem quotes the rule it breaks (:mod:`~trackkit.rally.race.rulebook`);
:func:`check_rally` returns them all (none for a clean race).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from trackkit.findings import broken
from trackkit.rally.deck import LEAD_CAR, OPENING, SETUP_CARDS, TRAIL_CAR
from trackkit.rally.race import rulebook as rule
from trackkit.rally.race.record import FINISHED, MoveRecord, RallyRecord, RollRecord, TurnRecord
from trackkit.rally.race.road import WIDTH, Road, build_road
from trackkit.rally.race.setup_check import setup_problems
from trackkit.rally.race.skills import ALL_IN, BEST_LINE, STUNT_DRIVER, TURBO

__all__ = [
    "check_rally",
]

_DICE, _TEAM, _TEAM_REACH, _ALL_IN_DICE, _CAP = 6, 2, 4, 10, 8


def _combo(dice: Sequence[int]) -> bool:
    """'A single die', '2 or more same-numbered dice' or '2 or more dice in sequence'."""
    if len(dice) == 1 or (len(dice) > 1 and min(dice) == max(dice)):
        return True
    ordered = sorted(dice)
    return len(dice) > 1 and ordered == list(range(ordered[0], ordered[0] + len(ordered)))


@dataclass
class _Seen:
    """The checker's picture of the race."""

    road: Road
    players: int
    hands: list[list[str]]
    fuel: list[int]
    control: list[int]
    pos: list[int | None]
    laid: int
    crossed: list[list[int]] = field(default_factory=list)
    lead: list[int] = field(default_factory=list)
    trail: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def where(self, turn: int) -> str:
        return f"turn {turn + 1}"

    # -- the road, worked out afresh -----------------------------------
    def row_of(self, space: int) -> int:
        return space // WIDTH

    def real(self, space: int) -> bool:
        row, lane = divmod(space, WIDTH)
        return 0 <= row < len(self.road.lanes) and lane < self.road.lanes[row]

    def step_kind(self, a: int, b: int) -> str | None:
        """``forward``, ``sideways`` or ``None`` for a step from ``a`` to ``b`` (both :meth:`real`)."""
        lanes, (row_a, lane_a), (row_b, lane_b) = self.road.lanes, divmod(a, WIDTH), divmod(b, WIDTH)
        if not (0 <= row_a < len(lanes) > row_b >= 0 and lane_a < lanes[row_a] and lane_b < lanes[row_b]):
            return None
        if row_b == row_a + 1:
            narrowed = min(lane_a, lanes[row_b] - 1)
            return "forward" if lane_b == narrowed else None
        if row_b == row_a and abs(lane_b - lane_a) == 1:
            return None if self.road.wall[row_a * WIDTH + min(lane_a, lane_b)] else "sideways"
        return None

    def rows_on_table(self) -> int:
        firsts = self.road.first_row
        return firsts[self.laid] if self.laid < len(firsts) else len(self.road.lanes)

    def others(self, car: int) -> set[int]:
        return {
            space for other, space in enumerate(self.pos) if other != car and space is not None and space >= 0
        }

    # -- laying cards and scoring ------------------------------------
    def lay(self) -> None:
        spaces = [space for space in self.pos if space is not None and space >= 0]
        if spaces:
            front = self.road.card[max(spaces) // WIDTH]
            self.laid = max(self.laid, min(len(self.road.cards), front + 4))

    def cross(self, seat: int, from_row: int, end: int) -> None:
        to_row = len(self.road.lanes) if end == FINISHED else end // WIDTH
        for number, line in enumerate(self.road.lines):
            if from_row <= line < to_row:
                first = self.crossed[number][seat] == 0
                self.crossed[number][seat] += 1
                taken, stack = (self.lead, LEAD_CAR) if first else (self.trail, TRAIL_CAR)
                allowed = min(len(stack), 5 if self.players == 6 else len(stack))
                if taken[number] < allowed:
                    self.scores[seat] += stack[taken[number]]
                taken[number] += 1
        if end == FINISHED and seat not in self.finished:
            self.finished.append(seat)

    # -- jumps -------------------------------------------------------
    def opponent_ahead(self, car: int, row: int) -> int | None:
        ahead = [
            space
            for other, space in enumerate(self.pos)
            if other // 2 != car // 2 and space is not None and space >= 0 and space // WIDTH > row
        ]
        return min(ahead) if ahead else None

    def open_spaces(self, row: int, lane_first: int, car: int) -> list[int]:
        taken = self.others(car)
        lanes = sorted(range(self.road.lanes[row]), key=lambda lane: (lane != lane_first, lane))
        return [row * WIDTH + lane for lane in lanes if row * WIDTH + lane not in taken]

    def landings(self, car: int, ramp: int, kind: str) -> set[int]:
        """Where a jump of ``kind`` from ramp row ``ramp`` may land."""
        last = self.rows_on_table() - 1
        if kind == "first":
            card = self.road.card[ramp]
            after = (
                self.road.first_row[card + 1] if card + 1 < len(self.road.first_row) else len(self.road.lanes)
            )
            for row in range(after, last + 1):
                spaces = self.open_spaces(row, 0, car)
                if spaces:
                    return set(spaces)
            return set()
        opponent = self.opponent_ahead(car, ramp)
        if opponent is None:
            return set()
        row, lane = divmod(opponent, WIDTH)
        rows = range(row - 1, ramp, -1) if kind == "behind" else range(row + 1, last + 1)
        for scan in rows:
            if kind == "stunt" and scan > self.road.finish_line:
                return {FINISHED}
            spaces = self.open_spaces(scan, lane, car)
            if spaces:
                return {spaces[0]}
        return set()


def _step_rule(a: int, b: int) -> str:
    """The rule a step from space ``a`` to ``b`` the road does not allow breaks."""
    return rule.step_rule(b // WIDTH - a // WIDTH, abs(b % WIDTH - a % WIDTH))


def _check_move(seen: _Seen, turn: int, seat: int, move: MoveRecord, reach: int, discount: int) -> None:
    where = seen.where(turn)
    say = seen.problems.append
    if move.car // 2 != seat:
        say(f"{where}: " + broken(f"seat {seat + 1} moves car {move.car}, not its own", rule.FUEL))
        return
    if seen.fuel[seat] < 1:
        say(f"{where}: " + broken(f"car {move.car} moves with no Fuel token left", rule.FUEL))
    if seen.pos[move.car] != move.path[0]:
        stands = f"car {move.car} starts its move at {move.path[0]}, but stands at {seen.pos[move.car]}"
        say(f"{where}: " + broken(stands, rule.CONTINUE))
        return
    steps = list(move.path)
    landing = steps.pop() if move.jump else None
    if len(steps) - 1 > reach or len(steps) < 2:
        taken = f"car {move.car} takes {len(steps) - 1} steps for one Fuel token (1 to {reach} allowed)"
        say(f"{where}: " + broken(taken, rule.TURBO if reach > 3 else rule.FUEL))
    others = seen.others(move.car)
    cost = 1 if move.ghost else 0
    last_row = seen.rows_on_table() - 1
    ramp_row: int | None = None
    for index, (a, b) in enumerate(itertools.pairwise(steps)):
        if b == FINISHED:
            if seen.row_of(a) != seen.road.finish_line or index != len(steps) - 2:
                left = f"car {move.car} leaves the road at {a}, not over the final Checkpoint line"
                say(f"{where}: " + broken(left, rule.FUEL))
            continue
        kind = seen.step_kind(a, b)
        if kind is None:
            say(f"{where}: " + broken(f"car {move.car} cannot step from {a} to {b}", _step_rule(a, b)))
            return
        if seen.row_of(b) > last_row:
            say(
                f"{where}: "
                + broken(f"car {move.car} drives onto a card not yet on the table", rule.LAY_CARDS)
            )
        if b in others and not move.ghost:
            say(
                f"{where}: "
                + broken(f"car {move.car} drives into another car at {b} without ghosting", rule.INTO_CAR)
            )
        if kind == "forward":
            cost += max(0, seen.road.gate[b] - discount)
            ramp_row = seen.row_of(b) if seen.row_of(b) in seen.road.ramps else None
    if cost > seen.control[seat]:
        costs = f"car {move.car}'s move costs {cost} Control; seat {seat + 1} holds {seen.control[seat]}"
        say(f"{where}: " + broken(costs, rule.GATE if cost > move.ghost else rule.GHOST))
    end = steps[-1]
    if landing is not None:
        if ramp_row is None or seen.row_of(steps[-1]) != ramp_row:
            say(f"{where}: " + broken(f"car {move.car} jumps without moving onto a Jump", rule.JUMPS))
        elif move.jump == "stunt" and STUNT_DRIVER not in seen.hands[seat]:
            stunt = f"car {move.car} jumps with Stunt Driver, which seat {seat + 1} does not hold"
            say(f"{where}: " + broken(stunt, rule.USE_CARD))
        elif landing not in seen.landings(move.car, ramp_row, move.jump):
            jump = f"car {move.car}'s jump ({move.jump}) may not land at {landing}"
            say(f"{where}: " + broken(jump, rule.STUNT_DRIVER if move.jump == "stunt" else rule.JUMPS))
        if move.jump == "stunt" and STUNT_DRIVER in seen.hands[seat]:
            seen.hands[seat].remove(STUNT_DRIVER)
        end = landing
    seen.fuel[seat] -= 1
    seen.control[seat] -= cost
    seen.pos[move.car] = end
    seen.cross(seat, seen.row_of(move.path[0]), end)
    seen.lay()


def _dice_allowed(seen: _Seen, seat: int) -> int:
    spaces, count = [seen.pos[2 * seat], seen.pos[2 * seat + 1]], _DICE
    if all(space is not None and space >= 0 for space in spaces):
        rear, front = sorted(space for space in spaces if space is not None)
        reached, fresh = {rear}, {rear}
        for _ in range(_TEAM_REACH):  # from the spaces new to ``reached``: the others' steps are in it
            fresh = {b for a in fresh for b in range(a - 1, a + 2 * WIDTH) if seen.step_kind(a, b)} - reached
            reached |= fresh
        if front in reached:
            count += _TEAM
    taken = {space for space in seen.pos if space is not None and space >= 0}
    for space in spaces:
        if space is None or space < 0:
            continue
        ahead = [b for b in taken if seen.step_kind(space, b) == "forward"]
        count += 1 if ahead else 0
    return count


def _check_roll(seen: _Seen, turn: int, seat: int, roll: RollRecord) -> None:
    where = seen.where(turn)
    say = seen.problems.append
    allowed, rerolls = _dice_allowed(seen, seat), 2
    if roll.all_in:
        if ALL_IN not in seen.hands[seat]:
            say(f"{where}: " + broken(f"seat {seat + 1} plays All In without holding it", rule.USE_CARD))
        else:
            seen.hands[seat].remove(ALL_IN)
        allowed, rerolls = _ALL_IN_DICE, 3
    dice = list(roll.rolls[0]) if roll.rolls else []
    if len(dice) != allowed:
        rolled = f"seat {seat + 1} rolls {len(dice)} dice; the rules allow {allowed}"
        say(f"{where}: " + broken(rolled, rule.ALL_IN if roll.all_in else rule.DICE))
    if len(roll.rerolled) > rerolls or len(roll.rolls) != len(roll.rerolled) + 1:
        rerolled = f"seat {seat + 1} rerolls {len(roll.rerolled)} times (at most {rerolls})"
        say(f"{where}: " + broken(rerolled, rule.ALL_IN if roll.all_in else rule.REROLL))
    for chosen, faces in zip(roll.rerolled, roll.rolls[1:]):
        if (
            len(chosen) != len(faces)
            or len(set(chosen)) != len(chosen)
            or any(not 0 <= i < len(dice) for i in chosen)
        ):
            say(
                f"{where}: "
                + broken(f"seat {seat + 1} rerolls dice that are not on the table", rule.REROLL_GROUP)
            )
            return
        for index, face in zip(chosen, faces):
            dice[index] = face
    if any(not 1 <= face <= 6 for roll_faces in roll.rolls for face in roll_faces):
        say(f"{where}: seat {seat + 1} rolls a face no die has (a die shows 1 to 6)")
    if not (_combo(roll.fuel) and _combo(roll.control)):
        combos = f"seat {seat + 1}'s Combos {list(roll.fuel)} and {list(roll.control)} are not both Combos"
        say(f"{where}: " + broken(combos, rule.COMBO))
    if Counter(roll.fuel) + Counter(roll.control) - Counter(dice):
        say(f"{where}: " + broken(f"seat {seat + 1}'s Combos use dice it did not roll", rule.FORFEIT))
    seen.fuel[seat] = min(_CAP, seen.fuel[seat] + len(roll.fuel))
    seen.control[seat] = min(_CAP, seen.control[seat] + len(roll.control))


def _check_turn(seen: _Seen, index: int, turn: TurnRecord, first: bool) -> None:
    where = seen.where(index)
    say = seen.problems.append
    seat = turn.seat
    for card in turn.played:
        if card not in (TURBO, BEST_LINE) or card not in seen.hands[seat]:
            say(
                f"{where}: "
                + broken(f"seat {seat + 1} plays {card} before moving without holding it", rule.USE_CARD)
            )
        else:
            seen.hands[seat].remove(card)
    placed = dict(turn.placed)
    if first != bool(placed) or (placed and sorted(placed) != [2 * seat, 2 * seat + 1]):
        say(
            f"{where}: "
            + broken(f"seat {seat + 1} must place both its cars on its first turn only", rule.PLACE)
        )
    for car, space in placed.items():
        if not seen.real(space) or seen.road.card[space // WIDTH] != 0 or space in seen.others(car):
            placed_at = f"car {car} is placed at {space}, not a free space of the Start card"
            say(f"{where}: " + broken(placed_at, rule.PLACE))
        seen.pos[car] = space
    reach = 4 if TURBO in turn.played else 3
    discount = 1 if BEST_LINE in turn.played else 0
    for move in turn.moves:
        _check_move(seen, index, seat, move, reach, discount)
    spaces = [space for space in seen.pos if space is not None and space >= 0]
    if len(spaces) != len(set(spaces)):
        say(f"{where}: " + broken("the turn ends with two cars on one space", rule.SHARE))
    both_done = seen.pos[2 * seat] == FINISHED and seen.pos[2 * seat + 1] == FINISHED
    if turn.roll is None and not both_done:
        say(f"{where}: " + broken(f"seat {seat + 1} does not roll for tokens", rule.TURN))
    elif turn.roll is not None:
        _check_roll(seen, index, seat, turn.roll)


def check_rally(record: RallyRecord) -> list[str]:
    """Every problem with ``record``: moves the rules do not allow, dice
    rolled or formed wrongly, and scores or a winner that do not follow."""
    road = build_road(record.course, dict(record.shapes))
    players = record.players
    seen = _Seen(
        road=road,
        players=players,
        hands=[list(hand) for hand in record.hands],
        fuel=[fuel for fuel, _ in record.tokens],
        control=[control for _, control in record.tokens],
        pos=[None] * (2 * players),
        laid=min(len(road.cards), len(OPENING) + SETUP_CARDS),
    )
    seen.crossed = [[0] * players for _ in road.lines]
    seen.lead, seen.trail = [0] * len(road.lines), [0] * len(road.lines)
    seen.scores = [0] * players
    seen.problems += setup_problems(record)
    if _check_turns(seen, record):
        _check_end(seen, record)
    return seen.problems


def _check_turns(seen: _Seen, record: RallyRecord) -> bool:
    """Every turn in order; ``False`` when the record stops making sense (a
    turn out of order, or after the race has ended)."""
    placed: set[int] = set()
    expected = 0
    for index, turn in enumerate(record.turns):
        if all(space == FINISHED for space in seen.pos):
            seen.problems.append(f"turn {index + 1}: " + broken("a turn after the race has ended", rule.END))
            return False
        while seen.pos[2 * expected] == FINISHED and seen.pos[2 * expected + 1] == FINISHED:
            expected = (expected + 1) % seen.players
        if turn.seat != expected:
            flag = f"seat {turn.seat + 1} drives; seat {expected + 1} has the flag"
            seen.problems.append(f"turn {index + 1}: " + broken(flag, rule.FLAG))
            return False
        _check_turn(seen, index, turn, turn.seat not in placed)
        placed.add(turn.seat)
        expected = (expected + 1) % seen.players
    return True


def _check_end(seen: _Seen, record: RallyRecord) -> None:
    """Every car over the final Checkpoint line, and the scores and the
    winner that follow from the Checkpoints crossed."""
    say = seen.problems.append
    if any(space != FINISHED for space in seen.pos):
        left = sum(1 for space in seen.pos if space != FINISHED)
        say(
            broken(
                f"the race ends with {left} of {len(seen.pos)} cars short of the final Checkpoint", rule.END
            )
        )
    elif tuple(seen.scores) != tuple(record.scores):
        say(broken(f"the scores are {list(seen.scores)}, not {list(record.scores)}", rule.SCORING))
    else:
        winner = min(range(seen.players), key=lambda seat: (-seen.scores[seat], seen.finished.index(seat)))
        if winner != record.winner:
            say(broken(f"seat {winner + 1} wins, not seat {record.winner + 1}", rule.WINNER))
