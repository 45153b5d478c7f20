"""The rally record format: a PPN game, written, read back, checked; bad
text refused with its line; a record of the form written before PPN still
reads."""

from __future__ import annotations

import functools

import pytest
from support import LAYOUTS, ROOT

from trackkit.errors import LayoutError
from trackkit.games import load
from trackkit.rally.formats.info import annotated_deck
from trackkit.rally.formats.play import read_rally_text
from trackkit.rally.formats.record import HEADER, rally_record_text
from trackkit.rally.race.checker import check_rally
from trackkit.rally.race.drivers import parse_rally_drivers
from trackkit.rally.race.record import RallyRecord
from trackkit.rally.race.road import CardShape
from trackkit.rally.race.simulate import recorded_rally

DECK = load(LAYOUTS / "rally-expansion.yaml").layout
OLD = ROOT / "tests" / "samples" / "records" / "rally-base-seed-3.old.txt"
"""A record written before records were PPN (``simulate layouts/rally-base.yaml
--races 3 --seed 3 --skills base --drivers bold,cautious,random --record``)."""


def written(record: RallyRecord, seed: int, skills: str) -> str:
    return rally_record_text(
        record, deck=DECK, deck_text=annotated_deck(DECK), seed=seed, race=1, skills=skills
    )


@functools.cache
def text_of(seed: int = 3, skills: str = "base") -> str:
    """The record of the race of ``seed``, written; raced once for this
    file (the tests only read it, or change a copy)."""
    record = recorded_rally(DECK, parse_rally_drivers("bold,cautious,random"), seed=seed, skills=skills)
    return written(record, seed, skills)


def line_of(text: str, start: str) -> int:
    """The number of the first line of ``text`` that starts with ``start``."""
    return next(number for number, line in enumerate(text.splitlines(), 1) if line.startswith(start))


@pytest.mark.parametrize(("seed", "skills"), [(3, "base"), (4, "advanced"), (5, "none")])
def test_a_record_reads_back_as_written_and_passes_the_checker(seed: int, skills: str) -> None:
    record = recorded_rally(DECK, parse_rally_drivers("bold,cautious,random"), seed=seed, skills=skills)
    text = written(record, seed, skills)
    back = read_rally_text(text, "race.txt")
    assert back.record == record
    assert (back.name, back.seed, back.race, back.skills) == (DECK.name, seed, 1, skills)
    assert check_rally(back.record) == []
    assert written(back.record, seed, skills) == text


def test_the_format_reads_as_documented() -> None:
    head, moves = text_of().split("\n...\n")
    assert head.splitlines()[:9] == [
        "---",
        "Event: rally race on Rally expansion deck",
        "Notes: 'race 1 of seed 3: 4 players, two cars each, Skills cards base; written by trackkit'",
        "Trackkit:",
        "  record: 1",
        "  seed: 3",
        "  race: 1",
        "  laps: 1",
        "  drivers: [random, bold, cautious, bold]",
    ]
    assert "\n    course:\n      - start\n      - 3-lane\n" in head
    lines = moves.splitlines()
    assert lines[:6] == [
        "setup. {skills: base}",
        "{expansion: yes}",
        "{seat 1: 3 Fuel, 3 Control; Turbo, Best Line, Stunt Driver, All In}",
        "{seat 2: 3 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In}",
        "{seat 3: 4 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In}",
        "{seat 4: 4 Fuel, 4 Control; Turbo, Best Line, Stunt Driver, All In}",
    ]
    assert lines[6].startswith("1. {seat 1: place 1a 0.4.")
    assert lines[-2].startswith("{scores: ")
    assert lines[-1].startswith("{winner: seat ")


def test_a_tampered_move_in_the_text_is_caught() -> None:
    text = text_of()
    turn = next(line for line in text.splitlines() if line.startswith("2. {seat "))
    parts = turn.split(" | ")
    move = next(index for index, part in enumerate(parts) if part.startswith("2a "))
    parts[move] += " 9.1.1"
    problems = check_rally(read_rally_text(text.replace(turn, " | ".join(parts)), "race.txt").record)
    assert problems and problems[0].startswith("turn 2: ")


@pytest.mark.parametrize(
    ("change", "line", "message"),
    [
        (lambda text: text.split("\n...\n")[0] + "\n", None, "a rally record needs PPN movetext after a line"),
        (lambda text: text.replace("seed: 3", "seed: three"), "  seed:", "'Trackkit.seed' must be"),
        (lambda text: text.replace("place 1a 0.4.", "place 1a 0.9."), "1. {", r"is not a space of card 0 \(start\)"),
        (lambda text: text.replace("place 1a", "place 7a"), "1. {", "'7a' is not a car"),
        (lambda text: text.replace("\n2. {seat", "\n5. {seat"), "5. {", r"expected .turn 2, seat N: \.\.\.."),
        (lambda text: text.rsplit("{winner", 1)[0], None, "the record ends before its 'winner:' line"),
        (lambda text: text.replace("1. {seat 1: ", "1. {seat 1: " + "1a 0.4.1 |" * 70), "1. {", "a turn holds at most 64"),
        (lambda text: text.replace("{seat 3: ", "{seat 5: "), "{seat 5", "expected a 'seat 3:' line"),
        (lambda text: text.replace("\n2. {seat", "\n2. seat"), "2. seat", "expected a '{fact}' comment or a move"),
    ],
)
def test_bad_records_are_refused_with_their_line(change: object, line: str | None, message: str) -> None:
    assert callable(change)
    text = change(text_of())
    with pytest.raises(LayoutError, match=message) as caught:
        read_rally_text(text, "race.txt")
    assert caught.value.file == "race.txt"
    if line is not None:
        assert caught.value.line == line_of(text, line)


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
            record = read_rally_text(damaged, "race.txt").record
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
    return written(record, seed, "none")


def test_the_players_own_card_shapes_are_written_and_read_back_for_the_checker() -> None:
    text = shaped_text()
    lines = text.splitlines()
    at = line_of(text, "{shape ")
    assert lines[at - 1 : at + 1] == [
        "{shape hairpin: 3 rows, 2 lanes; gates 2.1=3 2.2=3; walls 2.1}",
        "{shape straight: 2 rows, 3 lanes}",
    ]
    back = read_rally_text(text, "race.txt")
    assert back.record.shapes == (("hairpin", OWN_SHAPES["hairpin"]), ("straight", OWN_SHAPES["straight"]))
    assert check_rally(back.record) == []
    assert written(back.record, 6, "none") == text


def test_a_record_read_without_its_shapes_names_spaces_off_the_road() -> None:
    """The shapes change the road: the three-lane straight's third lane is
    no space of trackkit's own two-lane straight, so the record must carry them."""
    text = "\n".join(line for line in shaped_text().splitlines() if not line.startswith("{shape "))
    with pytest.raises(LayoutError, match=r"'2\.1\.3' is not a space of card 2 \(straight\)"):
        read_rally_text(text, "race.txt")


@pytest.mark.parametrize(
    ("old", "new", "line", "message"),
    [
        ("shape straight: 2 rows, 3 lanes", "shape straight: 2 rows", "{shape straight", "a shape line reads"),
        (
            "shape straight:",
            "shape mystery:",
            "{shape mystery",
            "card 'mystery' is not in the course, or its shape is given twice",
        ),
        (
            "shape straight:",
            "shape hairpin:",
            "{shape hairpin: 2",
            "card 'hairpin' is not in the course, or its shape is given twice",
        ),
        ("gates 2.1=3", "gates 2.1=5", "{shape hairpin", "'2.1=5' is not a place on a card: a Gate reads"),
        (
            "walls 2.1",
            "walls 2.2",
            "{shape hairpin",
            "card 'hairpin' has a white line right of row 2, lane 2, not between two",
        ),
        ("3 rows, 2 lanes; gates", "3 rows, 4 lanes; gates", "{shape hairpin", "card 'hairpin' has 4 lanes"),
    ],
)
def test_a_bad_shape_line_is_refused_with_its_line(old: str, new: str, line: str, message: str) -> None:
    text = shaped_text()
    assert old in text
    changed = text.replace(old, new, 1)
    with pytest.raises(LayoutError) as caught:
        read_rally_text(changed, "race.txt")
    assert caught.value.message.startswith(message)
    assert (caught.value.file, caught.value.line) == ("race.txt", line_of(changed, line))


def test_a_record_without_the_expansion_line_still_reads_and_passes() -> None:
    text = text_of(4, "advanced")
    old = text.replace("{expansion: yes}\n", "")
    assert old != text
    back = read_rally_text(old, "race.txt")
    assert (back.record.skills, back.record.expansion) == ("advanced", None)
    assert check_rally(back.record) == []


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("skills: base", "skills: expert", "skills 'expert' is not a Skills mode (write one of none, base, advanced)"),
        ("expansion: yes", "expansion: maybe", "expansion 'maybe' is neither yes nor no (write yes or no)"),
    ],
)
def test_a_bad_skills_or_expansion_line_is_refused_with_its_line(old: str, new: str, message: str) -> None:
    text = text_of().replace(old, new, 1)
    line = line_of(text, "{expansion") - (old.startswith("skills"))
    with pytest.raises(LayoutError) as caught:
        read_rally_text(text, "race.txt")
    assert (caught.value.file, caught.value.line, str(caught.value)) == (
        "race.txt",
        line,
        f"race.txt:{line}:1: error: {message}",
    )


def test_a_record_of_the_form_before_ppn_still_reads_as_the_same_race() -> None:
    """The old plain-text form (first line :data:`HEADER`) reads as the race
    the same run now writes as PPN, and both pass the checker."""
    old = OLD.read_text()
    assert old.startswith(HEADER + "\n")
    back = read_rally_text(old, str(OLD))
    deck = load(LAYOUTS / "rally-base.yaml").layout
    again = recorded_rally(deck, parse_rally_drivers("bold,cautious,random"), seed=3, skills="base")
    assert back.record == again
    assert (back.name, back.seed, back.race, back.skills) == (deck.name, 3, 1, "base")
    assert check_rally(back.record) == []


def test_a_record_of_the_form_before_ppn_is_refused_with_its_line() -> None:
    with pytest.raises(LayoutError, match="the seed must be a whole number") as caught:
        read_rally_text(OLD.read_text().replace("seed: 3", "seed: three"), "race.txt")
    assert (caught.value.file, caught.value.line) == ("race.txt", 4)
