"""The rally rulebook's own sentences, as the move checker quotes them.

When :mod:`trackkit.rally.race.checker` refuses a record it says what the
record does and then the sentence of the multi-player rules it breaks, in
the rulebook's words (:func:`trackkit.findings.broken` joins the two).
"""

from __future__ import annotations

__all__ = [
    "ALL_IN",
    "BASE_SET",
    "COMBO",
    "CONTINUE",
    "DEAL",
    "DIAGONAL",
    "DICE",
    "END",
    "FLAG",
    "FORFEIT",
    "FUEL",
    "GATE",
    "GHOST",
    "INTO_CAR",
    "JUMPS",
    "LAY_CARDS",
    "NO_SKILLS",
    "PLACE",
    "REROLL",
    "REROLL_GROUP",
    "SCORING",
    "SHARE",
    "STUNT_DRIVER",
    "TOKENS",
    "TURBO",
    "TURN",
    "USE_CARD",
    "WHITE_LINE",
    "WINNER",
    "step_rule",
]

TOKENS = (
    "Starting player – 3 Control & 3 Fuel ● Next player to their left – 4 Control & 3 Fuel"
    " ● All other players – 4 Control & 4 Fuel"
)
BASE_SET = (
    "Separate the Skills cards into sets of 4 cards, with each set containing 1 Turbo, 1 Best Line,"
    " 1 Stunt Driver, and 1 All In. ... Give 1 set of cards to each player."
)
DEAL = "shuffle all of the Skills cards face down and deal 4 to each player."
NO_SKILLS = "Using Skills cards is optional and may be skipped"
FLAG = (
    "When you have finished moving your cars and you have the dice, pass the “Current Driver” flag"
    " to the player to your left."
)
TURN = "On your turn, you will: 1. Move your cars 2. Roll dice to gain new tokens"
PLACE = "On your first turn, place each of your cars in their own space on the “Start” track card."
CONTINUE = "your cars will continue from where they were when you ended your previous turn."
FUEL = "Discard a Fuel token to move one of your cars up to 3 spaces forward or sideways."
TURBO = "Each Fuel token that you play on this turn allows you to make up to 4 moves with a single car."
WHITE_LINE = "You may not move sideways through a solid white line."
DIAGONAL = "You may not move your car diagonally, except when indicated by an arrow on the track."
INTO_CAR = "You may not move your car into a space already occupied by another car, except when “ghosting”"
LAY_CARDS = "flipping the next card from the top of the race deck and adding it to the track as needed."
GATE = (
    "For your car to pass through the Gate, you must discard a number of Control tokens equal to"
    " the Gate cost."
)
GHOST = "you may also discard 1 Control token in order to ignore all other cars on the track."
SHARE = "You may not end your turn with one of your cars sharing a space with another car."
JUMPS = (
    "When you move your car onto the jump: ● If there is an opponent’s car ahead of you on the track,"
    " you may move your car to the first open space behind that closest opponent. ● Or, move your"
    " car to the first open space on the track."
)
STUNT_DRIVER = (
    "When using a Jump on this turn, you may jump to the first open space in front of your closest opponent."
)
USE_CARD = (
    "To use a card, show it to the other players, explain what it allows you to do, and then remove"
    " the card from the game."
)
DICE = (
    "1. Start with 6 Dice 2. Add “Team Racing” Bonus: +2 Dice if your trail car could reach your"
    " lead car in 4 moves ... 3. Add “Drafting” Bonus: +1 Die for each of your cars that is in the"
    " space directly behind any other car"
)
ALL_IN = "Roll all 10 dice. You also have the option to reroll a third time."
REROLL = "When you have rolled the number of dice you are allowed, you have the option to reroll up to twice."
REROLL_GROUP = "When rerolling, you may roll any number of the dice, but must roll them as a group."
COMBO = (
    "A Combo can be any of the following: ● A single die ● 2 or more same-numbered dice"
    " ● 2 or more dice in sequence"
)
FORFEIT = "form the dice into 2 Combos. Any dice that do not fit into either Combo are forfeit."
END = (
    "When the last car has passed through the final Checkpoint, all players total up the values of"
    " the scoring cards they collected throughout the race."
)
SCORING = (
    "When your first car passes over the Checkpoint line, take the top card from the “Lead Car”"
    " scoring card stack. When your second car passes over the Checkpoint line, take the top card"
    " from the “Trail Car” scoring card stack."
)
WINNER = (
    "The player with the most total points is the winner. In the case of a tie, the tied player whose"
    " lead car crossed the final Checkpoint first is the winner."
)


def step_rule(rows: int, lanes: int) -> str:
    """The sentence a step the road does not allow breaks, by the ``rows``
    it goes forward and the ``lanes`` it goes across: along a row it crossed
    a solid white line, forward and across it went diagonally; any other
    step is neither forward nor sideways."""
    if rows == 0 and lanes == 1:
        return WHITE_LINE
    if rows == 1 and lanes:
        return DIAGONAL
    return FUEL
