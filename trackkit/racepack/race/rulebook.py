"""The rulebook's sentences the Racepack move checker quotes when it
refuses a move (:mod:`trackkit.racepack.race.checker`): each refusal names
the rule broken in the rulebook's own words."""

from __future__ import annotations

__all__ = [
    "BUMPING",
    "CORNER_SPEED",
    "ENDED_BY",
    "FLIPPED",
    "FORWARD",
    "HEADING",
    "MOVE_UP",
    "OFF_TRACK",
    "ONCE",
    "OUTSIDE",
    "PENALTY",
    "PIT_LANE",
    "REROLL",
    "RE_ENTRY",
    "THREE",
    "TOKENS",
    "quoted",
    "speed_rule",
]

BUMPING = "Bumping is not allowed"
CORNER_SPEED = "Entering a corner at a speed greater than 2 is not allowed"
FLIPPED = "During the first lap, as the last place car passes by each hazard token it is flipped over"
FORWARD = (
    "Forward movements are always straight-ahead movements of 1-7 spaces. Lane change movements"
    " are always 1 space diagonally"
)
HEADING = (
    "When a car has ended a movement within a corner it is automatically assumed to be facing out"
    " of the corner ... (in rare cases a driver may wish the car to still be facing in the direction"
    " it was moving in the previous movement, and this is also allowed)"
)
MOVE_UP = (
    "After the first two cars are off, the next two move up before taking their first turns, etc."
    " Cars may not switch lanes as they move up to the starting line"
)
OFF_TRACK = "A car that has spun out is placed off the track, on the outside of the corner"
ONCE = "Each strategy token may only be used once"
OUTSIDE = "He places his car onto any one of the three outside spaces of the corner tile"
PIT_LANE = "Speed in the pit lane is restricted to 3"
PENALTY = "When a car enters a corner at a speed of 2, the player whose car it is must roll the penalty die"
RE_ENTRY = (
    "At the beginning of his next turn the driver must use up one movement to re-enter the track"
    " at a speed of 1"
)
REROLL = "another player may play a strategy token to force the player to re-roll the die"
TOKENS = "each player receives a set of five (ace through 5) for each car they control"
THREE = "Drivers are allotted three movements per turn and they must use all three if it is possible"
ENDED_BY = {
    "the finish": (
        "The remaining cars continue past the finish line to determine the 2nd and 3rd place positions"
    ),
    "a spin-out": "Spinning out immediately ends a driver's turn",
    "a hazard": "the driver may not make any further movements that turn",
}
"""What ends a turn early, and the sentence that says so."""


def quoted(sentence: str) -> str:
    """A rulebook sentence as a refusal ends with it: ``('...')``."""
    return f"('{sentence}')"


def speed_rule(reason: str) -> str:
    """The sentence behind a speed problem that ``reason`` names."""
    if "starts with a first movement" in reason:
        return quoted("Drivers must start the race with a first movement speed of 1")
    if "token" in reason:
        return quoted(
            "Strategy tokens may be played offensively during any movement except when starting out"
        )
    if "range" in reason:
        return quoted("Speeds may range from 1 to 7")
    if "movements" in reason:
        return quoted(THREE)
    return quoted(
        "cars may accelerate by 1 per movement, while decelerations of either 1 or 2 per movement are allowed"
    )
