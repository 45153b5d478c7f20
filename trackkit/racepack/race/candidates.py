"""One turn as a driver weighs it: a :class:`Candidate`, and the spaces it touches.

The engine ranks every turn a car can take from where it stands
(:meth:`~.track.RaceTrack.ranked`); a driver looks at the best few and asks
of each whether it would bump a car (a turn may not pass over or land on
another car's space) or be cut short by a hazard (one on a space passed
before the turn's last movement ends the turn there).  The answers are
kept with the candidate, as sets of spaces and as bit masks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence

from trackkit.racepack.movement.laps import Node, Planner, spin_chances
from trackkit.racepack.movement.races import RacePolicy
from trackkit.racepack.movement.turns import RE_ENTRY, Movement, Plan

__all__ = ["Candidate", "best_free", "expected_after", "space_mask"]


class Candidate:
    """One way a turn can go, as a driver weighs it: its ``expected`` turns
    to the finish (for the driving style that ranked it), the ``plan``, the
    expected turns to the finish after each way it can go (``after``: every
    roll survived, then a spin-out at each corner risked in turn), its
    ``movements`` and every space they pass or land on (``touched``: a turn
    touching another car's space would bump it).  The movements are read
    back from the plan the first time they are asked for: a driver mostly
    looks at the best few plans of many."""

    __slots__ = (
        "_early",
        "_moves",
        "_node",
        "_planner",
        "_race_start",
        "_touched",
        "after",
        "early_mask",
        "expected",
        "mask",
        "plan",
        "toll_for",
        "tolled",
    )

    mask: int
    """:attr:`touched` as a bit mask (bit ``s`` for space ``s``): a driver
    tests it against the cars' spaces turn after turn, so it is a plain
    attribute once worked out (see :meth:`__getattr__`)."""

    early_mask: int
    """:attr:`early` as a bit mask, likewise."""

    toll_for: frozenset[int] | None
    """The hazards in effect that :attr:`tolled` was valued for (``None``
    before the expert first looks past this turn)."""

    tolled: Candidate
    """This turn valued with the hazard toll of its end for the hazards
    :attr:`toll_for` (see :func:`~.lookahead.with_toll`): the expert asks
    again each turn a car stands where this turn starts, so it is kept."""

    def __init__(
        self,
        expected: float,
        plan: Plan,
        after: tuple[float, ...],
        planner: Planner,
        node: Node,
        race_start: bool,
    ) -> None:
        self.expected = expected
        self.plan = plan
        self.after = after
        self._planner = planner
        self._node = node
        self._race_start = race_start
        self._moves: tuple[Movement, ...] | None = None
        self._touched: frozenset[int] | None = None
        self._early: frozenset[int] | None = None
        self.toll_for = None

    def __getattr__(self, name: str) -> int:
        """:attr:`mask` and :attr:`early_mask` the first time they are
        asked for (Python asks here only while they are unset)."""
        if name == "mask":
            self.mask = space_mask(self.touched)
            return self.mask
        if name == "early_mask":
            self.early_mask = space_mask(self.early)
            return self.early_mask
        raise AttributeError(name)

    def revalued(self, expected: float, after: tuple[float, ...]) -> Candidate:
        """The same turn with other expectations (the expert's, which count
        the hazards its next turn would meet); what is known of its spaces
        is shared."""
        twin = Candidate(expected, self.plan, after, self._planner, self._node, self._race_start)
        twin._moves, twin._touched, twin._early = self._moves, self._touched, self._early
        for name in ("mask", "early_mask"):
            # copied once worked out: reading an unset slot so skips __getattr__
            with contextlib.suppress(AttributeError):
                setattr(twin, name, object.__getattribute__(self, name))
        return twin

    @property
    def movements(self) -> tuple[Movement, ...]:
        if self._moves is None:
            self._moves = self._planner.movements(self._node, self.plan, self._race_start)
        return self._moves

    @property
    def touched(self) -> frozenset[int]:
        if self._touched is None:
            self._touched = _touched(self.movements)
        return self._touched

    @property
    def early(self) -> frozenset[int]:
        """The spaces the turn passes or lands on before its last movement: a
        hazard there would end it early (one on the last movement changes
        nothing), so a plan made for a road without hazards holds on a road
        with hazards elsewhere."""
        if self._early is None:
            self._early = _touched(self.movements[:-1])
        return self._early


def space_mask(spaces: Iterable[int]) -> int:
    """A set of spaces as a bit mask: bit ``s`` set for each space ``s``."""
    mask = 0
    for space in spaces:
        mask |= 1 << space
    return mask


def _touched(movements: tuple[Movement, ...]) -> frozenset[int]:
    """Every space a turn's movements pass over or land on (a re-entry
    lands on its one space)."""
    found: set[int] = set()
    for movement in movements:
        found.update(movement.spaces if movement.kind == RE_ENTRY else movement.spaces[1:])
    return frozenset(found)

def best_free(
    ranked: Sequence[Candidate], occupied: int, hazards: int, count: int, margin: float
) -> list[Candidate]:
    """The best of ``ranked`` (best first) that bump no car on ``occupied``
    and that no hazard on ``hazards`` cuts short (both bit masks of
    spaces): at most ``count``, each within ``margin`` expected turns of
    the best of them."""
    found: list[Candidate] = []
    limit = 0.0
    for candidate in ranked:
        if found and (len(found) >= count or candidate.expected > limit):
            break
        if candidate.mask & occupied or (hazards and candidate.early_mask & hazards):
            continue
        if not found:
            limit = candidate.expected + margin
        found.append(candidate)
    return found


def expected_after(policy: RacePolicy, level: int, plan: Plan) -> tuple[float, tuple[float, ...]]:
    """The expected turns to the finish of a turn following ``plan`` from
    ``level`` crossings (one turn, then wherever it leads, weighted by the
    chance of spinning out at each risked corner), and the expected turns
    to the finish after each way the turn can go: every roll survived, then
    a spin-out at each risked corner in turn (a :class:`Candidate` keeps
    them for the expert)."""
    through = policy.value(level + plan.laps, plan.end)
    if not plan.risks:  # most plans: the one way, certain (1.0 * x is x exactly)
        return 1.0 + through, (through,)
    chances = spin_chances(len(plan.risks))
    after = [through]
    total = 1.0 + chances[-1] * through
    for chance, (tile, laps) in zip(chances, plan.risks):
        after.append(policy.value(level + laps, (-1 - tile, -1)))
        total += chance * after[-1]
    return total, tuple(after)
