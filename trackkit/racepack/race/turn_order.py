"""Whose turn it is in a recorded Racepack race, and whether the race ran to
its end: the move checker's (:mod:`trackkit.racepack.race.checker`) picture
of the turn order, kept apart from the engine's.

* The first round goes by the grid: "The driver on the pole goes first ...
  Then the driver starting next to the pole position takes his first turn,
  followed by the other drivers in order".
* Every later round goes in race order as it stands when the round begins:
  "the turn order is set by the order of the cars in the race, with the
  driver in the lead going first ... Each driver takes their next turn, and
  then the turn order is re-determined for the next set of turns."  Cars
  level in the race order (two cars spun out at one corner) go by grid slot.
* A car that has finished leaves the track and takes no more turns; the race
  goes on until every car has finished ("The remaining cars continue past
  the finish line to determine the 2nd and 3rd place positions"), or until
  :data:`~trackkit.racepack.race.engine.MAX_ROUNDS` rounds have been played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = [
    "FIRST_ROUND",
    "LATER_ROUNDS",
    "TurnOrder",
    "end_problems",
    "finish_problems",
]

FIRST_ROUND = (
    "'The driver on the pole goes first ... Then the driver starting next to the pole position"
    " takes his first turn, followed by the other drivers in order'"
)
LATER_ROUNDS = (
    "'the turn order is set by the order of the cars in the race, with the driver in the lead going"
    " first ... Each driver takes their next turn, and then the turn order is re-determined'"
)
WINNER = "'The driver of the first car to pass the finish line on the last lap wins the race'"
OTHERS = "'The remaining cars continue past the finish line to determine the 2nd and 3rd place positions'"


class TurnOrder:
    """The cars to play in the round under way, in order, by grid slot (0 the
    pole), those that have played in it and how many rounds have begun.
    ``cars`` cars race.  Every car racing when a round begins plays once in
    it (a car finishes only in its own turn), so a round is as many turns
    as it has cars: a turn out of place is named, and the next round still
    begins where it should."""

    def __init__(self, cars: int) -> None:
        self.queue = list(range(cars))
        self.played: set[int] = set()
        self.rounds = 1

    def problem(self, slot: int, finished: bool, standing: Callable[[], list[int]]) -> str:
        """What is wrong with car ``slot`` taking the next turn (an empty text
        when it is its turn); ``finished`` says whether it has finished, and
        ``standing`` gives the cars still racing, leader first, for a new round."""
        if not self.queue:
            self.queue, self.played = standing(), set()
            self.rounds += 1
        rule = FIRST_ROUND if self.rounds == 1 else LATER_ROUNDS
        expected = self.queue.pop(0) if self.queue else None
        if finished:
            return f"car {slot + 1} has finished and left the track; it takes no more turns ({OTHERS})"
        if slot == expected:
            self.played.add(slot)
            return ""
        if expected is None:
            return f"every car has finished: the race is over ({OTHERS})"
        if slot in self.played:
            return f"car {slot + 1} has had its turn this round; car {expected + 1} plays now ({rule})"
        self.played.add(slot)
        return f"car {expected + 1} plays now, not car {slot + 1} ({rule})"


def end_problems(turns: int, racing: Sequence[int], finished: int, complete: bool) -> list[str]:
    """What is wrong with a record ending after ``turns`` turns with the cars
    ``racing`` (grid slots) still on the track and ``finished`` cars home;
    ``complete`` when the race had run its last round."""
    if not racing or complete:
        return []
    cars = ", ".join(str(slot + 1) for slot in racing)
    if not finished:
        return [f"after turn {turns}: the record ends before any car has finished ({WINNER})"]
    return [f"after turn {turns}: the record ends with car {cars} still racing ({OTHERS})"]


def finish_problems(written: tuple[int, ...] | None, home: Sequence[int]) -> list[str]:
    """The finishing order a record gives (``written``, grid slots; ``None``
    in a record written before it was kept) against the order the cars
    crossed the line for the last time in its moves (``home``)."""
    if written is None or tuple(written) == tuple(home):
        return []
    given = ", ".join(str(slot + 1) for slot in written)
    driven = ", ".join(str(slot + 1) for slot in home)
    return [
        f"the finish: the record gives the order {given}, but the cars finished {driven} ({WINNER}; {OTHERS})"
    ]
