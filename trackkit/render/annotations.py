"""What a diagram adds to help a player find a tile the rules speak of:
each tile's number (its index, as validation messages give it: ``tile
17``) and a ring round each tile a broken rule names."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from trackkit.piecepack.geometry import Vec
from trackkit.render import tokens
from trackkit.render.canvas import UNITS, Canvas, Frame, SvgTarget
from trackkit.render.scene import Scene
from trackkit.render.themes import Theme

__all__ = ["Layered", "fault_group", "layer_faults", "layer_tile_numbers", "ring_tiles"]


def layer_tile_numbers(canvas: Canvas) -> None:
    """Each loop tile's index, as validation messages give it, in a corner of
    the tile (when the scene shows numbers): the top left one, or the next
    corner clear of coins, pawns and the start/finish line."""
    scene = canvas.scene
    if not scene.numbers:
        return
    theme = canvas.theme
    group = canvas.group("tile-numbers")
    size = 0.2
    busy = {h.cell for h in scene.furniture.hazards} | {s.cell for s in scene.furniture.grid}
    for tile in scene.tiles:
        text = str(tile.index)
        half = 0.3 * size * len(text)
        places = [
            (tile.centre[0] + sx * (0.9 - half), tile.centre[1] + sy * (0.92 - 0.5 * size))
            for sx, sy in ((-1, 1), (1, 1), (-1, -1), (1, -1))
        ]
        clear = [
            p for p in places if (int(p[0] // 1), int(p[1] // 1)) not in busy and not _near_line(scene, p)
        ]
        x, y = (clear or places)[0]
        tokens.label(
            canvas.drawing,
            group,
            text,
            canvas.frame.x(x),
            canvas.frame.y(y),
            size * UNITS,
            theme.number_text,
            theme.font,
            theme.number_halo,
        )


def _near_line(scene: Scene, point: Vec) -> bool:
    """Whether a tile number at ``point`` would touch the chequered line."""
    if scene.finish is None:
        return False
    (ax, ay), (bx, by) = scene.finish.ends
    left, right, bottom, top = min(ax, bx) - 0.45, max(ax, bx) + 0.45, min(ay, by) - 0.35, max(ay, by) + 0.35
    return left <= point[0] <= right and bottom <= point[1] <= top


def layer_faults(canvas: Canvas) -> None:
    """A heavy ring, in the error colour, just inside each tile a broken rule names."""
    faults = canvas.scene.faults
    if faults:
        ring_tiles(canvas, canvas.theme, canvas.frame, [canvas.scene.tiles[i].centre for i in faults])


class Layered(Protocol):
    """A painter that starts named layers and writes lengths given in spaces."""

    def group(self, name: str, **attributes: str) -> Any: ...

    def length(self, spaces: float) -> str: ...


def fault_group(target: Layered, theme: Theme) -> Any:
    """The ``faults`` layer: no fill, the theme's error stroke (red in the
    colour theme, dashed black in print)."""
    group = target.group(
        "faults", fill="none", stroke=theme.error, stroke_width=target.length(theme.error_width)
    )
    dashes = " ".join(target.length(float(v)) for v in theme.error_dash.split())
    if dashes:
        group["stroke-dasharray"] = dashes
    return group


def ring_tiles(target: SvgTarget, theme: Theme, frame: Frame, centres: Sequence[Vec]) -> None:
    """The *fault mark* of a tile game: a ring just inside each 2×2 tile
    centred at ``centres``, in the :func:`fault_group` layer."""
    group = fault_group(target, theme)
    inset = theme.error_width / 2 + 0.03
    for x, y in centres:
        group.add(
            target.drawing.rect(**frame.box(x - 1 + inset, y - 1 + inset, x + 1 - inset, y + 1 - inset))
        )
