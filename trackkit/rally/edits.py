"""A hint's edit made on a rally race deck (``Game.edit``; see :mod:`trackkit.edits`).

``course`` edits change the cards in course order (put one in, take one
out, move one, turn a stretch round); a :class:`~trackkit.edits.Put` sets
one card (``course``, card 5) or a key of the file (``expansion``).
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.edits import Edit, Put, Value, edited_items, put_field, target
from trackkit.rally.deck import RaceDeck

__all__ = ["apply"]


def apply(deck: RaceDeck, edit: Edit) -> RaceDeck:
    """``deck`` with ``edit`` made."""
    if target(edit) == "course":
        return replace(deck, course=edited_items(deck.course, edit, _card))
    assert isinstance(edit, Put), edit
    return put_field(deck, edit, {})


def _card(value: Value) -> str:
    return str(value)
