"""One Racepack race, played by the rules from the grid to the flag.

The engine keeps the cars, the hazards and the strategy tokens, asks each
driver for its turn and plays it out: the penalty die, spin-outs and
re-entry, hazards ending a turn, blocking.  What it reads from the rulebook:

* **Turn order** — the race's first turns go by the grid ("The driver on the
  pole goes first ... with the inside lane cars always going before the
  outside lane"); a car further back first "move[s] up" to the line's row in
  its own lane.  After that each round goes in race order, re-determined
  before every round ("Each driver takes their next turn, and then the turn
  order is re-determined for the next set of turns").
* **Movements** — every legal turn comes from the movement model of
  :mod:`trackkit.racepack.movement` (three movements, speeds, corners entered
  at 1 or at 2 with the penalty die).
* **Blocking** — no movement may pass over or land on a space holding another
  car ("Bumping is not allowed"); a lane change may slip between two cars.
  A car with no legal turn of three movements makes as many as it can ("the
  driver makes as many as are possible and this then constitutes the
  driver's turn").
* **Penalty die** — a piecepack die: null (counted 0), ace, 2, 3, 4, 5.  A 5
  spins the car out; a rival may then play a strategy token and force a
  re-roll that spins out at or above the token's number (at most one re-roll
  per roll).
* **Hazards** — the race's setup hazards (the layout's, or rolled for the
  race) are not in effect at the start; each is turned once the last car in
  the race stands on a later half tile than it on its first lap ("as the
  last place car passes by each hazard token it is flipped over").  A car
  that passes over or lands on one in effect, a re-entry onto one
  included, makes no further movements that turn.
* **Finish** — the first car to cross the line at the end of the last lap
  wins; the others finish in the order they cross it, and leave the track.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace

from trackkit.errors import ArgumentError
from trackkit.leads import leader
from trackkit.racepack.movement.board import CarState
from trackkit.racepack.movement.speeds import SPIN_FACE, STRATEGY_TOKENS
from trackkit.racepack.movement.turns import RE_ENTRY, Movement
from trackkit.racepack.race.blocked import blocked_turn, free_turns
from trackkit.racepack.race.drivers import EXPERT, Driver
from trackkit.racepack.race.extra_hazards import spin_hazard
from trackkit.racepack.race.odds import ahead_chance
from trackkit.racepack.race.racecars import (
    RaceCar,
    expert_turn,
    place_of,
    spend,
    standing_spaces,
    token_turn,
)
from trackkit.racepack.race.record import MoveRecord, RaceRecord, TurnRecord
from trackkit.racepack.race.terms import (
    DIE_FACES,
    MAX_CORNER_HAZARDS,
    MAX_ROUNDS,
    RaceOptions,
    RaceResult,
    spins_out,
)
from trackkit.racepack.race.track import Candidate, RaceTrack
from trackkit.randomness import Seed, make_rng

__all__ = ["DIE_FACES", "MAX_CORNER_HAZARDS", "MAX_ROUNDS", "RaceOptions", "RaceResult"]
__all__ += ["play_race", "spins_out"]


def play_race(
    track: RaceTrack,
    drivers: Sequence[Driver],
    options: RaceOptions,
    seed: Seed = None,
    hazards: Collection[int] | None = None,
) -> RaceResult:
    """Play one race on ``track``; ``drivers[i]`` drives from grid slot ``i``.
    ``hazards`` are the spaces of the race's setup hazards (by default the
    track's: its layout's ``hazards``)."""
    if len(drivers) != options.cars:
        raise ArgumentError(
            f"needs one driver per car ({options.cars}), not {len(drivers)}", parameter="drivers"
        )
    setup = frozenset(track.hazards if hazards is None else hazards)
    track.start_race(setup)
    return _Race(track, drivers, options, make_rng(seed), setup).run()


class _Race:
    def __init__(
        self,
        track: RaceTrack,
        drivers: Sequence[Driver],
        options: RaceOptions,
        rng: random.Random,
        hazards: frozenset[int] | None = None,
    ):
        self.track = track
        self.options = options
        self.rng = rng
        grid = track.grid(options.cars)
        self.front_row = grid[:2]
        self.cars = [RaceCar(slot, driver, *grid[slot]) for slot, driver in enumerate(drivers)]
        for car in self.cars:
            self._place_key(car)
        if not options.tokens:
            for car in self.cars:
                car.tokens = []
        self.active: frozenset[int] = frozenset()
        """The hazards in effect."""
        self.blank: set[int] = set(track.hazards if hazards is None else hazards)
        """The hazards not yet turned suit side up."""
        self.extra_left = options.extra_hazards
        if options.pit_stops:
            if not track.pit_tiles:
                raise ArgumentError("need a track with a pit lane", parameter="pit_stops")
            for car in self.cars:
                car.pit_lap = car.driver.pit_lap(track.laps, rng)
        self.finish: list[int] = []
        self.spins = [0] * (track.corner_count + 1)
        self.overtakes = [0] * (track.corner_count + 1)
        self.record = (
            RaceRecord(
                track.laps,
                tuple(drivers_of(self.cars)),
                tuple(grid),
                [],
                tuple(car.pit_lap for car in self.cars) if options.pit_stops else (),
                tokens=STRATEGY_TOKENS if options.tokens else (),
            )
            if options.record
            else None
        )
        self.winner_turns = 0
        self.waiting: Sequence[RaceCar] = ()
        """The cars still to move this round, after the one moving."""
        self.leaders: list[int] = []

    def run(self) -> RaceResult:
        for index, car in enumerate(self.cars):
            self.waiting = self.cars[index + 1 :]
            self._first_turn(car)
        self._note_leader()
        rounds = 1
        while len(self.finish) < len(self.cars) and rounds < MAX_ROUNDS:
            order = self._race_order()
            for index, car in enumerate(order):
                if not car.finished:
                    self.waiting = order[index + 1 :]
                    self._turn(car)
            self._note_leader()
            rounds += 1
        record = None if self.record is None else replace(self.record, finish=tuple(self.finish))
        return RaceResult(
            tuple(self.finish),
            tuple(car.driver.name for car in self.cars),
            self.winner_turns,
            tuple(self.spins),
            tuple(self.overtakes),
            record,
            tuple(self.leaders),
        )

    def _note_leader(self) -> None:
        """Note the car leading after a round: the first home, else the furthest along."""
        keys = [car.key for car in self.cars]
        self.leaders.append(leader(keys, self.finish, self.leaders[-1] if self.leaders else None))

    # --- order ------------------------------------------------------------

    def _place_key(self, car: RaceCar) -> None:
        """Work out ``car.key``, its place in the race order (more is further ahead)."""
        if car.spun is not None:
            car.key = self.track.spun_progress(car.spun, car.crossings)
        else:
            car.key = self.track.progress(car.space, car.crossings)

    def _race_order(self) -> list[RaceCar]:
        """The cars still racing, leader first."""
        return sorted((car for car in self.cars if not car.finished), key=_key_of, reverse=True)

    # --- turns ------------------------------------------------------------

    def _first_turn(self, car: RaceCar) -> None:
        """A car's first turn: it moves up to the line's row in its own lane
        (when that is clear), then starts at speed 1."""
        lane = self.front_row[car.slot % 2] if len(self.front_row) > 1 else self.front_row[0]
        if lane[0] not in self._occupied(car):
            car.space, car.heading = lane
            self._place_key(car)
        car.started = True
        self._turn(car, race_start=True)

    def _occupied(self, mover: RaceCar) -> set[int]:
        return standing_spaces(self.cars, mover)

    def _turn(self, car: RaceCar, race_start: bool = False) -> None:
        track = self.track
        place = place_of(car)
        occupied = self._occupied(car)
        style = car.driver.style
        pit = track.through_pits(car.pit_lap, car.key)
        chosen = self._choose(car, (place, race_start, pit), occupied)
        ahead_before = self._ahead_of(car)
        crossings, hazards = car.crossings, self.active
        blank = frozenset(self.blank) if self.record is not None else frozenset()
        if chosen is not None:
            if car.driver.own_tokens and car.tokens:
                chosen = self._own_token(car, chosen, (place, race_start, pit), occupied)
            moves = self._play_plan(car, chosen)
        else:
            movements = blocked_turn(
                track, style, self.active, place, car.crossings, race_start, occupied, pit
            )
            moves = self._play(car, movements)
        self._place_key(car)
        car.turns += 1
        if self.record is not None:
            self.record.turns.append(TurnRecord(car.slot, place, crossings, hazards, tuple(moves), blank))
        self._count_overtakes(car, ahead_before)
        self._turn_hazards()
        if car.pit_lap and crossings <= car.pit_lap < car.crossings:
            car.tokens = list(STRATEGY_TOKENS) if self.options.tokens else []

    def _choose(
        self, car: RaceCar, start: tuple[CarState, bool, bool], occupied: set[int]
    ) -> Candidate | None:
        """The driver's turn among the ranked ones that bump no car (``None``
        when every one does)."""
        place, race_start, pit = start
        if car.driver.kind == EXPERT:
            where = (place, car.crossings, race_start, pit)
            return expert_turn(self.track, self.active, car, (self.cars, self.waiting), where, occupied)
        ranked = self.track.ranked(car.driver.style, self.active, place, car.crossings, race_start, pit)
        free = free_turns(ranked, occupied, car.driver.kind == "random")
        return car.driver.choose(free, self.rng) if free else None

    def _own_token(
        self, car: RaceCar, chosen: Candidate, start: tuple[CarState, bool, bool], occupied: set[int]
    ) -> Candidate:
        """The turn taken when the driver may play strategy tokens on its own
        speed (see :func:`~.racecars.token_turn`); the tokens played leave the game."""
        place, race_start, pit = start
        best = token_turn(self.track, self.active, car, (place, car.crossings, race_start, pit), occupied)
        if best is None or not car.driver.plays_own_token(chosen, best, self.rng):
            return chosen
        spend(car, best.plan.tokens)
        return best

    def _play_plan(self, car: RaceCar, chosen: Candidate) -> list[MoveRecord]:
        """Make a planned turn: at once when nothing in it can go otherwise
        (no penalty roll, no finish, no record wanted), else move by move."""
        plan = chosen.plan
        if plan.risks or self.record is not None or car.crossings + plan.laps >= self.track.goal:
            return self._play(car, chosen.movements)
        car.spun = None
        car.space, car.heading = plan.end
        car.crossings += plan.laps
        return []

    def _play(self, car: RaceCar, movements: Sequence[Movement]) -> list[MoveRecord]:
        """Make ``movements`` one by one, rolling the penalty die where a
        corner is entered at speed 2; a spin-out ends the turn."""
        board = self.track.board
        played: list[MoveRecord] = []
        for movement in movements:
            if movement.kind == RE_ENTRY:
                car.spun = None
                car.space = movement.spaces[0]
                car.heading = board.exit_heading[car.space // 4]
                played.append(MoveRecord(movement.kind, movement.speed, movement.spaces, car.heading))
                continue
            heading = movement.heading
            car.crossings += self.track.crossings_of(movement.spaces)
            end = movement.spaces[-1]
            car.space = end
            car.heading = heading if board.corner[end // 4] else board.exit_heading[end // 4]
            rolls: tuple[int, ...] = ()
            rival: int | None = None
            if movement.risked is not None:
                self._place_key(car)
                rolls, rival = self._penalty_rolls(car, movement.risked)
            played.append(
                MoveRecord(
                    movement.kind, movement.speed, movement.spaces, heading, rolls, movement.token, rival
                )
            )
            if self._check_finish(car):
                break
            if movement.risked is not None and spins_out(rolls):
                car.spun = movement.risked
                self.spins[self.track.corner_number[movement.risked]] += 1
                if self.options.extra_hazards:
                    self.active, self.extra_left = spin_hazard(
                        self.track, (self.active, self.blank, self.extra_left), movement.risked, end
                    )
                break
        return played

    def _check_finish(self, car: RaceCar) -> bool:
        if car.crossings < self.track.goal:
            return False
        car.finished = True
        if not self.finish:
            self.winner_turns = car.turns + 1
        self.finish.append(car.slot)
        return True

    def _penalty_rolls(self, car: RaceCar, tile: int) -> tuple[tuple[int, ...], int | None]:
        """The penalty die, and a re-roll forced by a rival's token: the
        rolls (``(face,)`` or ``(face, token, face)``) and the grid slot of
        the rival who played the token (``None`` if none did)."""
        face = self.rng.randrange(DIE_FACES)
        if face >= SPIN_FACE:
            return (face,), None
        played = self._rival_token(car, self.track.spin_stakes(tile, (car.space, car.heading), car.crossings))
        if played is None:
            return (face,), None
        token, rival = played
        again = self.rng.randrange(DIE_FACES)
        return (face, token, again), rival

    def _rival_token(self, roller: RaceCar, stakes: tuple[float, float]) -> tuple[int, int] | None:
        """A rival's strategy token forcing a re-roll, if one is played, with
        the rival's grid slot: the other cars are asked in race order
        (``stakes``: the roller's expected turns to the finish if it stays
        on the track and if it spins out)."""
        order = self._race_order()
        place = order.index(roller)
        for index, rival in enumerate(order):
            if rival is roller or not rival.tokens:
                continue
            swing = 0.0
            if rival.driver.kind == EXPERT:
                mine = self.track.policy(True).value(rival.crossings, place_of(rival))
                swing = ahead_chance(mine, stakes[1]) - ahead_chance(mine, stakes[0])
            token = rival.driver.token_against(rival.tokens, index - place, swing, self.rng)
            if token is not None:
                rival.tokens.remove(token)
                return token, rival.slot
        return None

    # --- incidents ----------------------------------------------------------

    def _ahead_of(self, car: RaceCar) -> list[RaceCar]:
        key = car.key
        return [other for other in self.cars if other.key > key and not other.finished]

    def _count_overtakes(self, car: RaceCar, before: list[RaceCar]) -> None:
        """Count the cars ``car`` passed in its turn, at the corner whose
        stretch of road it ended on (a car that finished passed every car
        still racing that was ahead of it)."""
        key = car.key
        passed = sum(1 for other in before if car.finished or other.key < key)
        if passed:
            tile = car.spun if car.spun is not None else car.space // 4
            self.overtakes[self.track.section[tile]] += passed

    def _turn_hazards(self) -> None:
        """Turn every hazard the last car in the race has passed on its first
        lap: it stands on a later half tile (a car level with a hazard, or
        beside it, has not passed it)."""
        if not self.blank:
            return
        racing = [car.key for car in self.cars if not car.finished]
        if not racing:
            return
        half = self.track.half_tiles
        last = half(min(racing))
        passed = {space for space in self.blank if last > half(self.track.progress(space, 1))}
        if passed:
            self.blank -= passed
            self.active = self.active | passed


def _key_of(car: RaceCar) -> int:
    return car.key


def drivers_of(cars: list[RaceCar]) -> list[str]:
    return [car.driver.name for car in cars]
