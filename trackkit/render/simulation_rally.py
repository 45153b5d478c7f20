"""The picture of a rally simulation: where players run short, and what
each seat is worth.

:func:`rally_simulation_svg` draws, side by side:

* the **course**: the deck's cards in course order, in rows of
  :data:`~trackkit.picture.sizes.CARDS_PER_ROW`, each drawn as ``trackkit render``
  draws it (the rally game's ``shaded_cards`` job: its icon, course number and
  name), its face shaded by its *incidents a race*: the turns a car ended
  on it short of Fuel or of Control, and the moves that ghosted through a
  car standing on it (the figures the simulation counts per card), from
  white (none) to deep red (the card with the most; its
  lettering turns white where the red is dark), and under it the three
  figures apart;
* the **legend** of the shading, five steps from none to the most;
* a **bar chart** of the win rate of each seat, seat 1 the starting
  player, each bar with its 95 % confidence interval as a whisker, and the
  points each seat scores a race under it.

It knows no rules: it reads the deck's cards and the figures of a run
(:class:`RallyFigures`, which the rally game's
:class:`~trackkit.rally.race.simulate.RallySimulation` is), and returns the
SVG text, one element a line; the same figures always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from trackkit.montecarlo import Interval
from trackkit.picture.sizes import CARD_HEIGHT, CARD_WIDTH
from trackkit.picture.sizes import CARDS_PER_ROW as PER_ROW
from trackkit.registry import find_game
from trackkit.render.canvas import UNITS, fmt, new_drawing, serialise_elements
from trackkit.render.painter import paint_marks
from trackkit.render.simulation import (
    CHART_HEIGHT,
    CHART_WIDTH,
    MARGIN,
    SCALE_END,
    TITLE_HEIGHT,
    interval_chart,
    shade,
    shade_scale,
    svg_head,
    svg_text,
)
from trackkit.render.themes import get_theme

__all__ = [
    "PIXELS_PER_INCH",
    "RallyFigures",
    "lettering_ink",
    "rally_simulation_svg",
]


class RallyFigures(Protocol):
    """What the picture reads of a run of rally races: how many races of
    how many players, the drivers, Skills mode and seed; each card's Fuel
    and Control shortages over all races (by course position); each
    seat's win rate and points a race (seat 0 the starting player)."""

    @property
    def races(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def skills(self) -> str: ...
    @property
    def drivers(self) -> Sequence[str]: ...
    @property
    def fuel_short(self) -> Sequence[int]: ...
    @property
    def control_short(self) -> Sequence[int]: ...
    @property
    def ghosts(self) -> Sequence[int]: ...
    def seat_rate(self, seat: int) -> Interval: ...
    def seat_mean(self, seat: int) -> float: ...

PIXELS_PER_INCH = 40.0
"""The scale the cards are drawn at: a playing card is 100 by 140 pixels."""

GAP = 12.0
"""Pixels between two cards of a row."""

FIGURES_HEIGHT = 43.0
"""Room under each card for its three figures."""

LEGEND_HEIGHT = 70.0
THEME = "print"
"""The cards keep to black, white and greys, so that only the shading is red."""


def rally_simulation_svg(deck: Any, result: RallyFigures) -> str:
    """The course with each card shaded by its incidents a race, the
    legend, and the win rate of each seat with its 95 % interval, as SVG text."""
    per_race = _per_race(result)
    most = max(per_race, default=0.0) or 1.0
    rows = max(1, -(-len(deck.course) // PER_ROW))
    strip_width = min(len(deck.course), PER_ROW) * (CARD_WIDTH * PIXELS_PER_INCH + GAP) - GAP
    legend_top = TITLE_HEIGHT + max(rows * _row_pitch() - GAP, CHART_HEIGHT + 80) + 12
    chart_left = MARGIN * 2 + strip_width + 40
    width = chart_left + CHART_WIDTH
    height = legend_top + LEGEND_HEIGHT + MARGIN
    lines = [
        *svg_head(width, height, *_title(deck, result)),
        *_card_lines(deck, per_race, most),
        *_figure_lines(deck, result),
        *_legend_lines(legend_top, per_race, most),
        *_chart_lines(result, chart_left),
    ]
    return "\n".join([*lines, "</svg>"]) + "\n"


def _per_race(result: RallyFigures) -> list[float]:
    """Each card's incidents (Fuel and Control shortages and ghosts together) a race."""
    races = max(1, result.races)
    every = zip(result.fuel_short, result.control_short, result.ghosts)
    return [(fuel + control + ghosts) / races for fuel, control, ghosts in every]


def _row_pitch() -> float:
    """Pixels from the top of one row of cards to the top of the next."""
    return CARD_HEIGHT * PIXELS_PER_INCH + FIGURES_HEIGHT + GAP


def _corner(index: int) -> tuple[float, float]:
    """The top-left corner of card ``index``, in pixels."""
    row, column = divmod(index, PER_ROW)
    return (MARGIN + column * (CARD_WIDTH * PIXELS_PER_INCH + GAP), TITLE_HEIGHT + row * _row_pitch())


def _title(deck: Any, result: RallyFigures) -> tuple[str, str]:
    """The heading and the line under it."""
    name = f"{deck.name or 'Deck'}: {result.races:,} races of {result.players} players"
    drivers = ", ".join(dict.fromkeys(result.drivers))
    return name, f"drivers {drivers} dealt in turn; Skills cards {result.skills}; seed {result.seed}"


# --- the cards ----------------------------------------------------------------------


def _card_lines(deck: Any, per_race: list[float], most: float) -> list[str]:
    """The cards as ``render`` draws them (print theme, no foot lines),
    each face shaded: grown by the game's ``shaded_cards`` job in inches,
    painted by the one painter, scaled into the picture's pixels."""
    theme = get_theme(THEME)
    drawing = new_drawing("1", "1", 1.0, 1.0)
    scale = f"scale({fmt(PIXELS_PER_INCH / UNITS)})"
    cards = drawing.g(id="cards", transform=scale, stroke=theme.tile_outline, stroke_width=fmt(0.02 * UNITS))
    lettering = drawing.g(id="card-lettering", transform=scale)
    for group in (cards, lettering):
        group["font-family"] = theme.font
    fills = [shade(per_race[index] / most) for index in range(len(deck.course))]
    corners = [_inches(_corner(index)) for index in range(len(deck.course))]
    job = find_game(deck.game).shaded_cards
    assert job is not None, "a game whose figures are drawn by card shades its cards"
    faces, words = job(deck, corners, fills, [lettering_ink(fill) for fill in fills])
    paint_marks(drawing, cards, faces, theme, exact=True)
    paint_marks(drawing, lettering, words, theme, exact=True)
    return serialise_elements([cards, lettering], "").rstrip("\n").split("\n")


def lettering_ink(fill: str) -> str | None:
    """White for lettering on a ``fill`` (``#rrggbb``) dark enough that
    white stands out more than black; ``None`` (the card's own ink) else."""
    channels = (int(fill[index : index + 2], 16) / 255 for index in (1, 3, 5))
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    on_white, on_black = 1.05 / (luminance + 0.05), (luminance + 0.05) / 0.05
    return "#ffffff" if on_white > on_black else None


def _inches(point: tuple[float, float]) -> tuple[float, float]:
    return (point[0] / PIXELS_PER_INCH, point[1] / PIXELS_PER_INCH)


def _figure_lines(deck: Any, result: RallyFigures) -> list[str]:
    """Under each card: its Fuel and its Control shortages, and its ghosts, a race."""
    races = max(1, result.races)
    lines = ['<g id="shortages">']
    for index in range(len(deck.course)):
        left, top = _corner(index)
        middle = left + CARD_WIDTH * PIXELS_PER_INCH / 2
        bottom = top + CARD_HEIGHT * PIXELS_PER_INCH
        figures = (result.fuel_short, result.control_short, result.ghosts)
        for line, (name, counts) in enumerate(zip(("Fuel", "Control", "ghosts"), figures)):
            words = f"{name} {counts[index] / races:.2f}"
            lines.append(svg_text(middle, bottom + 13 * (line + 1), words, 11, "middle"))
    lines.append("</g>")
    return lines


# --- the legend ---------------------------------------------------------------------


def _legend_lines(top: float, per_race: list[float], most: float) -> list[str]:
    key = "under each card, a race: turns ended there short of Fuel, of Control; ghosts through a car there"
    heading = "cards shaded by incidents a race (shortages of Fuel and Control, ghosts)"
    return [
        *shade_scale(heading, most if any(per_race) else 0.0, top),
        svg_text(SCALE_END, top + 30, key, 11, "start"),
        "</g>",
    ]


# --- the chart ----------------------------------------------------------------------


def _chart_lines(result: RallyFigures, left: float) -> list[str]:
    intervals = [result.seat_rate(seat) for seat in range(result.players)]
    labels = ["1 (starting)", *(str(seat + 1) for seat in range(1, result.players))]
    lines = interval_chart(intervals, labels, "seat", left, TITLE_HEIGHT + 40)
    points = ", ".join(f"{result.seat_mean(seat):.1f}" for seat in range(result.players))
    bottom = TITLE_HEIGHT + 40 + CHART_HEIGHT
    note = f"points a race by seat: {points}"
    return [*lines, svg_text(left - 40, bottom + 56, note, 12, "start")]
