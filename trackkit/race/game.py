"""RACE!: a loop of spaces with rated corners, laid on piecepack tiles or on
spaces alone (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trackkit.game import Game, Lazy, Study, catalog_of

if TYPE_CHECKING:
    from trackkit.race.track import RaceLayout

__all__ = ["GAME"]

def race_words(layout: RaceLayout) -> str:
    """The race a setup is for: ``3 laps, 6 racers``."""
    return f"{layout.laps} laps, {layout.racers} racers"


STUDIES = {
    "grid": Study(
        "starting grids",
        Lazy("trackkit.race.grid:race_grid"),
        Lazy("trackkit.race.formats.grid:grid_text"),
        Lazy("trackkit.race.formats.grid:grid_json"),
    ),
}
"""What ``grid`` works out about a track."""

GAME = Game(
    name="race",
    title="RACE!",
    read=Lazy("trackkit.race.formats.layout_file:read_layout"),
    validate=Lazy("trackkit.race.rules:validate"),
    schema=Lazy("trackkit.race.formats.layout_file:layout_schema"),
    dump=Lazy("trackkit.race.formats.layout_file:dump_layout"),
    size=Lazy("trackkit.race.formats.info:size_words"),
    info_text=Lazy("trackkit.race.formats.info:info_text"),
    info_json=Lazy("trackkit.race.formats.info:info_json"),
    draw_svg=Lazy("trackkit.render.painter:paint_svg"),
    draw_pages=Lazy("trackkit.render.painter:paint_pages"),
    count_pages=Lazy("trackkit.render.painter:count_pages"),
    preview=Lazy("trackkit.render.race_terminal:render_race_preview"),
    rules=catalog_of("trackkit.race.rules.catalog"),
    draws=frozenset({"grid"}),  # the drawing always shows the grid; the preview on request
    draw_simulation=Lazy("trackkit.render.simulation:simulation_svg"),
    studies=STUDIES,
    made_from={"racepack": Lazy("trackkit.race.convert:from_racepack")},
    setup=Lazy("trackkit.race.setup:race_setup"),
    setup_words=race_words,
    picture=Lazy("trackkit.race.picture:race_picture"),
)
"""RACE! as every command reaches it."""
