"""RACE!'s play jobs (see :class:`trackkit.game.Game`): races simulated,
the first one written as a PPN record, a record read back and checked.

The metadata is every record's (:mod:`trackkit.layoutfile.records`) with
``grid``, the space each racer starts on by grid slot (pole first), and
``finish``, the racers by number in the order they finished.  The movetext
is one numbered move per racer's turn, in the order played; a RACE! space
has no place on a piecepack grid, so the turn is told in comments::

    1. {racer 1} {speed 1; dice 8 1 7 5; to 8; shakes 6; shaken to 19; shaken blocked risk}
    6. {racer 6} {speed 1; dice 6 5 8 1; hazard dice 8 6; to 3; shakes 5; shaken to 24}

``hazard dice`` (when any were rolled), ``blocked`` and ``shaken
blocked`` (``slow`` or ``risk``, where the racers ahead stopped a move)
are left out when there are none (see :class:`~trackkit.race.record.RacerTurn`).
A record written before records were PPN keeps its turns in YAML under
``Turns`` (:mod:`trackkit.race.formats.record_yaml`) and still reads.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from trackkit.errors import LayoutError
from trackkit.layoutfile.records import RecordHead, finish_line, head_lines, movetext_of, ppn_text
from trackkit.play import Progress, RaceRequest, Replayed, Token, turn_captions
from trackkit.race.record import BLOCKED_CHOICES, MOST_DICE, RaceLog, RacerTurn
from trackkit.race.track import RaceLayout

if TYPE_CHECKING:
    from trackkit.montecarlo import Simulation

__all__ = [
    "race_record_text",
    "read_turns",
    "record_race",
    "replay_race",
    "simulate_races",
]


def simulate_races(layout: RaceLayout, request: RaceRequest, progress: Progress | None) -> Simulation:
    """The figures of ``request.races`` races (see
    :func:`trackkit.race.simulate.simulate_race`); ``request.cars`` counts
    the racers."""
    from trackkit.race.simulate import parse_race_drivers, simulate_race

    field, run = parse_race_drivers(request.drivers), _race(request)
    return simulate_race(
        layout, field, races=request.races, workers=request.workers, progress=progress, **run
    )


def _race(request: RaceRequest) -> dict[str, Any]:
    """What a run and its recorded race take from ``request`` alike."""
    return {"seed": request.seed, "racers": request.cars, "laps": request.laps}


def record_race(layout: RaceLayout, request: RaceRequest) -> str:
    """Race ``request.race`` of the run as a PPN record."""
    from trackkit.race.formats.layout_file import dump_layout
    from trackkit.race.simulate import parse_race_drivers, recorded_race_log

    log = recorded_race_log(layout, parse_race_drivers(request.drivers), race=request.race, **_race(request))
    return race_record_text(layout, dump_layout(layout), log, seed=request.seed, race=request.race)


def race_record_text(layout: RaceLayout, layout_text: str, log: RaceLog, *, seed: int, race: int = 1) -> str:
    """A RACE! race as a PPN record: the metadata, then one move a turn."""
    title = layout.name or "a RACE! track"
    notes = f"race {race} of seed {seed}: {len(log.drivers)} racers, {log.laps} laps; written by trackkit"
    grid = [f"  grid: [{', '.join(map(str, log.grid))}]"] if log.grid else []
    extra = [*grid, *finish_line(log.finish)]
    head = head_lines(f"RACE! race on {title}", notes, seed, race, log.laps, log.drivers, layout_text, extra)
    moves = "".join(f"{number}. {_turn_text(turn)}\n" for number, turn in enumerate(log.turns, 1))
    return ppn_text(head, moves)


def _turn_text(turn: RacerTurn) -> str:
    """One turn's move: ``{racer N} {speed S; dice ...; to T; ...}``."""
    parts = [f"speed {turn.speed}", f"dice {' '.join(map(str, turn.dice))}"]
    if turn.hazard_dice:
        parts.append(f"hazard dice {' '.join(map(str, turn.hazard_dice))}")
    parts.append(f"to {turn.to}")
    if turn.blocked:
        parts.append(f"blocked {turn.blocked}")
    if turn.shaken is not None:
        parts += [f"shakes {turn.shaken + 1}", f"shaken to {turn.shaken_to}"]
        if turn.shaken_blocked:
            parts.append(f"shaken blocked {turn.shaken_blocked}")
    return f"{{racer {turn.racer + 1}}} {{{'; '.join(parts)}}}"


# --- reading ---------------------------------------------------------------------

_MOVE = re.compile(r"(\d{1,6})\. \{racer (\d{1,2})\} \{([^{}]{0,400})\}")
_KEYS = ("hazard dice", "shaken blocked", "shaken to", "speed", "dice", "to", "blocked", "shakes")
"""A turn's keys, the longer first where one starts another."""


def read_turns(head: RecordHead) -> RaceLog:
    """The race of a RACE! PPN record.  Raises a located
    :class:`~trackkit.errors.LayoutError` naming the line and column of a
    move that is not written as above."""
    movetext = movetext_of(head, "RACE!")
    turns: list[RacerTurn] = []
    try:
        for offset, line in enumerate(movetext.split("\n")):
            if line.strip():
                number = head.movetext_line + offset
                turns.append(_turn(line.rstrip(), number, len(turns) + 1, len(head.drivers)))
    except LayoutError as error:
        raise error.located(head.file) from None
    return RaceLog(head.laps, head.drivers, tuple(turns), head.grid, head.finish)


def _turn(line: str, number: int, expected: int, racers: int) -> RacerTurn:
    """One move line, turn ``expected`` of the race."""
    match = _MOVE.fullmatch(line)
    if match is None or int(match.group(1)) != expected:
        form = f"'{expected}. {{racer N}} {{speed S; dice ...; to T}}'"
        raise LayoutError(
            f"expected move {expected}, {form}, found {line[:40]!r}",
            line=number,
            column=1,
            hint="see docs/simulation.md",
        )
    found: dict[str, str] = {}
    column = match.start(3) + 1
    for part in match.group(3).split(";"):
        key = next((key for key in _KEYS if part.strip().startswith(key + " ")), None)
        if key is None or key in found:
            raise _bad(number, column, f"{part.strip()[:30]!r} is not a part of a turn, or is given twice")
        found[key] = part.strip()[len(key) + 1 :]
        column += len(part) + 1
    for key in ("speed", "dice", "to"):
        if key not in found:
            raise _bad(number, match.start(3) + 1, f"a turn has no {key!r}")
    return _racer_turn(int(match.group(2)), found, racers, number, match.start(2) + 1)


def _racer_turn(racer: int, found: dict[str, str], racers: int, line: int, column: int) -> RacerTurn:
    """The turn of ``found`` parts, each checked for its range."""

    def whole(key: str, lowest: int, highest: int | None) -> int | None:
        if key not in found:
            return None
        text = found[key]
        value = int(text) if re.fullmatch(r"\d{1,6}", text) else -1
        if value < lowest or (highest is not None and value > highest):
            top = "" if highest is None else f" to {highest}"
            raise _bad(line, column, f"{key} {text[:12]!r} must be a whole number from {lowest}{top}")
        return value

    if not 1 <= racer <= racers:
        raise _bad(line, column, f"racer {racer} is not one of the record's {racers} racers")
    shakes = whole("shakes", 1, racers)
    return RacerTurn(
        racer - 1,
        whole("speed", 0, 9) or 0,
        _dice(found["dice"], line, column),
        _dice(found.get("hazard dice", ""), line, column),
        whole("to", 1, None) or 0,
        _choice(found.get("blocked"), line, column),
        None if shakes is None else shakes - 1,
        whole("shaken to", 1, None),
        _choice(found.get("shaken blocked"), line, column),
    )


def _dice(text: str, line: int, column: int) -> tuple[int, ...]:
    words = text.split()
    if len(words) > MOST_DICE or any(not re.fullmatch(r"\d{1,2}", word) for word in words):
        raise _bad(line, column, f"dice must be at most {MOST_DICE} faces, not {text[:30]!r}")
    return tuple(int(word) for word in words)


def _choice(text: str | None, line: int, column: int) -> str | None:
    if text is not None and text not in BLOCKED_CHOICES:
        raise _bad(line, column, f"a blocked racer chose {text[:12]!r}; write slow or risk")
    return text


def _bad(line: int, column: int, message: str) -> LayoutError:
    return LayoutError(message, line=line, column=column, hint="see docs/simulation.md")


def replay_race(head: RecordHead, layout: RaceLayout) -> Replayed:
    """A RACE! record's race on ``layout``, every turn checked, and where
    the racers stand after each; a record of the older YAML form
    (``Turns``, no movetext) reads too."""
    from trackkit.race.checker import check_race_log
    from trackkit.race.formats.record_yaml import race_turns
    from trackkit.race.replay import race_standings, racer_turn_words

    log = race_turns(head) if head.movetext is None and head.turns is not None else read_turns(head)
    captions = turn_captions([racer_turn_words(log, turn) for turn in log.turns])
    places = [
        {space: Token(str(slot + 1)) for slot, space in enumerate(spaces) if space is not None}
        for spaces in race_standings(layout, log)
    ]
    return Replayed(layout, "RACE!", captions, places, tuple(check_race_log(layout, log)))
