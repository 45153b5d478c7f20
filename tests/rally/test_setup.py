"""The table of a rally race at setup: the cards dealt, the deck, the stacks."""

from __future__ import annotations

from support import LAYOUTS

from trackkit.games import load
from trackkit.rally.setup import CHECKPOINT, deck_faults, deck_setup


def test_the_opening_pair_and_first_cards_are_dealt_and_checkpoints_get_stacks() -> None:
    deck = load(LAYOUTS / "rally-base.yaml").layout
    setup = deck_setup(deck)
    assert [place.card for place in setup.cards] == list(deck.course)
    assert [place.index for place in setup.cards if place.dealt][:2] == [0, 1]
    stacked = [place.index for place in setup.cards if place.stacks is not None]
    assert stacked == [i for i, card in enumerate(deck.course) if card == CHECKPOINT]
    assert setup.pieces == () and not deck_faults(deck).broken
