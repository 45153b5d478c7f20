"""A recorded Motocross race turn by turn, as a player watching it would
follow it: what each turn did, in words.  (Where every bike stands after
each turn comes with the record read back: see
:class:`trackkit.motocross.race.ppn_read.ReadRace`.)"""

from __future__ import annotations

from trackkit.motocross.race.record import RaceRecord, TurnRecord

__all__ = [
    "turn_words",
]

FACE_NAMES = ("null", "ace", "2", "3", "4", "5")
"""A die's faces in words."""

OUTCOME_WORDS = {
    "moved": "",
    "off": ": runs off the track and wipes out",
    "finish": ": crosses the finish line and wins",
    "landed": ": lands on a bike, which wipes out",
    "stay": ": stays put",
    "wipe-out": ": every way is blocked, wipes out",
    "no-start": ": no ace, stays off the track",
}


def turn_words(record: RaceRecord, turn: TurnRecord) -> str:
    """What a turn did: ``seat 2 (bold): 1 coin for a die, rolls 3 null 5,
    moves 3 NNE: runs off the track and wipes out``."""
    who = f"seat {turn.seat + 1} ({record.drivers[turn.seat]})"
    if turn.action == "pass":
        return f"{who}: passes"
    if turn.action == "wait":
        return f"{who}: waits, its space taken" + ("; draws a coin" if turn.drew_coin else "")
    words = []
    if turn.coin_start:
        words.append("discards a coin to re-enter")
    if turn.extra:
        words.append(f"{turn.extra} {'coin' if turn.extra == 1 else 'coins'} for extra dice")
    words.append("rolls " + " ".join(FACE_NAMES[face] for face in turn.dice))
    if turn.number:
        words.append(f"moves {turn.number}, steps {turn.headings or 'none'}")
    return f"{who}: {', '.join(words)}{OUTCOME_WORDS.get(turn.outcome, '')}"
