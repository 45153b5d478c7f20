"""The furniture of a printed sheet, and the page map.

A *sheet* is one page of a true-size picture cut into pages
(:mod:`trackkit.render.pages` decides which windows become sheets and in
what order; :mod:`trackkit.picture.paper` does the arithmetic).  This module
draws what a sheet carries besides its window on the picture, all of it
in the sheet's margins: the cut lines with scissors, the trim ticks, the
alignment marks, the arrows towards the pages beyond its corners, and the
captions (heading, joining advice, which page lies beyond each side); and
the *page map*, the whole picture shrunk onto one sheet with every page's
window outlined and numbered.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from trackkit.picture.labels import LabelPlacer, box
from trackkit.picture.paper import MARK_ARM, OVERLAP, PAGE_MARGIN, Box, PagePlan, Window, corner_pointers
from trackkit.render import tokens
from trackkit.render.canvas import UNITS, fmt, new_drawing, serialise

__all__ = [
    "CAPTION_INSET",
    "POINTER_INSET",
    "SCISSORS",
    "PageDrawer",
    "draw_captions",
    "draw_corner_pointers",
    "draw_cuts",
    "draw_marks",
    "new_sheet",
    "page_map",
    "window_view",
]

POINTER_INSET = 0.32
"""How far inside the paper's edge the side pointers (``◀ page 3``) stand, in inches."""

_MARK_RING = 0.07
_MARK_STROKE = 0.012
_CAPTION_SIZE = 0.13
_ADVICE_SIZE = 0.1
"""The height of the joining advice's letters, in inches (7.2 points)."""
SCISSORS = 0.2
"""The height of the scissors on a cut line, in inches."""
CAPTION_INSET = PAGE_MARGIN + OVERLAP + 0.15
"""How far from the sheet's left and right edges the top and bottom
captions keep, in inches: clear of the alignment marks above and below
the overlap strips."""
_CHARACTER = 0.55
"""A caption letter's width, in font sizes (generous, so words never run into each other)."""
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
_ADVICE = (
    "Print at 100 %. Cut along each dashed line (✂), lay the cut edge on the ticks of the page beyond,"
    " each ⊕ on its twin, and tape."
)


PageDrawer = Callable[[Any, Any], LabelPlacer | None]
"""Draws a whole picture, ``(drawing, parent)``, into the element ``parent``
of the SVG document ``drawing``, in the picture's own user units; it may
return the label placer's record of what it drew, which the page map's
numbers keep clear of."""


def new_sheet(plan: PagePlan) -> Any:
    """An empty sheet, its size written exactly in the paper's own unit."""
    return new_drawing(
        plan.paper.length(plan.sheet_width),
        plan.paper.length(plan.sheet_height),
        plan.sheet_width * UNITS,
        plan.sheet_height * UNITS,
    )


def window_view(drawing: Any, plan: PagePlan, left: float, top: float, width: float, height: float) -> Any:
    """A nested ``<svg>`` on the sheet's printable area showing the part of
    the picture ``width`` by ``height`` inches from ``left``, ``top``; it
    clips whatever lies outside."""
    view = drawing.svg(
        insert=(fmt(PAGE_MARGIN * UNITS), fmt(PAGE_MARGIN * UNITS)),
        size=(fmt(plan.area_width * UNITS), fmt(plan.area_height * UNITS)),
        id="window",
    )
    view["viewBox"] = " ".join(fmt(v * UNITS) for v in (left, top, width, height))
    drawing.add(view)
    return view


def draw_marks(drawing: Any, marks: list[tuple[float, float]]) -> None:
    """A circled cross at each of ``marks`` (inches on the sheet, in its margins)."""
    group = drawing.g(
        id="alignment-marks", fill="none", stroke="#000000", stroke_width=fmt(_MARK_STROKE * UNITS)
    )
    for x, y in marks:
        cx, cy = x * UNITS, y * UNITS
        arm = MARK_ARM * UNITS
        group.add(
            drawing.path(
                d=f"M{fmt(cx - arm)} {fmt(cy)} H{fmt(cx + arm)} M{fmt(cx)} {fmt(cy - arm)} V{fmt(cy + arm)}"
            )
        )
        group.add(drawing.circle(center=(fmt(cx), fmt(cy)), r=fmt(_MARK_RING * UNITS)))
    drawing.add(group)


def _at(point: tuple[float, float]) -> str:
    """A point in user units as SVG text, ``x y``."""
    return f"{fmt(round(point[0], 2))} {fmt(round(point[1], 2))}"


def draw_corner_pointers(drawing: Any, plan: PagePlan, corners: dict[tuple[int, int], int | None]) -> None:
    """An arrow towards each page beyond a corner of the sheet, in the side
    margin, and that page's number along the margin beside it."""
    pointers = corner_pointers(plan, corners)
    if not pointers:
        return
    group = drawing.g(
        id="corner-pointers", fill="#000000", stroke="#000000", font_size=fmt(_CAPTION_SIZE * UNITS)
    )
    group["font-family"] = _FONT
    half = 0.15 * UNITS
    for pointer in pointers:
        x, y = pointer.x * UNITS, pointer.y * UNITS
        ux, uy = math.cos(math.radians(pointer.angle)), math.sin(math.radians(pointer.angle))
        tip = (x + ux * half, y + uy * half)
        tail = (x - ux * half, y - uy * half)
        back = (tip[0] - ux * half * 0.7, tip[1] - uy * half * 0.7)
        wing = (-uy * half * 0.45, ux * half * 0.45)
        arrow = drawing.g(class_="corner-pointer")
        arrow.add(
            drawing.path(
                d=f"M{_at(tail)} L{_at(back)}",
                fill="none",
                stroke_width=fmt(0.02 * UNITS),
            )
        )
        head = [tip, (back[0] + wing[0], back[1] + wing[1]), (back[0] - wing[0], back[1] - wing[1])]
        arrow.add(drawing.polygon([_at(p).split() for p in head], stroke="none"))
        away = 1 if pointer.y < plan.sheet_height / 2 else -1
        ty = y + away * 0.55 * UNITS
        turn = -90 if pointer.x < plan.sheet_width / 2 else 90
        words = drawing.text(
            f"page {pointer.number}", insert=(fmt(x), fmt(ty)), text_anchor="middle", stroke="none"
        )
        words["transform"] = f"rotate({turn} {fmt(x)} {fmt(ty)})"
        arrow.add(words)
        group.add(arrow)
    drawing.add(group)


def draw_cuts(drawing: Any, plan: PagePlan, sides: dict[str, int | None]) -> None:
    """A hairline frame round the printed area; a dashed cut line across the
    whole sheet on each side with a page beyond to the left or top, with
    scissors on it in the margin (the top margin for the left cut, the
    right margin for the top cut), clear of the alignment marks; ticks in
    the margin where the page beyond to the right or below will lie."""
    width, height = plan.sheet_width * UNITS, plan.sheet_height * UNITS
    m = PAGE_MARGIN * UNITS
    left, top, right, bottom = m, m, width - m, height - m
    group = drawing.g(id="cut-lines", fill="none", stroke="#000000", stroke_width=fmt(0.01 * UNITS))
    group.add(
        drawing.rect(
            insert=(fmt(left), fmt(top)), size=(fmt(right - left), fmt(bottom - top)), stroke="#999999"
        )
    )
    dashes = {
        "stroke_dasharray": f"{fmt(0.08 * UNITS)} {fmt(0.05 * UNITS)}",
        "stroke_width": fmt(0.015 * UNITS),
    }
    scissors: list[tuple[float, float, int]] = []
    if sides["left"]:
        group.add(drawing.path(d=f"M{fmt(left)} 0 V{fmt(height)}", **dashes))
        scissors.append((left, m / 2, 90))
    if sides["top"]:
        group.add(drawing.path(d=f"M0 {fmt(top)} H{fmt(width)}", **dashes))
        scissors.append((width - m / 2, top, 0))
    tick = 0.08 * UNITS
    if sides["right"]:
        x = right - OVERLAP * UNITS
        group.add(
            drawing.path(
                d=f"M{fmt(x)} {fmt(top - tick)} V{fmt(top)} M{fmt(x)} {fmt(bottom)} V{fmt(bottom + tick)}"
            )
        )
    if sides["bottom"]:
        y = bottom - OVERLAP * UNITS
        group.add(
            drawing.path(
                d=f"M{fmt(left - tick)} {fmt(y)} H{fmt(left)} M{fmt(right)} {fmt(y)} H{fmt(right + tick)}"
            )
        )
    size = SCISSORS * UNITS
    for x, y, turn in scissors:
        text = drawing.text(
            "✂",
            insert=(fmt(x), fmt(y + 0.36 * size)),
            fill="#000000",
            stroke="none",
            font_size=fmt(size),
            font_family=_FONT,
            text_anchor="middle",
        )
        text["transform"] = f"rotate({turn} {fmt(x)} {fmt(y)})"
        group.add(text)
    drawing.add(group)


def _two_lines(text: str) -> tuple[str, str]:
    """``text`` broken at the space nearest its middle."""
    middle = len(text) // 2
    spaces = [i for i, c in enumerate(text) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return text[:cut], text[cut + 1 :]


def draw_captions(drawing: Any, plan: PagePlan, heading: str, sides: dict[str, int | None]) -> None:
    """The page's heading, how to join the pages and which page lies beyond
    each side, all in the sheet's margin, the side pointers turned to run
    along their edge :data:`POINTER_INSET` inches inside the paper."""
    group = drawing.g(id="page-caption", fill="#000000", font_size=fmt(_CAPTION_SIZE * UNITS))
    group["font-family"] = _FONT
    width, height = plan.sheet_width * UNITS, plan.sheet_height * UNITS
    left, right = CAPTION_INSET * UNITS, width - CAPTION_INSET * UNITS
    top = (PAGE_MARGIN - _CAPTION_SIZE) * UNITS
    bottom = height - (PAGE_MARGIN - _CAPTION_SIZE * 1.5) * UNITS
    group.add(drawing.text(heading, insert=(fmt(left), fmt(top))))
    # the advice, on two lines, ends clear of the bottom pointer (``▼ page 12``)
    room = (right - left) / UNITS - 10 * _CAPTION_SIZE * _CHARACTER
    lines = _two_lines(_ADVICE)
    advice_size = min(_ADVICE_SIZE, room / (max(len(line) for line in lines) * _CHARACTER))
    for k, line in enumerate(lines):
        baseline = height - (PAGE_MARGIN - advice_size * 1.1 - k * advice_size * 1.3) * UNITS
        group.add(drawing.text(line, insert=(fmt(left), fmt(baseline)), font_size=fmt(advice_size * UNITS)))
    if sides["top"]:
        group.add(drawing.text(f"▲ page {sides['top']}", insert=(fmt(right), fmt(top)), text_anchor="end"))
    if sides["bottom"]:
        group.add(
            drawing.text(f"▼ page {sides['bottom']}", insert=(fmt(right), fmt(bottom)), text_anchor="end")
        )
    inset = POINTER_INSET * UNITS
    for side, x, turn in (("left", inset, -90), ("right", width - inset, 90)):
        if sides[side]:
            text = drawing.text(
                f"▲ page {sides[side]}", insert=(fmt(x), fmt(height / 2)), text_anchor="middle"
            )
            text["transform"] = f"rotate({turn} {fmt(x)} {fmt(height / 2)})"
            group.add(text)
    drawing.add(group)


_MAP_PLACES = tuple((0.5 + dx, 0.5 + dy) for dy in (0, -0.2, 0.2) for dx in (0, -0.2, 0.2))
"""Where a page's number may stand on the page map, as fractions of its
window: the middle first, then round it."""


_WORDS_SPARE = 0.3
"""How much wider than its measured width a line of words is kept clear of
on the page map (a share of its width): room for letters drawn wider."""


def page_map(
    draw: PageDrawer, plan: PagePlan, kept: list[Window], title: str, lettering: Sequence[Box] = ()
) -> str:
    """The whole picture shrunk onto one sheet, each page's window outlined
    and numbered: the map to lay the pages out by.  It shows every window
    whole, so it spans the windows' extent rather than the picture's."""
    drawing = new_sheet(plan)
    left, top = plan.column_starts[0], plan.row_starts[0]
    width = plan.column_starts[-1] + plan.area_width - left
    height = plan.row_starts[-1] + plan.area_height - top
    view = window_view(drawing, plan, left, top, width, height)
    drawn = draw(drawing, view)
    scale = min(plan.area_width / width, plan.area_height / height)
    placer = LabelPlacer()
    if drawn is not None:
        for shape, kind in drawn.symbols:
            placer.block(shape, kind)
        for label in drawn.labels:
            placer.block(label.box, "label")
    for left, top, right, bottom in lettering:
        placer.block(box(left, top, right + (right - left) * _WORDS_SPARE, bottom), "lettering")
    group = drawing.g(
        id="page-map",
        fill="none",
        stroke="#000000",
        stroke_width=fmt(0.02 / scale * UNITS),
        stroke_dasharray=f"{fmt(0.1 / scale * UNITS)} {fmt(0.06 / scale * UNITS)}",
    )
    size = 0.4 / scale
    numbers = drawing.g(id="page-numbers", stroke="none")
    for number, window in enumerate(kept, 1):
        group.add(
            drawing.rect(
                insert=(fmt(window.left * UNITS), fmt(window.top * UNITS)),
                size=(fmt(window.width * UNITS), fmt(window.height * UNITS)),
            )
        )
        centre = (window.left + window.width / 2, window.top + window.height / 2)
        places = [
            (window.left + fx * window.width, window.top + fy * window.height) for fx, fy in _MAP_PLACES
        ]
        placed = placer.place(str(number), centre, size, places, reach=min(window.width, window.height) / 2)
        tokens.placed_label(drawing, numbers, placed, "#000000", _FONT, "#ffffff")
    view.add(group)
    view.add(numbers)
    caption = (
        f"{title} · page map (not to scale): {len(kept)} pages of {plan.paper.name}, outlined and numbered"
    )
    draw_captions(drawing, plan, caption, {"top": None, "bottom": None, "left": None, "right": None})
    return serialise(drawing)
