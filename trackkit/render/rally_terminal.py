"""Rally race decks in a terminal: the course as rows of card boxes.

Each box holds the card's course number, its name and a note: ``CP1`` and
the top cards of its scoring stacks (``L5 T9``) for a Checkpoint, ``JUMP``
for a Jump, ``setup`` for the cards on the table before the race.  As many
boxes fit on a row as the width allows; with colour, Checkpoints are bold
and Jumps yellow.
"""

from __future__ import annotations

from trackkit.rally.setup import CHECKPOINT, JUMP, RaceDeck, scoring_stacks, setup_cards

__all__ = ["BOX_WIDTH", "render_deck_preview"]

BOX_WIDTH = 14
"""Characters inside one card's box."""

_BOLD, _YELLOW, _RESET = "\x1b[1m", "\x1b[33m", "\x1b[0m"


def _cells(deck: RaceDeck) -> list[tuple[str, str, str, str]]:
    """Each card's three lines of text and its colour code."""
    stacks = {stack.at: stack for stack in scoring_stacks(deck.course)}
    setup = set(setup_cards(deck.course))
    cells = []
    for index, card in enumerate(deck.course):
        note, colour = ("setup" if index in setup else ""), ""
        if index in stacks:
            found = stacks[index]
            note, colour = f"CP{found.number} L{found.lead_car[0]} T{found.trail_car[0]}", _BOLD
        elif card == JUMP:
            note, colour = "JUMP", _YELLOW
        elif card == CHECKPOINT:
            colour = _BOLD
        cells.append((f"{index:>2}", card[:BOX_WIDTH], note, colour))
    return cells


def render_deck_preview(deck: RaceDeck, width: int, color: bool = False) -> str:
    """The course as rows of boxes fitting ``width`` characters."""
    per_row = max(1, (width - 1) // (BOX_WIDTH + 3))
    cells = _cells(deck)
    title = deck.name or "Rally race deck"
    lines = [f"{title}: {len(deck)} cards in course order from the Start"]
    for start in range(0, len(cells), per_row):
        row = cells[start : start + per_row]
        rule = "+" + "+".join("-" * (BOX_WIDTH + 2) for _ in row) + "+"
        lines.append(rule)
        for part in range(3):
            boxes = []
            for cell in row:
                inner = f" {cell[part]:<{BOX_WIDTH}} "
                if color and cell[3]:
                    inner = f"{cell[3]}{inner}{_RESET}"
                boxes.append(inner)
            lines.append("|" + "|".join(boxes) + "|")
        lines.append(rule)
    return "\n".join(lines) + "\n"
