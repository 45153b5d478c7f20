"""Racepack, the main game: a closed circuit of piecepack tiles raced by cars
moving space by space (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trackkit.game import Game, Lazy, QuickSettings, Study, catalog_of, of_result
from trackkit.play import RecordPace

if TYPE_CHECKING:
    from trackkit.piecepack.setup import TableSetup
    from trackkit.racepack.layout import Layout

__all__ = ["GAME"]


def table_with_grid(layout: Layout) -> TableSetup:
    """The table before the start, the cars on their grid."""
    from trackkit.racepack.setup import table_setup

    return table_setup(layout, grid=True)


def race_words(layout: Layout) -> str:
    """The race a setup is for: ``3 laps, 4 cars``."""
    return f"{layout.laps} laps, {layout.cars} cars"


def loop_size(layout: Layout) -> tuple[int, int, int]:
    """How long a race is, to size its record: the loop's tiles, the cars
    and the laps (cars cover some 3 tiles a round: Figure 1 takes 23 rounds
    for 3 laps; the engine stops a race after 400 rounds)."""
    return len(layout.circuit), layout.cars, layout.laps


def quick_track(settings: QuickSettings, seed: int) -> Layout:
    """One random legal circuit of every tile of the packs, for the race of
    ``settings`` (four cars unless told)."""
    from trackkit.piecepack.equipment import TILES_PER_PACK
    from trackkit.racepack.generate import GenerationRequest, generate_layouts

    packs = settings.packs or 1
    request = GenerationRequest(
        tiles=TILES_PER_PACK * packs, packs=packs, laps=settings.laps, cars=settings.cars or 4
    )
    return generate_layouts(request, seed=seed).layouts[0]


STUDIES = {
    "lanes": Study(
        "inside lanes",
        Lazy("trackkit.racepack.lanes:inside_lanes"),
        Lazy("trackkit.racepack.formats.lanes_grid_hazards:lanes_text"),
        of_result(Lazy("trackkit.racepack.formats.lanes_grid_hazards:lanes_json")),
    ),
    "grid": Study(
        "starting grids",
        Lazy("trackkit.racepack.grid:starting_grid"),
        Lazy("trackkit.racepack.formats.lanes_grid_hazards:grid_text"),
        of_result(Lazy("trackkit.racepack.formats.lanes_grid_hazards:grid_json")),
    ),
    "analyze": Study(
        "lap analyses",
        Lazy("trackkit.racepack.movement.analysis:analyze"),
        Lazy("trackkit.racepack.formats.analyze:analysis_text"),
        of_result(Lazy("trackkit.racepack.formats.analyze:analysis_json")),
        detail=Lazy("trackkit.racepack.formats.analyze:policy_text"),
    ),
}
"""What ``lanes``, ``grid`` and ``analyze`` work out about a track."""


GAME = Game(
    name="racepack",
    title="Racepack",
    read=Lazy("trackkit.racepack.formats.layout_file:read_layout"),
    validate=Lazy("trackkit.racepack.rules:validate"),
    schema=Lazy("trackkit.racepack.formats.schema:layout_schema"),
    dump=Lazy("trackkit.racepack.formats.layout_file:dump_layout"),
    size=Lazy("trackkit.racepack.formats.info:tile_words"),
    info_text=Lazy("trackkit.racepack.formats.info:info_text"),
    info_json=Lazy("trackkit.racepack.formats.info:info_json"),
    draw_svg=Lazy("trackkit.render.svg:render_svg"),
    draw_pages=Lazy("trackkit.render.pages:render_pages"),
    count_pages=Lazy("trackkit.render.pages:page_total"),
    preview=Lazy("trackkit.render.terminal:layout_preview"),
    rules=catalog_of("trackkit.racepack.rules.catalog"),
    convert=Lazy("trackkit.racepack.formats.layout_file:convert_layout"),
    draws=frozenset({"lanes", "grid", "numbers", "line"}),
    setup=table_with_grid,
    setup_words=race_words,
    draw_simulation=Lazy("trackkit.render.simulation:simulation_svg"),
    quick_track=quick_track,
    studies=STUDIES,
    simulate=Lazy("trackkit.racepack.formats.record:simulate_races"),
    race_options=("wide_lanes", "hazards", "pit_stops", "extra_hazards"),
    record_race=Lazy("trackkit.racepack.formats.record:record_race"),
    record_pace=RecordPace("tiles", 2.5, 400, 200, loop_size),
    replay=Lazy("trackkit.racepack.formats.record:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:racepack_frame"),
    incident_map=Lazy("trackkit.racepack.incident_map:incident_map"),
)
"""Racepack as every command reaches it."""
