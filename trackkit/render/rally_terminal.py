"""Rally race decks in a terminal: the course as rows of card boxes.

Each box holds the card's course number, its name and a note: ``CP1`` and
the top cards of its scoring stacks (``L5 T9``) for a Checkpoint, ``JUMP``
for a Jump, ``setup`` for the cards on the table before the race.  A card a
broken rule names carries the *fault mark* ``!`` beside its number.  As many
boxes fit on a row as the width allows; with colour, in the ``dark`` or
``light`` palette, every card is shaded, Checkpoints and Jumps in their own
colours and cards at fault in the fault colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.rally.setup import CHECKPOINT, JUMP, RaceDeck, deck_faults, scoring_stacks, setup_cards
from trackkit.render.options import TerminalOptions
from trackkit.render.terminal_marks import FAULT, Run, Style
from trackkit.render.terminal_picture import finished, wrap_items

__all__ = ["BOX_WIDTH", "render_deck_preview"]

BOX_WIDTH = 14
"""Characters inside one card's box."""


@dataclass(frozen=True)
class _Box:
    """One card's three lines of text and its style."""

    lines: tuple[str, str, str]
    style: Style


def _style(card: str, checkpoint: bool, faulty: bool) -> Style:
    if faulty:
        return Style.FAULT
    if checkpoint or card == CHECKPOINT:
        return Style.CHECKPOINT
    return Style.RAMP if card == JUMP else Style.ROAD


def _boxes(deck: RaceDeck, faulty: set[int]) -> list[_Box]:
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
        boxes.append(_Box((number, card[:BOX_WIDTH], note), _style(card, index in stacks, index in faulty)))
    return boxes


def _row_lines(row: list[_Box]) -> list[Run]:
    """A row of boxes: a rule, three lines of text, a rule."""
    rule: Run = [("+", Style.EDGE)]
    for _ in row:
        rule += [("-", Style.EDGE)] * (BOX_WIDTH + 2) + [("+", Style.EDGE)]
    lines = [rule]
    for part in range(3):
        line: Run = [("|", Style.EDGE)]
        for box in row:
            line += [(c, box.style) for c in f" {box.lines[part]:<{BOX_WIDTH}} "] + [("|", Style.EDGE)]
        lines.append(line)
    return [*lines, rule]


def _key(faulty: bool) -> list[str]:
    """What the notes mean, one item each."""
    items = [
        "CPn checkpoint n, with the top cards of its lead (L) and trail (T) stacks",
        "setup: dealt before the race",
    ]
    if faulty:
        items.append(f"{FAULT} card breaking a rule (run trackkit validate)")
    return items


def render_deck_preview(deck: RaceDeck, options: TerminalOptions | None = None) -> str:
    """The course as rows of boxes fitting ``options.width`` characters."""
    options = options or TerminalOptions()
    per_row = max(1, (options.width - 1) // (BOX_WIDTH + 3))
    faulty = set(deck_faults(deck).places)
    boxes = _boxes(deck, faulty)
    title = deck.name or "Rally race deck"
    header = [f"{title}: {len(deck)} cards in course order from the Start"]
    rows: list[Run] = []
    for start in range(0, len(boxes), per_row):
        rows += _row_lines(boxes[start : start + per_row])
    return finished(header, rows, wrap_items(_key(bool(faulty)), options.width), options)
