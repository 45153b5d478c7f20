"""The rally expert: each Fuel token spent where it keeps the team together.

The simple drivers weigh a move by the rows it gains and the Control it
costs.  The expert weighs, besides, what the two cars' places at the end
of the move are worth when the dice are rolled and at the Checkpoints:

* **the team** -- the rules give "+2 Dice if your trail car could reach
  your lead car in 4 moves", and the Trail Car stack pays as much for
  being ahead of a rival's second car as the Lead Car stack pays the
  first (9 against 8, 5 against 4 in a two-player race).  So the trail
  car's rows count :data:`TRAIL_WEIGHT` times as much as the lead car's,
  and a move that leaves the team within four moves earns
  :data:`TEAM_WORTH`;
* **drafting** -- "+1 Die for each of your cars that is in the space
  directly behind any other car": a move ending right behind a car earns
  :data:`DRAFT_WORTH`.

Rows gained, Control spent and these are in quarters of a row, as the
simple drivers count (four a row, one a Control token).
"""

from __future__ import annotations

from collections.abc import Sequence

from trackkit.rally.race.dice import TEAM_REACH
from trackkit.rally.race.moves import Candidate, Table, near_team
from trackkit.rally.race.record import FINISHED

__all__ = ["expert_pick"]

ROW_WORTH = 4
"""A row gained, in quarters (as the simple drivers count)."""

CONTROL_WORTH = 1
"""A Control token spent (on a Gate or on ghosting), in quarters of a row."""

TRAIL_WEIGHT = 2
"""How many times a row of the trail car counts against one of the lead car."""

TEAM_WORTH = 3
"""A move that leaves the team within reach of the Team Racing bonus."""

DRAFT_WORTH = 2
"""A move that ends directly behind a car (the Drafting bonus)."""


def _worth(table: Table, move: Candidate, mate: int) -> int:
    """What ``move`` is worth to the expert whose other car stands on ``mate``."""
    gain = ROW_WORTH * move.gain * (TRAIL_WEIGHT if move.rear else 1) - CONTROL_WORTH * move.cost
    path = move.path
    end = path[-1]
    if end == FINISHED or mate < 0:
        return gain
    if near_team(table, (end, mate), TEAM_REACH):
        gain += TEAM_WORTH
    ahead = table.road.forward[end]
    if ahead >= 0 and ahead != path[0] and table.occupied[ahead]:
        gain += DRAFT_WORTH
    return gain


def expert_pick(table: Table, candidates: Sequence[Candidate]) -> Candidate | None:
    """The expert's next move among ``candidates`` (``None``: none left)."""
    if not candidates:
        return None

    def key(move: Candidate) -> tuple[int, int]:
        mate = table.pos[move.car ^ 1]
        return (_worth(table, move, mate), -move.car)

    return max(candidates, key=key)

