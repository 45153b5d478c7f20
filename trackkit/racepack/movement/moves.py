"""Where a single movement can go: the geometry the turn search reads.

A :class:`MoveTable` lists, for a place on the board, a heading and a
speed, every movement a car could make (a forward movement straight
ahead, or a lane change of one space diagonally) with what the search
needs to know of it: the spaces it passes, the crossings of the line and
the corner it enters.  It is worked out on demand and kept, so the
searches of boards sharing one road share one table.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from trackkit.racepack.movement.board import Board

__all__ = ["FORWARD", "LANE_CHANGE", "Move", "MoveTable"]

FORWARD = "forward"
LANE_CHANGE = "lane-change"


@dataclass(frozen=True)
class Move:
    """One movement's geometry, worked out once: where it goes, how many
    times it crosses the line, the corner tile it enters (if any) and
    whether it passes over or lands on a hazard of the table's own board
    (a table shared by boards with other hazards asks :meth:`Board.hits`)."""

    kind: str
    path: tuple[int, ...]
    laps: int
    entered: int | None
    hits: bool


class MoveTable:
    """Every movement from every place at every speed, computed on demand
    and kept; shared by searches on boards with the same road."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._known: dict[tuple[int, int, int], tuple[Move, ...]] = {}
        self.heads: dict[tuple[frozenset[int], bool], dict[tuple[int, int, int, bool], list[Any]]] = {}
        """The movements as the turn searches on this table take them
        (:meth:`~trackkit.racepack.movement.turns.TurnSearch._heads_of`),
        by the corners whose limit is lifted and whether corners may be
        risked, which is all they depend on beyond the table: shared by
        every search with the same two."""

    def moves(self, space: int, heading: int, speed: int) -> tuple[Move, ...]:
        key = (space, heading, speed)
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = tuple(self._compute(space, heading, speed))
        return found

    def _compute(self, space: int, heading: int, speed: int) -> list[Move]:
        board = self.board
        paths: list[tuple[str, tuple[int, ...]]] = [
            (LANE_CHANGE, (space, target)) for target in board.beside.get((space, heading), ())
        ]
        walk = [space]
        for _ in range(speed):
            following = board.ahead.get((walk[-1], heading))
            if following is None:
                break
            walk.append(following)
        else:
            paths.insert(0, (FORWARD, tuple(walk)))
        found = []
        for kind, path in paths:
            move = self._move(kind, path, speed)
            if move is not None:
                found.append(move)
        return found

    def _move(self, kind: str, path: tuple[int, ...], speed: int) -> Move | None:
        board = self.board
        laps = 0
        entered: int | None = None
        for source, target in itertools.pairwise(path):
            if board.limit[target // 4] < speed or board.limit[source // 4] < speed:
                return None
            if target // 4 != source // 4 and board.corner[target // 4]:
                entered = target // 4
            laps += board.crosses(source, target)
        hits = any(space in board.hazards for space in path[1:])
        return Move(kind, path, laps, entered, hits)
