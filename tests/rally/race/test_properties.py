"""Property tests: any legal deck, any field, any Skills mode: the race ends
with every car home, hands out every scoring card and passes the checker."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trackkit.rally.deck import LEAD_CAR, TRAIL_CAR, Collection
from trackkit.rally.generate import DeckRequest, generate_deck
from trackkit.rally.race.checker import check_rally
from trackkit.rally.race.drivers import RALLY_DRIVERS, RallyDriver
from trackkit.rally.race.engine import RallyOptions, play_rally, rally_track
from trackkit.rally.race.road import SHAPES

STYLES = tuple(name for name in SHAPES if name not in ("start", "3-lane", "checkpoint", "jump"))
COLLECTION = Collection(
    tuple((name, 2) for name in (*STYLES, "mystery")), tuple((name, 1) for name in STYLES)
)


def handed_out(players: int) -> int:
    """The points three Checkpoints hand out to ``players`` players."""
    kind = min(players, 5)
    return 3 * (sum(LEAD_CAR[:kind]) + sum(TRAIL_CAR[:kind]))


@settings(max_examples=25, deadline=None)
@given(
    deck_seed=st.integers(0, 10**6),
    extra=st.integers(0, 2),
    field=st.lists(st.sampled_from(RALLY_DRIVERS), min_size=2, max_size=6),
    skills=st.sampled_from(("none", "base", "advanced")),
    seed=st.integers(0, 10**6),
)
def test_any_race_finishes_scores_in_full_and_passes_the_checker(
    deck_seed: int, extra: int, field: list[str], skills: str, seed: int
) -> None:
    deck = generate_deck(DeckRequest(COLLECTION, expansion=True, extra=extra), deck_seed)
    options = RallyOptions(skills=skills, expansion=True, record=True)
    result = play_rally(
        rally_track(deck.course), [RallyDriver(name) for name in field], options, random.Random(seed)
    )
    assert result.record is not None
    assert sorted(result.standings) == list(range(len(field)))
    assert sum(result.scores) == handed_out(len(field))
    assert check_rally(result.record) == []
