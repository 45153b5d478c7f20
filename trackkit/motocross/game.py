"""Motocross: an open course of piecepack tiles with coin ramps, raced by
bikes from start to finish (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trackkit.errors import ArgumentError
from trackkit.game import PAINTED, TERMINAL_PREVIEW, Game, Lazy, QuickSettings, Study, catalog_of, tabletop_of
from trackkit.generation import Generation, option
from trackkit.play import RecordPace

if TYPE_CHECKING:
    from trackkit.motocross.course import Course
    from trackkit.motocross.race.lone import LoneRider

__all__ = ["GAME", "NO_LAPS"]

NO_LAPS = (
    "laps, pit stops and extra hazards belong to circuits; a Motocross race runs once,"
    " from the starting tile to the finish line"
)
"""Why a Motocross race takes no laps and none of a circuit's variants."""


def race_words(course: Course) -> str:
    """The race a setup is for: ``3 players, 18 tiles, 6 ramp coins``."""
    return f"{course.players} players, {len(course)} tiles, {course.ramp_coins} ramp coins"


def course_size(course: Course) -> tuple[int, int, int]:
    """How long a race is, to size its record: the course's tiles, its
    riders, and one run (riders cover some 2 tiles a round; the engine
    stops a race after 300 rounds)."""
    return len(course.centres), course.players, 1


def quick_track(settings: QuickSettings, seed: int) -> Course:
    """One random legal course for the players and packs of ``settings``
    (four players unless told)."""
    from trackkit.motocross.generate import CourseRequest, generate_courses

    request = CourseRequest(players=settings.players or 4, packs=settings.packs or 1)
    return generate_courses(request, seed=seed)[0]


def lone_rider(
    course: Course, target_turns: int | None = None, chicane_cuts: bool = True, plan: bool = False
) -> LoneRider:
    """``analyze`` on a course: the fewest turns a lone rider needs, and the
    chance of clearing each ramp.  A Motocross race has no laps to
    recommend, no chicanes, and a lone rider no risk-taking plan to print
    (``plan`` changes nothing)."""
    from trackkit.motocross.race.lone import lone_rider as solve

    if target_turns is not None:
        raise ArgumentError("recommends laps, and a Motocross race has none", parameter="target_turns")
    return solve(course)


STUDIES = {
    "analyze": Study(
        "lap analyses",
        lone_rider,
        Lazy("trackkit.motocross.formats.analyze:lone_rider_text"),
        Lazy("trackkit.motocross.formats.analyze:lone_rider_json"),
    ),
}
"""What ``analyze`` works out about a course."""


@dataclass(frozen=True)
class GenerateRequest:
    """What ``trackkit generate motocross`` asks of a course, as typed."""

    tiles: int | None = option(
        None, "Tiles in the course. [default: all the packs' tiles, 24 a pack]", show_default=False
    )
    players: int = option(4, "Players, 3 or 4: each plays a share of the tiles.")
    packs: int = option(1, "Piecepacks supplying the tiles and coins.")
    ramps: int | None = option(None, "Tiles with a jump ramp. [default: random]", show_default=False)
    coins: int | None = option(
        None, "Coins in all ramps. [default: 12 a pack, at most 3 a ramp]", show_default=False
    )
    turns: int | None = option(None, "Exactly this many tiles where the course turns.", show_default=False)
    min_turns: int | None = option(None, "At least this many turns.", show_default=False)
    max_turns: int | None = option(None, "At most this many turns.", show_default=False)
    max_width: str | None = option(None, "Table width: tiles (10) or inches (20in).", show_default=False)
    max_height: str | None = option(None, "Table depth: tiles (10) or inches (20in).", show_default=False)
    corner_touch: str = option("allowed", "allowed or forbidden: may tiles meet at a corner point.")


GENERATION = Generation(
    summary="Motocross courses with jump ramps.",
    help="""Random legal Motocross courses: an open path of tiles with jump ramps.

    Every course is checked against the rules before it is written.

    \b
    Examples:
      trackkit generate motocross --players 3 --ramps 5 --seed 11
      trackkit generate motocross --corner-touch forbidden --seed 11 -o course.yaml --svg course.svg
      trackkit generate motocross --max-width 8 --max-height 6 --min-turns 10 --seed 11
    """,
    request=GenerateRequest,
    settle=Lazy("trackkit.motocross.generate_request:settle_courses"),
    make=Lazy("trackkit.motocross.generate:make_courses"),
    order=(
        "output", "svg", "tiles", "players", "packs", "ramps", "coins", "turns", "min_turns", "max_turns",
        "max_width", "max_height", "corner_touch", "seed", "count", "force", "output_format",
    ),
)
"""How ``trackkit generate motocross`` draws courses."""


GAME = Game(
    name="motocross",
    title="Motocross",
    read=Lazy("trackkit.motocross.formats.course_file:read_course"),
    validate=Lazy("trackkit.motocross.rules:validate"),
    schema=Lazy("trackkit.motocross.formats.course_file:course_schema"),
    dump=Lazy("trackkit.motocross.formats.course_file:dump_course"),
    size=Lazy("trackkit.motocross.formats.info:course_size"),
    info_text=Lazy("trackkit.motocross.formats.info:course_info_text"),
    info_json=Lazy("trackkit.motocross.formats.info:course_info_json"),
    **PAINTED,
    preview=TERMINAL_PREVIEW,
    rules=catalog_of("trackkit.motocross.rules.catalog"),
    convert=Lazy("trackkit.motocross.formats.course_file:convert_course"),
    setup=Lazy("trackkit.motocross.setup:course_setup"),
    setup_words=race_words,
    quick_track=quick_track,
    studies=STUDIES,
    noun="courses",
    draw_simulation=Lazy("trackkit.render.simulation_motocross:motocross_simulation_svg"),
    simulation_text=Lazy("trackkit.motocross.formats.simulate:motocross_simulation_text"),
    simulation_json=Lazy("trackkit.motocross.formats.simulate:motocross_simulation_json"),
    simulate=Lazy("trackkit.motocross.formats.record:simulate_races"),
    expert_driver="expert",
    race_lacks={"pit_stops": NO_LAPS, "extra_hazards": NO_LAPS},
    record_race=Lazy("trackkit.motocross.formats.record:record_race"),
    record_pace=RecordPace("tiles", 1.0, 300, 150, course_size),
    replay=Lazy("trackkit.motocross.formats.record:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:board_frame"),
    replay_board=Lazy("trackkit.motocross.preview:replay_board"),
    simulation_warnings=Lazy("trackkit.motocross.formats.record:simulation_warnings"),
    generation=GENERATION,
    board=Lazy("trackkit.motocross.preview:course_preview"),
    edit=Lazy("trackkit.motocross.edits:apply"),
    tabletop=tabletop_of("trackkit.motocross.tabletop", ("path", "tiles", "heading", "origin", "ramps")),
    picture=Lazy("trackkit.motocross.picture:course_picture"),
)
"""Motocross as every command reaches it."""
