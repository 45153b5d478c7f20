"""Racepack races as PPN movetext (trackkit.racepack.race.ppn): written and
read back move for move, re-checked by the independent move checker."""

from __future__ import annotations

import dataclasses
import re

import pytest
from support import LAYOUTS

from trackkit.errors import LayoutError
from trackkit.games import load
from trackkit.racepack.race.checker import check_race
from trackkit.racepack.race.drivers import parse_drivers
from trackkit.racepack.race.engine import RaceOptions, play_race
from trackkit.racepack.race.ppn import Places, race_movetext, read_movetext
from trackkit.racepack.race.record import RaceRecord
from trackkit.racepack.race.replay import standings, turn_words
from trackkit.racepack.race.track import RaceTrack

DRIVERS = parse_drivers("bold,cautious,random,bold,random,cautious")


def _race(name: str, seed: int, extra_hazards: int = 0) -> tuple[RaceTrack, RaceRecord]:
    layout = load(LAYOUTS / f"{name}.yaml").layout
    track = RaceTrack(layout)
    options = RaceOptions(cars=6, record=True, extra_hazards=extra_hazards)
    record = play_race(track, DRIVERS, options, seed).record
    assert record is not None
    return track, record


def _read(track: RaceTrack, record: RaceRecord, text: str) -> RaceRecord:
    empty = RaceRecord(record.laps, record.drivers, record.grid, [], finish=record.finish)
    return read_movetext(track.layout, track.board, empty, text)


@pytest.mark.parametrize(
    ("name", "seed", "extra"), [("figure1", 1, 0), ("hairpin", 2, 0), ("chicane", 3, 2), ("grand-prix", 4, 0)]
)
def test_a_race_reads_back_move_for_move_and_passes_the_checker(name: str, seed: int, extra: int) -> None:
    track, record = _race(name, seed, extra)
    back = _read(track, record, race_movetext(track.layout, record))
    assert back == record
    assert check_race(track, back) == []


def test_the_movetext_starts_with_the_setup_and_numbers_every_turn() -> None:
    track, record = _race("figure1", 1)
    lines = race_movetext(track.layout, record).splitlines()
    assert lines[0].startswith("setup. t@(")
    assert len(lines) == len(record.turns) + 1
    first = record.turns[0]
    assert lines[1].startswith(f"1. {{car {first.slot + 1}}} ")
    assert lines[1].count("{forward") + lines[1].count("{lane-change") == len(first.moves)


def test_spaces_have_distinct_locations_shifted_like_the_setup_export() -> None:
    layout = load(LAYOUTS / "figure1.yaml").layout
    places = Places(layout)
    assert len(set(places.location)) == 4 * len(layout.circuit)
    assert all(not text.startswith("(-") and ",-" not in text for text in places.location)


def test_a_tampered_step_is_caught_by_the_checker() -> None:
    """Moving a pawn one space further than its speed: read fine, judged illegal."""
    track, record = _race("figure1", 1)
    lines = race_movetext(track.layout, record).splitlines()
    number, line = next((n, text) for n, text in enumerate(lines) if "{forward 1 west}" in text)
    lines[number] = line.replace("{forward 1 west}", "{forward 2 west}", 1)
    back = _read(track, record, "\n".join(lines))
    problems = check_race(track, back)
    assert problems
    assert problems[0].startswith(f"turn {number} (car ")
    assert "speeds" in problems[0] or "not a legal forward at speed 2" in problems[0]


def test_a_re_roll_names_the_rival_and_an_older_record_without_it_still_reads() -> None:
    track, record = _race("figure1", 1)
    text = race_movetext(track.layout, record)
    turn, move = next((t, m) for t in record.turns for m in t.moves if len(m.rolls) == 3)
    assert move.rival is not None
    first, token, again = move.rolls
    written = f"; roll {first} token {token} of car {move.rival + 1} roll {again}}}"
    assert written in text
    older = re.sub(r" of car \d+", "", text)
    back = _read(track, record, older)
    assert back.turns[record.turns.index(turn)].moves == tuple(
        dataclasses.replace(m, rival=None) for m in turn.moves
    )
    assert check_race(track, back) == []


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("1. {car 1}", 1, 1, "the moves do not start with the setup"),
        ("setup.\n2. {car 1}", 2, 1, "move '2.' should be numbered 1."),
        ("setup.\n1. (1,1)-(2,2)", 2, 1, "a turn starts with a comment naming the car"),
        ("setup.\n1. {car 9}", 2, 4, "there is no car 9 in this race"),
        (
            "setup.\n1. {car 1} (0.5,0.5)-(1.5,0.5) {forward 1 west}",
            2,
            12,
            "(0.5,0.5) is no space of the track",
        ),
        ("setup.\n1. {car 1} {fly 1 west}", 2, 12, "'{fly 1 west}' does not describe a movement"),
        ("setup.\n1. {car 1} {forward 1 west}", 2, 12, "a movement with no steps"),
        ("setup.\n1. {car 1} {forward 1 west", 2, 12, "a comment is not closed"),
    ],
)
def test_bad_movetext_is_refused_where_it_stands(text: str, line: int, column: int, message: str) -> None:
    track, record = _race("figure1", 1)
    with pytest.raises(LayoutError) as caught:
        _read(track, record, text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert caught.value.message.startswith(message)


def test_standings_follow_the_cars_and_take_finished_cars_off() -> None:
    track, record = _race("figure1", 1)
    found = standings(track, record)
    assert len(found) == len(record.turns) + 1
    assert found[0] == tuple(space for space, _ in record.grid)
    assert found[-1] == (None,) * 6
    assert turn_words(record, record.turns[0]).startswith(f"car {record.turns[0].slot + 1} (")


def test_a_record_with_a_roll_says_so_in_words() -> None:
    _track, record = _race("figure1", 1)
    rolled = next(turn for turn in record.turns if any(move.rolls for move in turn.moves))
    assert "(penalty die " in turn_words(record, rolled)
    assert turn_words(record, dataclasses.replace(rolled, moves=())).endswith(": no movement possible")
