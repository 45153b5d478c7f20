"""What a diagram adds to help a player find a tile the rules speak of:
each tile's number (its index, as validation messages give it: ``tile
17``) and a ring round each tile a broken rule names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from trackkit.picture.labels import MIN_TEXT, LabelPlacer, numbering_step, stroke, text_width
from trackkit.picture.shapes import LETTER_HEIGHT
from trackkit.piecepack.geometry import Vec
from trackkit.render import tokens
from trackkit.render.arrows import once
from trackkit.render.canvas import Canvas, Frame, SvgTarget
from trackkit.render.themes import Theme

__all__ = ["NUMBER_SIZE", "Layered", "fault_group", "layer_faults", "layer_tile_numbers", "ring_tiles"]


NUMBER_SIZE = MIN_TEXT
"""Font size of a tile number, in spaces: the smallest lettering allowed."""

_RING_CLEARANCE = 0.16
"""How far inside its tile's edge a tile number keeps, in spaces: clear of
the ring round a tile at fault."""


def layer_tile_numbers(canvas: Canvas) -> None:
    """Each loop tile's index, as validation messages give it (when the scene
    shows numbers), set by the label placer: in a corner of the tile (top left
    first) or in the middle of one of its spaces, whichever is first clear of
    arrows, coins, pawns, discs, the chequered line, the fault ring and the
    other numbers.  A track of more than
    :data:`~trackkit.picture.labels.MAX_NUMBERED` tiles gets every k-th
    tile's number only (the key says which)."""
    scene = canvas.scene
    if not scene.numbers:
        return
    theme = canvas.theme
    group = canvas.group("tile-numbers")
    step = numbering_step(len(scene.tiles))
    for tile in scene.tiles:
        if tile.index % step:
            continue
        text = str(tile.index)
        placed = canvas.placer.place(
            text,
            canvas.frame.at(tile.centre),
            NUMBER_SIZE,
            _number_places(canvas, tile.centre, text),
            reach=1.2,
        )
        tokens.placed_label(canvas.drawing, group, placed, theme.number_text, theme.font, theme.number_halo)


def _number_places(canvas: Canvas, centre: tuple[int, int], text: str) -> list[tuple[float, float]]:
    """Where a tile number may stand, on the picture: each corner of the tile
    just inside the fault ring, then the middle of each space."""
    half_width = text_width(text, NUMBER_SIZE) / 2
    half_height = LETTER_HEIGHT * NUMBER_SIZE / 2
    x, y = centre
    corners = [
        (x + sx * (1 - _RING_CLEARANCE - half_width), y + sy * (1 - _RING_CLEARANCE - half_height))
        for sx, sy in _CORNER_ORDER
    ]
    middles = [(x + sx * 0.5, y + sy * 0.5) for sx, sy in _CORNER_ORDER]
    return [canvas.frame.at(p) for p in corners + middles]


_CORNER_ORDER = ((-1, 1), (1, 1), (-1, -1), (1, -1))
"""Top left, top right, bottom left, bottom right (table ``y`` runs north)."""


def layer_faults(canvas: Canvas) -> None:
    """A heavy ring, in the error colour, just inside each tile a broken rule
    names (once for tiles stacked on one place); each side of it is
    recorded as a symbol no label may cross."""
    faults = canvas.scene.faults
    if faults:
        centres = once(canvas.scene.tiles[i].centre for i in faults)
        ring_tiles(canvas, canvas.theme, canvas.frame, centres, canvas.placer)


class Layered(Protocol):
    """A painter that starts named layers and writes lengths given in spaces."""

    def group(self, name: str, **attributes: str) -> Any: ...

    def length(self, spaces: float) -> str: ...


def fault_group(target: Layered, theme: Theme) -> Any:
    """The ``faults`` layer: no fill, the theme's error stroke (red in the
    colour theme, dashed black in print)."""
    group = target.group(
        "faults",
        class_="symbol fault",
        fill="none",
        stroke=theme.error,
        stroke_width=target.length(theme.error_width),
    )
    dashes = " ".join(target.length(float(v)) for v in theme.error_dash.split())
    if dashes:
        group["stroke-dasharray"] = dashes
    return group


def ring_tiles(
    target: SvgTarget, theme: Theme, frame: Frame, centres: Sequence[Vec], placer: LabelPlacer | None = None
) -> None:
    """The *fault mark* of a tile game: a ring just inside each 2×2 tile
    centred at ``centres``, in the :func:`fault_group` layer; with a
    ``placer``, each side of a ring is recorded as a symbol no label may cross."""
    group = fault_group(target, theme)
    inset = theme.error_width / 2 + 0.03
    for x, y in centres:
        if placer is not None:
            corners = [(x - 1 + inset, y + 1 - inset), (x + 1 - inset, y + 1 - inset)]
            corners += [(x + 1 - inset, y - 1 + inset), (x - 1 + inset, y - 1 + inset)]
            for a, b in zip(corners, corners[1:] + corners[:1]):
                placer.block(stroke(frame.at(a), frame.at(b), theme.error_width), "fault")
        group.add(
            target.drawing.rect(**frame.box(x - 1 + inset, y - 1 + inset, x + 1 - inset, y + 1 - inset))
        )
