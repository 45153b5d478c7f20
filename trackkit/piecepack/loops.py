"""Facts about any loop of points or tiles, whatever the game.

A *run* is a stretch of consecutive places round a loop where the road does
not turn: a straight.  The helpers here work on a list of flags (one per
tile, true where the road turns) or on a list of points, so the tile model of
:mod:`trackkit.piecepack.circuit` and the fast whole-tile cells of the
circuit search share them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from trackkit.piecepack.geometry import Point

__all__ = ["Box", "bounding_box", "is_counterclockwise", "longest_run", "straight_runs"]

Box = tuple[int, int, int, int]
"""``(left, bottom, right, top)``: the least and greatest x and y of some points."""


def straight_runs(turning: Sequence[bool]) -> list[tuple[int, int]]:
    """Every maximal run of non-turning places round a loop, as ``(first,
    length)``, sorted by first place.  A run may wrap past place 0.  A loop
    that never turns has no runs (it has no corner to start one)."""
    n = len(turning)
    corners = [i for i, flag in enumerate(turning) if flag]
    runs: list[tuple[int, int]] = []
    for here, there in zip(corners, [*corners[1:], corners[0] + n] if corners else []):
        if there - here > 1:
            runs.append(((here + 1) % n, there - here - 1))
    return sorted(runs)


def longest_run(turning: Sequence[bool]) -> int:
    """The most non-turning places in a row round the loop (all of them when
    it never turns)."""
    flags = bytes(turning)  # 1 where the road turns
    first = flags.find(1)
    if first < 0:
        return len(flags)
    # Read round the loop from just after a turn back to it: the pieces
    # between turns are the straights.
    return max(map(len, (flags[first + 1 :] + flags[:first]).split(b"\x01")))


def bounding_box(points: Iterable[Point]) -> Box:
    """The smallest box holding ``points``; raises ``ValueError`` for none."""
    every = points if isinstance(points, (list, tuple)) else list(points)
    xs = [x for x, _ in every]
    ys = [y for _, y in every]
    if not xs:
        raise ValueError("no points to bound")
    return (min(xs), min(ys), max(xs), max(ys))


def is_counterclockwise(points: Sequence[Point]) -> bool:
    """Whether a loop through ``points`` in order goes round counterclockwise
    (the ground it encloses lies on the driver's left): its signed area, by
    the shoelace formula, is positive."""
    following = [*points[1:], points[0]] if points else []
    twice_area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(points, following))
    return twice_area > 0
