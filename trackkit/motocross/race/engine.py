"""One Motocross race, played by the rules from the starting tile to the finish.

The engine keeps the bikes, the riders' coins and the discarded coins, asks
each rider for its choices and plays them out.  What it reads from the
rulebook (every reading is in ``docs/rules.md``, section *Motocross races*):

* **Setup** -- "Deal the second half of the coins ... evenly between the
  players"; "each player chooses a pawn (bike) and places it on any empty
  space of the starting tile", beginning with the starting player (seat 0).
* **Turns** -- seat by seat, "beginning with the starting player and passing
  play to the left"; a rider on the track moves or passes, a wiped-out
  rider may try to re-enter.
* **Ranking and dice** -- a bike's place is one more than the number of
  bikes strictly ahead of it (tied bikes share a place and the next place
  is skipped); it rolls as many dice as its place, plus one a coin spent,
  never more than four.
* **Moving** -- one number, exactly that many steps, a quarter turn for
  each null (see :mod:`~trackkit.motocross.race.moves`).
* **Wiping out** -- running out of track, every way blocked by a bike, or
  a bike landing on it off a ramp.
* **Finish** -- "The first player to cross the finish line wins the race":
  the race ends there.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from trackkit.errors import ArgumentError
from trackkit.leads import leader
from trackkit.motocross.course import MAX_BIKES
from trackkit.motocross.race.board import Board, Space, StepKind
from trackkit.motocross.race.drivers import Option, Rider
from trackkit.motocross.race.expert import mind_of
from trackkit.motocross.race.moves import Route, RouteEnd
from trackkit.motocross.race.racecourse import DIE_FACES, RaceCourse, open_moves
from trackkit.motocross.race.record import RaceRecord, TurnRecord
from trackkit.piecepack.equipment import COINS_PER_PACK
from trackkit.randomness import Seed, make_rng

__all__ = [
    "ACE",
    "DIE_FACES",
    "MAX_DICE",
    "MAX_ROUNDS",
    "NULL",
    "MotocrossResult",
    "RaceCourse",
    "play_race",
    "race_coins",
]

NULL = 0
ACE = 1
FACES = tuple(range(DIE_FACES))

MAX_DICE = 4
"""'You may never roll more than four dice for movement.'"""

MAX_ROUNDS = 300
"""Rounds after which a race is stopped with no winner."""

HEADING_LETTERS = {"EAST": "E", "NORTH": "N", "WEST": "W", "SOUTH": "S"}


def race_coins(board: Board, riders: int) -> int:
    """The coins each rider is dealt for the race: half of all coins,
    dealt evenly (12 a pack; any left over stay out of play)."""
    return board.course.packs * (COINS_PER_PACK // 2) // riders


@dataclass
class _Bike:
    """One rider and its bike during a race (``space`` is where it stands,
    or, wiped out, the space it left the track from)."""

    seat: int
    rider: Rider
    space: Space
    coins: int
    out: bool = False
    turns: int = 0


@dataclass(frozen=True)
class MotocrossResult:
    """How one race went: the winning seat (``order``, empty when the race
    was stopped), each seat's rider, the winner's ``turns``, and per tile of
    the course the ``wipe_outs`` (at the space the bike left the track) and
    the ``failed_jumps`` (turns a bike stayed put because a ramp held it
    back: no number it rolled beat the ramp), with the ``record`` when asked
    for, and the seat leading after each round (``leaders``)."""

    order: tuple[int, ...]
    drivers: tuple[str, ...]
    turns: int
    wipe_outs: tuple[int, ...]
    failed_jumps: tuple[int, ...]
    record: RaceRecord | None = None
    leaders: tuple[int, ...] = ()


@dataclass
class _Counts:
    """What a race counts as it goes: incidents per tile, and the turns
    played when a record is kept."""

    wipe_outs: list[int]
    failed_jumps: list[int]
    turns: list[TurnRecord] = field(default_factory=list)


def play_race(
    course: RaceCourse, riders: Sequence[Rider], seed: Seed = None, *, record: bool = False
) -> MotocrossResult:
    """Play one race on ``course``; ``riders[i]`` rides from seat ``i``
    (seat 0 is the starting player)."""
    if not 1 <= len(riders) <= MAX_BIKES:
        raise ArgumentError(f"must be from 1 to {MAX_BIKES}, not {len(riders)}", parameter="riders")
    return _Race(course, riders, make_rng(seed), record).run()


class _Race:
    """One race under way: the bikes, the discarded coins, the counts."""

    def __init__(self, course: RaceCourse, riders: Sequence[Rider], rng: random.Random, record: bool):
        self.course = course
        self.board = course.board
        self.rng = rng
        self.keep = record
        coins = race_coins(self.board, len(riders))
        self.bikes: list[_Bike] = []
        self.minds = [mind_of(rider, course.tables, self.bikes, seat) for seat, rider in enumerate(riders)]
        for seat, rider in enumerate(riders):
            taken = {bike.space for bike in self.bikes}
            free = [space for space in self.board.start_spaces if space not in taken]
            self.bikes.append(_Bike(seat, rider, self.minds[seat].start_space(free, rng), coins))
        self.starts = tuple(bike.space for bike in self.bikes)
        self.coins = coins
        self.discard = 0
        tiles = self.board.tiles
        self.counts = _Counts([0] * tiles, [0] * tiles)
        self.winner: _Bike | None = None

    def run(self) -> MotocrossResult:
        rounds = 0
        leaders: list[int] = []
        while self.winner is None and rounds < MAX_ROUNDS:
            for bike in self.bikes:
                self._turn(bike)
                if self.winner is not None:
                    break
            rounds += 1
            home = (self.winner.seat,) if self.winner else ()
            progress = [self.board.progress[bike.space] for bike in self.bikes]
            leaders.append(leader(progress, home, leaders[-1] if leaders else None))
        winner = self.winner
        record = None
        if self.keep:
            names = tuple(bike.rider.name for bike in self.bikes)
            record = RaceRecord(self.board.course, names, self.starts, self.coins, self.counts.turns)
        return MotocrossResult(
            (winner.seat,) if winner else (),
            tuple(bike.rider.name for bike in self.bikes),
            winner.turns if winner else 0,
            tuple(self.counts.wipe_outs),
            tuple(self.counts.failed_jumps),
            record,
            tuple(leaders),
        )

    # --- the table ----------------------------------------------------------

    def _occupied(self, mover: _Bike) -> set[Space]:
        return {bike.space for bike in self.bikes if bike is not mover and not bike.out}

    def _rank(self, bike: _Bike) -> int:
        """The bike's place: one more than the bikes strictly ahead of it
        (a wiped-out bike counts where it left the track)."""
        progress = self.board.progress
        mine = progress[bike.space]
        return 1 + sum(1 for other in self.bikes if progress[other.space] > mine)

    def _boxed(self, bike: _Bike) -> bool:
        """Whether every first step runs into a bike on the ground or off the track."""
        occupied = self._occupied(bike)
        for step in self.course.first_steps[bike.space]:
            if step.kind is StepKind.FINISH or (
                step.kind is StepKind.ON and (step.ramp or step.to not in occupied)
            ):
                return False
        return True

    def _note(self, seat: int, action: str, **details: Any) -> None:
        if self.keep:
            self.counts.turns.append(TurnRecord(seat, action, **details))

    # --- a turn -------------------------------------------------------------

    def _turn(self, bike: _Bike) -> None:
        bike.turns += 1
        if bike.out:
            self._try_to_start(bike)
            return
        if self.minds[bike.seat].passes(self._boxed(bike), self.rng):
            self._note(bike.seat, "pass")
            return
        extra, dice = self._roll(bike)
        self._move(bike, dice, extra, coin_start=False, optional=False)

    def _roll(self, bike: _Bike) -> tuple[int, tuple[int, ...]]:
        """Spend coins on extra dice, then roll: the coins spent and the faces."""
        rank = self._rank(bike)
        room = min(bike.coins, MAX_DICE - rank)
        extra = min(room, self.minds[bike.seat].extra_dice(rank, room, self.rng))
        bike.coins -= extra
        self.discard += extra
        dice = tuple(self.rng.choices(FACES, k=rank + extra))
        return extra, dice

    def _try_to_start(self, bike: _Bike) -> None:
        """A wiped-out rider's turn: "If the space you left the track from is
        occupied by another bike, you may not attempt to re-enter the track
        this turn; instead, draw a coin from those that have been discarded
        (if any)."  Otherwise a discarded coin, or an ace, kick-starts it."""
        if bike.space in self._occupied(bike):
            drew = self.discard > 0
            if drew:
                self.discard -= 1
                bike.coins += 1
            self._note(bike.seat, "wait", drew_coin=drew)
            return
        coin = self.minds[bike.seat].coin_to_start(bike.coins, self.rng)
        if coin:
            bike.coins -= 1
            self.discard += 1
        extra, dice = self._roll(bike)
        if coin:
            bike.out = False
            self._move(bike, dice, extra, coin_start=True, optional=True)
            return
        if ACE not in dice:
            self._note(bike.seat, "roll", extra=extra, dice=dice, outcome="no-start")
            return
        bike.out = False
        left = list(dice)
        left.remove(ACE)
        self._move(bike, dice, extra, coin_start=False, optional=True, moving=tuple(left))

    def _move(
        self,
        bike: _Bike,
        dice: tuple[int, ...],
        extra: int,
        *,
        coin_start: bool,
        optional: bool,
        moving: tuple[int, ...] | None = None,
    ) -> None:
        """Move with the ``moving`` dice (all of ``dice`` unless an ace went on
        re-entering); ``optional``: the rider may also stay where it is."""
        faces = dice if moving is None else moving
        options, ramp_stop = self._options(bike, faces)
        held = self._held_by_ramp(faces, ramp_stop)
        if (optional or held) and options:
            stay = Route(RouteEnd.END, bike.space, (), frozenset(), False)
            options.append(Option(stay, 0, self.board.progress[bike.space], self.course.safety[bike.space]))
        chosen: Option | None = None
        if options:
            chosen = self.minds[bike.seat].choose(options, self.rng)
            outcome = self._play(bike, chosen)
        elif optional or held or all(face == NULL for face in faces):
            outcome = "stay"
        else:
            self._wipe_out(bike, bike.space)
            outcome = "wipe-out"
        if held and not optional and outcome == "stay" and ramp_stop is not None:
            self.counts.failed_jumps[self.board.tile_of[ramp_stop]] += 1
        if self.keep:
            number, headings = (chosen.number, chosen.route.headings) if chosen else (0, ())
            letters = "".join(HEADING_LETTERS[heading.name] for heading in headings)
            self.counts.turns.append(
                TurnRecord(bike.seat, "roll", coin_start, extra, dice, number, letters, outcome)
            )

    def _held_by_ramp(self, faces: tuple[int, ...], ramp_stop: Space | None) -> bool:
        """Whether a ramp holds the bike back: "If none of your dice show
        numbers higher than the height of the jump ramp, then you may not
        move this turn" (it may stay rather than run off or wipe out)."""
        if ramp_stop is None:
            return False
        return max(faces) <= self.board.course.height(self.board.tile_of[ramp_stop])

    def _options(self, bike: _Bike, faces: tuple[int, ...]) -> tuple[list[Option], Space | None]:
        """The moves the rider may make with ``faces``, one a place it can
        end at, and the edge space of a ramp that stopped it (if one did)."""
        numbers = tuple(sorted(set(faces) - {NULL}))
        choices = self.course.choices(bike.space, numbers, faces.count(NULL))
        occupied = self._occupied(bike)
        if occupied.isdisjoint(choices.zone):
            return list(choices.free), choices.free_ramp
        return open_moves(choices.moves, occupied)

    def _play(self, bike: _Bike, option: Option) -> str:
        """Make the chosen move; its outcome (see :data:`~.record.OUTCOMES`)."""
        route = option.route
        if option.number == 0:
            return "stay"
        if route.end_kind is RouteEnd.FINISH:
            bike.space = route.end
            self.winner = bike
            return "finish"
        if route.end_kind is RouteEnd.OFF:
            self._wipe_out(bike, route.end)
            return "off"
        if option.lands:
            for other in self.bikes:
                if other is not bike and not other.out and other.space == route.end:
                    self._wipe_out(other, route.end)
        bike.space = route.end
        return "landed" if option.lands else "moved"

    def _wipe_out(self, bike: _Bike, space: Space) -> None:
        bike.out = True
        bike.space = space
        self.counts.wipe_outs[self.board.tile_of[space]] += 1
