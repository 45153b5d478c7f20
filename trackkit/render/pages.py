"""Printing a true-size diagram on sheets of paper.

The picture is cut into overlapping windows (:mod:`trackkit.render.paper`
does the arithmetic); each window that shows something becomes one sheet.
A sheet carries, besides its part of the picture:

* *cut lines*: a dashed line along each side of the printed area that has
  a neighbouring page (the left and top sides), with scissors on it in the
  margin: trim there;
* *trim marks*: short ticks in the margin where the neighbour's trimmed edge
  is to be laid (the right and bottom sides);
* *alignment marks* (circled crosses) in the margins, level with the middle
  of each overlap strip, at the same place on the picture on both pages, so
  they never cover the picture;
* a caption in the margins: the page's number and place, how to join the
  pages, and, at least 0.25 inch inside the paper, which page lies beyond
  each side.

Windows showing nothing (no tile, number, die or lettering) are left out
and the pages are numbered without them.  After the pages comes a *page
map*: the whole picture shrunk onto one sheet with every page's window
outlined and numbered.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from trackkit.errors import LimitError
from trackkit.racepack.layout import Layout
from trackkit.render import tokens
from trackkit.render.canvas import (
    MARGIN,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    UNITS,
    Canvas,
    Frame,
    fmt,
    new_drawing,
    serialise,
    serialise_elements,
)
from trackkit.render.labels import LabelPlacer, box, text_width
from trackkit.render.layers import draw_layers
from trackkit.render.legend import ROW_HEIGHT, SWATCH, item_width
from trackkit.render.marks import DIE_SIDE, LABEL_RADIUS
from trackkit.render.options import RenderOptions
from trackkit.render.paper import (
    MARK_ARM,
    MAX_PAGES,
    OVERLAP,
    PAGE_MARGIN,
    PAPERS,
    Box,
    PagePlan,
    Paper,
    Window,
    corner_pointers,
    get_paper,
    margin_marks,
    plan_pages,
    starts,
)
from trackkit.render.scene import Scene
from trackkit.render.svg import prepare

__all__ = [
    "MAX_PAGES",
    "OVERLAP",
    "PAGE_MARGIN",
    "PAPERS",
    "POINTER_INSET",
    "PageDrawer",
    "PagePlan",
    "Paper",
    "Window",
    "content_boxes",
    "cut_into_pages",
    "get_paper",
    "lettering_boxes",
    "margin_marks",
    "plan_pages",
    "render_pages",
    "starts",
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


def render_pages(layout: Layout, options: RenderOptions, paper: Paper) -> list[str]:
    """The true-size diagram of ``layout`` cut into pages of ``paper``, each
    the text of an SVG file sized to the sheet, then the page map."""
    scene, theme, frame = prepare(layout, options)

    def draw(drawing: Any, view: Any) -> LabelPlacer:
        canvas = Canvas(drawing, view, scene, theme, options, frame)
        draw_layers(canvas)
        return canvas.placer

    title = options.title or scene.title
    contents, lettering = content_boxes(scene, frame), lettering_boxes(scene, frame)
    return cut_into_pages(frame.width, frame.height, paper, title, draw, contents, lettering)


PageDrawer = Callable[[Any, Any], LabelPlacer | None]
"""Draws a whole picture, ``(drawing, parent)``, into the element ``parent``
of the SVG document ``drawing``, in the picture's own user units; it may
return the label placer's record of what it drew, which the page map's
numbers keep clear of."""


def cut_into_pages(
    width: float,
    height: float,
    paper: Paper,
    title: str,
    draw: PageDrawer,
    contents: Sequence[Box] | None = None,
    lettering: Sequence[Box] = (),
) -> list[str]:
    """A ``width`` by ``height`` inch picture, drawn by ``draw``, cut into
    pages of ``paper``, then the page map.  The pages are laid out to be as
    few as they can (:func:`~trackkit.render.paper.plan_pages`); pages whose
    window meets none of ``contents`` (boxes in inches; ``None``: the whole
    picture) are left out; the page map's numbers keep clear of
    ``lettering``.  Raises :class:`LimitError` past :data:`MAX_PAGES` pages."""
    plan = plan_pages(width, height, paper, contents)
    if len(plan) > MAX_PAGES:
        raise LimitError(
            f"the track would take {len(plan):,} {paper.name} pages; trackkit prints at most {MAX_PAGES}"
        )
    windows = list(plan.windows())
    if contents is not None:
        windows = [w for w in windows if any(_overlaps(box, _box_of(w)) for box in contents)]
    kept = windows
    picture = _SharedPicture(draw)
    numbers = {w.number: n for n, w in enumerate(kept, 1)}
    documents: list[str] = []
    for window in kept:
        drawing = _sheet(plan)
        view = _view(drawing, plan, window.left, window.top, window.width, window.height)
        picture.page(drawing, view)

        def beyond(rows: int, columns: int, window: Window = window) -> int | None:
            number = plan.neighbour(window, rows, columns)
            return None if number is None else numbers.get(number)

        sides = {"top": beyond(-1, 0), "bottom": beyond(1, 0), "left": beyond(0, -1), "right": beyond(0, 1)}
        _draw_marks(drawing, margin_marks(plan, sides))
        corners = {(rows, columns): beyond(rows, columns) for rows in (-1, 1) for columns in (-1, 1)}
        _draw_corner_pointers(drawing, plan, corners)
        _draw_cuts(drawing, plan, sides)
        _draw_captions(drawing, plan, f"{title} · page {numbers[window.number]} of {len(kept)}", sides)
        documents.append(picture.text(drawing))
    documents.append(_page_map(picture, plan, kept, title, lettering))
    return documents


class _SharedPicture:
    """The picture, drawn by the drawer given only the first time: every
    page shows the same picture through its own window, so a track of
    thousands of tiles is laid out, labelled and written out once, not
    once a page.  Called as a drawer, it puts the elements drawn the first
    time into the new parent and gives the same record of symbols and
    labels; :meth:`page` puts a placeholder there instead, which
    :meth:`text` replaces with those elements written once.  A drawer that
    adds to the document outside its parent (nothing that could be shared)
    is run every time."""

    MARK = "shared-picture"
    """The id of the placeholder element."""

    def __init__(self, draw: PageDrawer) -> None:
        self._draw = draw
        self._elements: list[Any] | None = None
        self._placer: LabelPlacer | None = None
        self._written: dict[str, str] = {}

    def __call__(self, drawing: Any, parent: Any) -> LabelPlacer | None:
        if self._elements is not None:
            parent.elements.extend(self._elements)
            return self._placer
        before, inside = len(drawing.elements), len(parent.elements)
        placer = self._draw(drawing, parent)
        if len(drawing.elements) == before:
            self._elements, self._placer = parent.elements[inside:], placer
        return placer

    def page(self, drawing: Any, parent: Any) -> None:
        """Draw the picture into a page's window: the first time for real,
        later as the placeholder."""
        if self._elements is None:
            self(drawing, parent)
        else:
            parent.add(drawing.g(id=self.MARK))

    def text(self, drawing: Any) -> str:
        """The page as :func:`serialise` writes it, the picture in place of
        the placeholder."""
        page = serialise(drawing)
        start = page.find(f'<g id="{self.MARK}"/>')
        if self._elements is None or start < 0:
            return page
        line = page.rfind("\n", 0, start) + 1
        indent = page[line:start]
        if indent not in self._written:
            self._written[indent] = serialise_elements(self._elements, indent)
        return page[:line] + self._written[indent] + page[page.index("\n", start) + 1 :]


# --- what the picture holds, in inches -------------------------------------------


def content_boxes(scene: Scene, frame: Frame) -> list[Box]:
    """Every tile and all the lettering, as boxes on the picture: a window
    touching none of them is an empty page."""
    centres = [t.centre for t in scene.tiles] + [p.centre for p in scene.furniture.extras]
    tiles = [_table_box(frame, x - 1, y - 1, x + 1, y + 1) for x, y in centres]
    return tiles + lettering_boxes(scene, frame)


def lettering_boxes(scene: Scene, frame: Frame) -> list[Box]:
    """Where the picture has words or numbers: the title lines, the key's
    items, the corner numbers and the lap die.  Alignment marks keep off them."""
    boxes: list[Box] = []
    baseline = MARGIN
    for line in frame.title_lines:
        boxes.append((MARGIN, baseline, MARGIN + text_width(line, TITLE_SIZE), baseline + TITLE_SIZE * 1.2))
        baseline += TITLE_SIZE * 1.2
    for line in frame.subtitle_lines:
        boxes.append(
            (
                MARGIN,
                baseline,
                MARGIN + text_width(line, SUBTITLE_SIZE, bold=False),
                baseline + SUBTITLE_SIZE * 1.4,
            )
        )
        baseline += SUBTITLE_SIZE * 1.2
    for placed in frame.legend:
        top = frame.legend_top + placed.row * ROW_HEIGHT
        boxes.append((MARGIN + placed.x, top, MARGIN + placed.x + item_width(placed.item), top + SWATCH))
    for label in scene.labels:
        (cx, cy), r = label.centre, LABEL_RADIUS
        boxes.append(_table_box(frame, cx - r, cy - r, cx + r, cy + r))
    if scene.die is not None:
        (cx, cy), r = scene.die.centre, DIE_SIDE / 2
        boxes.append(_table_box(frame, cx - r, cy - r, cx + r, cy + r))
    return boxes


def _table_box(frame: Frame, left: float, bottom: float, right: float, top: float) -> Box:
    return (frame.x(left) / UNITS, frame.y(top) / UNITS, frame.x(right) / UNITS, frame.y(bottom) / UNITS)


def _box_of(window: Window) -> Box:
    return (window.left, window.top, window.left + window.width, window.top + window.height)


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- drawing a sheet ---------------------------------------------------------------


def _sheet(plan: PagePlan) -> Any:
    """An empty sheet, its size written exactly in the paper's own unit."""
    return new_drawing(
        plan.paper.length(plan.sheet_width),
        plan.paper.length(plan.sheet_height),
        plan.sheet_width * UNITS,
        plan.sheet_height * UNITS,
    )


def _view(drawing: Any, plan: PagePlan, left: float, top: float, width: float, height: float) -> Any:
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


def _draw_marks(drawing: Any, marks: list[tuple[float, float]]) -> None:
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


def _draw_corner_pointers(drawing: Any, plan: PagePlan, corners: dict[tuple[int, int], int | None]) -> None:
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


def _draw_cuts(drawing: Any, plan: PagePlan, sides: dict[str, int | None]) -> None:
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


def _draw_captions(drawing: Any, plan: PagePlan, heading: str, sides: dict[str, int | None]) -> None:
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


def _page_map(
    draw: PageDrawer, plan: PagePlan, kept: list[Window], title: str, lettering: Sequence[Box] = ()
) -> str:
    """The whole picture shrunk onto one sheet, each page's window outlined
    and numbered: the map to lay the pages out by.  It shows every window
    whole, so it spans the windows' extent rather than the picture's."""
    drawing = _sheet(plan)
    left, top = plan.column_starts[0], plan.row_starts[0]
    width = plan.column_starts[-1] + plan.area_width - left
    height = plan.row_starts[-1] + plan.area_height - top
    view = _view(drawing, plan, left, top, width, height)
    drawn = draw(drawing, view)
    scale = min(plan.area_width / width, plan.area_height / height)
    placer = LabelPlacer()
    if drawn is not None:
        for shape, kind in drawn.symbols:
            placer.block(shape, kind)
        for label in drawn.labels:
            placer.block(label.box, "label")
    for left, top, right, bottom in lettering:
        placer.block(box(left, top, right, bottom), "lettering")
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
    _draw_captions(drawing, plan, caption, {"top": None, "bottom": None, "left": None, "right": None})
    return serialise(drawing)
