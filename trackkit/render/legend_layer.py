"""The words round a track diagram: the title block above it and the key
under it (:mod:`trackkit.render.legend` decides what the key says and where
each item goes; this module draws each item's sample mark and words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trackkit.render import tokens
from trackkit.render.canvas import LINE, MARGIN, SUBTITLE_SIZE, TITLE_SIZE, UNITS, Canvas, fmt
from trackkit.render.legend import LEGEND_SIZE, ROW_HEIGHT, SWATCH, LegendItem
from trackkit.render.racing_line import LINE_COLOURS

__all__ = ["SWATCHES", "layer_legend", "layer_title"]


def layer_title(canvas: Canvas) -> None:
    """The track's name and a line of facts, above the track, each wrapped
    onto more lines where the picture is narrow."""
    theme = canvas.theme
    frame = canvas.frame
    group = canvas.group("title", class_="label title", font_family=theme.font)
    left = canvas.length(MARGIN)
    baseline = MARGIN + TITLE_SIZE * 0.8
    for line in frame.title_lines:
        group.add(
            canvas.drawing.text(
                line,
                insert=(left, canvas.length(baseline)),
                fill=theme.title,
                font_size=canvas.length(TITLE_SIZE),
                font_weight="bold",
            )
        )
        baseline += TITLE_SIZE * LINE
    baseline += 0.12 + SUBTITLE_SIZE * 0.8 - TITLE_SIZE * (LINE - 0.2)
    for line in frame.subtitle_lines:
        group.add(
            canvas.drawing.text(
                line,
                insert=(left, canvas.length(baseline)),
                fill=theme.subtitle,
                font_size=canvas.length(SUBTITLE_SIZE),
            )
        )
        baseline += SUBTITLE_SIZE * LINE


def layer_legend(canvas: Canvas) -> None:
    """The key under the track: a sample of each mark shown, and what it means."""
    placed = canvas.frame.legend
    if not placed:
        return
    theme = canvas.theme
    group = canvas.group("legend", font_family=theme.font)
    side = SWATCH * UNITS
    for entry in placed:
        x = (MARGIN + entry.x) * UNITS
        y = (canvas.frame.legend_top + entry.row * ROW_HEIGHT) * UNITS
        kind = entry.item.swatch.split("-")[0]
        swatch = tokens.classed(canvas.drawing, group, f"symbol swatch {kind}")
        SWATCHES[kind](canvas, swatch, entry.item, x, y, side)
        tokens.classed(canvas.drawing, group, "label key").add(
            canvas.drawing.text(
                entry.item.text,
                insert=(fmt(x + side + 0.12 * UNITS), fmt(y + side / 2 + 0.36 * LEGEND_SIZE * UNITS)),
                fill=theme.subtitle,
                font_size=canvas.length(LEGEND_SIZE),
            )
        )


# --- the sample marks -------------------------------------------------------------

Swatch = Callable[[Canvas, Any, LegendItem, float, float, float], None]
"""Draws one item's sample in the square at ``x``, ``y`` (top left) of side ``side`` units."""


def _square(canvas: Canvas, group: Any, x: float, y: float, side: float, fill: str, **extra: str) -> None:
    group.add(
        canvas.drawing.rect(
            insert=(fmt(x), fmt(y)),
            size=(fmt(side), fmt(side)),
            fill=fill,
            stroke=canvas.theme.tile_outline,
            stroke_width=canvas.length(canvas.theme.grid_width * 1.5),
            **extra,
        )
    )


def _line(
    canvas: Canvas, group: Any, points: list[tuple[float, float]], colour: str, width: float, **extra: str
) -> None:
    d = " ".join(f"{'M' if i == 0 else 'L'}{fmt(px)} {fmt(py)}" for i, (px, py) in enumerate(points))
    group.add(
        canvas.drawing.path(d=d, fill="none", stroke=colour, stroke_width=canvas.length(width), **extra)
    )


def _arrow(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    _square(canvas, group, x, y, side, canvas.theme.tile_fill)
    m = side / 2
    points = [
        (x + m + 0.3 * m * 2, y + m),
        (x + m - 0.2 * m * 2, y + m - 0.24 * m * 2),
        (x + m - 0.08 * m * 2, y + m),
        (x + m - 0.2 * m * 2, y + m + 0.24 * m * 2),
    ]
    d = " ".join(f"{'M' if i == 0 else 'L'}{fmt(px)} {fmt(py)}" for i, (px, py) in enumerate(points)) + " Z"
    group.add(canvas.drawing.path(d=d, fill=canvas.theme.arrow, stroke="none"))


def _finish(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    cell = side / 4
    _square(canvas, group, x, y, side, theme.tile_fill)
    group.add(
        canvas.drawing.rect(
            insert=(fmt(x + side / 2 - cell), fmt(y)),
            size=(fmt(2 * cell), fmt(side)),
            fill=theme.chequer_light,
        )
    )
    for row in range(4):
        column = row % 2
        group.add(
            canvas.drawing.rect(
                insert=(fmt(x + side / 2 - cell + column * cell), fmt(y + row * cell)),
                size=(fmt(cell), fmt(cell)),
                fill=theme.chequer_dark,
            )
        )


def _die(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    die = canvas.scene.die
    tokens.die(canvas.drawing, group, canvas.theme, die.laps if die else 3, x + side / 2, y + side / 2, side)


def _corner(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    tokens.disc(
        canvas.drawing,
        group,
        theme,
        "1",
        x + side / 2,
        y + side / 2,
        side / 2,
        theme.label_fill,
        theme.label_text,
        theme.label_outline_width * UNITS * 0.8,
    )


def _lane(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    _square(canvas, group, x, y, side, canvas.theme.tile_fill)
    group.add(
        canvas.drawing.rect(
            insert=(fmt(x + side / 2), fmt(y)), size=(fmt(side / 2), fmt(side)), fill=canvas.theme.inside_lane
        )
    )


def _pit(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    _square(canvas, group, x, y, side, canvas.theme.pit_fill)


def _divider(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.tile_fill)
    _line(
        canvas,
        group,
        [(x, y + side / 2), (x + side, y + side / 2)],
        theme.road_edge,
        theme.pit_divider_width,
        stroke_dasharray=f"{canvas.length(0.08)} {canvas.length(0.05)}",
    )


def _stop(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.pit_fill)
    tokens.label(canvas.drawing, group, "P", x + side / 2, y + side / 2, side * 0.6, theme.stop, theme.font)


def _wall(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.tile_fill)
    middle = [(x, y + side / 2), (x + side, y + side / 2)]
    _line(canvas, group, middle, theme.wall, theme.wall_width * 0.8)
    stripe = canvas.length(0.06)
    _line(
        canvas,
        group,
        middle,
        theme.wall_stripe,
        theme.wall_width * 0.4,
        stroke_dasharray=f"{stripe} {stripe}",
    )


def _chicane(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    """Both edges of a road that steps one lane aside halfway across."""
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.tile_fill)
    for top in (0.12, 0.58):
        steps = [(0.0, top), (0.5, top), (0.5, top + 0.3), (1.0, top + 0.3)]
        points = [(x + a * side, y + b * side) for a, b in steps]
        _line(canvas, group, points, theme.road_edge, theme.road_edge_width * 0.6)


def _pawn(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    pole = item.swatch == "pole"
    fill, ink = (theme.pole_fill, theme.pole_text) if pole else (theme.car_fill, theme.car_text)
    size = (side * 0.5, theme.car_outline_width * UNITS)
    tokens.pawn(
        canvas.drawing, group, theme, "1" if pole else "2", (x + side / 2, y + side / 2), size, (fill, ink)
    )


def _racing_line(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    colour = LINE_COLOURS.get(canvas.options.theme, LINE_COLOURS["print"])
    middle = y + side / 2
    dashes = f"{canvas.length(0.15)} {canvas.length(0.08)}"
    _line(canvas, group, [(x, middle), (x + side, middle)], colour, 0.06, stroke_dasharray=dashes)
    tokens.diamond(canvas.drawing, group, "1", x + side / 2, middle, side * 0.45, colour, canvas.theme.font)


def _hazard(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    suit = item.swatch.split("-", 1)[1]
    tokens.coin(canvas.drawing, group, canvas.theme, suit, x + side / 2, y + side / 2, side / 2)


def _number(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.tile_fill)
    tokens.label(
        canvas.drawing,
        group,
        "17",
        x + side / 2,
        y + side / 2,
        side * 0.55,
        theme.number_text,
        theme.font,
        theme.number_halo,
    )


def _fault(canvas: Canvas, group: Any, item: LegendItem, x: float, y: float, side: float) -> None:
    theme = canvas.theme
    _square(canvas, group, x, y, side, theme.tile_fill)
    inset = theme.error_width * UNITS / 4
    dashes = " ".join(canvas.length(float(v) / 3) for v in theme.error_dash.split())
    group.add(
        canvas.drawing.rect(
            insert=(fmt(x + inset), fmt(y + inset)),
            size=(fmt(side - 2 * inset), fmt(side - 2 * inset)),
            fill="none",
            stroke=theme.error,
            stroke_width=canvas.length(theme.error_width / 2),
            **({"stroke_dasharray": dashes} if dashes else {}),
        )
    )


SWATCHES: dict[str, Swatch] = {
    "arrow": _arrow,
    "finish": _finish,
    "die": _die,
    "corner": _corner,
    "inside": _lane,
    "pit": _pit,
    "divider": _divider,
    "stop": _stop,
    "wall": _wall,
    "chicane": _chicane,
    "pole": _pawn,
    "car": _pawn,
    "hazard": _hazard,
    "racing": _racing_line,
    "number": _number,
    "fault": _fault,
}
"""The sample drawn for each kind of key item (the part of its name before any ``-``)."""
