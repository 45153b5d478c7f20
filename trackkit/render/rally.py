"""Rally race decks as SVG: the course's cards in course order, drawn as cards.

The picture lays the course out as a player reads it along the road, the
Start card first, in rows of :data:`PER_ROW` cards; this module is that
deck layout (where each card, stack and line of words stands, the key),
and :mod:`trackkit.render.rally_cards` draws each card and stack.  Each
card is drawn at the size of a playing card, with rounded corners, its course number in the
top corner, its *icon* (:mod:`trackkit.render.rally_icons`: the road it
carries seen from above, a flag for the Start, a chequered flag for a
Checkpoint, a ramp for a Jump) and its name under the icon, and at its foot
where it sits in the physical deck (``stack 14``: the 14th card stacked,
counting from the bottom) or ``setup`` for the cards on the table at setup.
Under each Checkpoint stand its two scoring stacks, the Lead Car's and the
Trail Car's, each showing its values from the top card down; rows are
spaced evenly, a stack standing as far from its card as the next row does.
The key under the cards shows every icon drawn, the stacks, and the Fuel
and Control tokens with what each player takes at setup.  Every label is
set by the one label placer (:mod:`trackkit.picture.labels`).  The ``color``
theme paints the stacks blue and green; ``print`` keeps to black, white and
greys (a dark Lead Car stack, a white Trail Car stack).  The same deck and
options always give byte-identical text.
"""

from __future__ import annotations

from typing import Any

from trackkit.picture.labels import LabelPlacer
from trackkit.picture.paper import Box, words_box
from trackkit.rally.setup import (
    CHECKPOINT,
    JUMP,
    OPENING,
    STARTING_TOKENS,
    RaceDeck,
    ScoringStacks,
    deck_faults,
    scoring_stacks,
    setup_cards,
)
from trackkit.render import tokens
from trackkit.render.annotations import fault_group
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
from trackkit.render.legend import (
    LEGEND_SIZE,
    ROW_HEIGHT,
    SWATCH,
    LegendItem,
    item_reach,
    item_width,
    legend_rows,
)
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages
from trackkit.render.rally_cards import (
    CARD_HEIGHT,
    CARD_WIDTH,
    PALETTES,
    STACK_HEIGHT,
    CardFace,
    CardPainter,
    RallyPalette,
    draw_stack,
    name_lines,
    values_words,
)
from trackkit.render.rally_icons import draw_icon, icon_kind
from trackkit.render.themes import Theme, get_theme

__all__ = [
    "LEGEND",
    "PALETTES",
    "PER_ROW",
    "RallyPalette",
    "card_face",
    "deck_frame",
    "legend_items",
    "render_deck_pages",
    "render_deck_svg",
]

LEGEND = (
    "Cards in course order from the Start; 'setup': on the table at setup; 'stack N': the N-th card"
    " stacked from the bottom of the race deck."
)
"""The line of explanation under the key."""

PER_ROW = 8
"""Cards in each row of the strip."""

TITLE_BASELINE = 0.75
SUBTITLE_BASELINE = 1.15
"""Where the title's and the facts' lines stand below the picture's top, in inches."""

GAP = 0.3
"""Space between two cards in a row, between two rows, and between a
Checkpoint and its scoring stacks."""


def _title(deck: RaceDeck, options: RenderOptions) -> str:
    return options.title or deck.name or "Rally race deck"


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


def _rows(deck: RaceDeck) -> int:
    return max(1, -(-len(deck) // PER_ROW))


def _row_heights(deck: RaceDeck) -> tuple[float, ...]:
    """Each row's height: a card, and under it a gap and the scoring stacks
    when the row holds a Checkpoint."""
    stacked = {stack.at // PER_ROW for stack in scoring_stacks(deck.course)}
    return tuple(CARD_HEIGHT + (GAP + STACK_HEIGHT if row in stacked else 0.0) for row in range(_rows(deck)))


def deck_frame(deck: RaceDeck, title: str) -> Frame:
    """The picture's frame: rows of cards with a margin, a title block above
    and the key below, wide enough for the title."""
    columns = min(len(deck), PER_ROW)
    width = 2 * MARGIN + columns * CARD_WIDTH + (columns - 1) * GAP
    wanted = 2 * MARGIN + max(
        len(title) * TITLE_SIZE * CHARACTER_WIDTH,
        len(_subtitle(deck)) * SUBTITLE_SIZE * CHARACTER_WIDTH,
        len(LEGEND) * SUBTITLE_SIZE * CHARACTER_WIDTH,
    )
    items = legend_items(deck)
    width = max(width, wanted, *(item_width(item) + 2 * MARGIN for item in items))
    placed = legend_rows(items, width - 2 * MARGIN)
    heights = _row_heights(deck)
    legend_top = HEADER + MARGIN + sum(heights) + (len(heights) - 1) * GAP + MARGIN
    rows = max((p.row + 1 for p in placed), default=0)
    height = legend_top + rows * ROW_HEIGHT + 0.2 + SUBTITLE_SIZE + FOOTER + MARGIN * 0.4
    return Frame(left=0.0, top=0.0, width=width, height=height, legend=placed, legend_top=legend_top)


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
    """The true-size strip of ``deck`` cut into pages of ``paper``; a page
    showing no card and none of the words is left out."""
    theme = get_theme(options.theme)
    title = _title(deck, options)
    frame = deck_frame(deck, title)

    def draw(drawing: Any, parent: Any) -> LabelPlacer:
        painter = _Painter(drawing, parent, deck, theme, frame)
        painter.paint(title)
        return painter.placer

    cards, words = deck_page_boxes(deck, options)
    return cut_into_pages(frame.width, frame.height, paper, title, draw, cards + words, words)


def deck_page_boxes(deck: RaceDeck, options: RenderOptions) -> tuple[list[Box], list[Box]]:
    """What the true-size strip of ``deck`` drawn with ``options`` holds, as
    boxes in inches from its top left: each card, each Checkpoint's pair of
    scoring stacks, and each line of words (title, facts, each item of the key,
    the explanation under it)."""
    title = _title(deck, options)
    frame = deck_frame(deck, title)
    cards: list[Box] = []
    for index in range(len(deck.course)):
        x, y = _corner(deck, index)
        cards.append((x, y, x + CARD_WIDTH, y + CARD_HEIGHT))
    for stack in scoring_stacks(deck.course):
        x, y = _corner(deck, stack.at)
        top = y + CARD_HEIGHT + GAP
        cards.append((x, top, x + CARD_WIDTH, top + STACK_HEIGHT))
    words = [
        words_box(title, MARGIN, TITLE_BASELINE, TITLE_SIZE, bold=True),
        words_box(_subtitle(deck), MARGIN, SUBTITLE_BASELINE, SUBTITLE_SIZE),
        words_box(LEGEND, MARGIN, _footer_baseline(frame), SUBTITLE_SIZE),
    ]
    for entry in frame.legend:
        left, top = MARGIN + entry.x, frame.legend_top + entry.row * ROW_HEIGHT
        words.append((left, top, left + item_reach(entry.item), top + SWATCH))
    return cards, words


def _footer_baseline(frame: Frame) -> float:
    """Where the explanation under the key stands."""
    rows = max((p.row + 1 for p in frame.legend), default=0)
    return frame.legend_top + rows * ROW_HEIGHT + 0.2 + SUBTITLE_SIZE * 0.8


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


def _corner(deck: RaceDeck, index: int) -> tuple[float, float]:
    """The top-left corner of card ``index``, in inches from the picture's."""
    row, column = divmod(index, PER_ROW)
    heights = _row_heights(deck)
    return (MARGIN + column * (CARD_WIDTH + GAP), HEADER + MARGIN + sum(heights[:row]) + row * GAP)


class _Painter:
    """Draws a deck's cards into ``parent``: background, cards, stacks,
    faults, then the labels the placer sets, the key and the words."""

    def __init__(self, drawing: Any, parent: Any, deck: RaceDeck, theme: Theme, frame: Frame) -> None:
        self.drawing, self.parent, self.deck, self.theme, self.frame = drawing, parent, deck, theme, frame
        self.stacks = {stack.at: stack for stack in scoring_stacks(deck.course)}
        self.palette = PALETTES[theme.name]
        self.placer = LabelPlacer()
        self.cards = CardPainter(drawing, self.placer, theme)

    def u(self, inches: float) -> str:
        return fmt(round(inches * UNITS, 2))

    def length(self, spaces: float) -> str:
        """A length in inches (a space is an inch) as SVG text."""
        return self.u(spaces)

    def group(self, name: str, **attributes: str) -> Any:
        element = self.drawing.g(id=name, **attributes)
        element["font-family"] = self.theme.font
        self.parent.add(element)
        return element

    def paint(self, title: str) -> None:
        background = self.group("background")
        size = (self.u(self.frame.width), self.u(self.frame.height))
        background.add(self.drawing.rect(insert=("0", "0"), size=size, fill=self.theme.background))
        cards = self.group("cards", stroke=self.theme.tile_outline, stroke_width=self.u(0.02))
        for index in range(len(self.deck.course)):
            self.cards.card(cards, _corner(self.deck, index), card_face(self.deck, index))
        stacks = self.group("scoring-stacks", stroke=self.palette.ink, stroke_width=self.u(0.015))
        for stack in self.stacks.values():
            self.stack_pair(stacks, stack)
        self.faults()
        lettering = self.group("card-lettering")
        for index in range(len(self.deck.course)):
            self.cards.lettering(lettering, _corner(self.deck, index), card_face(self.deck, index))
        self.legend()
        self.words(title)

    def faults(self) -> None:
        """The *fault mark*: a ring just inside each card a broken rule names,
        in the theme's error stroke (red in colour, dashed black in print)."""
        places = deck_faults(self.deck).places
        if not places:
            return
        group = fault_group(self, self.theme)
        for index in places:
            self.cards.fault_ring(group, _corner(self.deck, index))

    def stack_pair(self, parent: Any, found: ScoringStacks) -> None:
        """The Lead Car and Trail Car stacks a gap under Checkpoint ``found.at``."""
        left, top = _corner(self.deck, found.at)
        corner = (left, top + CARD_HEIGHT + GAP)
        self.cards.stack_pair(parent, found.at, corner, (found.lead_car, found.trail_car))

    def legend(self) -> None:
        """The key under the cards: each item's icon and its words."""
        frame = self.frame
        group = self.group("legend", stroke="none")
        for entry in frame.legend:
            x = MARGIN + entry.x
            y = frame.legend_top + entry.row * ROW_HEIGHT
            kind = entry.item.swatch
            swatch = tokens.classed(self.drawing, group, f"symbol swatch {kind}")
            self.swatch(swatch, kind, (x + SWATCH / 2, y + SWATCH / 2))
            tokens.classed(self.drawing, group, "label key").add(
                self.drawing.text(
                    entry.item.text,
                    insert=(self.u(x + SWATCH + 0.12), self.u(y + SWATCH / 2 + 0.36 * LEGEND_SIZE)),
                    fill=self.theme.subtitle,
                    font_size=self.u(LEGEND_SIZE),
                )
            )

    def swatch(self, group: Any, kind: str, centre: tuple[float, float]) -> None:
        """The sample of ``kind`` in the key, centred on ``centre``."""
        half = SWATCH / 2
        palette = self.palette
        if kind in ("lead", "trail"):
            colours = (
                (palette.lead, palette.lead_text) if kind == "lead" else (palette.trail, palette.trail_text)
            )
            corner = (centre[0] - half, centre[1] - half * 0.75)
            draw_stack(self.drawing, group, corner, (SWATCH, SWATCH * 0.75), colours, palette.ink)
        elif kind == "fault":
            mark = self.drawing.rect(
                insert=(self.u(centre[0] - half), self.u(centre[1] - half)),
                size=(self.u(SWATCH), self.u(SWATCH)),
                rx=self.u(0.05),
                fill="none",
                stroke=self.theme.error,
                stroke_width=self.u(self.theme.error_width / 2),
            )
            dashes = " ".join(self.u(float(v) / 2) for v in self.theme.error_dash.split())
            if dashes:
                mark["stroke-dasharray"] = dashes
            group.add(mark)
        else:
            name = kind if kind != "card" else "?"
            draw_icon(self.drawing, group, name, centre, SWATCH, palette.icons)

    def words(self, title: str) -> None:
        group = self.group("words", stroke="none")
        theme = self.theme
        self.text(group, title, MARGIN, TITLE_BASELINE, TITLE_SIZE, fill=theme.title, font_weight="bold")
        self.text(group, _subtitle(self.deck), MARGIN, SUBTITLE_BASELINE, SUBTITLE_SIZE, fill=theme.subtitle)
        self.text(group, LEGEND, MARGIN, _footer_baseline(self.frame), SUBTITLE_SIZE, fill=theme.subtitle)

    def text(self, parent: Any, words: str, x: float, y: float, size: float, **style: str) -> None:
        parent.add(
            self.drawing.text(
                words, insert=(self.u(x), self.u(y)), font_size=self.u(size), stroke="none", **style
            )
        )
