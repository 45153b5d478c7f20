"""Reading and writing rally layout files: located one-line errors, the
collection, and a writer whose output reads back as the same deck."""

from __future__ import annotations

import pytest
from support import LAYOUTS

from trackkit import games
from trackkit.errors import LayoutError
from trackkit.rally.deck import Collection, RaceDeck
from trackkit.rally.formats.deck_file import deck_schema, dump_deck, loads_collection
from trackkit.rally.formats.info import annotated_deck
from trackkit.rally.generate import DeckRequest, generate_decks

HEAD = "trackkit: 1\ngame: rally\n"


def error_of(text: str) -> str:
    with pytest.raises(LayoutError) as caught:
        games.loads(text, "deck.yaml")
    return caught.value.one_line()


def test_the_shipped_base_deck_reads_as_written() -> None:
    loaded = games.load(LAYOUTS / "rally-base.yaml")
    deck = loaded.layout
    assert isinstance(deck, RaceDeck)
    assert deck.course[:6] == ("start", "3-lane", "s-bend", "left-curve", "straight", "checkpoint")
    assert deck.cards == Collection(
        (("straight", 2), ("left-curve", 2), ("right-curve", 2), ("s-bend", 2), ("hairpin", 1))
    )
    assert not deck.expansion
    assert loaded.source.tiles[0] == (9, 5)
    assert loaded.source.tiles[15] == (24, 5)


def test_names_are_read_in_any_case() -> None:
    deck = games.loads(HEAD + "course: [Start, 3-LANE, Hairpin]\n").layout
    assert deck.course == ("start", "3-lane", "hairpin")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "course: [start, 3-lane, Big Curve!]\n",
            "deck.yaml:3:25: error: card 2 'Big Curve!' is not a card name"
            " (use letters, digits and hyphens, e.g. big-curve)",
        ),
        (
            "course: [start, 3-lane, 7]\n",
            "deck.yaml:3:25: error: card 2 must be a card name, not '7' (put it in quotes: '7')",
        ),
        ("course: start\n", "deck.yaml:3:9: error: 'course' must be a list of card names"
         " (e.g. course: [start, 3-lane, hairpin, ...])"),
        ("cards: {base: {a: 1}}\n", "deck.yaml:1:1: error: the layout has no course"
         " (add 'course: [start, 3-lane, ...]', the cards from the start on)"),
        ("cards: {bse: {a: 1}}\ncourse: [start]\n",
         "deck.yaml:3:9: error: unknown key 'bse' in 'cards' (did you mean 'base'?) ('cards' knows: base,"
         " expansion (each mapping names to copies), e.g. cards: {base: {hairpin: 2, s-bend: 3}})"),
        ("cards: {base: {jump: 1}}\ncourse: [start]\n",
         "deck.yaml:3:16: error: 'jump' is not a random track card (the opening cards, Checkpoints and"
         " Jumps are set aside; list only the cards shuffled)"),
        ("cards: {base: {a: 1, A: 2}}\ncourse: [start]\n",
         "deck.yaml:3:22: error: card 'a' appears twice in 'cards.base' (give its copies once)"),
        ("cards: {base: {a: 100}}\ncourse: [start]\n",
         "deck.yaml:3:19: error: 'cards.base.a' is 100; it must be from 0 to 99"),
        ("expansion: yes please\ncourse: [start]\n",
         "deck.yaml:3:12: error: 'expansion' must be true or false, not 'yes please'"),
        ("course: [start]\nlaps: 3\n",
         "deck.yaml:4:1: error: unknown key 'laps' (known keys: trackkit, name, description, game,"
         " expansion, cards, course)"),
    ],
)  # fmt: skip
def test_bad_input_is_one_located_line(text: str, message: str) -> None:
    assert error_of(HEAD + text) == message


def test_a_course_of_more_than_two_hundred_cards_is_refused() -> None:
    assert error_of(HEAD + "course: [" + ", ".join(["a"] * 201) + "]\n") == (
        "deck.yaml:3:9: error: 'course' lists 201 cards; trackkit handles at most 200"
    )


def test_the_writer_round_trips_and_quotes_names_yaml_would_misread() -> None:
    deck = RaceDeck(
        ("start", "3-lane", "true", "1", "null"),
        Collection((("true", 1), ("1", 2)), (("null", 1),)),
        expansion=True,
        name="Odd: names",
    )
    text = dump_deck(deck)
    assert "  - 'true'\n  - '1'\n  - 'null'\n" in text
    assert "  base: {'true': 1, '1': 2}\n  expansion: {'null': 1}\n" in text
    assert games.loads(text).layout == deck


def test_a_collection_file_may_hold_cards_alone() -> None:
    cards = loads_collection("trackkit: 1\ncards: {base: {a: 2}, expansion: {b: 1}}\n", "cards.yaml")
    assert cards == Collection((("a", 2),), (("b", 1),))
    with pytest.raises(LayoutError, match="the file lists no cards"):
        loads_collection("trackkit: 1\ngame: rally\n", "cards.yaml")


def test_the_schema_comes_from_the_field_table() -> None:
    schema = deck_schema()
    assert schema["required"] == ["trackkit", "game", "course"]
    assert list(schema["properties"]) == ["trackkit", "name", "description", "game", "expansion", "cards", "course"]
    assert schema["properties"]["course"]["maxItems"] == 200


def test_a_collection_of_more_than_a_hundred_names_is_refused() -> None:
    styles = ", ".join(f"c{n}: 1" for n in range(101))
    assert error_of(HEAD + f"cards: {{base: {{{styles}}}}}\ncourse: [start]\n") == (
        "deck.yaml:3:15: error: 'cards.base' lists 101 cards; a collection lists at most 100"
    )


def test_generated_decks_printed_together_validate_one_by_one() -> None:
    cards = games.load(LAYOUTS / "rally-base.yaml").layout.cards
    decks = generate_decks(DeckRequest(cards), seed=4, count=2)
    loaded = games.loads_all("---\n".join(annotated_deck(deck) for deck in decks), "two.yaml")
    assert [item.layout for item in loaded] == decks
    assert [item.file for item in loaded] == ["two.yaml#1", "two.yaml#2"]


SEVERAL_MISTAKES = """\
trackkit: 1
game: rally
expansion: maybe
cards: {bsae: {hairpin: 2}, expansion: {checkpoint: 1, "s bend": 2}}
course: [start, 3-lane, 5, checkpoint, "hair pin"]
colour: red
"""


def test_every_mistake_of_a_file_is_reported_at_once_in_file_order() -> None:
    with pytest.raises(LayoutError) as caught:
        games.loads(SEVERAL_MISTAKES, "deck.yaml")
    assert caught.value.lines() == [
        "deck.yaml:3:12: error: 'expansion' must be true or false, not 'maybe'",
        "deck.yaml:4:9: error: unknown key 'bsae' in 'cards' (did you mean 'base'?) ('cards' knows: base,"
        " expansion (each mapping names to copies), e.g. cards: {base: {hairpin: 2, s-bend: 3}})",
        "deck.yaml:4:41: error: 'checkpoint' is not a random track card (the opening cards, Checkpoints"
        " and Jumps are set aside; list only the cards shuffled)",
        "deck.yaml:4:56: error: a card in 'cards.expansion' 's bend' is not a card name (use letters,"
        " digits and hyphens, e.g. s-bend)",
        "deck.yaml:5:25: error: card 2 must be a card name, not '5' (put it in quotes: '5')",
        "deck.yaml:5:40: error: card 4 'hair pin' is not a card name (use letters, digits and hyphens,"
        " e.g. hair-pin)",
        "deck.yaml:6:1: error: unknown key 'colour' (did you mean 'course'?) (known keys: trackkit, name,"
        " description, game, expansion, cards, course)",
    ]
