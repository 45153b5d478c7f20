"""Reading a recorded Motocross race back from its PPN movetext.

This module holds the reading side of :mod:`trackkit.motocross.race.ppn`
(which defines the movetext and writes it): :func:`read_movetext` checks
a record move by move -- the setup's drops and pawns, each turn's seat,
steps, roll comment and pawns put aside -- and returns a :class:`ReadRace`,
the same :class:`~trackkit.motocross.race.record.RaceRecord` with where
every bike stood after each turn; text that is not such a record raises a
located :class:`~trackkit.errors.LayoutError`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from trackkit.motocross.course import Course
from trackkit.motocross.race.board import Space
from trackkit.motocross.race.engine import MAX_ROUNDS
from trackkit.motocross.race.ppn import LEAVING, Bike, Places, Table, course_spaces
from trackkit.motocross.race.record import OUTCOMES, RaceRecord, TurnRecord
from trackkit.piecepack.geometry import Heading
from trackkit.piecepack.notation import (
    PLACE,
    STEP,
    SUIT_LETTERS,
    Token,
    cartesian,
    commented_groups,
    read_moves,
)

__all__ = [
    "ReadRace",
    "read_movetext",
]

_PAWN = re.compile(rf"p([{SUIT_LETTERS}])@{PLACE}")
_SEAT = re.compile(r"\{seat ([1-9])\}")
_COINS = re.compile(r"\{(\d{1,3}) coins? each\}")
_ROLL = re.compile(
    r"\{roll((?: [0-5]){1,8})(?:; extra ([1-9]))?(?:; (coin to start))?(?:; number ([1-9]))?"
    rf"; ({'|'.join(outcome for outcome in OUTCOMES if outcome)})\}}"
)
_WAIT = re.compile(r"\{wait(; draws a coin)?\}")
_LANDED_ON = re.compile(r"\{seat ([1-9]) is landed on\}")
ROLL_HINT = "write {roll 3 0 5; number 3; moved}: the dice, extra N, coin to start, number N, the outcome"


@dataclass(frozen=True)
class ReadRace:
    """A record read back: the race, and where every bike stood at the
    start (``standings[0]``) and after each turn."""

    record: RaceRecord
    standings: list[tuple[Bike, ...]]


class _Reader:
    """Reads turns back, moving the pawns as the record moves them."""

    def __init__(self, places: Places, starts: Sequence[Space], course: Course) -> None:
        self.places = places
        self.table = Table(starts, course_spaces(course))

    def turn(self, number: Token, words: list[Token], expected: int) -> TurnRecord:
        """Turn ``expected`` (from 1): its move number and its words."""
        if number.text != f"{expected}.":
            raise number.error(
                f"move {number.text!r} should be numbered {expected}.", "number turns 1., 2., ..."
            )
        groups = list(commented_groups(words))
        seat = self._seat(number, groups)
        groups = groups[1:]
        entering = bool(groups) and groups[0][1].text == "{re-enters}"
        if entering:
            self._re_enter(seat, *groups[0])
            groups = groups[1:]
        landed: list[int] = []
        while groups and (found := _LANDED_ON.fullmatch(groups[0][1].text)) is not None:
            landed.append(self._put_aside(int(found.group(1)) - 1, *groups[0]))
            groups = groups[1:]
        if not groups or len(groups) > 2:
            raise number.error("a turn is one roll, a pass or a wait", ROLL_HINT)
        steps, comment = groups[0]
        if comment.text == "{pass}" or _WAIT.fullmatch(comment.text):
            if steps or entering or landed or len(groups) > 1:
                raise comment.error("a rider who passes or waits does not move", "leave the steps out")
            wait = _WAIT.fullmatch(comment.text)
            return TurnRecord(
                seat, "pass" if wait is None else "wait", drew_coin=bool(wait and wait.group(1))
            )
        turn = self._roll(seat, steps, comment, landed)
        self._fallen(seat, turn.outcome, groups[1] if len(groups) > 1 else None, comment)
        return turn

    def _seat(self, number: Token, groups: list[tuple[list[Token], Token]]) -> int:
        """The seat the turn's first comment names."""
        if not groups or groups[0][0] or not (seat_word := _SEAT.fullmatch(groups[0][1].text)):
            raise number.error("a turn starts with a comment naming the seat, {seat 2}", "add {seat N}")
        seat = int(seat_word.group(1)) - 1
        if seat >= len(self.table.bikes):
            raise groups[0][1].error(
                f"there is no seat {seat + 1} in this race", f"seats are 1 to {len(self.table.bikes)}"
            )
        return seat

    def _put_aside(self, seat: int, steps: list[Token], comment: Token) -> int:
        """A bike landed on, its pawn put next to its space before the
        lander arrives; its seat."""
        if seat >= len(self.table.bikes) or self.table.bikes[seat].out:
            raise comment.error(
                f"seat {seat + 1} has no bike on the track to land on", "name a bike on the track"
            )
        before, after = self.table.bikes[seat], self.table.wipe_out(seat)
        self._expect(steps, comment, [] if after.edge is None else [self.places.step(before, after)])
        return seat

    def _fallen(
        self, seat: int, outcome: str, group: tuple[list[Token], Token] | None, comment: Token
    ) -> None:
        """A bike wiped out where it stood has its pawn put next to its space."""
        fallen = self.table.bikes[seat]
        wanted = outcome == "wipe-out" and fallen.edge is not None
        if group is None and not wanted:
            return
        if group is None or not wanted or group[1].text != "{wipes out}":
            spot = comment if group is None else group[1]
            raise spot.error(
                "only a bike wiped out where it stood, and always, is put aside with {wipes out}",
                "step its pawn to the edge of its space beside no other space: (x,y)-(x,y) {wipes out}",
            )
        self._expect(group[0], group[1], [self.places.step(Bike(fallen.space), fallen)])

    def _expect(self, steps: list[Token], comment: Token, wanted: list[str]) -> None:
        """The steps putting a pawn aside must be ``wanted``."""
        if [step.text for step in steps] != wanted:
            where = ", ".join(wanted) or "no step"
            raise (steps[0] if steps else comment).error(
                f"a pawn put aside goes next to its space: {where}",
                "step it to the middle of the first edge (east, north, west, south) beside no space",
            )

    def _re_enter(self, seat: int, steps: list[Token], comment: Token) -> None:
        bike = self.table.bikes[seat]
        if not bike.out:
            raise comment.error(f"seat {seat + 1}'s bike is on the track", "only a wiped-out bike re-enters")
        lay = self.table.re_enter(seat)
        wanted = [] if lay is None else [self.places.step(lay, self.table.bikes[seat])]
        if [step.text for step in steps] != wanted:
            where = "where it stands" if lay is None else f"with {wanted[0]}"
            raise (steps[0] if steps else comment).error(
                f"a bike re-enters on the space it left the track from, {where}",
                "step the pawn back from the edge it lies at, or not at all",
            )

    def _roll(self, seat: int, steps: list[Token], comment: Token, landed: list[int]) -> TurnRecord:
        found = _ROLL.fullmatch(comment.text)
        if found is None:
            raise comment.error(f"{comment.text!r} does not describe a roll", ROLL_HINT)
        faces, extra, coin, moved, outcome = found.groups()
        if self.table.bikes[seat].out and outcome != "no-start":
            raise comment.error(
                f"seat {seat + 1}'s bike is wiped out: it re-enters before it moves", "add {re-enters} first"
            )
        headings = self._headings(seat, steps, outcome)
        walk = self.table.walk(seat, headings, outcome)
        end = walk[-1].space
        if any(self.table.bikes[other].space != end for other in landed) or (landed and outcome != "landed"):
            raise comment.error("the bikes put aside as landed on are not where this move lands", ROLL_HINT)
        if outcome == "landed" and self.table.aside(end) is not None and self.table.landed_on(seat, end):
            raise comment.error(
                "a bike landed on is put next to its space first: (x,y)-(x,y) {seat N is landed on}",
                "put it aside before the lander's steps",
            )
        self.table.settle(seat, walk[-1], outcome)
        dice = tuple(int(face) for face in faces.split())
        return TurnRecord(
            seat, "roll", coin is not None, int(extra or 0), dice, int(moved or 0), headings, outcome
        )

    def _headings(self, seat: int, steps: list[Token], outcome: str) -> str:
        """The letters of the pawn's steps: each from where the pawn is to
        the next space (or, last of a move leaving the track, to the edge)."""
        letters = ""
        here = self.table.bikes[seat]
        for index, word in enumerate(steps):
            found = STEP.fullmatch(word.text)
            if found is None:
                raise word.error(f"{word.text!r} is not a move of a pawn", "write (x,y)-(x,y)")
            x1, y1, x2, y2 = map(float, found.groups())
            if cartesian(x1, y1) != self.places.location(here.space, here.edge):
                raise word.error(
                    f"seat {seat + 1}'s pawn stands at {self.places.location(here.space, here.edge)}",
                    "start each step where the pawn stands",
                )
            last = index == len(steps) - 1 and outcome in LEAVING
            heading = _heading(x2 - x1, y2 - y1, 0.5 if last else 1.0)
            if heading is None:
                size = "half a space, to the edge it crosses" if last else "one space"
                raise word.error(
                    f"{word.text!r} is not a step of {size} along an axis", "step space by space"
                )
            if last:
                here = Bike(here.space, edge=heading)
            else:
                here = Bike((here.space[0] + heading.dx, here.space[1] + heading.dy))
                if self.places.location(here.space) not in self.places.space:
                    raise word.error(f"{cartesian(x2, y2)} is no space of the course", "step onto the course")
            letters += heading.name[0]
        return letters


def _heading(dx: float, dy: float, length: float) -> Heading | None:
    """The heading of a step ``(dx, dy)`` of ``length`` along an axis."""
    for heading in Heading:
        if (dx, dy) == (heading.dx * length, heading.dy * length):
            return heading
    return None


def _starts(places: Places, words: list[Token], riders: int, number: Token) -> tuple[list[Space], int]:
    """The starting spaces by seat and the coins each rider holds, read
    from the setup's pawns and its comment; the other drops must be the
    course's own."""
    starts: dict[int, Space] = {}
    coins: int | None = None
    others: list[Token] = []
    for word in words:
        if (pawn := _PAWN.fullmatch(word.text)) is not None:
            seat = SUIT_LETTERS.index(pawn.group(1))
            location = cartesian(float(pawn.group(2)), float(pawn.group(3)))
            if seat >= riders or seat in starts or location not in places.space:
                raise word.error(
                    f"{word.text!r} is not the pawn of a rider on a space of the course",
                    f"drop one pawn a seat ({riders} here, pS first) on a space",
                )
            starts[seat] = places.space[location]
        elif (dealt := _COINS.fullmatch(word.text)) is not None:
            coins = int(dealt.group(1))
        else:
            others.append(word)
    if [word.text for word in others] != list(places.drops):
        spot = next((word for word, text in zip(others, places.drops) if word.text != text), number)
        raise spot.error(
            "the setup is not the course's", "drop the tiles and ramp coins as the course lays them"
        )
    if len(starts) != riders or coins is None:
        raise number.error(
            f"the setup needs the {riders} riders' pawns and the coins each holds",
            "drop pS, pM... on their spaces and add {N coins each}",
        )
    return [starts[seat] for seat in range(riders)], coins


def read_movetext(course: Course, drivers: tuple[str, ...], text: str, first_line: int = 1) -> ReadRace:
    """Read the movetext ``text`` (starting on line ``first_line`` of its
    file) of a race of ``drivers`` (by seat) on ``course``.  Raises a
    located :class:`~trackkit.errors.LayoutError` for text that is not such
    a record."""
    places = Places(course)
    moves = read_moves(text, first_line)
    starts, coins = _starts(places, moves[0][1], len(drivers), moves[0][0])
    most = MAX_ROUNDS * len(drivers)
    if len(moves) > most + 1:
        raise moves[most + 1][0].error(
            f"a race is stopped after {MAX_ROUNDS} rounds: {most:,} turns for {len(drivers)} riders",
            "end the record there",
        )
    reader = _Reader(places, starts, course)
    turns: list[TurnRecord] = []
    standings = [tuple(reader.table.bikes)]
    for expected, (number, words) in enumerate(moves[1:], 1):
        turns.append(reader.turn(number, words, expected))
        standings.append(tuple(reader.table.bikes))
    record = RaceRecord(course, drivers, tuple(starts), coins, turns)
    return ReadRace(record, standings)
