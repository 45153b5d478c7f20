"""A Motocross race as a PPN record (written by trackkit.motocross.race.ppn,
read back by trackkit.motocross.race.ppn_read): written, read back into the
same RaceRecord, re-checked by the independent checker; records that are
not well formed give located errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import LAYOUTS, MOTOCROSS_SHIPPED

from trackkit.errors import LayoutError
from trackkit.games import load
from trackkit.motocross.course import Course
from trackkit.motocross.race.checker import check_race
from trackkit.motocross.race.drivers import parse_riders
from trackkit.motocross.race.engine import MAX_ROUNDS
from trackkit.motocross.race.ppn import Bike, race_movetext
from trackkit.motocross.race.ppn_read import read_movetext
from trackkit.motocross.race.record import RaceRecord
from trackkit.motocross.race.simulate import recorded_motocross_race
from trackkit.piecepack.geometry import Heading

QUARRY = LAYOUTS / "motocross-three-players.yaml"


def _course(path: Path) -> Course:
    course = load(path).layout
    assert isinstance(course, Course)
    return course


def _race(path: Path, seed: int, riders: str = "bold,cautious,random") -> tuple[Course, RaceRecord]:
    course = _course(path)
    return course, recorded_motocross_race(course, parse_riders(riders), seed=seed)


@pytest.mark.parametrize("path", MOTOCROSS_SHIPPED, ids=lambda path: path.stem)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_race_reads_back_the_same_and_every_turn_is_legal(path: Path, seed: int) -> None:
    course, record = _race(path, seed)
    text = race_movetext(record)
    read = read_movetext(course, record.drivers, text)
    assert read.record == record
    assert check_race(read.record) == []
    assert race_movetext(read.record) == text
    assert len(read.standings) == len(record.turns) + 1
    assert read.standings[0] == tuple(Bike(space) for space in record.starts)


@settings(max_examples=25, deadline=None)
@given(
    path=st.sampled_from(MOTOCROSS_SHIPPED),
    kinds=st.lists(st.sampled_from(["bold", "cautious", "random"]), min_size=1, max_size=4),
    riders=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_any_field_reads_back_the_same(path: Path, kinds: list[str], riders: int, seed: int) -> None:
    course = _course(path)
    record = recorded_motocross_race(course, parse_riders(",".join(kinds)), seed=seed, count=riders)
    read = read_movetext(course, record.drivers, race_movetext(record))
    assert read.record == record
    assert check_race(read.record) == []


def test_the_setup_and_the_first_turns_are_written_as_documented() -> None:
    _, record = _race(QUARRY, 1, "bold")
    lines = race_movetext(record).splitlines()
    assert lines[0].startswith("setup. t@(1,17) t@(3,17) ")
    assert lines[0].endswith(
        " n@(6,17) a@(6,17) 2@(6,17) 3@(11,14) 4@(11,14) 5@(16,11) n@(16,11) a@(16,11)"
        " 2@(26,5) 3@(26,5) 4@(26,5) 5@(31,2) pS@(1.5,16.5) pM@(1.5,17.5) pC@(0.5,16.5) {4 coins each}"
    )
    assert lines[6] == "6. {seat 3} (5.5,16.5)-(5.5,17.5) {roll 0 2 1; number 1; moved}"
    assert lines[10] == "10. {seat 1} {wait; draws a coin}"
    assert lines[8].startswith(
        "8. {seat 2} (10.5,13.5)-(10,13.5) {seat 1 is landed on} (10.5,17.5)-(10.5,16.5) "
    )
    assert lines[8].endswith(" (10.5,14.5)-(10.5,13.5) {roll 2 4; number 4; landed}")
    assert lines[13].startswith("13. {seat 1} (10,13.5)-(10.5,13.5) {re-enters} (10.5,13.5)-(11.5,13.5) ")
    assert lines[13].endswith("{roll 3 0 4; coin to start; number 3; moved}")
    assert lines[23].endswith("(20.5,4.5)-(20.5,4) {roll 4; number 4; off}")
    assert lines[26] == "26. {seat 2} {roll 2; no-start}"
    assert lines[35].startswith("35. {seat 2} (20.5,4)-(20.5,4.5) {re-enters} (20.5,4.5)-(21.5,4.5) ")


def test_the_standings_follow_wipe_outs_and_re_entries() -> None:
    course, record = _race(QUARRY, 1, "bold")
    standings = read_movetext(course, record.drivers, race_movetext(record)).standings
    # spaces by south-west corner on the table; the record shifts them by (1, 17) to centres
    assert standings[8][0] == Bike(
        (9, -4), out=True, edge=Heading.WEST
    )  # landed on at (10.5,13.5), put aside
    assert standings[8][1] == Bike((9, -4))
    assert standings[13][0] == Bike((10, -6))
    assert standings[23][1] == Bike((19, -13), out=True, edge=Heading.SOUTH)  # lies at (20.5,4)
    assert standings[35][1] == Bike((23, -13))


def _broken(old: str, new: str) -> LayoutError:
    course, record = _race(QUARRY, 1, "bold")
    text = race_movetext(record)
    assert old in text
    with pytest.raises(LayoutError) as caught:
        read_movetext(course, record.drivers, text.replace(old, new, 1))
    return caught.value


@pytest.mark.parametrize(
    ("old", "new", "line", "column", "message"),
    [
        ("6. {seat 3}", "6. {seat 4}", 7, 4, "there is no seat 4 in this race"),
        ("6. {seat 3}", "6. {rider 3}", 7, 1, "a turn starts with a comment naming the seat, {seat 2}"),
        ("7. {seat 1}", "8. {seat 1}", 8, 1, "move '8.' should be numbered 7."),
        ("{roll 0 2 1; number 1; moved}", "{roll 0 2 1; moved 1}", 7, 35, "does not describe a roll"),
        ("(5.5,16.5)-(5.5,17.5)", "(5.5,16.5)-(6.5,17.5)", 7, 13, "is not a step of one space along an axis"),
        ("(5.5,16.5)-(5.5,17.5)", "(4.5,16.5)-(4.5,17.5)", 7, 13, "seat 3's pawn stands at (5.5,16.5)"),
        (
            "{seat 1} (10,13.5)-(10.5,13.5) {re-enters} ",
            "{seat 1} ",
            14,
            86,
            "seat 1's bike is wiped out: it re-enters before",
        ),
        (
            "{seat 3} (5.5,16.5)-(5.5,17.5)",
            "{seat 3} {re-enters} (5.5,16.5)-(5.5,17.5)",
            7,
            13,
            "seat 3's bike is on the track",
        ),
        ("pC@(0.5,16.5) ", "", 1, 1, "the setup needs the 3 riders' pawns and the coins each holds"),
        ("t@(3,17)", "t@(3,19)", 1, 17, "the setup is not the course's"),
        ("{wait; draws a coin}", "{wait; draws a coin", 11, 14, "a comment is not closed"),
        (
            "(10.5,13.5)-(10,13.5) {seat 1 is landed on} ",
            "",
            9,
            109,
            "a bike landed on is put next to its space first",
        ),
        (
            "(10.5,13.5)-(10,13.5) {seat 1",
            "(10.5,13.5)-(11,13.5) {seat 1",
            9,
            13,
            "a pawn put aside goes next to its space",
        ),
        (
            "{seat 1 is landed on}",
            "{seat 4 is landed on}",
            9,
            35,
            "seat 4 has no bike on the track to land on",
        ),
        (
            "{roll 0 2 1; number 1; moved}",
            "{roll 0 2 1; number 1; moved} {wipes out}",
            7,
            65,
            "only a bike wiped out where it stood, and always, is put aside",
        ),
    ],
)
def test_a_bad_record_gives_a_located_error(old: str, new: str, line: int, column: int, message: str) -> None:
    error = _broken(old, new)
    assert (error.line, error.column) == (line, column)
    assert message in str(error)


def test_a_record_longer_than_a_race_can_last_is_refused_where_it_overruns() -> None:
    course, record = _race(QUARRY, 1, "bold")
    setup = race_movetext(record).splitlines()[0]
    most = MAX_ROUNDS * 3
    turns = [f"{n}. {{seat {(n - 1) % 3 + 1}}} {{roll 5 0 0; stay}}" for n in range(1, most + 2)]
    with pytest.raises(LayoutError) as caught:
        read_movetext(course, record.drivers, "\n".join([setup, *turns]) + "\n")
    assert (caught.value.line, caught.value.column) == (most + 2, 1)
    assert "a race is stopped after 300 rounds: 900 turns for 3 riders" in str(caught.value)
    read = read_movetext(course, record.drivers, "\n".join([setup, *turns[:most]]) + "\n")
    assert len(read.record.turns) == most


@pytest.mark.parametrize(
    ("name", "seed", "line"),
    [
        (
            "motocross-four-players.yaml",
            76,
            "52. {seat 4} {roll 2 5; wipe-out} (8.5,6.5)-(8,6.5) {wipes out}",
        ),
        ("motocross-max-ramps.yaml", 18, "51. {seat 3} {roll 2 5; wipe-out}"),  # inside a bend: no edge free
    ],
)
def test_a_bike_boxed_in_is_put_next_to_its_space_where_there_is_room(
    name: str, seed: int, line: str
) -> None:
    course, record = _race(LAYOUTS / name, seed)
    text = race_movetext(record)
    assert line in text.splitlines()
    read = read_movetext(course, record.drivers, text)
    assert read.record == record and check_race(record) == []
