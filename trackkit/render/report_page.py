"""A track's report card on one page, as SVG: ``trackkit report -o FILE``.

:func:`report_svg` sets out, top to bottom:

* the heading: the track's name, its game, the field raced and the seed;
* the **drawing** of the layout (its game's ``draw_svg``, the one painter),
  beside the **facts** the game gives about it and the **difficulty**
  rating on its scale from 0 to 10, the bands marked;
* **how it plays**: the lines a caller words (race length, lead changes,
  when a race is decided, how much skill matters);
* the **heat maps**: the track map of the game's ``incident_map`` twice,
  its corners shaded by incidents a race and by overtakes a race (a game
  without that map shows its own picture of the figures, its
  ``draw_simulation``, instead);
* the win rate of each grid slot with its 95 % interval (in the game's own
  picture, where it is shown), and the scale of the rating in words.

It knows no game: the game comes from the registry, the figures from a
:class:`~trackkit.report.Report`, and the words from the caller (the
report's words live in :mod:`trackkit.formats.track_report`, beside this
layer, not under it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from trackkit.difficulty import BANDS
from trackkit.play import IncidentMap
from trackkit.registry import find_game
from trackkit.render.options import RenderOptions
from trackkit.render.simulation import (
    EDGE,
    LEGEND_TOP,
    MARGIN,
    TITLE_HEIGHT,
    MapFit,
    interval_chart,
    map_lines,
    shade,
    shade_scale,
    svg_rect,
    svg_text,
)
from trackkit.report import PageWords, Report

__all__ = [
    "PAGE_WIDTH",
    "Section",
    "nested",
    "report_svg",
]

PAGE_WIDTH = 1240.0
"""The page's width in pixels."""

TOP = 80.0
"""Where the drawing and the facts start, below the heading."""

DRAWING = (600.0, 420.0)
"""The box the layout's drawing is fitted into."""

RIGHT = MARGIN * 2 + DRAWING[0] + 10
"""Where the column beside the drawing starts."""

LINE = 17.0
"""The height of a line of words."""

WRAP = 84
"""The most characters of a line of facts beside the drawing."""

WIDE = 170
"""The most characters of a line across the page."""

HEAT_HEIGHT = LEGEND_TOP + 60 - TITLE_HEIGHT + 30
"""The height of one heat map with its heading and legend."""

Section = tuple[str, Sequence[str]]
"""A block of words on the page: its heading and its lines."""

_OPENING = re.compile(r"<svg\b[^>]*>")
_SIZE = re.compile(r'\b(width|height|viewBox)="([^"]*)"')


def nested(svg: str, x: float, y: float, width: float, height: float, prefix: str) -> list[str]:
    """The SVG document ``svg`` as an element of the page, fitted into the
    box at (``x``, ``y``) of ``width`` by ``height`` (its proportions kept),
    its element ids prefixed by ``prefix`` so that two pictures on a page
    keep theirs apart."""
    body = svg[svg.find("<svg") :]
    opening = _OPENING.search(body)
    assert opening is not None, "an SVG document opens with <svg>"
    sizes = dict(_SIZE.findall(opening.group(0)))
    view = sizes.get("viewBox") or f"0 0 {sizes.get('width', width)} {sizes.get('height', height)}"
    tag = (
        f'<svg x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" viewBox="{view}"'
        ' preserveAspectRatio="xMidYMid meet">'
    )
    inner = body[opening.end() :].replace(' id="', f' id="{prefix}-').replace("url(#", f"url(#{prefix}-")
    inner = inner.replace('href="#', f'href="#{prefix}-')
    return [tag, inner.strip()]


def report_svg(layout: Any, report: Report, words: PageWords, drawing: str | None = None) -> str:
    """The page of ``report`` on ``layout``, as SVG text, in the ``words``
    the caller gives, showing ``drawing`` (the game's drawing of the
    layout, made here when not given)."""
    game = find_game(layout.game)
    facts, plays, scale = words.facts, words.plays, words.scale
    lines = [
        svg_text(MARGIN, 32, f"{report.name or 'Track'}: track report", 22, "start", bold=True),
        svg_text(MARGIN, 56, words.field, 13, "start"),
    ]
    drawn = game.draw_svg(layout, RenderOptions()) if drawing is None else drawing
    lines += nested(drawn, MARGIN, TOP, *DRAWING, "drawing")
    lines += _block(facts, RIGHT, TOP + 14)
    lines += _rating(report, RIGHT, TOP + DRAWING[1] - 110)
    top = TOP + DRAWING[1] + 30
    before = len(lines)
    lines += _block(plays, MARGIN, top, WIDE)
    top += LINE * (len(lines) - before + 1)
    heat, used = _heat_maps(layout, report, top)
    own_picture = None if game.incident_map is not None else game.draw_simulation
    lines += heat
    top += used
    if own_picture is None:
        labels = _slot_labels(len(report.slots))
        chart = interval_chart(report.slots, labels, "grid slot", MARGIN + 60, top + 40)
        lines += ['<g id="grid-fairness">', *chart, "</g>"]
    lines += _block(("The difficulty rating", scale), RIGHT, top + 30)
    height = top + 340
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PAGE_WIDTH:g}" height="{height:g}"'
        f' viewBox="0 0 {PAGE_WIDTH:g} {height:g}">'
    )
    return "\n".join([opening, svg_rect(0, 0, PAGE_WIDTH, height, "white"), *lines, "</svg>"]) + "\n"


def _block(section: Section, x: float, y: float, wrap: int = WRAP) -> list[str]:
    """A heading and its lines, long lines wrapped at ``wrap`` characters."""
    heading, said = section
    lines = [svg_text(x, y, heading, 15, "start", bold=True)]
    row = y
    for line in said:
        for part in _wrapped(line, wrap):
            row += LINE
            lines.append(svg_text(x, row, part, 12, "start"))
    return lines


def _wrapped(line: str, wrap: int) -> list[str]:
    """``line`` cut after spaces into parts of at most ``wrap`` characters."""
    parts: list[str] = []
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    while len(line) > wrap and " " in line[:wrap]:
        cut = line.rindex(" ", 0, wrap)
        parts.append(line[:cut])
        line = indent + line[cut + 1 :]
    return [*parts, line]


def _rating(report: Report, x: float, y: float) -> list[str]:
    """The rating in large figures over a bar from 0 to 10, its bands shaded
    and the track's place on it marked."""
    width = PAGE_WIDTH - x - MARGIN
    lines = [
        '<g id="difficulty">',
        svg_text(x, y, "Difficulty", 15, "start", bold=True),
        svg_text(x, y + 42, f"{report.difficulty:.1f}", 40, "start", bold=True),
        svg_text(x + 90, y + 40, f"of 10: {report.band}", 18, "start"),
    ]
    low = 0.0
    for top, word in BANDS:
        left = x + width * low / 10
        lines.append(svg_rect(left, y + 60, width * (top - low) / 10, 16, shade(top / 10 * 0.8), EDGE))
        lines.append(svg_text(left + width * (top - low) / 20, y + 94, word, 11, "middle"))
        low = top
    marker = x + width * report.difficulty / 10
    lines.append(f'<polygon points="{marker:.1f},{y + 58:.1f} {marker - 7:.1f},{y + 48:.1f} '
                 f'{marker + 7:.1f},{y + 48:.1f}" fill="black"/>')
    lines.append("</g>")
    return lines


def _heat_maps(layout: Any, report: Report, top: float) -> tuple[list[str], float]:
    """The two heat maps (incidents, overtakes) at ``top``, or the game's own
    picture of the figures; and the height they take."""
    game = find_game(layout.game)
    if game.incident_map is not None:
        drawn = game.incident_map(layout)
        figures, half = report.figures, PAGE_WIDTH / 2
        lines = _heat(drawn, figures.incidents, report, report.incident, "heat-incidents", 0.0, top)
        lines += _heat(drawn, figures.overtakes, report, report.overtake, "heat-overtakes", half, top)
        return lines, HEAT_HEIGHT
    if game.draw_simulation is not None:
        picture = game.draw_simulation(layout, report.figures)
        heading = svg_text(MARGIN, top + 14, "Where things happen", 15, "start", bold=True)
        lines = ['<g id="heat-map">', heading]
        lines += [*nested(picture, MARGIN, top + 24, PAGE_WIDTH - 2 * MARGIN, 480, "heat"), "</g>"]
        return lines, 520.0
    return [], 0.0


def _heat(
    drawn: IncidentMap, counts: Sequence[int], report: Report, what: str, name: str, left: float, top: float
) -> list[str]:
    """One heat map: the track's corners shaded by ``counts`` a race, at
    (``left``, ``top``) on the page, with its heading and legend."""
    per_race = [count / max(1, report.races) for count in counts]
    most = max(per_race[1:], default=0.0) or 1.0
    shift = f"translate({left:.1f},{top - TITLE_HEIGHT + 30:.1f})"
    lines = [f'<g id="{name}" transform="{shift}">']
    fit = MapFit(point for patch in drawn.patches for point in patch.outline) if drawn.patches else None
    heading = (fit.dy if fit is not None else TITLE_HEIGHT) - 24
    lines.append(svg_text(MARGIN, heading, f"{what} a race, by corner", 15, "start", bold=True))
    drawn_lines = map_lines(drawn, per_race, most)
    lines += [line.replace(' id="', f' id="{name}-') for line in drawn_lines]
    legend = shade_scale(f"corners shaded by {what} a race", most if any(per_race[1:]) else 0.0)
    lines += [line.replace(' id="', f' id="{name}-') for line in legend]
    lines += ["</g>", "</g>"]
    return lines


def _slot_labels(count: int) -> list[str]:
    return ["1 (pole)", *(str(slot + 1) for slot in range(1, count))]

