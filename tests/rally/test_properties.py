"""Property tests: every generated deck is legal and its building sheet
matches it; the same seed gives the same bytes; what trackkit writes it
reads back; the stacking order and the course order undo each other."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trackkit import games
from trackkit.rally.deck import (
    CHECKPOINT,
    JUMP,
    PATTERN,
    Collection,
    RaceDeck,
    course_from_stacking,
    groups_of,
    stacking_order,
)
from trackkit.rally.formats.deck_file import dump_deck
from trackkit.rally.formats.info import annotated_deck
from trackkit.rally.generate import DeckRequest, generate_deck
from trackkit.rally.rules import validate

NAMES = st.text("abcdefghijklmnopqrstuvwxyz0123456789-", min_size=1, max_size=12).filter(
    lambda name: name[0] != "-" and name not in ("start", "3-lane", CHECKPOINT, JUMP, "filler")
)
STYLES = st.dictionaries(NAMES, st.integers(0, 6), max_size=8).map(lambda d: tuple(d.items()))
COLLECTIONS = st.builds(Collection, STYLES, STYLES)


@st.composite
def requests(draw: st.DrawFn) -> DeckRequest:
    expansion = draw(st.booleans())
    extra = draw(st.integers(0, 2)) if expansion else 0
    needed = 9 + 4 * extra
    cards = draw(COLLECTIONS)
    base = (*cards.base, ("filler", needed))  # always enough cards
    return DeckRequest(Collection(base, cards.expansion), expansion, extra)


@settings(max_examples=150, deadline=None)
@given(requests(), st.integers(0, 2**32 - 1))
def test_every_generated_deck_follows_the_pattern(request: DeckRequest, seed: int) -> None:
    deck = generate_deck(request, seed)
    assert validate(deck).findings == ()
    groups = groups_of(deck.course)
    assert groups is not None
    sizes = [size + (request.extra if number < 4 else 0) for number, (_, size) in enumerate(PATTERN)]
    assert [len(g.cards) for g in sorted(groups, key=lambda g: g.number)] == sizes
    assert stacking_order(deck.course)[0] == CHECKPOINT


@settings(max_examples=60, deadline=None)
@given(requests(), st.integers(0, 2**32 - 1))
def test_the_same_seed_gives_the_same_bytes(request: DeckRequest, seed: int) -> None:
    first = annotated_deck(generate_deck(request, seed))
    assert annotated_deck(generate_deck(request, seed)) == first
    assert games.loads(first).layout == generate_deck(request, seed)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(["start", "3-lane", CHECKPOINT, JUMP, "a", "b-2", "true", "7"]), min_size=1),
    st.one_of(st.none(), COLLECTIONS),
    st.booleans(),
    st.one_of(st.none(), st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=20)),
)
def test_what_is_written_reads_back(
    course: list[str], cards: Collection | None, expansion: bool, name: str | None
) -> None:
    deck = RaceDeck(tuple(course), cards, expansion, name=name)
    assert games.loads(dump_deck(deck)).layout == deck
    assert games.loads(annotated_deck(deck)).layout == deck


@given(st.lists(st.sampled_from([CHECKPOINT, JUMP, "a", "b"]), max_size=30))
def test_stacking_and_course_order_undo_each_other(stack: list[str]) -> None:
    course = course_from_stacking(stack)
    assert stacking_order(course) == tuple(stack)
    assert course[2:] == tuple(reversed(stack))
