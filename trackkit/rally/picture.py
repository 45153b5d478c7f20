"""The picture of a rally race deck, grown from its setup: the course's
cards in course order, laid out as cards.

The picture lays the course out as a player reads it along the road, the
Start card first, in rows of :data:`PER_ROW` cards; this module is that
deck layout (where each card, stack and line of words stands, the key),
and :mod:`trackkit.rally.picture_cards` grows each card and stack.  Each
card is drawn at the size of a playing card, with rounded corners, its
course number in the top corner, its *icon*
(:mod:`trackkit.rally.picture_icons`: the road it carries seen from
above, a flag for the Start, a chequered flag for a Checkpoint, a ramp for
a Jump) and its name under the icon, and at its foot where it sits in the
physical deck (``stack 14``: the 14th card stacked, counting from the
bottom) or ``setup`` for the cards on the table at setup.  Under each
Checkpoint stand its two scoring stacks, the Lead Car's and the Trail
Car's, each showing its values from the top card down; rows are spaced
evenly, a stack standing as far from its card as the next row does.  The
key under the cards shows every icon drawn, the stacks, and the Fuel and
Control tokens with what each player takes at setup.  Every label is set
by the one label placer.  The picture is pure: the one painter
(:mod:`trackkit.render.painter`) paints it in a theme's colours (the
``color`` theme paints the stacks blue and green; ``print`` keeps to
black, white and greys) on screen and on paper pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trackkit.picture import key as legend
from trackkit.picture.key import SWATCH, LegendItem, Placed
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import Box, Group, Mark, Picture, Text, Tile
from trackkit.picture.paper import words_box
from trackkit.picture.shapes import Point
from trackkit.picture.sizes import (
    CARDS_PER_ROW,
    CHARACTER_WIDTH,
    FOOTER,
    HEADER,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
)
from trackkit.rally.picture_cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    STACK_HEIGHT,
    CardFace,
    card_lettering,
    card_marks,
    fault_ring,
    name_lines,
    stack_pair,
    stack_tiles,
    values_words,
)
from trackkit.rally.picture_icons import icon, icon_kind
from trackkit.rally.setup import (
    CHECKPOINT,
    JUMP,
    OPENING,
    STARTING_TOKENS,
    RaceDeck,
    deck_faults,
    scoring_stacks,
    setup_cards,
)

__all__ = ["LEGEND", "PER_ROW", "card_face", "deck_picture", "legend_items", "shaded_cards"]

LEGEND = (
    "Cards in course order from the Start; 'setup': on the table at setup; 'stack N': the N-th card"
    " stacked from the bottom of the race deck."
)
"""The line of explanation under the key."""

PER_ROW = CARDS_PER_ROW
"""Cards in each row of the strip."""

TITLE_BASELINE = 0.75
SUBTITLE_BASELINE = 1.15
"""Where the title's and the facts' lines stand below the picture's top, in inches."""

GAP = 0.3
"""Space between two cards in a row, between two rows, and between a
Checkpoint and its scoring stacks."""


def _subtitle(deck: RaceDeck) -> str:
    checkpoints, jumps = len(deck.positions(CHECKPOINT)), len(deck.positions(JUMP))
    kind = "with the expansion" if deck.expansion else "base game"
    return (
        f"Rally card game — {len(deck)} cards · {checkpoints} Checkpoints · {jumps} Jumps"
        f" · {len(deck.deck)} in the race deck · {kind}"
    )


def _card_words(name: str) -> str:
    return {"start": "Start card", "3-lane": "3-lane card"}.get(name, f"{name} card")


_KIND_WORDS = {
    CHECKPOINT: "Checkpoint: each car scores from a stack as it crosses",
    JUMP: "Jump: on to the first open space, or behind the nearest rival",
    "card": "a card trackkit has no picture of: its first letter",
}


def _shares(kind: str) -> str:
    """What each player takes of ``kind`` (``fuel`` or ``control``) at setup."""
    return ", ".join(f"{getattr(share, kind)} for {share.players}" for share in STARTING_TOKENS)


def legend_items(deck: RaceDeck) -> tuple[LegendItem, ...]:
    """The key: the icon of every kind of card the course holds, in course
    order; the scoring stacks; the Fuel and Control tokens; the ring round
    a card at fault when there is one."""
    items = []
    for name in dict.fromkeys(icon_kind(card) for card in deck.course):
        items.append(LegendItem(name, _KIND_WORDS.get(name) or _card_words(name)))
    stacks = scoring_stacks(deck.course)
    if stacks:
        lead, trail = stacks[0].lead_car, stacks[0].trail_car
        items.append(LegendItem("lead", f"Lead Car scoring stack, top card first ({values_words(lead)})"))
        items.append(LegendItem("trail", f"Trail Car scoring stack ({values_words(trail)})"))
    items.append(LegendItem("fuel", f"Fuel token: moves a car up to 3 spaces; at setup {_shares('fuel')}"))
    items.append(LegendItem("control", f"Control token: pays a Gate's cost; at setup {_shares('control')}"))
    if deck_faults(deck).broken:
        items.append(LegendItem("fault", "card breaking a rule: run trackkit validate"))
    return tuple(items)


def _row_heights(deck: RaceDeck) -> tuple[float, ...]:
    """Each row's height: a card, and under it a gap and the scoring stacks
    when the row holds a Checkpoint."""
    stacked = {stack.at // PER_ROW for stack in scoring_stacks(deck.course)}
    rows = max(1, -(-len(deck) // PER_ROW))
    return tuple(CARD_HEIGHT + (GAP + STACK_HEIGHT if row in stacked else 0.0) for row in range(rows))


class _Sheet:
    """The picture's frame: rows of cards with a margin, a title block above
    and the key below, wide enough for the title."""

    def __init__(self, deck: RaceDeck, title: str) -> None:
        self.heights = _row_heights(deck)
        columns = min(len(deck), PER_ROW)
        width = 2 * MARGIN + columns * CARD_WIDTH + (columns - 1) * GAP
        wanted = 2 * MARGIN + max(
            len(title) * TITLE_SIZE * CHARACTER_WIDTH,
            len(_subtitle(deck)) * SUBTITLE_SIZE * CHARACTER_WIDTH,
            len(LEGEND) * SUBTITLE_SIZE * CHARACTER_WIDTH,
        )
        items = legend_items(deck)
        self.width = max(width, wanted, *(legend.item_width(item) + 2 * MARGIN for item in items))
        self.legend: tuple[Placed, ...] = legend.legend_rows(items, self.width - 2 * MARGIN)
        heights = self.heights
        self.legend_top = HEADER + MARGIN + sum(heights) + (len(heights) - 1) * GAP + MARGIN
        rows = max((p.row + 1 for p in self.legend), default=0)
        self.footer_baseline = self.legend_top + rows * legend.ROW_HEIGHT + 0.2 + SUBTITLE_SIZE * 0.8
        self.height = self.legend_top + rows * legend.ROW_HEIGHT + 0.2 + SUBTITLE_SIZE + FOOTER + MARGIN * 0.4

    def corner(self, index: int) -> Point:
        """The top-left corner of card ``index``, in inches from the picture's."""
        row, column = divmod(index, PER_ROW)
        heights = self.heights
        return (MARGIN + column * (CARD_WIDTH + GAP), HEADER + MARGIN + sum(heights[:row]) + row * GAP)


def deck_picture(deck: RaceDeck, options: Any) -> Picture:
    """The picture of ``deck`` (the ``picture`` job of the rally game),
    titled ``options.title`` (else the deck's name): background, cards,
    stacks, faults, then the labels the placer sets, the key and the words."""
    title = options.title or deck.name or "Rally race deck"
    sheet = _Sheet(deck, title)
    placer = LabelPlacer()
    faces = [card_face(deck, index) for index in range(len(deck.course))]
    corners = [sheet.corner(index) for index in range(len(deck.course))]
    cards = tuple(card_marks(face, corner, placer) for face, corner in zip(faces, corners))
    stacks = [_stacks_of(deck, sheet, placer)]
    faults = [fault_ring(corners[index], placer) for index in deck_faults(deck).places]
    if faults:
        stacks.append(Group(tuple(faults), name="faults", role="lettering fault", classes="symbol fault"))
    lettering = tuple(card_lettering(face, corner, placer) for face, corner in zip(faces, corners))
    words = (
        Text(title, (MARGIN, TITLE_BASELINE), TITLE_SIZE, "title bare", bold=True),
        Text(_subtitle(deck), (MARGIN, SUBTITLE_BASELINE), SUBTITLE_SIZE, "subtitle bare"),
        Text(LEGEND, (MARGIN, sheet.footer_baseline), SUBTITLE_SIZE, "subtitle bare"),
    )
    marks = (
        Group((Tile(0.0, 0.0, sheet.width, sheet.height, "backdrop"),), name="background", role="lettering"),
        Group(cards, name="cards", role="lettering card-edge"),
        *stacks,
        Group(lettering, name="card-lettering", role="lettering"),
        Group(tuple(_key(sheet)), name="legend", role="lettering bare"),
        Group(words, name="words", role="lettering bare"),
    )
    plan = (_piece_boxes(deck, sheet), (*(_words_box(text) for text in words), *_key_boxes(sheet)))
    items = tuple(entry.item for entry in sheet.legend)
    return Picture("", title, (_subtitle(deck),), sheet.width, sheet.height, marks, items, placer, True, plan)


def _stacks_of(deck: RaceDeck, sheet: _Sheet, placer: LabelPlacer) -> Group:
    """Every Checkpoint's Lead Car and Trail Car stacks, a gap under it."""
    marks: list[Mark] = []
    for found in scoring_stacks(deck.course):
        left, top = sheet.corner(found.at)
        corner = (left, top + CARD_HEIGHT + GAP)
        marks += stack_pair(found.at, corner, (found.lead_car, found.trail_car), placer)
    return Group(tuple(marks), name="scoring-stacks", role="lettering stacks")


def _key(sheet: _Sheet) -> list[Mark]:
    """The key under the cards: each item's sample and its words."""
    marks: list[Mark] = []
    for entry in sheet.legend:
        x, y = MARGIN + entry.x, sheet.legend_top + entry.row * legend.ROW_HEIGHT
        kind = entry.item.swatch
        marks.append(
            Group(tuple(_swatch(kind, (x + SWATCH / 2, y + SWATCH / 2))), classes=f"symbol swatch {kind}")
        )
        at = (x + SWATCH + 0.12, y + SWATCH / 2 + 0.36 * legend.LEGEND_SIZE)
        marks.append(Group((Text(entry.item.text, at, legend.LEGEND_SIZE, "subtitle"),), classes="label key"))
    return marks


def _swatch(kind: str, centre: Point) -> list[Mark]:
    """The sample of ``kind`` in the key, centred on ``centre``."""
    half = SWATCH / 2
    if kind in ("lead", "trail"):
        corner = (centre[0] - half, centre[1] - half * 0.75)
        return list(stack_tiles(corner, (SWATCH, SWATCH * 0.75), f"stack-{kind} stack-outline"))
    if kind == "fault":
        return [
            Tile(centre[0] - half, centre[1] - half, centre[0] + half, centre[1] + half, "fault-sample", 0.05)
        ]
    return [icon(kind if kind != "card" else "?", centre, SWATCH)]


def _piece_boxes(deck: RaceDeck, sheet: _Sheet) -> tuple[Box, ...]:
    """Each card and each Checkpoint's pair of scoring stacks, in inches:
    what the paper pages are planned around."""
    boxes: list[Box] = []
    for index in range(len(deck.course)):
        x, y = sheet.corner(index)
        boxes.append((x, y, x + CARD_WIDTH, y + CARD_HEIGHT))
    for stack in scoring_stacks(deck.course):
        x, y = sheet.corner(stack.at)
        top = y + CARD_HEIGHT + GAP
        boxes.append((x, top, x + CARD_WIDTH, top + STACK_HEIGHT))
    return tuple(boxes)


def _words_box(text: Text) -> Box:
    return words_box(text.words, text.at[0], text.at[1], text.size or 0.0, bold=text.bold)


def _key_boxes(sheet: _Sheet) -> list[Box]:
    """Each item of the key, from its sample to the end of its words."""
    boxes: list[Box] = []
    for entry in sheet.legend:
        left, top = MARGIN + entry.x, sheet.legend_top + entry.row * legend.ROW_HEIGHT
        boxes.append((left, top, left + legend.item_reach(entry.item), top + SWATCH))
    return boxes


def card_face(deck: RaceDeck, index: int) -> CardFace:
    """What card ``index`` of ``deck``'s course shows: its name lines, and
    at its foot ``setup`` (on the table at setup) and ``stack N`` (the N-th
    card stacked from the bottom of the race deck)."""
    card = deck.course[index]
    return CardFace(
        index=index,
        name=card,
        opening=card in OPENING and index < len(OPENING),
        lines=tuple(_name_lines(deck, index, card)),
        setup="setup" if index in setup_cards(deck.course) else None,
        stack=f"stack {len(deck.course) - index}" if index >= len(OPENING) else None,
    )


def _name_lines(deck: RaceDeck, index: int, card: str) -> list[str]:
    """A card's name under its icon, in capitals for the Start, 3-lane,
    Checkpoint and Jump cards, which also say which of their kind they
    are (``2 of 3``)."""
    if card not in (CHECKPOINT, JUMP, *OPENING):
        return name_lines(card)
    lines = name_lines(card.upper())
    if card in (CHECKPOINT, JUMP):
        places = deck.positions(card)
        lines.append(f"{places.index(index) + 1} of {len(places)}")
    return lines


def shaded_cards(
    deck: RaceDeck, corners: Sequence[Point], fills: Sequence[str], inks: Sequence[str | None]
) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    """Every card of ``deck``'s course without its foot lines, card ``i`` at
    ``corners[i]``, its face the colour ``fills[i]`` and its lettering
    ``inks[i]`` (``None``: the card's own), as a picture of simulated
    figures shades each card (the ``shaded_cards`` job of the rally game):
    the cards, and their lettering, set by one label placer card by card."""
    placer = LabelPlacer()
    cards: list[Group] = []
    lettering: list[Group] = []
    for index, (corner, fill, ink) in enumerate(zip(corners, fills, inks)):
        face = card_face(deck, index)
        shaded = CardFace(face.index, face.name, face.opening, face.lines, None, None, fill, ink)
        cards.append(card_marks(shaded, corner, placer))
        lettering.append(card_lettering(shaded, corner, placer))
    return tuple(cards), tuple(lettering)
