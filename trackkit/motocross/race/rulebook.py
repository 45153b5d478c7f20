"""The Motocross rulebook's own sentences, as the move checker quotes them.

When :mod:`trackkit.motocross.race.checker` refuses a turn it says what the
turn did and then the sentence of the rulebook (v 0.2b) the turn breaks, in
the rulebook's words, so a reader can look the rule up
(:func:`trackkit.findings.broken` joins the two).
"""

from __future__ import annotations

__all__ = [
    "ACE",
    "BIKE",
    "CHOOSE",
    "COINS",
    "DICE",
    "EXTRA",
    "FACES",
    "FINISH",
    "KICK_START",
    "LANDED",
    "MOST_DICE",
    "NO_START",
    "NULLS",
    "ONE_NUMBER",
    "RAMP",
    "RAMP_HOLDS",
    "RE_ENTER",
    "RUN_OFF",
    "STARTING_TILE",
    "TAKEN",
    "TURN_ORDER",
    "WAY_ON",
    "WIPE_OUT",
]

TURN_ORDER = "Take turns ..., beginning with the starting player and passing play to the left."
STARTING_TILE = (
    "Beginning with the starting player, each player chooses a pawn (bike) and places it"
    " on any empty space of the starting tile."
)
COINS = "Deal the second half of the coins (which were set aside earlier) evenly between the players."
DICE = "If you are in first place, roll one die. If you are in second place, roll two dice."
MOST_DICE = "You may never roll more than four dice for movement."
EXTRA = "discard one or more coins to include one extra die per coin spent"
FACES = "you may count any ace as a 1"
ONE_NUMBER = (
    "Choose 'one' of the numbers you have rolled ... and move your pawn in a straight line"
    " a number of spaces exactly equal to that number."
)
NULLS = (
    "For each null shown on the dice you have rolled, you may make one 90-degree turn"
    " at any point during your move."
)
WAY_ON = "You may never move away from the next tile."
BIKE = (
    "You may not move into or through a space that is occupied by another player's pawn (except when jumping)"
)
RAMP = "the roll used for movement must be higher than the height of the jump ramp"
RAMP_HOLDS = (
    "If none of your dice show numbers higher than the height of the jump ramp,"
    " then you may not move this turn."
)
RUN_OFF = "If you run out of track during a move, you wipe out from the space you left the track."
LANDED = (
    "If jumping off a ramp lands a bike on top of another, the bike being landed on"
    " immediately wipes out from that space."
)
WIPE_OUT = "If you have no direction in which to legally move, you must wipe out"
CHOOSE = "If your bike is not wiped out, choose whether wish to move ... or pass."
ACE = "If you roll an ace, you have successfully kick-started your bike"
KICK_START = "The coin replaces the ace required to enter the track."
NO_START = "If you fail to roll an ace while attempting to re-enter the track, your bike would not start"
RE_ENTER = "If your bike is wiped out at the beginning of your turn, you may attempt to re-enter the track"
TAKEN = (
    "If the space you left the track from is occupied by another bike, you may not attempt to"
    " re-enter the track this turn; instead, draw a coin from those that have been discarded (if any)."
)
FINISH = "The first player to cross the finish line wins the race."
