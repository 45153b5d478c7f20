"""One rally race, played by the multi-player rules from setup to the final
Checkpoint.

The engine keeps the road, the cars, every player's tokens and Skills
cards and the scoring stacks; it asks each seat's driver for its choices
and plays them out.  What it reads from the rulebook (every reading is in
``docs/rules.md``, rally section):

* **Setup** — "Starting player – 3 Control & 3 Fuel; Next player to their
  left – 4 Control & 3 Fuel; All other players – 4 Control & 4 Fuel".  Seat
  0 is the starting player; the seats go round to the left.
* **Turns** — the seats in order, every round the same ("pass the 'Current
  Driver' flag to the player to your left").  Rolling overlaps the next
  player's moving at the table, but the dice only add to the roller's own
  tokens, so playing the turns one after another changes nothing.
* **Moving** — "On your first turn, place each of your cars in their own
  space on the 'Start' track card"; then Fuel moves (:mod:`.moves`) "as
  many ... as you want with one or both of your cars as long as you have
  tokens to pay for it".
* **The track** — five cards at setup; after every move cards are turned
  over until "at least 3 empty track cards in front of the lead car" lie
  beyond the card the foremost car stands on, or the deck is empty.  No
  move goes past the last card on the table.
* **Checkpoints** — a player's first car over a Checkpoint line takes the
  top Lead Car card, its second the top Trail Car card; in a six-player
  game the sixth car of either kind takes none.  A car over the final
  line has finished and leaves the road.
* **Rolling** — :mod:`.dice`.
* **The end** — "When the last car has passed through the final
  Checkpoint"; the most points wins, a tie going to "the tied player whose
  lead car crossed the final Checkpoint first".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from trackkit.leads import leader
from trackkit.rally.deck import LEAD_CAR, OPENING, SETUP_CARDS, TRAIL_CAR
from trackkit.rally.race.dice import (
    ALL_IN_DICE,
    ALL_IN_REROLLS,
    BASE_DICE,
    DRAFTING_BONUS,
    FACES,
    MAX_TOKENS,
    REROLLS,
    TEAM_BONUS,
    TEAM_REACH,
)
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.expert import expert_pick
from trackkit.rally.race.moves import Candidate, Table, fuel_moves, near_team
from trackkit.rally.race.record import FINISHED, MoveRecord, RallyRecord, RollRecord, TurnRecord
from trackkit.rally.race.road import WIDTH, Road
from trackkit.rally.race.skills import ALL_IN, BEST_LINE, STUNT_DRIVER, TURBO, deal_skills
from trackkit.rally.race.terms import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    REACH,
    TURBO_REACH,
    RallyOptions,
    RallyResult,
    RallyTrack,
    check_players,
    rally_track,
    starting_tokens,
)

__all__ = [
    "AHEAD_CARDS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MIN_PLAYERS",
    "NOT_PLACED",
    "SIX_PLAYERS",
    "RallyOptions",
    "RallyResult",
    "RallyTrack",
    "check_players",
    "play_rally",
    "rally_track",
    "starting_tokens",
]

SIX_PLAYERS = 6
"""'In a 6-player game, the last Lead Car and last Trail Car through a
Checkpoint will not receive a scoring card.'"""

AHEAD_CARDS = 3
"""'make sure there are always at least 3 empty track cards in front of the lead car'."""

MAX_ROUNDS = 300
"""Rounds after which a race is stopped unfinished (none comes close)."""

NOT_PLACED = -2
"""Where a car is before its player's first turn."""

@dataclass
class _Race:
    road: Road
    drivers: tuple[RallyDriver, ...]
    rng: random.Random
    hands: list[list[str]]
    fuel: list[int]
    control: list[int]
    table: Table
    laid: int
    lead_taken: list[int]
    trail_taken: list[int]
    crossed: list[list[int]]
    scores: list[int]
    finish_order: list[int] = field(default_factory=list)
    shortages: list[int] = field(default_factory=list)
    ghosts: list[int] = field(default_factory=list)
    turns: list[TurnRecord] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.drivers)

    def cars_of(self, seat: int) -> tuple[int, int]:
        return (2 * seat, 2 * seat + 1)

    def done(self, seat: int) -> bool:
        pos = self.table.pos
        return pos[2 * seat] == FINISHED and pos[2 * seat + 1] == FINISHED

    # -- moving -------------------------------------------------------
    def place_cars(self, seat: int) -> tuple[tuple[int, int], ...]:
        start_rows = self.road.first_row[1]
        placed = []
        for car in self.cars_of(seat):
            free = [
                row * WIDTH + lane
                for row in range(start_rows - 1, -1, -1)
                for lane in range(self.road.lanes[row])
                if not self.table.occupied[row * WIDTH + lane]
            ]
            space = self.drivers[seat].place(free, self.rng)
            self.table.pos[car] = space
            self.table.occupied[space] += 1
            placed.append((car, space))
        return tuple(placed)

    def rear_car(self, seat: int) -> int:
        """The seat's car furthest back on the road (its first car on a tie)."""
        first, second = self.cars_of(seat)
        pos = self.table.pos
        return first if pos[second] < 0 or 0 <= pos[first] <= pos[second] else second

    def candidates(self, seat: int, reach: int, discount: int) -> list[Candidate]:
        stunt = STUNT_DRIVER in self.hands[seat]
        found: list[Candidate] = []
        rear = self.rear_car(seat)
        table, control = self.table, self.control[seat]
        for car in self.cars_of(seat):
            if table.pos[car] >= 0:
                found += fuel_moves(table, car, reach, control, discount, stunt, car == rear)
        return found

    def apply(self, seat: int, move: Candidate) -> None:
        table = self.table
        start, end = move.path[0], move.path[-1]
        if move.ghost:
            self.note_ghost(move.path)
        table.occupied[start] -= 1
        table.pos[move.car] = end
        if end != FINISHED:
            table.occupied[end] += 1
        self.fuel[seat] -= 1
        self.control[seat] -= move.cost
        if move.jump == "stunt":
            self.hands[seat].remove(STUNT_DRIVER)
        self.score_crossings(seat, start // WIDTH, end)
        self.lay_cards()

    def score_crossings(self, seat: int, from_row: int, end: int) -> None:
        to_row = self.road.rows if end == FINISHED else end // WIDTH
        for number, line in enumerate(self.road.lines):
            if from_row <= line < to_row:
                self.take_card(seat, number)
        if end == FINISHED and seat not in self.finish_order:
            self.finish_order.append(seat)

    def take_card(self, seat: int, number: int) -> None:
        first = self.crossed[number][seat] == 0
        self.crossed[number][seat] += 1
        taken = self.lead_taken if first else self.trail_taken
        stack = LEAD_CAR if first else TRAIL_CAR
        limit = SIX_PLAYERS - 1 if self.players == SIX_PLAYERS else len(stack)
        if taken[number] < min(limit, len(stack)):
            self.scores[seat] += stack[taken[number]]
        taken[number] += 1

    def lay_cards(self) -> None:
        if self.laid == len(self.road.cards):
            return
        spaces = [space for space in self.table.pos if space >= 0]
        if not spaces:
            return
        lead_card = self.road.card[max(spaces) // WIDTH]
        self.laid = max(self.laid, min(len(self.road.cards), lead_card + 1 + AHEAD_CARDS))
        self.table.rows_laid = self.road.rows_laid(self.laid)

    def note_ghost(self, path: tuple[int, ...]) -> None:
        """A ghosting move: counted on the card of the first car it passes
        through ("ignore all other cars on the track")."""
        for space in path[1:]:
            if space >= 0 and self.table.occupied[space]:
                self.ghosts[self.road.card[space // WIDTH]] += 1
                return

    def note_shortages(self, seat: int, moved: set[int], reach: int, discount: int) -> None:
        for car in self.cars_of(seat):
            space = self.table.pos[car]
            if space < 0:
                continue
            card = self.road.card[space // WIDTH]
            if self.fuel[seat] == 0:
                if car not in moved:
                    self.shortages[2 * card] += 1
                continue
            stunt = STUNT_DRIVER in self.hands[seat]
            if fuel_moves(self.table, car, reach, self.control[seat], discount, stunt, False):
                continue
            if fuel_moves(self.table, car, reach, 2 * MAX_TOKENS, discount, stunt, False):
                self.shortages[2 * card + 1] += 1

    def move_cars(self, seat: int, reach: int, discount: int) -> tuple[MoveRecord, ...]:
        moves: list[MoveRecord] = []
        moved: set[int] = set()
        driver = self.drivers[seat]
        expert = driver.name == "expert"
        while self.fuel[seat] > 0:
            found = self.candidates(seat, reach, discount)
            choice = expert_pick(self.table, found) if expert else driver.pick(found, self.rng)
            if choice is None:
                break
            self.apply(seat, choice)
            moved.add(choice.car)
            moves.append(MoveRecord(choice.car, choice.path, choice.ghost, choice.jump))
            if self.done(seat):
                break
        if not self.done(seat):
            self.note_shortages(seat, moved, reach, discount)
        return tuple(moves)

    # -- rolling ------------------------------------------------------
    def dice_allowed(self, seat: int) -> int:
        spaces = [self.table.pos[car] for car in self.cars_of(seat)]
        count = BASE_DICE
        if min(spaces) >= 0 and near_team(self.table, spaces, TEAM_REACH):
            count += TEAM_BONUS
        for space in spaces:
            if space >= 0:
                ahead = self.road.ahead(space)
                if ahead is not None and self.table.occupied[ahead]:
                    count += DRAFTING_BONUS
        return count

    def roll(self, seat: int) -> RollRecord:
        driver = self.drivers[seat]
        fuel, control = self.fuel[seat], self.control[seat]
        all_in = driver.all_in(self.hands[seat], fuel, control, self.rng)
        if all_in:
            self.hands[seat].remove(ALL_IN)
        count, rerolls = (ALL_IN_DICE, ALL_IN_REROLLS) if all_in else (self.dice_allowed(seat), REROLLS)
        roll_die = self.rng.randrange
        dice = [roll_die(FACES) + 1 for _ in range(count)]
        rolls = [tuple(dice)]
        rerolled: list[tuple[int, ...]] = []
        for _ in range(rerolls):
            again = driver.reroll(dice, fuel, control, self.rng)
            if not again:
                break
            for index in again:
                dice[index] = roll_die(FACES) + 1
            rerolled.append(again)
            rolls.append(tuple(dice[index] for index in again))
        fuel_combo, control_combo = driver.split(dice, fuel, control, self.rng)
        self.fuel[seat] = min(MAX_TOKENS, fuel + len(fuel_combo))
        self.control[seat] = min(MAX_TOKENS, control + len(control_combo))
        return RollRecord(all_in, tuple(rolls), tuple(rerolled), fuel_combo, control_combo)

    # -- a turn -------------------------------------------------------
    def turn(self, seat: int, first: bool) -> None:
        hand = self.hands[seat]
        played = self.drivers[seat].before_moving(hand, self.fuel[seat], self.control[seat], self.rng)
        for card in played:
            hand.remove(card)
        reach = TURBO_REACH if TURBO in played else REACH
        discount = 1 if BEST_LINE in played else 0
        placed = self.place_cars(seat) if first else ()
        moves = self.move_cars(seat, reach, discount)
        roll = None if self.done(seat) else self.roll(seat)
        self.turns.append(TurnRecord(seat, tuple(played), placed, moves, roll))

    def over(self) -> bool:
        return all(space == FINISHED for space in self.table.pos)


def _new_race(
    track: RallyTrack, drivers: Sequence[RallyDriver], options: RallyOptions, rng: random.Random
) -> _Race:
    road = track.road
    players = len(drivers)
    hands = deal_skills(options.skills, players, options.expansion, rng)
    checkpoints = len(road.lines)
    laid = min(len(road.cards), len(OPENING) + SETUP_CARDS)
    table = Table(
        road, [NOT_PLACED] * (2 * players), bytearray(road.rows * WIDTH), road.rows_laid(laid), track.ways
    )
    return _Race(
        road=road,
        drivers=tuple(drivers),
        rng=rng,
        hands=[list(hand) for hand in hands],
        fuel=[starting_tokens(seat)[0] for seat in range(players)],
        control=[starting_tokens(seat)[1] for seat in range(players)],
        table=table,
        laid=laid,
        lead_taken=[0] * checkpoints,
        trail_taken=[0] * checkpoints,
        crossed=[[0] * players for _ in range(checkpoints)],
        scores=[0] * players,
        shortages=[0] * (2 * len(road.cards)),
        ghosts=[0] * len(road.cards),
    )


def play_rally(
    track: RallyTrack, drivers: Sequence[RallyDriver], options: RallyOptions, rng: random.Random
) -> RallyResult:
    """Play one race on ``track`` with one seat per driver (seat 0 the
    starting player) and return what came of it."""
    check_players(len(drivers))
    race = _new_race(track, drivers, options, rng)
    hands = tuple(tuple(hand) for hand in race.hands)
    rounds = 0
    leaders: list[int] = []
    while not race.over() and rounds < MAX_ROUNDS:
        for seat in range(race.players):
            if not race.done(seat):
                race.turn(seat, first=rounds == 0)
            if race.over():
                break
        rounds += 1
        leaders.append(leader(race.scores, (), leaders[-1] if leaders else None))
    standings: tuple[int, ...] = ()
    if race.over():
        standings = tuple(
            sorted(range(race.players), key=lambda seat: (-race.scores[seat], race.finish_order.index(seat)))
        )
    record = None
    if options.record:
        record = RallyRecord(
            course=track.road.cards,
            shapes=track.shapes,
            drivers=tuple(driver.name for driver in drivers),
            hands=hands,
            tokens=tuple(starting_tokens(seat) for seat in range(race.players)),
            turns=race.turns,
            scores=tuple(race.scores),
            winner=standings[0] if standings else -1,
            skills=options.skills,
            expansion=options.expansion,
        )
    shortages, ghosts = tuple(race.shortages), tuple(race.ghosts)
    if standings:
        leaders[-1] = standings[0]
    return RallyResult(tuple(race.scores), standings, rounds, shortages, record, ghosts, tuple(leaders))
