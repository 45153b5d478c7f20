"""How likely one car is to finish before another, as the expert reckons it.

The expert knows, from the track's risk-optimal policy, how many turns each
car still needs on average.  The turns a car actually needs spread about
that figure (spin-outs, blocking, hazards), more widely the further it has
to go; the expert takes the difference of two cars' finishes as normally
spread, with a variance of :data:`SPREAD` per expected turn left of either
car plus :data:`FLOOR`.
"""

from __future__ import annotations

import functools
import math

__all__ = ["FLOOR", "SPREAD", "ahead_chance"]

SPREAD = 0.08
"""The variance of a car's turns to the finish per expected turn left: a
lone bold car on Figure 1 needs 22.3 turns with a standard deviation near
1.3 (1.3² / 22.3 is about 0.08)."""

FLOOR = 0.35
"""The variance of two finishes that are both due this round: who crosses
first still depends on the order of moves and the dice."""


@functools.lru_cache(maxsize=1 << 16)
def ahead_chance(mine: float, theirs: float) -> float:
    """The chance that a car needing ``mine`` more rounds finishes before a
    rival needing ``theirs`` (a half round added to the rival's figure
    counts a tie for the car, subtracted for the rival).  The figures come
    from a track's table of expectations, so the same pairs recur turn
    after turn: the answers are kept."""
    variance = SPREAD * (mine + theirs) + FLOOR
    return 0.5 * (1.0 + math.erf((theirs - mine) / math.sqrt(2.0 * variance)))
