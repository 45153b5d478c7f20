"""The picture of a Racepack table, grown from its setup.

The picture shows the tiles, the grid of spaces on their backs, the
road's edges, the arrows showing the way round, the chequered start/finish
line, the lap die and the corner numbers, as in the rulebook's Figure 1;
and what else the table holds or the options ask for: a pit lane, a wide
straight, hairpin walls, the starting grid, hazard coins, the inside lane,
the racing line, and the tiles' numbers with a ring round each tile a
broken rule names.  Above stand the title and a line of facts, under it a
key of the marks shown.  It is pure: the drawings paint it
(:mod:`trackkit.render.painter`), on screen and on paper pages.

The layers are grown bottom first by
:mod:`trackkit.racepack.picture_marks`; the faults and tile numbers by
:mod:`trackkit.racepack.picture_notes`; the words round the track by
:mod:`trackkit.racepack.picture_key`.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from trackkit.picture.key import item_width
from trackkit.picture.labels import LabelPlacer
from trackkit.picture.marks import Group, Mark, Picture, Tile
from trackkit.picture.page_search import page_count
from trackkit.picture.paper import Paper
from trackkit.racepack.layout import Layout
from trackkit.racepack.picture_frame import Frame, frame_for, plan_boxes
from trackkit.racepack.picture_key import key_marks, legend_items, title_marks
from trackkit.racepack.picture_marks import Table
from trackkit.racepack.picture_notes import fault_rings, tile_numbers
from trackkit.racepack.racing_line import RacingLine, fault_tiles, racing_line
from trackkit.racepack.scene import Scene, build_scene

__all__ = ["KEY_TRIES", "racepack_picture"]

KEY_TRIES = 6
"""How many narrower keys the pages try (an inch narrower each) when the
key's full width leaves a sheet carrying only the end of one of its rows."""


@functools.lru_cache(maxsize=4)
def racepack_picture(layout: Layout, options: Any) -> Picture:
    """The picture of ``layout`` drawn with ``options`` (a
    :class:`~trackkit.render.options.RenderOptions`), kept for the last
    few asked for: a print is counted, then drawn (the editor's export),
    and growing the picture of a long track sets hundreds of labels.

    The rules are checked so that the tiles a broken rule names can be
    ringed; tile numbers are shown when ``options.numbers`` says so, or,
    when it is left unset, whenever the track breaks a rule.  A circuit
    that is not a closed loop is drawn without corner numbers, start/finish
    line or lap die.  Raises :class:`~trackkit.errors.LimitError` for a
    layout too large to draw."""
    scene = build_scene(layout, options.grid)
    faults = fault_tiles(layout)
    numbers = options.numbers if options.numbers is not None else faults.broken
    scene = replace(scene, numbers=numbers, faults=faults.places)
    title = options.title or scene.title
    items = legend_items(scene, options)
    frame = frame_for(scene, title, items)
    picture = _picture(scene, frame, title, options)
    return replace(picture, on_paper=lambda paper: _on_paper(picture, scene, frame, options, paper))


def _shown_line(scene: Scene, options: Any) -> RacingLine | None:
    """The racing line when the options ask for it and the track has one."""
    if not options.line or not scene.whole:
        return None
    line = racing_line(scene.layout)
    return line if line.turns else None


def _picture(scene: Scene, frame: Frame, title: str, options: Any) -> Picture:
    """The picture of ``scene`` on ``frame``: every layer, bottom first."""
    placer = LabelPlacer()
    table = Table(scene, frame, placer, _shown_line(scene, options))
    furniture = scene.furniture
    lanes = furniture.inside_lane if options.lanes else ()
    backdrop = Group((Tile(0.0, 0.0, frame.width, frame.height, "backdrop"),), name="background")
    marks: list[Mark] = [
        backdrop,
        *table.tiles(),
        *table.shade("pit-lane-spaces", furniture.pit_cells, "pit-ground"),
        *table.shade("inside-lane", lanes, "inside-lane"),
        *table.space_grid(),
        *table.tile_borders(),
        *table.pit_dividers(),
        *table.road_edges(),
        *table.walls(),
        *table.arrows(),
        *table.stopping_places(),
        *table.finish_line(),
        *table.racing_path(),
        *table.starting_grid(),
        *table.hazards(),
        *table.racing_marks(),
        *table.lap_die(),
        *table.corner_numbers(),
        *fault_rings(scene, frame, placer),
        *tile_numbers(scene, frame, placer),
        title_marks(frame),
        *key_marks(frame, scene.die.laps if scene.die else 3),
    ]
    legend = tuple(placed.item for placed in frame.legend)
    return Picture(
        "", title, (scene.subtitle,), frame.width, frame.height, tuple(marks), legend, placer,
        exact=True, plan=plan_boxes(scene, frame),
    )


def _on_paper(picture: Picture, scene: Scene, frame: Frame, options: Any, paper: Paper) -> Picture:
    """The picture as printed on ``paper``: the key as wide as the
    picture, unless some sheet would then show only slivers; then the
    widest narrower key (up to :data:`KEY_TRIES` inches narrower, never
    narrower than its widest item) that needs no more sheets and leaves
    none showing only slivers (the key's last row, wrapped, often spares a
    sheet too).  Each key width tried is only a new frame round the same
    scene; the marks are grown for the one chosen."""
    shown, slivers = _sheets(scene, frame, paper)
    if not slivers or not frame.legend:
        return picture
    widest = max(item_width(p.item) for p in frame.legend)
    room = max(p.x + item_width(p.item) for p in frame.legend)
    items = tuple(placed.item for placed in frame.legend)
    for tried in range(1, KEY_TRIES + 1):
        if room - tried < widest:
            break
        narrower = frame_for(scene, picture.title, items, room - tried)
        more, slivers = _sheets(scene, narrower, paper)
        if more <= shown and not slivers:
            return _picture(scene, narrower, picture.title, options)
    return picture


def _sheets(scene: Scene, frame: Frame, paper: Paper) -> tuple[int, int]:
    """How many sheets of ``paper`` the pages of ``frame`` take, and how
    many of them show only slivers."""
    pieces, words = plan_boxes(scene, frame)
    return page_count(frame.width, frame.height, paper, pieces, words)
