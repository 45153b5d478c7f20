"""The rally record format: written, read back, checked; bad text refused with its line."""

from __future__ import annotations

import pytest
from support import LAYOUTS

from trackkit.errors import LayoutError
from trackkit.formats.rally_record import HEADER, rally_record_text
from trackkit.formats.rally_record_read import read_rally_record
from trackkit.games import load
from trackkit.rally.race.checker import check_rally
from trackkit.rally.race.drivers import parse_rally_drivers
from trackkit.rally.race.road import CardShape
from trackkit.rally.race.simulate import recorded_rally

DECK = load(LAYOUTS / "rally-expansion.yaml").layout


def text_of(seed: int = 3, skills: str = "base") -> str:
    record = recorded_rally(DECK, parse_rally_drivers("bold,cautious,random"), seed=seed, skills=skills)
    return rally_record_text(record, name=DECK.name, seed=seed, race=1, skills=skills)


@pytest.mark.parametrize(("seed", "skills"), [(3, "base"), (4, "advanced"), (5, "none")])
def test_a_record_reads_back_as_written_and_passes_the_checker(seed: int, skills: str) -> None:
    record = recorded_rally(DECK, parse_rally_drivers("bold,cautious,random"), seed=seed, skills=skills)
    text = rally_record_text(record, name=DECK.name, seed=seed, race=1, skills=skills)
    back = read_rally_record(text, "race.txt")
    assert back.record == record
    assert (back.name, back.seed, back.race, back.skills) == (DECK.name, seed, 1, skills)
    assert check_rally(back.record) == []
    assert rally_record_text(back.record, name=back.name, seed=seed, race=1, skills=skills) == text


def test_the_format_reads_as_documented() -> None:
    lines = text_of().splitlines()
    assert lines[0] == HEADER
    assert lines[2:7] == [
        "name: Rally expansion deck",
        "seed: 3",
        "race: 1",
        "skills: base",
        "expansion: yes",
    ]
    assert lines[7] == "course: " + ", ".join(DECK.course)
    assert lines[8] == "seat 1: random; 3 Fuel, 3 Control; Turbo, Best Line, Stunt Driver, All In"
    assert lines[9].startswith("seat 2: bold; 3 Fuel, 4 Control; ")
    assert lines[12].startswith("turn 1, seat 1: place 1a 0.4.")
    assert lines[-1].startswith("winner: seat ")


def test_a_tampered_move_in_the_text_is_caught() -> None:
    text = text_of()
    turn = next(line for line in text.splitlines() if line.startswith("turn 2,"))
    parts = turn.split(" | ")
    move = next(index for index, part in enumerate(parts) if part.startswith("2a "))
    parts[move] += " 9.1.1"
    problems = check_rally(read_rally_record(text.replace(turn, " | ".join(parts)), "race.txt").record)
    assert problems and problems[0].startswith("turn 2: ")


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda text: text.replace(HEADER, "trackkit-rally-record 9"), 1, "a rally record starts with"),
        (lambda text: text.replace("seed: 3", "seed: three"), 4, "the seed must be a whole number"),
        (
            lambda text: text.replace("place 1a 0.4.", "place 1a 0.9."),
            13,
            r"is not a space of card 0 \(start\)",
        ),
        (lambda text: text.replace("place 1a", "place 7a"), 13, "'7a' is not a car"),
        (lambda text: text.replace("turn 2,", "turn 5,"), 14, r"expected .turn 2, seat N: \.\.\.."),
        (lambda text: text.rsplit("winner", 1)[0], None, "the record ends before its 'winner:' line"),
        (
            lambda text: text.replace("turn 1, seat 1: ", "turn 1, seat 1: " + "1a 0.4.1 |" * 70),
            13,
            "a turn holds at most 64",
        ),
    ],
)
def test_bad_records_are_refused_with_their_line(change: object, line: int | None, message: str) -> None:
    assert callable(change)
    with pytest.raises(LayoutError, match=message) as caught:
        read_rally_record(change(text_of()), "race.txt")
    assert caught.value.file == "race.txt"
    if line is not None:
        assert caught.value.line == line


def test_damaged_records_give_an_error_or_a_checked_race_never_a_crash() -> None:
    """Two hundred copies of a record, each with one character changed,
    deleted or doubled: reading either refuses it with a located error or
    reads a race the checker then judges."""
    import random

    text = text_of()
    rng = random.Random(11)
    for _ in range(200):
        at = rng.randrange(len(text))
        kind = rng.randrange(3)
        spare = rng.choice("0123456789abj.,;:| -\n")
        damaged = (
            text[:at] + spare + text[at + 1 :],
            text[:at] + text[at + 1 :],
            text[:at] + text[at] * 2 + text[at + 1 :],
        )[kind]
        try:
            record = read_rally_record(damaged, "race.txt").record
        except LayoutError as error:
            assert error.line is not None
            continue
        assert isinstance(check_rally(record), list)


OWN_SHAPES = {
    "hairpin": CardShape(3, 2, gates=((1, 0, 3), (1, 1, 3)), walls=((1, 0),)),
    "straight": CardShape(2, 3),
    "not-in-the-deck": CardShape(1, 1),
}


def shaped_text(seed: int = 6) -> str:
    drivers = parse_rally_drivers("bold,random")
    record = recorded_rally(DECK, drivers, seed=seed, skills="none", shapes=OWN_SHAPES)
    return rally_record_text(record, name=DECK.name, seed=seed, race=1, skills="none")


def test_the_players_own_card_shapes_are_written_and_read_back_for_the_checker() -> None:
    text = shaped_text()
    lines = text.splitlines()
    assert lines[8:10] == [
        "shape hairpin: 3 rows, 2 lanes; gates 2.1=3 2.2=3; walls 2.1",
        "shape straight: 2 rows, 3 lanes",
    ]
    back = read_rally_record(text, "race.txt")
    assert back.record.shapes == (("hairpin", OWN_SHAPES["hairpin"]), ("straight", OWN_SHAPES["straight"]))
    assert check_rally(back.record) == []
    assert rally_record_text(back.record, name=back.name, seed=6, race=1, skills="none") == text


def test_a_record_read_without_its_shapes_names_spaces_off_the_road() -> None:
    """The shapes change the road: the three-lane straight's third lane is
    no space of trackkit's own two-lane straight, so the record must carry them."""
    text = "\n".join(line for line in shaped_text().splitlines() if not line.startswith("shape "))
    with pytest.raises(LayoutError, match=r"'2\.1\.3' is not a space of card 2 \(straight\)"):
        read_rally_record(text, "race.txt")


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        (
            "shape straight: 2 rows, 3 lanes",
            "shape straight: 2 rows",
            10,
            "a shape line reads 'shape NAME: R rows",
        ),
        (
            "shape straight:",
            "shape mystery:",
            10,
            "card 'mystery' is not in the course, or its shape is given twice",
        ),
        (
            "shape straight:",
            "shape hairpin:",
            10,
            "card 'hairpin' is not in the course, or its shape is given twice",
        ),
        ("gates 2.1=3", "gates 2.1=5", 9, "'2.1=5' is not a place on a card: a Gate reads ROW.LANE=COST"),
        (
            "walls 2.1",
            "walls 2.2",
            9,
            "card 'hairpin' has a white line right of row 2, lane 2, not between two",
        ),
        (
            "3 rows, 2 lanes; gates",
            "3 rows, 4 lanes; gates",
            9,
            "card 'hairpin' has 4 lanes; a card has 1 to 3",
        ),
    ],
)
def test_a_bad_shape_line_is_refused_with_its_line(old: str, new: str, line: int, message: str) -> None:
    text = shaped_text()
    assert old in text
    with pytest.raises(LayoutError) as caught:
        read_rally_record(text.replace(old, new, 1), "race.txt")
    assert caught.value.message.startswith(message)
    assert (caught.value.file, caught.value.line) == ("race.txt", line)


def test_a_record_written_before_the_expansion_line_still_reads_and_passes() -> None:
    text = text_of(4, "advanced")
    old = text.replace("expansion: yes\n", "")
    assert old != text
    back = read_rally_record(old, "race.txt")
    assert (back.record.skills, back.record.expansion) == ("advanced", None)
    assert check_rally(back.record) == []


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        (
            "skills: base",
            "skills: expert",
            6,
            "skills 'expert' is not a Skills mode (write one of none, base, advanced)",
        ),
        (
            "expansion: yes",
            "expansion: maybe",
            7,
            "expansion 'maybe' is neither yes nor no (write yes or no)",
        ),
    ],
)
def test_a_bad_skills_or_expansion_line_is_refused_with_its_line(
    old: str, new: str, line: int, message: str
) -> None:
    with pytest.raises(LayoutError) as caught:
        read_rally_record(text_of().replace(old, new, 1), "race.txt")
    assert (caught.value.file, caught.value.line, str(caught.value)) == (
        "race.txt",
        line,
        f"race.txt:{line}:1: error: {message}",
    )
