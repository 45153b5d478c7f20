"""The optional Skills cards, and how they are dealt.

"Separate the Skills cards into sets of 4 cards, with each set containing 1
Turbo, 1 Best Line, 1 Stunt Driver, and 1 All In.  Give 1 set of cards to
each player."  In the *advanced variant* all the Skills cards are shuffled
face down and four dealt to each player ("Remove unused Skill cards from the
game").  The base box holds four sets (enough for its four players); the
expansion adds "8 Skill cards", two more sets.  Five or six players play
with the expansion pack ("With the expansion pack included, it is possible
to play with up to 6 players"), so its Skills cards are in the deal too:
24 cards, four for each of six players.
"""

from __future__ import annotations

import random

from trackkit.errors import ArgumentError

__all__ = [
    "ALL_IN",
    "BASE_SETS",
    "BEST_LINE",
    "EXPANSION_SETS",
    "HAND",
    "SKILLS",
    "SKILL_MODES",
    "STUNT_DRIVER",
    "TURBO",
    "check_skills",
    "deal_skills",
    "skills_sets",
]

TURBO = "Turbo"
"""'Each Fuel token that you play on this turn allows you to make up to 4 moves with a single car.'"""
BEST_LINE = "Best Line"
"""'The cost for each Gate that you pass through on this turn is reduced by 1.'"""
STUNT_DRIVER = "Stunt Driver"
"""'When using a Jump on this turn, you may jump to the first open space in front of your
closest opponent.'"""
ALL_IN = "All In"
"""'Roll all 10 dice. You also have the option to reroll a third time.'"""

SKILLS = (TURBO, BEST_LINE, STUNT_DRIVER, ALL_IN)
"""One set of Skills cards."""

HAND = len(SKILLS)
"""Cards each player holds: one set, or four dealt in the advanced variant."""

BASE_SETS = 4
"""'This base game box comes with enough components to play with up to 4 players.'"""
EXPANSION_SETS = 2
"""The expansion's '8 Skill cards'."""

SKILL_MODES = ("none", "base", "advanced")
"""Skills cards left out, one set a player, or the advanced variant's deal."""


def check_skills(mode: str) -> None:
    """Raise :class:`ArgumentError` for a mode not in :data:`SKILL_MODES`."""
    if mode not in SKILL_MODES:
        known = ", ".join(SKILL_MODES)
        raise ArgumentError(f"must be one of {known}, not {mode!r}", parameter="skills")


def skills_sets(players: int, expansion: bool) -> int:
    """How many sets of Skills cards the boxes on the table hold: the base
    box's four, and the expansion's two when ``expansion`` is in use or
    more than four play (five or six players need the expansion pack)."""
    return BASE_SETS + (EXPANSION_SETS if expansion or players > BASE_SETS else 0)


def deal_skills(mode: str, players: int, expansion: bool, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Each player's Skills cards under ``mode`` (see :data:`SKILL_MODES`);
    the advanced deal shuffles every set of :func:`skills_sets` and deals
    four to each player ("Shuffle all of the Skills cards face down and
    deal 4 to each player")."""
    check_skills(mode)
    if mode == "none":
        return tuple(() for _ in range(players))
    if mode == "base":
        return tuple(SKILLS for _ in range(players))
    pile = list(SKILLS * skills_sets(players, expansion))
    rng.shuffle(pile)
    return tuple(
        tuple(sorted(pile[seat * HAND : (seat + 1) * HAND], key=SKILLS.index)) for seat in range(players)
    )
