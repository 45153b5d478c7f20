"""The words ``generate`` and ``count`` print (writing the tracks is
:func:`trackkit.api.write_generated`'s)."""

from __future__ import annotations

from typing import Any

from trackkit.racepack.circuits import EXACT_LIMIT, UNIFORM_LIMIT, CircuitCount
from trackkit.racepack.constructions import PIT_LENGTH
from trackkit.racepack.generate import Generated

__all__ = [
    "count_json",
    "count_text",
    "summary_line",
]

# --- what generate prints ------------------------------------------------------


def _plural(number: int, word: str) -> str:
    return f"{number:,} {word}" if number == 1 else f"{number:,} {word}s"


_NOT_EXACT = ", close to uniform but not exactly"


def summary_line(generated: Generated) -> str:
    """How the circuits were chosen, in one line.

    ``24 tiles: 4,812 of 58,364 circuits meet the constraints; each was
    equally likely``; above 28 tiles ``40 tiles: drawn exactly uniformly
    from the 12,796,823,923 circuits of that size, 3 of 7 draws meeting the
    constraints; each circuit meeting them was equally likely`` (``... of
    that size with 8 corners; each was equally likely`` when the corners
    asked for were met exactly); or for the
    random walk ``52 tiles: above 48 tiles circuits are drawn by a random
    walk, close to uniform but not exactly``.
    """
    tiles = _plural(generated.loop_tiles, "tile")
    if generated.pit:
        tiles += f" and a {PIT_LENGTH}-tile pit lane"
    kind = "circuits"
    if generated.hairpins:
        kind += f" with {_plural(generated.hairpins, 'hairpin')}"
    if generated.method == "id":
        return f"{tiles}: circuit {generated.ids[0]}, rebuilt from its id"
    if generated.method == "corners" and generated.people and generated.loop_tiles > UNIFORM_LIMIT:
        return (
            f"{tiles}: above {UNIFORM_LIMIT} tiles circuits people race are built corner by corner;"
            " every one is legal, but they were not equally likely"
        )
    if generated.method == "corners":
        how = "exactly uniform draws" if generated.loop_tiles <= UNIFORM_LIMIT else "random walk"
        return (
            f"{tiles}: the {how} found too few matching {kind}, so they were built corner by corner;"
            " every one is legal, but they were not equally likely"
        )
    constraints = "the constraints of a track people race" if generated.people else "the constraints"
    if generated.method == "uniform" and generated.total is not None and generated.draws is not None:
        drawn = f"{tiles}: drawn exactly uniformly from the {generated.total:,} {kind} of that size"
        drawn += _corner_words(generated.corners)
        met, tried = generated.draws
        if met == tried:
            return f"{drawn}; each was equally likely"
        return (
            f"{drawn}, {met:,} of {tried:,} draws meeting {constraints};"
            " each circuit meeting them was equally likely"
        )
    if generated.matching is None or generated.total is None:
        if generated.hairpins:
            return f"{tiles}: {kind} above {EXACT_LIMIT} tiles are drawn by a random walk{_NOT_EXACT}"
        return f"{tiles}: above {UNIFORM_LIMIT} tiles circuits are drawn by a random walk{_NOT_EXACT}"
    return (
        f"{tiles}: {generated.matching:,} of {generated.total:,} {kind} meet {constraints};"
        " each was equally likely"
    )


def _corner_words(corners: tuple[int | None, int | None] | None) -> str:
    """`` with 8 corners``, `` with 8 to 12 corners``, `` with at least 8
    corners``: the corners every circuit drawn from has (empty: any)."""
    if corners is None:
        return ""
    low, high = corners
    if low is not None and low == high:
        return f" with {low} corners"
    if low is not None and high is not None:
        return f" with {low} to {high} corners"
    return f" with at least {low} corners" if low is not None else f" with at most {high} corners"


# --- what count prints ---------------------------------------------------------


def _limits_words(count: CircuitCount) -> str:
    parts = [
        f"at most {limit} tiles {axis}"
        for axis, limit in (("wide", count.max_width), ("high", count.max_height))
        if limit is not None
    ]
    return f" ({' and '.join(parts)})" if parts else ""


def count_text(count: CircuitCount, corners: bool = False) -> str:
    """The counts in words, and with ``corners`` a table of how many circuits
    have each number of corners."""
    head = f"{_plural(count.tiles, 'tile')}{_limits_words(count)}"
    lines = [f"{head}: {_plural(count.translation, 'plain circuit')} up to translation"]
    if count.free is not None:
        lines[0] += f", {count.free:,} up to rotation and reflection"
    if corners and count.corners:
        width = max(len(f"{number:,}") for number in count.corners.values())
        width = max(width, len("circuits"))
        lines.append(f"corners  {'circuits':>{width}}   share")
        for corner_count, number in sorted(count.corners.items()):
            share = 100 * number / count.translation
            lines.append(f"{corner_count:>7}  {number:>{width},}  {share:5.1f}%")
    return "\n".join(lines)


def count_json(count: CircuitCount, corners: bool = False) -> dict[str, Any]:
    """``{"tiles", "translation", "free"}`` (``free`` null when not counted),
    the limits when given, and ``"corners"`` when asked for, mapping a
    number of corners (as text) to a number of circuits."""
    data: dict[str, Any] = {"tiles": count.tiles, "translation": count.translation, "free": count.free}
    for key, limit in (("max_width", count.max_width), ("max_height", count.max_height)):
        if limit is not None:
            data[key] = limit
    if corners:
        data["corners"] = {str(key): value for key, value in sorted(count.corners.items())}
    return data
