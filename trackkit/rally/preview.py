"""What a rally race deck shows in a terminal: the course as card boxes.

Each box holds the card's course number, its name and a note: ``CP1`` and
the top cards of its scoring stacks (``L5 T9``) for a Checkpoint, ``JUMP``
for a Jump, ``setup`` for the cards on the table before the race.  A card a
broken rule names carries the *fault mark* ``!`` beside its number.  The
painter (:mod:`trackkit.render.terminal`) sets as many boxes on a row as
the width allows; every card is shaded, Checkpoints and Jumps in their own
styles and cards at fault in the fault style.
"""

from __future__ import annotations

from trackkit.board import FAULT, Card, Cards, Preview, Style, TerminalOptions, Words
from trackkit.rally.setup import CHECKPOINT, JUMP, RaceDeck, deck_faults, scoring_stacks, setup_cards

__all__ = ["BOX_WIDTH", "deck_board"]

BOX_WIDTH = 14
"""Characters inside one card's box."""


def _style(card: str, checkpoint: bool, faulty: bool) -> Style:
    if faulty:
        return Style.FAULT
    if checkpoint or card == CHECKPOINT:
        return Style.CHECKPOINT
    return Style.RAMP if card == JUMP else Style.ROAD


def _cards(deck: RaceDeck, faulty: set[int]) -> tuple[Card, ...]:
    """Each card's box, in course order, those numbered in ``faulty`` with the fault mark."""
    stacks = {stack.at: stack for stack in scoring_stacks(deck.course)}
    setup = set(setup_cards(deck.course))
    boxes = []
    for index, card in enumerate(deck.course):
        note = "setup" if index in setup else ""
        if index in stacks:
            found = stacks[index]
            note = f"CP{found.number} L{found.lead_car[0]} T{found.trail_car[0]}"
        elif card == JUMP:
            note = "JUMP"
        number = f"{index:>2} {FAULT} faulty" if index in faulty else f"{index:>2}"
        boxes.append(Card((number, card[:BOX_WIDTH], note), _style(card, index in stacks, index in faulty)))
    return tuple(boxes)


def _key(faulty: bool) -> list[str]:
    """What the notes mean, one item each."""
    items = [
        "CPn checkpoint n, with the top cards of its lead (L) and trail (T) stacks",
        "setup: dealt before the race",
    ]
    if faulty:
        items.append(f"{FAULT} card breaking a rule (run trackkit validate)")
    return items


def deck_board(deck: RaceDeck, options: TerminalOptions) -> Preview:
    """The preview of a rally race deck (the ``board`` job of its game):
    the title, the course's cards in order, and the key; the same at any
    width, the painter setting out the rows."""
    faulty = set(deck_faults(deck).places)
    title = deck.name or "Rally race deck"
    heading = Words((f"{title}: {len(deck)} cards in course order from the Start",), wrap=False)
    return Preview((heading,), Cards(_cards(deck, faulty), BOX_WIDTH), (Words(tuple(_key(bool(faulty)))),))
