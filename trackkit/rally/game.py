"""The rally card game: a course laid from a race deck built in a fixed
pattern (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from trackkit.game import Game, Lazy, catalog_of
from trackkit.play import OldRecord

__all__ = ["GAME", "OLD_HEADER"]

OLD_HEADER = "trackkit-rally-record 1"
"""The first line of every rally record written before records were PPN
(see :mod:`trackkit.rally.formats.record`)."""

GAME = Game(
    name="rally",
    title="rally card game",
    read=Lazy("trackkit.rally.formats.deck_file:read_deck"),
    validate=Lazy("trackkit.rally.rules:validate"),
    schema=Lazy("trackkit.rally.formats.deck_file:deck_schema"),
    dump=Lazy("trackkit.rally.formats.info:annotated_deck"),
    size=Lazy("trackkit.rally.formats.info:deck_size"),
    info_text=Lazy("trackkit.rally.formats.info:deck_info_text"),
    info_json=Lazy("trackkit.rally.formats.info:deck_info_json"),
    draw_svg=Lazy("trackkit.render.rally:render_deck_svg"),
    draw_pages=Lazy("trackkit.render.rally:render_deck_pages"),
    preview=Lazy("trackkit.render.rally_terminal:render_deck_preview"),
    rules=catalog_of("trackkit.rally.rules.catalog"),
    noun="decks",
    draw_simulation=Lazy("trackkit.render.simulation_rally:rally_simulation_svg"),
    simulation_text=Lazy("trackkit.rally.formats.simulate:rally_simulation_text"),
    simulation_json=Lazy("trackkit.rally.formats.simulate:rally_simulation_json"),
    simulate=Lazy("trackkit.rally.formats.play:simulate_races"),
    race_options=("skills", "shapes"),
    record_race=Lazy("trackkit.rally.formats.play:record_race"),
    replay=Lazy("trackkit.rally.formats.play:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:listed_frame"),
    old_record=OldRecord(
        lambda text: text.startswith(OLD_HEADER), Lazy("trackkit.rally.formats.play:old_replay")
    ),
)
"""The rally card game as every command reaches it."""
