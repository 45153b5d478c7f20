"""A rally race deck on the editor's table (``Game.tabletop``; see
:mod:`trackkit.tabletop`).

The course is laid out in course order, the Start card first, in rows of
:data:`ROW_CARDS` cards: a card put on the empty place after the last goes
at the end, one dropped on a card goes in before it, and a card dragged to
another card's place moves there (the others close up).  Each card of the
deck says which group of the rules' pattern it belongs to, so the
Checkpoints and Jumps the pattern needs show where they are missing.
"""

from __future__ import annotations

from dataclasses import replace

from trackkit.edits import Insert, Move, Remove, edited_items
from trackkit.rally.deck import CHECKPOINT, JUMP, OPENING, PATTERN, RaceDeck, groups_of
from trackkit.tabletop import Piece, Placement, Spot, Stock, Table, refuse

__all__ = ["palette", "place", "table", "text"]

ROW_CARDS = 8
"""Cards in one row of the table."""

BASE_CARDS = ("straight", "left-curve", "right-curve", "s-bend", "hairpin")
"""The base game's random track cards, offered when a deck lists no collection."""


def _names(deck: RaceDeck | None) -> tuple[str, ...]:
    if deck is not None and deck.cards is not None and deck.cards.names():
        return deck.cards.names()
    return BASE_CARDS


def palette(deck: RaceDeck | None) -> tuple[Piece, ...]:
    """The opening pair, the special cards and the collection's cards."""
    names = (*OPENING, CHECKPOINT, JUMP, *_names(deck))
    return tuple(
        Piece(name, name, f"put a {name} card at the end of the course, or before the card it is dropped on")
        for name in dict.fromkeys(names)
    )


def card_cell(index: int) -> tuple[float, float]:
    """The table cell of course position ``index``: rows of
    :data:`ROW_CARDS` from the north-west, read like a page."""
    row, place = divmod(index, ROW_CARDS)
    return (float(place), float(-row))


def _index_at(cell: tuple[float, float]) -> int:
    return -round(cell[1]) * ROW_CARDS + round(cell[0])


def _edited(deck: RaceDeck, edit: Insert | Remove | Move) -> RaceDeck:
    return replace(deck, course=edited_items(deck.course, edit, str))


def place(deck: RaceDeck | None, placement: Placement) -> RaceDeck:
    """The deck after one placement on the table."""
    base = deck if deck is not None else RaceDeck(course=())
    count = len(base.course)
    if placement.action in ("put", "road"):
        if placement.piece not in {piece.id for piece in palette(deck)}:
            raise refuse("put a card of the palette")
        at = min((_index_at(cell) for cell in placement.cells), default=count)
        return _edited(base, Insert("course", max(0, min(at, count)), placement.piece))
    if placement.action == "remove":
        for index in sorted({i for i in placement.chosen if 0 <= i < count}, reverse=True):
            base = _edited(base, Remove("course", index))
        return base
    if placement.action == "move" and len(placement.chosen) == 1 and 0 <= placement.chosen[0] < count:
        start = card_cell(placement.chosen[0])
        to = _index_at((start[0] + placement.offset[0], start[1] + placement.offset[1]))
        return _edited(base, Move("course", placement.chosen[0], max(0, min(to, count - 1))))
    raise refuse("put, move or take away one card at a time")


def _groups(course: tuple[str, ...]) -> dict[int, int]:
    """The group (1 to 5) of each card of the deck, where the pattern holds."""
    found = groups_of(course) or ()
    return {index: group.number for group in found for index in (*group.cards, group.special_at)}


def table(deck: RaceDeck | None) -> Table:
    """The cards in course order, the place after the last, and the cards
    used of the collection's (the special cards of the pattern's)."""
    course = () if deck is None else deck.course
    groups = _groups(course)
    spots = tuple(
        Spot(
            i, card_cell(i), card, card, f"card {i}: {card}" + (f", group {groups[i]}" if i in groups else "")
        )
        for i, card in enumerate(course)
    )
    held = deck.cards.held(deck.expansion) if deck is not None and deck.cards is not None else None
    random = sum(1 for card in course[len(OPENING) :] if card not in (CHECKPOINT, JUMP))
    stock = [
        Stock("checkpoints", course.count(CHECKPOINT), sum(1 for kind, _ in PATTERN if kind == CHECKPOINT)),
        Stock("jumps", course.count(JUMP), sum(1 for kind, _ in PATTERN if kind == JUMP)),
    ]
    if held is not None:
        stock.insert(0, Stock("track cards", random, sum(held.values())))
    return Table(spots, (card_cell(len(course)),), (), tuple(stock))


def text(deck: RaceDeck) -> str:
    """The deck as its file writes it."""
    from trackkit.rally.formats.deck_file import dump_deck

    return dump_deck(deck)
