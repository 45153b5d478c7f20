"""One rally card as a picture shows it, and a Checkpoint's scoring stacks.

A *card face* is what a player sees on one card of the course: its
rounded outline (grey for the opening Start and 3-lane cards, which lie on
the table before the deck is dealt), its *icon* in the middle
(:mod:`trackkit.rally.picture_icons`), its course number in the top corner,
its name under the icon, and at its foot ``setup`` (on the table at setup)
and ``stack N`` (the N-th card stacked from the bottom of the race deck).
A *scoring stack* is the little pile of cards a car scores from as it
crosses a Checkpoint: the Lead Car's and the Trail Car's, drawn as three
cards showing under one another, the top one naming the stack and its
values from the top card down.  Where the cards stand is the deck
picture's business (:mod:`trackkit.rally.picture`); this module grows the
marks of one card or stack at a given corner (inches from the picture's
top left) and records its symbols and lettering with the label placer.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.picture.labels import MIN_TEXT, LabelPlacer, box, stroke, text_width
from trackkit.picture.marks import Group, Label, Mark, Text, Tile
from trackkit.picture.shapes import Point
from trackkit.picture.sizes import CARD_HEIGHT, CARD_WIDTH
from trackkit.rally.picture_icons import icon, icon_kind

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "FAULT_WIDTH",
    "STACK_HEIGHT",
    "CardFace",
    "card_lettering",
    "card_marks",
    "fault_ring",
    "name_lines",
    "stack_pair",
    "stack_tiles",
    "values_words",
]

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

FAULT_WIDTH = 0.1
"""How wide the ring round a card at fault is drawn, in inches, in every
theme (the themes' error stroke)."""


@dataclass(frozen=True)
class CardFace:
    """What one card of the course shows: its place in the course
    (``index``, 0 for the Start), its name, whether it is one of the opening
    pair, its name lines under the icon, and the words at its foot
    (``setup`` on the left, ``stack N`` on the right, either ``None``);
    ``fill``, when given, is a colour (``#rrggbb``) replacing the card's own
    face (a picture of simulated figures shades each card by them), and
    ``ink`` the colour of its lettering (white on a dark fill)."""

    index: int
    name: str
    opening: bool
    lines: tuple[str, ...]
    setup: str | None
    stack: str | None
    fill: str | None = None
    ink: str | None = None


def card_marks(face: CardFace, corner: Point, placer: LabelPlacer) -> Group:
    """The card's rounded outline and its icon, its top-left corner at
    ``corner``; the icon is recorded with ``placer``."""
    left, top = corner
    role = face.fill or ("card-opening" if face.opening else "card-face")
    outline = Tile(left, top, left + CARD_WIDTH, top + CARD_HEIGHT, role, CARD_CORNER)
    middle = (left + CARD_WIDTH / 2, top + ICON_MIDDLE)
    symbol = Group((icon(face.name, middle, ICON_SIDE),), classes=f"symbol icon {icon_kind(face.name)}")
    half = ICON_SIDE / 2
    placer.block(box(middle[0] - half, middle[1] - half, middle[0] + half, middle[1] + half), "icon")
    return Group((outline, symbol), name=f"card-{face.index}")


def card_lettering(face: CardFace, corner: Point, placer: LabelPlacer) -> Group:
    """The card's course number, its name and its foot lines, set by ``placer``."""
    left, top = corner
    ink = face.ink or "card-ink"
    number = str(face.index)
    labels = [
        _label(
            placer,
            number,
            (left + INSET + text_width(number, NUMBER_SIZE) / 2, top + INSET + 0.12),
            NUMBER_SIZE,
            ink,
        )
    ]
    for line, words in enumerate(face.lines):
        spot = (left + CARD_WIDTH / 2, top + NAME_TOP + line * NAME_STEP)
        labels.append(_label(placer, words, spot, NAME_SIZE, ink))
    foot = top + CARD_HEIGHT - INSET - SMALL_SIZE * 0.4
    if face.setup is not None:
        spot = (left + INSET + text_width(face.setup, SMALL_SIZE) / 2, foot)
        labels.append(_label(placer, face.setup, spot, SMALL_SIZE, "subtitle"))
    if face.stack is not None:
        right = left + CARD_WIDTH - INSET - text_width(face.stack, SMALL_SIZE) / 2
        labels.append(_label(placer, face.stack, (right, foot), SMALL_SIZE, "subtitle"))
    return Group(tuple(labels), name=f"card-{face.index}-lettering")


def _label(placer: LabelPlacer, words: str, spot: Point, size: float, role: str) -> Label:
    return Label(placer.place(words, spot, size, [spot], reach=0.6), role)


def fault_ring(corner: Point, placer: LabelPlacer) -> Tile:
    """The *fault mark* of the card at ``corner``: a ring just inside its
    edge (its stroke is its group's), recorded as four strokes."""
    left, top = corner
    inset = FAULT_WIDTH / 2
    a, b = (left + inset, top + inset), (left + CARD_WIDTH - inset, top + CARD_HEIGHT - inset)
    for start, end in ((a, (b[0], a[1])), ((b[0], a[1]), b), (b, (a[0], b[1])), ((a[0], b[1]), a)):
        placer.block(stroke(start, end, FAULT_WIDTH), "fault")
    return Tile(a[0], a[1], b[0], b[1], corner=CARD_CORNER)


def stack_pair(
    at: int, corner: Point, values: tuple[tuple[int, ...], ...], placer: LabelPlacer
) -> list[Mark]:
    """The Lead Car and Trail Car stacks (``values``: each one's cards, top
    first) of Checkpoint ``at``, their tops at ``corner``'s height and
    spread evenly across the width of a card whose left edge is at
    ``corner``'s."""
    left, y = corner
    spare = (CARD_WIDTH - 2 * STACK_WIDTH) / 3
    return [
        _stack(at, (left + spare, y), "Lead", values[0], placer),
        _stack(at, (left + 2 * spare + STACK_WIDTH, y), "Trail", values[1], placer),
    ]


def _stack(at: int, corner: Point, name: str, cards: tuple[int, ...], placer: LabelPlacer) -> Group:
    """The scoring stack ``name`` with its top-left corner at ``corner``:
    three cards showing under one another, the top one naming the stack
    and its values from the top card down."""
    x, y = corner
    kind = name.lower()
    placer.block(box(x, y, x + STACK_WIDTH, y + STACK_HEIGHT), "stack")
    middle = x + (STACK_WIDTH - 2 * STACK_STEP) / 2
    words = [
        Text(
            text,
            (middle, y + line + SMALL_SIZE * 0.36 - 0.1),
            SMALL_SIZE,
            f"stack-{kind}-text bare",
            bold,
            True,
        )
        for text, line, bold in ((name, 0.27, True), (values_words(cards), 0.6, False))
    ]
    tiles = stack_tiles(corner, (STACK_WIDTH, STACK_HEIGHT), f"stack-{kind}")
    return Group((*tiles, *words), name=f"{kind}-{at}", classes=f"symbol stack {kind}")


def values_words(cards: tuple[int, ...]) -> str:
    """A scoring stack's values from its top card to its bottom one: ``5 to 1``."""
    return f"{cards[0]} to {cards[-1]}"


def stack_tiles(corner: Point, size: tuple[float, float], role: str) -> list[Tile]:
    """Three cards of ``role``, each showing a little under the one above
    it, in the box of ``size`` from ``corner`` (inches)."""
    (x, y), (width, height) = corner, size
    step = STACK_STEP * width / STACK_WIDTH
    return [
        Tile(
            x + layer * step,
            y + layer * step,
            x + layer * step + (width - 2 * step),
            y + layer * step + (height - 2 * step),
            role,
            0.06 * width / STACK_WIDTH,
        )
        for layer in (2, 1, 0)
    ]


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
