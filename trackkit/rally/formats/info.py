"""``trackkit info`` for a rally deck, and the building sheet ``generate``
prints: the stacking order bottom up (how to build the physical deck) and
the course order from the start (how it will play), with the scoring stacks
placed at each Checkpoint."""

from __future__ import annotations

from typing import Any

from trackkit.rally.deck import (
    CHECKPOINT,
    JUMP,
    OPENING,
    Collection,
    RaceDeck,
    groups_of,
    scoring_stacks,
    setup_cards,
    stacking_order,
)
from trackkit.rally.formats.deck_file import dump_deck

__all__ = [
    "annotated_deck",
    "deck_info_json",
    "deck_info_text",
    "deck_sheet",
    "deck_size",
    "generated_line",
    "stacks_words",
]


def deck_size(deck: RaceDeck) -> str:
    """``16 cards``: how big a course is, for report summaries."""
    return f"{len(deck)} {'card' if len(deck) == 1 else 'cards'}"


def stacks_words(lead: tuple[int, ...], trail: tuple[int, ...]) -> str:
    """``Lead Car 5-1, Trail Car 9-1``: a Checkpoint's stacks, top card first."""
    return f"Lead Car {lead[0]}-{lead[-1]}, Trail Car {trail[0]}-{trail[-1]}"


def _positions(deck: RaceDeck, card: str) -> list[int]:
    return list(deck.positions(card))


def deck_info_json(deck: RaceDeck) -> dict[str, Any]:
    groups = groups_of(deck.course)
    return {
        "name": deck.name,
        "game": deck.game,
        "expansion": deck.expansion,
        "cards": len(deck),
        "deck": len(deck.deck),
        "setup": list(setup_cards(deck.course)),
        "checkpoints": [
            {"card": s.at, "number": s.number, "lead_car": list(s.lead_car), "trail_car": list(s.trail_car)}
            for s in scoring_stacks(deck.course)
        ],
        "jumps": _positions(deck, JUMP),
        "course": list(deck.course),
        "stacking": list(stacking_order(deck.course)),
        "groups": None
        if groups is None
        else [{"number": g.number, "on": g.special_at, "cards": list(g.cards)} for g in groups],
    }


def _span(cards: tuple[int, ...]) -> str:
    return f"card {cards[0]}" if len(cards) == 1 else f"cards {cards[0]}-{cards[-1]}"


def _listing(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers)) if numbers else "none"


def deck_info_text(deck: RaceDeck) -> str:
    setup = setup_cards(deck.course)
    checkpoints = _positions(deck, CHECKPOINT)
    opening = min(len(OPENING), len(deck))
    rows = [
        ("name", deck.name or "(unnamed)"),
        ("game", f"rally card game, {'with the expansion' if deck.expansion else 'base game'}"),
        ("length", f"{deck_size(deck)} ({opening} to open, {len(deck.deck)} in the race deck)"),
        ("setup", f"{_span(setup)} on the table before the race"),
        ("checkpoints", f"cards {_listing(checkpoints)}" if checkpoints else "none"),
        ("jumps", f"cards {_listing(_positions(deck, JUMP))}" if deck.positions(JUMP) else "none"),
    ]
    lines = [f"{label + ':':<13}{value}" for label, value in rows]
    return "\n".join([*lines, *deck_sheet(deck)])


def deck_sheet(deck: RaceDeck) -> list[str]:
    """The stacking order bottom up and the course order from the start,
    each card on a line, Checkpoints with their scoring stacks."""
    stack = stacking_order(deck.course)
    top = len(deck.course) - 1
    lines = ["stacking order, bottom card first (build the deck face-down):"]
    lines += [f"  {n:>2}. {card:<16} course card {top - n + 1}" for n, card in enumerate(stack, 1)]
    lines.append("course order from the start (turn cards over from the top of the deck):")
    stacks = {s.at: s for s in scoring_stacks(deck.course)}
    setup = set(setup_cards(deck.course))
    for index, card in enumerate(deck.course):
        notes = ["on the table at setup"] if index in setup else []
        if index in stacks:
            found = stacks[index]
            stacks_here = stacks_words(found.lead_car, found.trail_car)
            notes.insert(0, f"no. {found.number}, scoring stacks {stacks_here}")
        lines.append(f"  {index:>2}  {card:<16}{'; '.join(notes)}".rstrip())
    return lines


def annotated_deck(deck: RaceDeck) -> str:
    """The deck as YAML (see :func:`~trackkit.rally.formats.deck_file.dump_deck`)
    followed by its building sheet as YAML comments: what ``generate``
    writes.  It reads back as the same deck."""
    return dump_deck(deck) + "".join(f"# {line}\n" for line in deck_sheet(deck))


def generated_line(cards: Collection, deck: RaceDeck) -> str:
    """How a deck was drawn, in one line: ``9 of the collection's 9 random
    track cards, shuffled fairly (base game)``."""
    used = sum(1 for card in deck.deck if card not in (CHECKPOINT, JUMP))
    held = len(cards.pool(deck.expansion))
    kind = "with the expansion" if deck.expansion else "base game"
    return (
        f"rally deck of {deck_size(deck)}: {used} of the collection's {held} random track cards,"
        f" shuffled ({kind})"
    )
