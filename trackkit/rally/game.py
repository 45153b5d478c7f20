"""The rally card game: a course laid from a race deck built in a fixed
pattern (see :class:`trackkit.game.Game` for the jobs)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from trackkit.game import PAINTED, TERMINAL_PREVIEW, Game, Lazy, catalog_of, tabletop_of
from trackkit.generation import Generation, option
from trackkit.play import OldRecord

__all__ = ["GAME", "NO_LAPS", "OLD_HEADER"]

NO_LAPS = "laps, pit stops and extra hazards are not rally options"
"""Why a rally race takes no laps and none of a circuit's variants."""

OLD_HEADER = "trackkit-rally-record 1"
"""The first line of every rally record written before records were PPN
(see :mod:`trackkit.rally.formats.record`)."""


@dataclass(frozen=True)
class GenerateRequest:
    """What ``trackkit generate rally`` asks of a race deck, as typed."""

    cards: Path | None = option(
        None, "A file listing your track cards ('cards:'); needed.", show_default=False, reads=True
    )
    expansion: bool = option(False, "Use the expansion's track cards too.")
    extra: int = option(0, "More random cards in groups 1-4 (0-2, with --expansion).")


FUZZ_WORDS = {
    "course": (
        "start",
        "3-lane",
        "checkpoint",
        "jump",
        "straight",
        "left-curve",
        "right-curve",
        "s-bend",
        "hairpin",
        "chicane",
        "crest",
        "water-splash",
        "unknown-card",
        "Start",
        "x" * 41,
    ),
}
"""Card names a fuzzer puts in a course: the rules' own, and a few no box holds."""

GENERATION = Generation(
    summary="Rally race decks from your cards.",
    help="""Race decks for the rally card game, shuffled from your collection.

    Exit status 1 when the collection cannot fill a deck.

    \b
    Examples:
      trackkit generate rally --cards layouts/rally-base.yaml --seed 7
      trackkit generate rally --cards layouts/rally-expansion.yaml --expansion --extra 2 --seed 3 -f json
    """,
    request=GenerateRequest,
    settle=Lazy("trackkit.rally.generate:settle_decks"),
    make=Lazy("trackkit.rally.generate:make_decks"),
    sample=("--cards", "layouts/rally-base.yaml"),
)
"""How ``trackkit generate rally`` shuffles decks; the rules list no
cards, so a run needs a collection (``sample`` names the shipped one)."""

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
    picture=Lazy("trackkit.rally.picture:deck_picture"),
    **PAINTED,
    preview=TERMINAL_PREVIEW,
    rules=catalog_of("trackkit.rally.rules.catalog"),
    noun="decks",
    draw_simulation=Lazy("trackkit.render.simulation_rally:rally_simulation_svg"),
    simulation_text=Lazy("trackkit.rally.formats.simulate:rally_simulation_text"),
    simulation_json=Lazy("trackkit.rally.formats.simulate:rally_simulation_json"),
    simulate=Lazy("trackkit.rally.formats.play:simulate_races"),
    expert_driver="expert",
    race_options=("skills", "shapes"),
    race_lacks={"pit_stops": NO_LAPS, "extra_hazards": NO_LAPS},
    record_race=Lazy("trackkit.rally.formats.play:record_race"),
    replay=Lazy("trackkit.rally.formats.play:replay_race"),
    draw_replay=Lazy("trackkit.render.replay:listed_frame"),
    old_record=OldRecord(
        lambda text: text.startswith(OLD_HEADER), Lazy("trackkit.rally.formats.play:old_replay")
    ),
    generation=GENERATION,
    fuzz_words=FUZZ_WORDS,
    board=Lazy("trackkit.rally.preview:deck_board"),
    shaded_cards=Lazy("trackkit.rally.picture:shaded_cards"),
    edit=Lazy("trackkit.rally.edits:apply"),
    tabletop=tabletop_of("trackkit.rally.tabletop", ("course",)),
)
"""The rally card game as every command reaches it."""
