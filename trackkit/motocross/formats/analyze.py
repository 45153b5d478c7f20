"""``trackkit analyze`` output for a Motocross course, as text or JSON.

The figures come from :func:`trackkit.motocross.race.lone.lone_rider`: the
fewest turns a lone rider (always leading, so one die a turn) needs to
finish, without coins and with the coins it is dealt, and the chance of
rolling a number over each ramp with one to four dice, as exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from trackkit.motocross.course import Course
from trackkit.motocross.race.lone import LoneRider

__all__ = [
    "lone_rider_json",
    "lone_rider_text",
]

DICE_LABELS = ("1 die", "2 dice", "3 dice", "4 dice")


def _turns(turns: int | None) -> str:
    return "never" if turns is None else f"{turns} turns"


def lone_rider_text(course: Course, lone: LoneRider) -> str:
    """The figures as a short report a course builder can read."""
    title = course.name or "Course"
    lines = [
        f"{title}: a lone rider, always leading (one die a turn)",
        f"  fewest turns to finish without coins: {_turns(lone.without_coins)}",
        f"  fewest turns with its {lone.coins} coins (an extra die each): {_turns(lone.with_coins)}",
    ]
    if not lone.ramps:
        return "\n".join([*lines, "", "No ramps."])
    dice = "".join(f"  {label:>6}" for label in DICE_LABELS)
    lines += ["", "Chance of a number over the ramp:", f"tile  height{dice}"]
    for ramp in lone.ramps:
        chances = "".join(f"  {chance!s:>6}" for chance in ramp.chances)
        lines.append(f"{ramp.tile:>4}  {ramp.height:>6}{chances}")
    return "\n".join(lines)


def _fraction_json(chance: Fraction) -> dict[str, Any]:
    return {"fraction": str(chance), "probability": round(float(chance), 4)}


def lone_rider_json(course: Course, lone: LoneRider) -> dict[str, Any]:
    """Every figure, fractions as text (``"5/9"``) with their value."""
    return {
        "name": course.name,
        "game": course.game,
        "fewest_turns": {"without_coins": lone.without_coins, "with_coins": lone.with_coins},
        "coins": lone.coins,
        "ramps": [
            {
                "tile": ramp.tile,
                "height": ramp.height,
                "over": {f"{dice}": _fraction_json(chance) for dice, chance in enumerate(ramp.chances, 1)},
            }
            for ramp in lone.ramps
        ],
    }
