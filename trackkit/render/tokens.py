"""The pieces a diagram shows on or beside the road, drawn at a given point.

The lap die, corner discs, pawns of the starting grid and hazard coins are
drawn both on the track and, smaller, in the key under it
(a :class:`~trackkit.picture.marks.Piece` of a picture, its key's sample too),
so each is one function here taking
its centre and size in SVG user units.

A piecepack die has six faces: *null* (blank), *ace* and 2 to 5.  The lap
die is turned to show the number of laps: ``A`` for one lap, the numeral for
2 to 5; a race of more laps cannot be shown by one die (``trackkit validate``
warns and says how players can count them), and its number is drawn as is.
"""

from __future__ import annotations

from typing import Any

from trackkit.board import DIE_FACES, die_face
from trackkit.picture.labels import Placed
from trackkit.picture.marks import Piece
from trackkit.render.canvas import UNITS, fmt
from trackkit.render.themes import Theme

__all__ = [
    "DIE_FACES",
    "PAWN_HEAD",
    "SUIT_GLYPHS",
    "classed",
    "coin",
    "diamond",
    "die",
    "die_face",
    "disc",
    "label",
    "pawn",
    "piece",
    "placed_label",
]

SUIT_GLYPHS = {"suns": "☀", "moons": "☾", "crowns": "♛", "arms": "⚜"}
"""The suit symbol printed on a hazard coin (a null coin turned suit side up)."""


def classed(drawing: Any, parent: Any, role: str) -> Any:
    """A new group of class ``role`` in ``parent``: ``label`` for lettering the
    label placer set, ``symbol disc``, ``symbol coin``... for the marks no
    label may cover (the overlap test reads these classes)."""
    group = drawing.g(class_=role)
    parent.add(group)
    return group


def label(
    drawing: Any,
    group: Any,
    text: str,
    x: float,
    y: float,
    size: float,
    colour: str,
    font: str,
    halo: str | None = None,
    role: str | None = None,
) -> None:
    """Bold ``text`` centred on ``x``, ``y``, ``size`` units high; with
    ``halo``, first drawn thickly outlined in that colour and then plainly on
    top, so it reads on any background (two texts rather than
    ``paint-order``, which not every SVG renderer knows).  With ``role``
    (``label``, say) the texts stand in a group of that class, which the
    overlap test reads."""
    if role is not None:
        group = classed(drawing, group, role)
    layers = [(halo, {"stroke": halo, "stroke_width": fmt(size * 0.22)})] if halo is not None else []
    for fill, stroke in [*layers, (colour, {"stroke": "none"})]:
        group.add(
            drawing.text(
                text,
                insert=(fmt(x), fmt(y + 0.36 * size)),
                fill=fill,
                font_family=font,
                font_size=fmt(size),
                font_weight="bold",
                text_anchor="middle",
                **stroke,
            )
        )


def disc(
    drawing: Any,
    group: Any,
    theme: Theme,
    text: str,
    x: float,
    y: float,
    radius: float,
    fill: str,
    ink: str,
    outline_width: float,
) -> None:
    """A disc of ``fill`` with ``text`` in ``ink``: a corner's number."""
    group = classed(drawing, group, "symbol disc")
    _circle(drawing, group, (x, y), radius, fill, (theme.label_outline, outline_width))
    size = radius * (1.05 if len(text) < 2 else 0.85)
    label(drawing, group, text, x, y, size, ink, theme.font)


def _circle(
    drawing: Any,
    group: Any,
    centre: tuple[float, float],
    radius: float,
    fill: str,
    outline: tuple[str, float],
) -> None:
    """A circle of ``fill`` drawn round with ``outline`` (colour, width)."""
    colour, width = outline
    group.add(
        drawing.circle(
            center=(fmt(centre[0]), fmt(centre[1])),
            r=fmt(radius),
            fill=fill,
            stroke=colour,
            stroke_width=fmt(width),
        )
    )


PAWN_HEAD = 0.68
"""The pawn's head as a fraction of its base's radius, seen from above."""


def pawn(
    drawing: Any,
    group: Any,
    theme: Theme,
    text: str,
    centre: tuple[float, float],
    size: tuple[float, float],
    colours: tuple[str, str],
) -> None:
    """A pawn seen from above: its round base and, inside it, its head
    ringed in the lettering's colour, with ``text`` (the car's number) on
    the head; ``size`` is the base's radius and the outline's width, both
    in user units.  ``colours`` are the fill and the lettering: the pole car's
    pawn is dark, the others light.  The ring inside tells a pawn from a
    corner's disc at a glance."""
    fill, ink = colours
    (x, y), (radius, outline_width) = centre, size
    group = classed(drawing, group, "symbol pawn")
    _circle(drawing, group, (x, y), radius, fill, (theme.label_outline, outline_width))
    _circle(drawing, group, (x, y), radius * PAWN_HEAD, fill, (ink, outline_width))
    label(drawing, group, text, x, y, radius * PAWN_HEAD * 1.3, ink, theme.font)


def diamond(
    drawing: Any, group: Any, text: str, x: float, y: float, half: float, fill: str, font: str
) -> None:
    """A square stood on its corner, ``half`` its diagonal across each way,
    with ``text`` in white: where a turn of the racing line ends."""
    group = classed(drawing, group, "symbol turn-end")
    points = [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]
    group.add(drawing.polygon(points=[(fmt(px), fmt(py)) for px, py in points], fill=fill))
    label(drawing, group, text, x, y, half * 1.05, "#ffffff", font)


def coin(drawing: Any, group: Any, theme: Theme, suit: str, x: float, y: float, radius: float) -> None:
    """A null coin turned suit side up: the suit's colour (white in print)
    and its symbol."""
    group = classed(drawing, group, "symbol coin")
    group.add(
        drawing.circle(
            center=(fmt(x), fmt(y)),
            r=fmt(radius),
            fill=theme.suits[suit],
            stroke=theme.hazard_outline,
            stroke_width=fmt(radius * 0.07),
        )
    )
    label(
        drawing, group, SUIT_GLYPHS[suit], x, y - radius * 0.05, radius * 1.25, theme.hazard_text, theme.font
    )


def die(drawing: Any, group: Any, theme: Theme, laps: int, x: float, y: float, side: float) -> None:
    """The lap die seen from above, showing the face for ``laps``."""
    half = side / 2
    group = classed(drawing, group, "symbol die")
    group.add(
        drawing.rect(
            insert=(fmt(x - half), fmt(y - half)),
            size=(fmt(side), fmt(side)),
            rx=fmt(side * 0.13),
            fill=theme.die_fill,
            stroke=theme.die_outline,
            stroke_width=fmt(side * 0.05),
        )
    )
    face = die_face(laps)
    if face:
        label(
            drawing, group, face, x, y, side * (0.64 if len(face) < 2 else 0.48), theme.die_text, theme.font
        )


def placed_label(
    drawing: Any, group: Any, placed: Placed, colour: str, font: str, halo: str | None = None
) -> None:
    """Draw a label the label placer set (its box in spaces on the picture),
    with its leader line, a thin line ending in a dot at the anchor, when it
    stands away from what it names."""
    if placed.leader is not None:
        (ax, ay), (bx, by) = ((x * UNITS, y * UNITS) for x, y in placed.leader)
        leader = classed(drawing, group, "leader")
        leader.add(
            drawing.line(
                start=(fmt(ax), fmt(ay)),
                end=(fmt(bx), fmt(by)),
                stroke=colour,
                stroke_width=fmt(0.015 * UNITS),
            )
        )
        leader.add(drawing.circle(center=(fmt(ax), fmt(ay)), r=fmt(0.03 * UNITS), fill=colour))
    x, y = placed.centre
    label(drawing, group, placed.text, x * UNITS, y * UNITS, placed.size * UNITS, colour, font, halo, "label")


def piece(
    drawing: Any, group: Any, theme: Theme, mark: Piece, centre: tuple[float, float], style: dict[str, str]
) -> None:
    """Draw the piece ``mark`` at ``centre`` (user units) in ``theme``: the
    colours of a die, disc, pawn and coin are the theme's, those of a
    diamond and a letter its role's (``style``: its fill, and the stroke of
    a letter's halo)."""
    (x, y), size = centre, mark.size * UNITS
    ink = style.get("fill", "#000000")
    if mark.kind == "die":
        die(drawing, group, theme, int(mark.words), x, y, size)
    elif mark.kind == "disc":
        outline = theme.label_outline_width * UNITS * (0.8 if mark.sample else 1.0)
        disc(drawing, group, theme, mark.words, x, y, size, theme.label_fill, theme.label_text, outline)
    elif mark.kind in ("pawn", "pole"):
        pole = mark.kind == "pole"
        colours = (theme.pole_fill, theme.pole_text) if pole else (theme.car_fill, theme.car_text)
        pawn(drawing, group, theme, mark.words, (x, y), (size, theme.car_outline_width * UNITS), colours)
    elif mark.kind == "coin":
        coin(drawing, group, theme, mark.words, x, y, size)
    elif mark.kind == "diamond":
        diamond(drawing, group, mark.words, x, y, size, ink, theme.font)
    else:
        label(drawing, group, mark.words, x, y, size, ink, theme.font, style.get("stroke"))
