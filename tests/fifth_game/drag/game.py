"""The drag race as every command reaches it: one :class:`~trackkit.game.Game`.

Each job is named by module path, so nothing but this module is imported
until a command needs it; the drawing is the one painter's, fed by the
picture job.
"""

from __future__ import annotations

from dataclasses import dataclass

from trackkit.game import PAINTED, TERMINAL_PREVIEW, Game, Lazy, catalog_of, tabletop_of
from trackkit.generation import Generation, option

__all__ = ["GAME", "GenerateRequest"]


@dataclass(frozen=True)
class GenerateRequest:
    """What ``trackkit generate drag`` asks of a strip."""

    tiles: int | None = option(None, "Tiles in the row. [default: 3 to 12]", show_default=False)
    cars: int | None = option(None, "Cars on the start line. [default: 2 to 4]", show_default=False)


GENERATION = Generation(
    summary="Drag strips of one row of tiles.",
    help="Random legal drag strips: one straight row of tiles and the cars to race it.",
    request=GenerateRequest,
    settle=Lazy("fifth_game.drag.generate:settle_strips"),
    make=Lazy("fifth_game.drag.generate:make_strips"),
)

GAME = Game(
    name="drag",
    title="Drag race",
    read=Lazy("fifth_game.drag.strip:read_strip"),
    validate=Lazy("fifth_game.drag.rules:validate"),
    schema=Lazy("fifth_game.drag.strip:strip_schema"),
    dump=Lazy("fifth_game.drag.strip:dump_strip"),
    size=lambda strip: f"{strip.tiles} tiles",
    info_text=Lazy("fifth_game.drag.info:info_text"),
    info_json=Lazy("fifth_game.drag.info:info_json"),
    **PAINTED,
    picture=Lazy("fifth_game.drag.picture:drag_picture"),
    preview=TERMINAL_PREVIEW,
    board=Lazy("fifth_game.drag.board:drag_board"),
    rules=catalog_of("fifth_game.drag.rules"),
    setup=Lazy("fifth_game.drag.setup:drag_setup"),
    setup_words=Lazy("fifth_game.drag.setup:race_words"),
    generation=GENERATION,
    simulate=Lazy("fifth_game.drag.play:simulate_races"),
    record_race=Lazy("fifth_game.drag.play:record_race"),
    replay=Lazy("fifth_game.drag.play:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:listed_frame"),
    simulation_text=Lazy("fifth_game.drag.play:wins_text"),
    simulation_json=Lazy("fifth_game.drag.play:wins_json"),
    noun="strips",
    tabletop=tabletop_of("fifth_game.drag.tabletop", ("tiles",)),
)
"""The drag race; a test registers it with ``registry.GAMES["drag"] = GAME``."""
