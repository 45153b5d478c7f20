"""One rally card drawn as a card, and a Checkpoint's scoring stacks.

A *card face* is what a player sees on one card of the course: its
rounded outline (grey for the opening Start and 3-lane cards, which lie on
the table before the deck is dealt), its *icon* in the middle
(:mod:`trackkit.render.rally_icons`), its course number in the top corner,
its name under the icon, and at its foot ``setup`` (on the table at setup)
and ``stack N`` (the N-th card stacked from the bottom of the race deck).
A *scoring stack* is the little pile of cards a car scores from as it
crosses a Checkpoint: the Lead Car's and the Trail Car's, drawn as three
cards showing under one another, the top one naming the stack and its
values from the top card down.  Where the cards stand on the picture is the
deck layout's business (:mod:`trackkit.render.rally`); this module draws
one card or stack at a given corner and records its marks and lettering
with the label placer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from trackkit.picture.labels import MIN_TEXT, LabelPlacer, box, stroke, text_width
from trackkit.render import tokens
from trackkit.render.canvas import UNITS, fmt
from trackkit.render.rally_icons import IconColours, draw_icon, icon_kind
from trackkit.render.themes import Theme

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "PALETTES",
    "STACK_HEIGHT",
    "CardFace",
    "CardPainter",
    "RallyPalette",
    "draw_stack",
    "name_lines",
    "values_words",
]

CARD_WIDTH = 2.5
CARD_HEIGHT = 3.5
"""A card's size in inches (a playing card's)."""

CARD_CORNER = 0.15
"""The radius of a card's rounded corners, in inches."""

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


@dataclass(frozen=True)
class CardFace:
    """What one card of the course shows: its place in the course
    (``index``, 0 for the Start), its name, whether it is one of the opening
    pair, its name lines under the icon, and the words at its foot
    (``setup`` on the left, ``stack N`` on the right, either ``None``);
    ``fill``, when given, replaces the card's own face colour (a picture of
    simulated figures shades each card by them), and ``ink`` the colour of
    its lettering (white on a dark fill)."""

    index: int
    name: str
    opening: bool
    lines: tuple[str, ...]
    setup: str | None
    stack: str | None
    fill: str | None = None
    ink: str | None = None


def _u(inches: float) -> str:
    """A length in inches as SVG text in drawing units."""
    return fmt(round(inches * UNITS, 2))


class CardPainter:
    """Draws cards and scoring stacks into a drawing in one theme,
    recording each icon, stack and fault ring with ``placer`` as a symbol
    and setting each card's lettering with it."""

    def __init__(self, drawing: Any, placer: LabelPlacer, theme: Theme) -> None:
        self.drawing, self.placer, self.theme = drawing, placer, theme
        self.palette = PALETTES[theme.name]

    def card(self, parent: Any, corner: tuple[float, float], face: CardFace) -> None:
        """The card's rounded outline and its icon, its top-left corner at
        ``corner`` (inches)."""
        left, top = corner
        group = self.drawing.g(id=f"card-{face.index}")
        parent.add(group)
        group.add(
            self.drawing.rect(
                insert=(_u(left), _u(top)),
                size=(_u(CARD_WIDTH), _u(CARD_HEIGHT)),
                rx=_u(CARD_CORNER),
                fill=face.fill or (OPENING_GREY if face.opening else CARD_FACE),
            )
        )
        kind = icon_kind(face.name)
        icon = tokens.classed(self.drawing, group, f"symbol icon {kind}")
        middle = (left + CARD_WIDTH / 2, top + ICON_MIDDLE)
        draw_icon(self.drawing, icon, face.name, middle, ICON_SIDE, self.palette.icons)
        half = ICON_SIDE / 2
        self.placer.block(box(middle[0] - half, middle[1] - half, middle[0] + half, middle[1] + half), "icon")

    def lettering(self, parent: Any, corner: tuple[float, float], face: CardFace) -> None:
        """The card's course number, its name and its foot lines, set by the placer."""
        left, top = corner
        ink = face.ink or self.palette.ink
        group = self.drawing.g(id=f"card-{face.index}-lettering")
        parent.add(group)
        number = str(face.index)
        spot = (left + INSET + text_width(number, NUMBER_SIZE) / 2, top + INSET + 0.12)
        self.label(group, number, spot, NUMBER_SIZE, ink)
        for line, words in enumerate(face.lines):
            spot = (left + CARD_WIDTH / 2, top + NAME_TOP + line * NAME_STEP)
            self.label(group, words, spot, NAME_SIZE, ink)
        foot = top + CARD_HEIGHT - INSET - SMALL_SIZE * 0.4
        subtle = self.theme.subtitle
        if face.setup is not None:
            spot = (left + INSET + text_width(face.setup, SMALL_SIZE) / 2, foot)
            self.label(group, face.setup, spot, SMALL_SIZE, subtle)
        if face.stack is not None:
            right = left + CARD_WIDTH - INSET - text_width(face.stack, SMALL_SIZE) / 2
            self.label(group, face.stack, (right, foot), SMALL_SIZE, subtle)

    def label(self, group: Any, words: str, spot: tuple[float, float], size: float, colour: str) -> None:
        placed = self.placer.place(words, spot, size, [spot], reach=0.6)
        tokens.placed_label(self.drawing, group, placed, colour, self.theme.font)

    def fault_ring(self, group: Any, corner: tuple[float, float]) -> None:
        """The *fault mark* of the card at ``corner``: a ring just inside its
        edge (the stroke is ``group``'s), recorded as four strokes."""
        left, top = corner
        width = self.theme.error_width
        inset = width / 2
        group.add(
            self.drawing.rect(
                insert=(_u(left + inset), _u(top + inset)),
                size=(_u(CARD_WIDTH - 2 * inset), _u(CARD_HEIGHT - 2 * inset)),
                rx=_u(CARD_CORNER),
            )
        )
        a, b = (left + inset, top + inset), (left + CARD_WIDTH - inset, top + CARD_HEIGHT - inset)
        for start, end in ((a, (b[0], a[1])), ((b[0], a[1]), b), (b, (a[0], b[1])), ((a[0], b[1]), a)):
            self.placer.block(stroke(start, end, width), "fault")

    def stack_pair(
        self, parent: Any, at: int, corner: tuple[float, float], values: tuple[tuple[int, ...], ...]
    ) -> None:
        """The Lead Car and Trail Car stacks (``values``: each one's cards,
        top first) of Checkpoint ``at``, their tops at ``corner``'s height and
        spread evenly across the width of a card whose left edge is at
        ``corner``'s."""
        left, y = corner
        spare = (CARD_WIDTH - 2 * STACK_WIDTH) / 3
        palette = self.palette
        lead = (palette.lead, palette.lead_text)
        self.stack(parent, at, (left + spare, y), lead, "Lead", values[0])
        trail = (palette.trail, palette.trail_text)
        self.stack(parent, at, (left + 2 * spare + STACK_WIDTH, y), trail, "Trail", values[1])

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
        draw_stack(self.drawing, group, (x, y), (STACK_WIDTH, STACK_HEIGHT), colours)
        self.placer.block(box(x, y, x + STACK_WIDTH, y + STACK_HEIGHT), "stack")
        middle = x + (STACK_WIDTH - 2 * STACK_STEP) / 2
        for words, line, bold in ((name, 0.27, True), (values_words(cards), 0.6, False)):
            text = self.drawing.text(
                words,
                insert=(_u(middle), _u(y + line + SMALL_SIZE * 0.36 - 0.1)),
                fill=colours[1],
                font_size=_u(SMALL_SIZE),
                text_anchor="middle",
                stroke="none",
            )
            if bold:
                text["font-weight"] = "bold"
            group.add(text)


def values_words(cards: tuple[int, ...]) -> str:
    """A scoring stack's values from its top card to its bottom one: ``5 to 1``."""
    return f"{cards[0]} to {cards[-1]}"


def draw_stack(
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
            insert=(_u(x + layer * step), _u(y + layer * step)),
            size=(_u(width - 2 * step), _u(height - 2 * step)),
            rx=_u(0.06 * width / STACK_WIDTH),
            fill=colours[0],
        )
        if outline is not None:
            card["stroke"] = outline
            card["stroke-width"] = _u(0.012)
        group.add(card)


def name_lines(name: str) -> list[str]:
    """``name`` broken into lines that fit across a card: at its spaces and
    hyphens, a word too long for a line cut, at most :data:`NAME_LINES`
    lines (the last ending in an ellipsis when the name runs on)."""
    room = CARD_WIDTH - 2 * INSET
    lines: list[str] = []
    for word in name.replace("-", "- ").split():
        while text_width(word, NAME_SIZE) > room:
            fit = max(1, int(room / text_width("M", NAME_SIZE)))
            lines.append(word[:fit])
            word = word[fit:]
        if lines and text_width(lines[-1] + word, NAME_SIZE) <= room and lines[-1].endswith("-"):
            lines[-1] += word
        elif lines and text_width(lines[-1] + " " + word, NAME_SIZE) <= room and not lines[-1].endswith("-"):
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > NAME_LINES:
        lines = [*lines[: NAME_LINES - 1], lines[NAME_LINES - 1][:-1] + "…"]
    return lines
