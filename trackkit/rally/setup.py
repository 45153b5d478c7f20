"""The table of a rally race at setup: which cards lie where.

The rally card game is played with its own cards, not with piecepack
pieces, so its setup lists no :class:`~trackkit.piecepack.setup.Piece`.
What stands on the table is the road of *track cards* in course order:
"Two cards open it at setup" (the Start card and the 3-lane card), the
first cards turned over from the race deck lie beside them, the rest wait
in the deck, and beside each Checkpoint stand its two scoring stacks (see
:mod:`trackkit.rally.deck`).  Drawings and the terminal preview read this
one model; :func:`deck_faults` names the course positions a broken rule
names, for drawings that mark them.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.findings import Faults, faults_of
from trackkit.piecepack.setup import Piece
from trackkit.rally.deck import (
    CHECKPOINT,
    JUMP,
    OPENING,
    RaceDeck,
    ScoringStacks,
    scoring_stacks,
    setup_cards,
)
from trackkit.rally.rules import validate

__all__ = [
    "CHECKPOINT",
    "JUMP",
    "OPENING",
    "STARTING_TOKENS",
    "CardPlace",
    "DeckSetup",
    "RaceDeck",
    "ScoringStacks",
    "TokenShare",
    "deck_faults",
    "deck_setup",
    "scoring_stacks",
    "setup_cards",
]


@dataclass(frozen=True)
class TokenShare:
    """The *Fuel* and *Control* tokens ``players`` take at setup, each."""

    players: str
    fuel: int
    control: int


STARTING_TOKENS = (
    TokenShare("the starting player", 3, 3),
    TokenShare("the next player", 3, 4),
    TokenShare("each other player", 4, 4),
)
"""The tokens handed out at setup: "Starting player – 3 Control & 3 Fuel;
Next player to their left – 4 Control & 3 Fuel; All other players –
4 Control & 4 Fuel".  A Fuel token moves a car up to 3 spaces; a Control
token pays one point of a Gate's cost."""


@dataclass(frozen=True)
class CardPlace:
    """Course position ``index`` (0 is the Start card) holds ``card``;
    ``dealt`` says whether it is on the table at setup (otherwise it waits
    in the race deck); ``stacks`` are the scoring stacks beside it, for a
    Checkpoint."""

    index: int
    card: str
    dealt: bool
    stacks: ScoringStacks | None = None


@dataclass(frozen=True)
class DeckSetup:
    """The table of ``deck`` at setup: every course position in order."""

    deck: RaceDeck
    cards: tuple[CardPlace, ...]

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """No piecepack pieces: the game is played with its own cards."""
        return ()


def deck_setup(deck: RaceDeck) -> DeckSetup:
    """Where every card of ``deck``'s course lies at setup."""
    dealt = set(setup_cards(deck.course))
    stacks = {stack.at: stack for stack in scoring_stacks(deck.course)}
    cards = tuple(
        CardPlace(index, card, index in dealt, stacks.get(index)) for index, card in enumerate(deck.course)
    )
    return DeckSetup(deck, cards)


def deck_faults(deck: RaceDeck) -> Faults:
    """Whether the deck breaks a rule, and the course positions those rules name."""
    return faults_of(validate(deck), len(deck.course))
