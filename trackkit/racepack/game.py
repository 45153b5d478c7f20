"""Racepack, the main game: a closed circuit of piecepack tiles raced by cars
moving space by space (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trackkit.game import (
    PAINTED,
    TERMINAL_PREVIEW,
    Game,
    Lazy,
    QuickSettings,
    Study,
    catalog_of,
    of_result,
    tabletop_of,
)
from trackkit.generation import Generation, option
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
        asked=Lazy("trackkit.racepack.grid:raced_by"),
    ),
    "analyze": Study(
        "lap analyses",
        Lazy("trackkit.racepack.movement.analysis:analyze"),
        Lazy("trackkit.racepack.formats.analyze:analysis_text"),
        of_result(Lazy("trackkit.racepack.formats.analyze:analysis_json")),
        detail=Lazy("trackkit.racepack.formats.analyze:policy_text"),
    ),
    "id": Study(
        "circuit ids",
        Lazy("trackkit.racepack.generate:layout_id"),
        Lazy("trackkit.racepack.generation:id_text"),
        Lazy("trackkit.racepack.generation:id_json"),
        note=Lazy("trackkit.racepack.generation:id_note"),
    ),
    "hazards": Study(
        "hazard tokens",
        Lazy("trackkit.racepack.hazard_rolls:roll_hazards"),
        Lazy("trackkit.racepack.hazard_rolls:rolled_text"),
        Lazy("trackkit.racepack.hazard_rolls:rolled_json"),
        note=Lazy("trackkit.racepack.hazard_rolls:seed_note"),
        stored=Lazy("trackkit.racepack.hazard_rolls:stored_hazards"),
        stores=("icons", "hazards"),
    ),
}
"""What ``lanes``, ``grid`` and ``analyze`` work out about a track, the
circuit ``id`` names, and the ``hazards`` tokens rolled onto it."""

COUNTING = Study(
    "circuit counts",
    Lazy("trackkit.racepack.generation:count_job"),
    Lazy("trackkit.racepack.generation:counted_text"),
    Lazy("trackkit.racepack.generation:counted_json"),
)
"""What ``trackkit count`` works out: the plain circuits of a number of tiles."""

DIRECTIONS = ("any", "clockwise", "counterclockwise")
"""The words ``--direction`` takes: either way at random, or one way."""


@dataclass(frozen=True)
class GenerateRequest:
    """What ``trackkit generate racepack`` asks of a circuit, as typed."""

    tiles: int | None = option(None, "Tiles in all, pit lane included: even, 24 per pack. [default: 24]")
    packs: int = option(1, "Piecepacks supplying the tiles (24 tiles each).")
    corners: int | None = option(None, "Exactly this many corners.", show_default=False)
    min_corners: int | None = option(None, "At least this many corners.", show_default=False)
    max_corners: int | None = option(None, "At most this many corners.", show_default=False)
    min_straight: int | None = option(
        None, "A straight of at least this many tiles for the start/finish.", show_default=False
    )
    max_width: str | None = option(None, "Table width: tiles (10) or inches (20in).", show_default=False)
    max_height: str | None = option(None, "Table depth: tiles (10) or inches (20in).", show_default=False)
    hairpins: int = option(0, "Exactly this many hairpins.")
    chicanes: int = option(0, "Exactly this many chicanes.")
    pit: bool = option(False, "A 4-tile pit lane beside the main straight.")
    any_circuit: bool = option(
        False,
        "Draw among every legal circuit, not only among circuits people race (see docs/generation.md).",
        names=("--any",),
    )
    wide: bool = option(False, "A two-tile-wide main straight from the grid to corner 1 (7-8 cars).")
    direction: str = option(
        "any", "Which way round the track is driven.", words=DIRECTIONS, what="a direction"
    )
    laps: int | None = option(
        None, "Laps of the race. [default: 3; 5 with a pit lane on 24 tiles or fewer]", show_default=False
    )
    cars: int = option(4, "Cars in the race; the grid must fit on the main straight.")
    circuit_id: str | None = option(
        None, "Rebuild the circuit this id names (see 'trackkit id').", names=("--id",), show_default=False
    )


GENERATION = Generation(
    summary="Racepack circuits of tiles.",
    help="""Random legal Racepack circuits: every circuit meeting the constraints equally likely.

    By default only tracks people race: a main straight of at least 3 tiles
    and a sixth of the loop, at least half the loop straight, and no more
    than 4 corners with at most one straight tile between one and the next
    (docs/generation.md); --any draws among every legal circuit.

    Up to 28 tiles in the loop every matching circuit is listed and one is
    chosen uniformly; up to 48 they are drawn exactly uniformly through the
    transfer matrix that counts them; above that a random walk draws them
    (tracks people race are built corner by corner).
    Every track is checked against the rules before it is written.

    \b
    Examples:
      trackkit generate racepack --seed 2026 --min-straight 5 -o tonight.yaml --svg tonight.svg
      trackkit generate racepack --tiles 40 --packs 2 --corners 10 --count 3 -o gp.yaml
      trackkit generate racepack --id 24-0042xr3m
    """,
    request=GenerateRequest,
    settle=Lazy("trackkit.racepack.generation:settle_request"),
    make=Lazy("trackkit.racepack.generation:make_circuits"),
    order=(
        "output",
        "svg",
        "tiles",
        "packs",
        "seed",
        "corners",
        "min_corners",
        "max_corners",
        "min_straight",
        "max_width",
        "max_height",
        "hairpins",
        "chicanes",
        "pit",
        "any_circuit",
        "wide",
        "direction",
        "laps",
        "cars",
        "count",
        "circuit_id",
        "force",
        "output_format",
    ),
)
"""How ``trackkit generate racepack`` draws circuits."""


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
    **PAINTED,
    preview=TERMINAL_PREVIEW,
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
    expert_driver="expert",
    record_race=Lazy("trackkit.racepack.formats.record:record_race"),
    record_pace=RecordPace("tiles", 2.5, 400, 200, loop_size),
    replay=Lazy("trackkit.racepack.formats.record:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:board_frame"),
    replay_board=Lazy("trackkit.racepack.preview:replay_board"),
    incident_map=Lazy("trackkit.racepack.incident_map:incident_map"),
    generation=GENERATION,
    overlays={"hazards": Lazy("trackkit.racepack.hazard_rolls:hazards_overlay")},
    counting=COUNTING,
    board=Lazy("trackkit.racepack.preview:layout_board"),
    picture=Lazy("trackkit.racepack.picture:racepack_picture"),
    edit=Lazy("trackkit.racepack.edits:apply"),
    tabletop=tabletop_of("trackkit.racepack.tabletop", ("path", "tiles", "heading", "origin", "start")),
)
"""Racepack as every command reaches it."""
