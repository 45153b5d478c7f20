"""RACE!: a loop of spaces with rated corners, laid on piecepack tiles or on
spaces alone (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trackkit.game import PAINTED, TERMINAL_PREVIEW, Game, Lazy, Study, catalog_of, tabletop_of
from trackkit.generation import Generation, option
from trackkit.play import RecordPace

if TYPE_CHECKING:
    from trackkit.race.track import RaceLayout

__all__ = ["GAME"]

def race_words(layout: RaceLayout) -> str:
    """The race a setup is for: ``3 laps, 6 racers``."""
    return f"{layout.laps} laps, {layout.racers} racers"


def loop_size(layout: RaceLayout) -> tuple[int, int, int]:
    """How long a race is, to size its record: the loop's spaces, the
    racers and the laps (racers cover some 6 spaces a round: a 120-space
    loop takes 540 turns of 8 racers for 3 laps; the engine stops a race
    after 2,000 rounds)."""
    return layout.spaces, layout.racers, layout.laps


STUDIES = {
    "grid": Study(
        "starting grids",
        Lazy("trackkit.race.grid:race_grid"),
        Lazy("trackkit.race.formats.grid:grid_text"),
        Lazy("trackkit.race.formats.grid:grid_json"),
        asked=Lazy("trackkit.race.grid:raced_by"),
    ),
}
"""What ``grid`` works out about a track."""


@dataclass(frozen=True)
class GenerateRequest:
    """What ``trackkit generate race`` asks of a track, as typed."""

    spaces: int | None = option(None, "Spaces round the loop. [default: 40]", show_default=False)
    tiles: int | None = option(
        None, "Lay the track on this many piecepack tiles (even), two spaces a tile.", show_default=False
    )
    corners: int | None = option(None, "Exactly this many corners. [default: 2 to 6]", show_default=False)
    laps: int | None = option(None, "Laps of the race. [default: 2]", show_default=False)
    cars: int | None = option(
        None, "Racers on the grid (the file's 'racers'). [default: 6]", names=("--cars", "--racers"),
        show_default=False,
    )
    direction: str = option(
        "any", "Which way round the track is driven.", words=("any", "clockwise", "counterclockwise"),
        what="a direction",
    )


GENERATION = Generation(
    summary="RACE! tracks of spaces and corners.",
    help="""Random legal RACE! tracks: a loop of spaces with rated corners.

    Every track is checked against the rules before it is written.

    \b
    Examples:
      trackkit generate race --spaces 40 --corners 4 --seed 7
      trackkit generate race --cars 8 --direction counterclockwise --laps 3 --seed 7 -f json
      trackkit generate race --tiles 24 --seed 7 -o tiled.yaml --svg tiled.svg
    """,
    request=GenerateRequest,
    settle=Lazy("trackkit.race.generate:settle_tracks"),
    make=Lazy("trackkit.race.generate:make_tracks"),
    order=(
        "output", "svg", "spaces", "tiles", "corners", "laps", "cars", "direction", "seed", "count", "force",
        "output_format",
    ),
)
"""How ``trackkit generate race`` draws tracks."""

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
    **PAINTED,
    preview=TERMINAL_PREVIEW,
    rules=catalog_of("trackkit.race.rules.catalog"),
    draws=frozenset({"grid"}),  # the drawing always shows the grid; the preview on request
    draw_simulation=Lazy("trackkit.render.simulation:simulation_svg"),
    studies=STUDIES,
    made_from={"racepack": Lazy("trackkit.race.convert:from_racepack")},
    setup=Lazy("trackkit.race.setup:race_setup"),
    setup_words=race_words,
    simulate=Lazy("trackkit.race.formats.record:simulate_races"),
    expert_driver="expert",
    race_lacks=dict.fromkeys(
        ("pit_stops", "extra_hazards"), "pit stops and extra hazards are Racepack variants; RACE! has neither"
    ),
    record_race=Lazy("trackkit.race.formats.record:record_race"),
    record_pace=RecordPace("spaces", 3.0, 2_000, 120, loop_size),
    replay=Lazy("trackkit.race.formats.record:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:board_frame"),
    replay_board=Lazy("trackkit.race.preview:replay_board"),
    incident_map=Lazy("trackkit.race.incident_map:incident_map"),
    generation=GENERATION,
    picture=Lazy("trackkit.race.picture:race_picture"),
    board=Lazy("trackkit.race.preview:race_board"),
    edit=Lazy("trackkit.race.edits:apply"),
    tabletop=tabletop_of("trackkit.race.tabletop", ("spaces", "path", "heading", "origin", "finish")),
)
"""RACE! as every command reaches it."""
