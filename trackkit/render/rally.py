"""Rally race decks as SVG: the course's cards in course order, drawn as cards.

The picture lays the course out as a player reads it along the road, the
Start card first, in rows of :data:`PER_ROW` cards.  Each card is drawn at
the size of a playing card, with rounded corners, its course number in the
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
set by the one label placer (:mod:`trackkit.render.labels`).  The ``color``
theme paints the stacks blue and green; ``print`` keeps to black, white and
greys (a dark Lead Car stack, a white Trail Car stack).  The same deck and
options always give byte-identical text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
from trackkit.render.labels import MIN_TEXT, LabelPlacer, box, stroke, text_width
from trackkit.render.legend import LEGEND_SIZE, ROW_HEIGHT, SWATCH, LegendItem, item_width, legend_rows
from trackkit.render.options import RenderOptions
from trackkit.render.pages import Paper, cut_into_pages
from trackkit.render.paper import Box
from trackkit.render.rally_icons import IconColours, draw_icon, icon_kind
from trackkit.render.themes import Theme, get_theme

__all__ = [
    "LEGEND",
    "PALETTES",
    "PER_ROW",
    "RallyPalette",
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

CARD_WIDTH = 2.5
CARD_HEIGHT = 3.5
"""A card's size in inches (a playing card's)."""

CARD_CORNER = 0.15
"""The radius of a card's rounded corners, in inches."""

GAP = 0.3
"""Space between two cards in a row, between two rows, and between a
Checkpoint and its scoring stacks."""

ICON_SIDE = 1.3
ICON_MIDDLE = 1.3
"""The side of a card's icon and how far its middle stands below the card's top."""

NUMBER_SIZE = 0.3
NAME_SIZE = 0.26
SMALL_SIZE = MIN_TEXT
"""Heights of a card's course number, its name and its foot lines, in inches."""

NAME_TOP = 2.3
NAME_STEP = 0.3
NAME_LINES = 3
"""Where the middle of a card's first name line stands below its top, the
distance between name lines, and the most lines a name takes (a longer
one ends in an ellipsis)."""

INSET = 0.22
"""How far a card's corner lettering stands inside its edge."""

STACK_WIDTH = 1.05
STACK_HEIGHT = 0.8
STACK_STEP = 0.035
"""A scoring stack's footprint, and how far each card under the top one shows."""

OPENING_GREY = "#e0e0e0"
CARD_FACE = "#ffffff"


@dataclass(frozen=True)
class RallyPalette:
    """The colours of a deck drawing in one theme: each scoring stack's fill
    and lettering, the icons' colours, and the ink."""

    lead: str
    lead_text: str
    trail: str
    trail_text: str
    icons: IconColours
    ink: str


PALETTES = {
    "print": RallyPalette(
        "#333333",
        "#ffffff",
        "#ffffff",
        "#000000",
        IconColours("#000000", "#bdbdbd", "#6e6e6e", "#4d4d4d", "#ffffff"),
        "#000000",
    ),
    "color": RallyPalette(
        "#2d5fb8",
        "#ffffff",
        "#2f8f3a",
        "#ffffff",
        IconColours("#1f2328", "#8a8f96", "#e07b00", "#2a7fd4", "#ffffff"),
        "#1f2328",
    ),
}
"""The palette of each theme (see :mod:`trackkit.render.themes`)."""


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
        items.append(LegendItem("lead", f"Lead Car scoring stack, top card first ({_values(lead)})"))
        items.append(LegendItem("trail", f"Trail Car scoring stack ({_values(trail)})"))
    items.append(LegendItem("fuel", f"Fuel token: moves a car up to 3 spaces; at setup {_shares('fuel')}"))
    items.append(LegendItem("control", f"Control token: pays a Gate's cost; at setup {_shares('control')}"))
    if deck_faults(deck).broken:
        items.append(LegendItem("fault", "card breaking a rule: run trackkit validate"))
    return tuple(items)


def _values(cards: tuple[int, ...]) -> str:
    return f"{cards[0]} to {cards[-1]}"


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

    corners = [_corner(deck, index) for index in range(len(deck.course))]
    cards: list[Box] = [(x, y, x + CARD_WIDTH, y + CARD_HEIGHT) for x, y in corners]
    words: list[Box] = [
        (MARGIN, 0.3, frame.width - MARGIN, HEADER),
        (MARGIN, frame.legend_top - 0.1, frame.width - MARGIN, frame.height - FOOTER),
    ]
    return cut_into_pages(frame.width, frame.height, paper, title, draw, cards + words, words)


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
        self.setup = set(setup_cards(deck.course))
        self.placer = LabelPlacer()

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
        for index, card in enumerate(self.deck.course):
            self.card(cards, index, card)
        stacks = self.group("scoring-stacks", stroke=self.palette.ink, stroke_width=self.u(0.015))
        for stack in self.stacks.values():
            self.stack_pair(stacks, stack)
        self.faults()
        lettering = self.group("card-lettering")
        for index, card in enumerate(self.deck.course):
            self.lettering(lettering, index, card)
        self.legend()
        self.words(title)

    def faults(self) -> None:
        """The *fault mark*: a ring just inside each card a broken rule names,
        in the theme's error stroke (red in colour, dashed black in print)."""
        places = deck_faults(self.deck).places
        if not places:
            return
        group = fault_group(self, self.theme)
        width = self.theme.error_width
        inset = width / 2
        for index in places:
            left, top = _corner(self.deck, index)
            group.add(
                self.drawing.rect(
                    insert=(self.u(left + inset), self.u(top + inset)),
                    size=(self.u(CARD_WIDTH - 2 * inset), self.u(CARD_HEIGHT - 2 * inset)),
                    rx=self.u(CARD_CORNER),
                )
            )
            a, b = (left + inset, top + inset), (left + CARD_WIDTH - inset, top + CARD_HEIGHT - inset)
            for start, end in (
                (a, (b[0], a[1])),
                ((b[0], a[1]), b),
                (b, (a[0], b[1])),
                ((a[0], b[1]), a),
            ):
                self.placer.block(stroke(start, end, width), "fault")

    def card(self, parent: Any, index: int, card: str) -> None:
        """The card's rounded outline and its icon."""
        left, top = _corner(self.deck, index)
        group = self.drawing.g(id=f"card-{index}")
        parent.add(group)
        fill = OPENING_GREY if card in OPENING and index < len(OPENING) else CARD_FACE
        group.add(
            self.drawing.rect(
                insert=(self.u(left), self.u(top)),
                size=(self.u(CARD_WIDTH), self.u(CARD_HEIGHT)),
                rx=self.u(CARD_CORNER),
                fill=fill,
            )
        )
        kind = icon_kind(card)
        icon = tokens.classed(self.drawing, group, f"symbol icon {kind}")
        middle = (left + CARD_WIDTH / 2, top + ICON_MIDDLE)
        draw_icon(self.drawing, icon, card, middle, ICON_SIDE, self.palette.icons)
        half = ICON_SIDE / 2
        self.placer.block(box(middle[0] - half, middle[1] - half, middle[0] + half, middle[1] + half), "icon")

    def lettering(self, parent: Any, index: int, card: str) -> None:
        """The card's course number, its name and its foot lines, set by the placer."""
        left, top = _corner(self.deck, index)
        ink = self.palette.ink
        group = self.drawing.g(id=f"card-{index}-lettering")
        parent.add(group)
        number = str(index)
        self.label(
            group,
            number,
            (left + INSET + text_width(number, NUMBER_SIZE) / 2, top + INSET + 0.12),
            NUMBER_SIZE,
            ink,
        )
        for line, words in enumerate(self.name_lines(index, card)):
            self.label(
                group, words, (left + CARD_WIDTH / 2, top + NAME_TOP + line * NAME_STEP), NAME_SIZE, ink
            )
        foot = top + CARD_HEIGHT - INSET - SMALL_SIZE * 0.4
        subtle = self.theme.subtitle
        if index in self.setup:
            words = "setup"
            self.label(
                group, words, (left + INSET + text_width(words, SMALL_SIZE) / 2, foot), SMALL_SIZE, subtle
            )
        if index >= len(OPENING):
            words = f"stack {len(self.deck.course) - index}"
            right = left + CARD_WIDTH - INSET - text_width(words, SMALL_SIZE) / 2
            self.label(group, words, (right, foot), SMALL_SIZE, subtle)

    def name_lines(self, index: int, card: str) -> list[str]:
        """A card's name under its icon, in capitals for the Start, 3-lane,
        Checkpoint and Jump cards, which also say which of their kind they
        are (``2 of 3``)."""
        if card not in (CHECKPOINT, JUMP, *OPENING):
            return _lines(card, NAME_SIZE)
        lines = _lines(card.upper(), NAME_SIZE)
        if card in (CHECKPOINT, JUMP):
            places = self.deck.positions(card)
            lines.append(f"{places.index(index) + 1} of {len(places)}")
        return lines

    def label(self, group: Any, words: str, spot: tuple[float, float], size: float, colour: str) -> None:
        placed = self.placer.place(words, spot, size, [spot], reach=0.6)
        tokens.placed_label(self.drawing, group, placed, colour, self.theme.font)

    def stack_pair(self, parent: Any, found: ScoringStacks) -> None:
        """The Lead Car and Trail Car stacks under Checkpoint ``found.at``,
        spread evenly across the card's width."""
        left, top = _corner(self.deck, found.at)
        spare = (CARD_WIDTH - 2 * STACK_WIDTH) / 3
        y = top + CARD_HEIGHT + GAP
        palette = self.palette
        lead = (palette.lead, palette.lead_text)
        self.stack(parent, found.at, (left + spare, y), lead, "Lead", found.lead_car)
        trail = (palette.trail, palette.trail_text)
        self.stack(parent, found.at, (left + 2 * spare + STACK_WIDTH, y), trail, "Trail", found.trail_car)

    def stack(
        self,
        parent: Any,
        at: int,
        corner: tuple[float, float],
        colours: tuple[str, str],
        name: str,
        cards: tuple[int, ...],
    ) -> None:
        """The scoring stack ``name`` with its top-left corner at ``corner``:
        three cards showing under one another, the top one naming the stack
        and its values from the top card down."""
        x, y = corner
        group = tokens.classed(self.drawing, parent, f"symbol stack {name.lower()}")
        group["id"] = f"{name.lower()}-{at}"
        _draw_stack(self.drawing, group, (x, y), (STACK_WIDTH, STACK_HEIGHT), colours)
        self.placer.block(box(x, y, x + STACK_WIDTH, y + STACK_HEIGHT), "stack")
        face = STACK_WIDTH - 2 * STACK_STEP
        middle = x + face / 2
        for words, line, bold in ((name, 0.27, True), (_values(cards), 0.6, False)):
            text = self.drawing.text(
                words,
                insert=(self.u(middle), self.u(y + line + SMALL_SIZE * 0.36 - 0.1)),
                fill=colours[1],
                font_size=self.u(SMALL_SIZE),
                text_anchor="middle",
                stroke="none",
            )
            if bold:
                text["font-weight"] = "bold"
            group.add(text)

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
            _draw_stack(self.drawing, group, corner, (SWATCH, SWATCH * 0.75), colours, palette.ink)
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
        self.text(group, title, MARGIN, 0.75, TITLE_SIZE, fill=self.theme.title, font_weight="bold")
        self.text(group, _subtitle(self.deck), MARGIN, 1.15, SUBTITLE_SIZE, fill=self.theme.subtitle)
        rows = max((p.row + 1 for p in self.frame.legend), default=0)
        bottom = self.frame.legend_top + rows * ROW_HEIGHT + 0.2 + SUBTITLE_SIZE * 0.8
        self.text(group, LEGEND, MARGIN, bottom, SUBTITLE_SIZE, fill=self.theme.subtitle)

    def text(self, parent: Any, words: str, x: float, y: float, size: float, **style: str) -> None:
        parent.add(
            self.drawing.text(
                words, insert=(self.u(x), self.u(y)), font_size=self.u(size), stroke="none", **style
            )
        )


def _draw_stack(
    drawing: Any,
    group: Any,
    corner: tuple[float, float],
    size: tuple[float, float],
    colours: tuple[str, str],
    outline: str | None = None,
) -> None:
    """Three cards of ``colours[0]``, each showing a little under the one
    above it, in the box of ``size`` from ``corner`` (inches)."""
    (x, y), (width, height) = corner, size
    step = STACK_STEP * width / STACK_WIDTH
    for layer in (2, 1, 0):
        card = drawing.rect(
            insert=(fmt(round((x + layer * step) * UNITS, 2)), fmt(round((y + layer * step) * UNITS, 2))),
            size=(fmt(round((width - 2 * step) * UNITS, 2)), fmt(round((height - 2 * step) * UNITS, 2))),
            rx=fmt(round(0.06 * width / STACK_WIDTH * UNITS, 2)),
            fill=colours[0],
        )
        if outline is not None:
            card["stroke"] = outline
            card["stroke-width"] = fmt(round(0.012 * UNITS, 2))
        group.add(card)


def _lines(name: str, size: float) -> list[str]:
    """``name`` broken into lines that fit across a card at ``size``: at
    its spaces and hyphens, and a word too long for a line cut."""
    room = CARD_WIDTH - 2 * INSET
    lines: list[str] = []
    for word in name.replace("-", "- ").split():
        while text_width(word, size) > room:
            fit = max(1, int(room / text_width("M", size)))
            lines.append(word[:fit])
            word = word[fit:]
        if lines and text_width(lines[-1] + word, size) <= room and lines[-1].endswith("-"):
            lines[-1] += word
        elif lines and text_width(lines[-1] + " " + word, size) <= room and not lines[-1].endswith("-"):
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > NAME_LINES:
        lines = [*lines[: NAME_LINES - 1], lines[NAME_LINES - 1][:-1] + "…"]
    return lines
