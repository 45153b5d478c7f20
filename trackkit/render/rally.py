"""Rally race decks as SVG: a strip of cards in course order.

The picture lays the course out as a player reads it along the road, the
Start card first, in rows of :data:`PER_ROW` cards.  Each card is drawn at
the size of a playing card with its course number in the corner, its name
across the middle and, at its foot, where it sits in the physical deck
(``stack 14``: the 14th card stacked, counting from the bottom).  The cards
on the table at setup are marked ``setup``; Checkpoints carry a chequered
band and their number, with the Lead Car and Trail Car scoring stacks drawn
beside them (top card showing); Jumps carry a band of their own.  The
``color`` theme paints the stacks blue and green and the Jump band orange;
``print`` keeps to black, white and greys (a dark Lead Car stack, a white
Trail Car stack, a grey band).  The same deck and options always give
byte-identical text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.rally.setup import (
    CHECKPOINT,
    JUMP,
    OPENING,
    RaceDeck,
    scoring_stacks,
    setup_cards,
)
from trackkit.render.canvas import (
    CHARACTER_WIDTH,
    FOOTER,
    HEADER,
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Frame,
    fmt,
    new_drawing,
    page_size,
    serialise,
)
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages
from trackkit.render.themes import Theme, get_theme

__all__ = [
    "LEGEND",
    "PALETTES",
    "PER_ROW",
    "RallyPalette",
    "deck_frame",
    "render_deck_pages",
    "render_deck_svg",
]

LEGEND = (
    "Cards in course order from the Start; 'stack N' is the N-th card stacked from the bottom of"
    " the race deck. {lead}: Lead Car stack. {trail}: Trail Car stack."
)
"""The line of explanation under the strip, with each stack's colour."""

PER_ROW = 8
"""Cards in each row of the strip."""

CARD_WIDTH = 2.5
CARD_HEIGHT = 3.5
"""A card's size in inches (a playing card's)."""

GAP = 0.3
"""Space between two cards in a row."""

STACK_ROOM = 1.0
"""Room under each row for the scoring stacks of its Checkpoints."""

OPENING_GREY = "#e0e0e0"
CARD_FACE = "#ffffff"


@dataclass(frozen=True)
class RallyPalette:
    """The colours of a deck strip in one theme: each scoring stack's fill
    and lettering, the Jump band, the ink, and the stacks' names in the legend."""

    lead: str
    lead_text: str
    trail: str
    trail_text: str
    jump: str
    ink: str
    lead_name: str
    trail_name: str


PALETTES = {
    "print": RallyPalette("#333333", "#ffffff", "#ffffff", "#000000", "#9a9a9a", "#000000", "Dark", "White"),
    "color": RallyPalette("#2d5fb8", "#ffffff", "#2f8f3a", "#ffffff", "#e07b00", "#1f2328", "Blue", "Green"),
}
"""The palette of each theme (see :mod:`trackkit.render.themes`)."""

_BOLD_WIDTH = 0.72
"""A bold letter's width, in font sizes (wider than the canvas's plain letters)."""
_BAND = 0.5
_CHEQUER = 0.25
_STACK_WIDTH = 1.05
_STACK_HEIGHT = 0.7


def _title(deck: RaceDeck, options: RenderOptions) -> str:
    return options.title or deck.name or "Rally race deck"


def _subtitle(deck: RaceDeck) -> str:
    checkpoints, jumps = len(deck.positions(CHECKPOINT)), len(deck.positions(JUMP))
    kind = "with the expansion" if deck.expansion else "base game"
    return (
        f"Rally card game — {len(deck)} cards · {checkpoints} Checkpoints · {jumps} Jumps"
        f" · {len(deck.deck)} in the race deck · {kind}"
    )


def _rows(deck: RaceDeck) -> int:
    return max(1, -(-len(deck) // PER_ROW))


def deck_frame(deck: RaceDeck, title: str) -> Frame:
    """The picture's frame: rows of cards with a margin, a title block above
    and a legend below, wide enough for the title."""
    columns = min(len(deck), PER_ROW)
    width = 2 * MARGIN + columns * CARD_WIDTH + (columns - 1) * GAP
    wanted = 2 * MARGIN + max(
        len(title) * TITLE_SIZE * CHARACTER_WIDTH,
        len(_subtitle(deck)) * SUBTITLE_SIZE * CHARACTER_WIDTH,
        len(LEGEND) * SUBTITLE_SIZE * CHARACTER_WIDTH,
    )
    height = _rows(deck) * (CARD_HEIGHT + STACK_ROOM) + 2 * MARGIN
    return Frame(left=0.0, top=0.0, width=max(width, wanted), height=HEADER + height + FOOTER)


def render_deck_svg(deck: RaceDeck, options: RenderOptions | None = None) -> str:
    """The strip of ``deck``'s cards as the text of an SVG file.  Raises
    :class:`~trackkit.errors.ArgumentError` for an unknown theme."""
    options = options or RenderOptions()
    title = _title(deck, options)
    frame = deck_frame(deck, title)
    width, height = page_size(frame, options)
    drawing = new_drawing(width, height, frame.width * UNITS, frame.height * UNITS)
    _Painter(drawing, drawing, deck, get_theme(options.theme), frame).paint(title)
    return serialise(drawing)


def render_deck_pages(deck: RaceDeck, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size strip of ``deck`` cut into pages of ``paper``."""
    theme = get_theme(options.theme)
    title = _title(deck, options)
    frame = deck_frame(deck, title)

    def draw(drawing: Any, parent: Any) -> None:
        _Painter(drawing, parent, deck, theme, frame).paint(title)

    return cut_into_pages(frame.width, frame.height, paper, title, draw)


class _Painter:
    """Draws a deck's strip into ``parent``: background, cards, stacks, words."""

    def __init__(self, drawing: Any, parent: Any, deck: RaceDeck, theme: Theme, frame: Frame) -> None:
        self.drawing, self.parent, self.deck, self.theme, self.frame = drawing, parent, deck, theme, frame
        self.stacks = {stack.at: stack for stack in scoring_stacks(deck.course)}
        self.palette = PALETTES[theme.name]
        self.setup = set(setup_cards(deck.course))

    def u(self, inches: float) -> str:
        return fmt(inches * UNITS)

    def group(self, name: str, **attributes: str) -> Any:
        element = self.drawing.g(id=name, **attributes)
        element["font-family"] = self.theme.font
        self.parent.add(element)
        return element

    def corner(self, index: int) -> tuple[float, float]:
        """The top-left corner of card ``index``, in inches from the picture's."""
        row, column = divmod(index, PER_ROW)
        return (
            MARGIN + column * (CARD_WIDTH + GAP),
            HEADER + MARGIN + row * (CARD_HEIGHT + STACK_ROOM),
        )

    def paint(self, title: str) -> None:
        background = self.group("background")
        size = (self.u(self.frame.width), self.u(self.frame.height))
        background.add(self.drawing.rect(insert=("0", "0"), size=size, fill=self.theme.background))
        cards = self.group("cards", stroke=self.theme.tile_outline, stroke_width=self.u(0.02))
        for index, card in enumerate(self.deck.course):
            self.card(cards, index, card)
        palette = self.palette
        stacks = self.group("scoring-stacks", stroke=palette.ink, stroke_width=self.u(0.015))
        for at, found in self.stacks.items():
            self.stack(stacks, at, 0.0, (palette.lead, palette.lead_text), "Lead", found.lead_car)
            trail = (palette.trail, palette.trail_text)
            self.stack(stacks, at, _STACK_WIDTH + 0.15, trail, "Trail", found.trail_car)
        self.words(title)

    def text(self, parent: Any, words: str, x: float, y: float, size: float, **style: str) -> None:
        parent.add(
            self.drawing.text(
                words, insert=(self.u(x), self.u(y)), font_size=self.u(size), stroke="none", **style
            )
        )

    def card(self, parent: Any, index: int, card: str) -> None:
        left, top = self.corner(index)
        group = self.drawing.g(id=f"card-{index}")
        parent.add(group)
        fill = OPENING_GREY if card in OPENING and index < len(OPENING) else CARD_FACE
        group.add(
            self.drawing.rect(
                insert=(self.u(left), self.u(top)),
                size=(self.u(CARD_WIDTH), self.u(CARD_HEIGHT)),
                rx=self.u(0.12),
                fill=fill,
            )
        )
        if card == CHECKPOINT:
            self.chequers(group, left, top)
        elif card == JUMP:
            group.add(
                self.drawing.rect(
                    insert=(self.u(left), self.u(top + 0.45)),
                    size=(self.u(CARD_WIDTH), self.u(_BAND)),
                    fill=self.palette.jump,
                    stroke="none",
                )
            )
        ink = self.palette.ink
        self.text(group, str(index), left + 0.15, top + 0.38, 0.3, fill=ink, font_weight="bold")
        label = _label(card, self.stacks[index].number if index in self.stacks else None)
        size = min(0.3, (CARD_WIDTH - 0.3) / max(1, len(label)) / _BOLD_WIDTH)
        self.text(
            group, label, left + CARD_WIDTH / 2, top + CARD_HEIGHT / 2 + 0.1, size,
            fill=ink, text_anchor="middle", font_weight="bold" if card in (CHECKPOINT, JUMP) else "normal",
        )  # fmt: skip
        if index >= len(OPENING):
            stacked = len(self.deck.course) - index
            self.text(group, f"stack {stacked}", left + CARD_WIDTH - 0.15, top + CARD_HEIGHT - 0.15, 0.22,
                      fill=self.theme.subtitle, text_anchor="end")  # fmt: skip
        if index in self.setup:
            self.text(group, "setup", left + 0.15, top + CARD_HEIGHT - 0.15, 0.22, fill=self.theme.subtitle)

    def chequers(self, parent: Any, left: float, top: float) -> None:
        band = self.drawing.g(stroke="none")
        parent.add(band)
        band.add(
            self.drawing.rect(
                insert=(self.u(left), self.u(top + 0.45)),
                size=(self.u(CARD_WIDTH), self.u(_BAND)),
                fill=self.theme.chequer_light,
            )
        )
        for column in range(int(CARD_WIDTH / _CHEQUER)):
            for row in range(int(_BAND / _CHEQUER)):
                if (column + row) % 2 == 0:
                    band.add(
                        self.drawing.rect(
                            insert=(self.u(left + column * _CHEQUER), self.u(top + 0.45 + row * _CHEQUER)),
                            size=(self.u(_CHEQUER), self.u(_CHEQUER)),
                            fill=self.theme.chequer_dark,
                        )
                    )

    def stack(
        self, parent: Any, at: int, offset: float, colours: tuple[str, str], name: str, cards: tuple[int, ...]
    ) -> None:
        """Draw the scoring stack ``name`` (``Lead`` or ``Trail``) by the
        Checkpoint at ``at``, its fill and lettering ``colours``."""
        colour, lettering = colours
        left, top = self.corner(at)
        x, y = left + offset + 0.1, top + CARD_HEIGHT + 0.15
        group = self.drawing.g(id=f"{name.lower().replace(' ', '-')}-{at}")
        parent.add(group)
        for layer in (2, 1, 0):
            group.add(
                self.drawing.rect(
                    insert=(self.u(x + layer * 0.04), self.u(y + layer * 0.04)),
                    size=(self.u(_STACK_WIDTH - 0.1), self.u(_STACK_HEIGHT)),
                    rx=self.u(0.05),
                    fill=colour,
                )
            )
        self.text(group, name, x + 0.08, y + 0.3, 0.22, fill=lettering, font_weight="bold")
        self.text(group, f"{cards[0]} to {cards[-1]}", x + 0.08, y + 0.58, 0.2, fill=lettering)

    def words(self, title: str) -> None:
        group = self.group("words", stroke="none")
        self.text(group, title, MARGIN, 0.75, TITLE_SIZE, fill=self.theme.title, font_weight="bold")
        self.text(group, _subtitle(self.deck), MARGIN, 1.15, SUBTITLE_SIZE, fill=self.theme.subtitle)
        bottom = self.frame.height - FOOTER + 0.1
        legend = LEGEND.format(lead=self.palette.lead_name, trail=self.palette.trail_name)
        self.text(group, legend, MARGIN, bottom, SUBTITLE_SIZE, fill=self.theme.subtitle)


def _label(card: str, checkpoint: int | None) -> str:
    if checkpoint is not None:
        return f"CHECKPOINT {checkpoint}"
    if card == JUMP:
        return "JUMP"
    if card in OPENING:
        return card.upper()
    return card
