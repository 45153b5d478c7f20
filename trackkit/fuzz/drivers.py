"""Command modes that make their own input from the fuzz input: fuzzed
options for ``generate`` and a mutated race record for ``replay`` (the
editor's requests are made in :mod:`trackkit.fuzz.editor`).

Each is run in a forked child like every mode (see
:mod:`trackkit.fuzz.commands`) and draws what it needs from a generator
seeded by the input's bytes, so the same input always makes the same
command line, record or request.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from trackkit.fuzz.options import replay_options
from trackkit.fuzz.records import RECORD_MUTATIONS
from trackkit.fuzz.text import BYTE_MUTATIONS, LINE_MUTATIONS
from trackkit.fuzz.values import EDGE_NUMBERS, EDGE_TEXT
from trackkit.randomness import make_rng

__all__ = [
    "FUZZED_COUNT",
    "MAX_RECORD_BYTES",
    "generate_options",
    "input_rng",
    "keep_records",
    "kept_records",
    "replay_mutated",
]

CommandRunner = Callable[[Sequence[str]], int]
"""Runs one trackkit command line in this process and gives its exit status."""

_GAME = re.compile(r"^game:\s*(\w+)", re.MULTILINE)
_METAVAR_CHOICES = re.compile(r" ([\w-]+(?:\|[\w-]+)+)$")
FUZZED_COUNT = 8
"""The most tracks a fuzzed ``generate --count`` asks for.  A large count
within the limit of 10,000 is honest work, in proportion to the tracks
asked for (1,000 RACE! tracks take about 3 s), not a hostile input, so a
count the fuzzer draws between this and the limit (however written: the
third campaign's ``1_000`` is a thousand) becomes this; a count past the
limit, or not a whole number, is kept: it must be refused at once."""

_FILE_OPTIONS = {"--output": "gen.yaml", "-o": "gen.yaml", "--svg": "gen.svg", "--shapes": "in.yaml"}
"""Options naming a file, with the file given: outputs in the child's
folder, inputs the fuzz input itself."""


def input_rng(data: bytes) -> random.Random:
    """A generator seeded by ``data`` (the input file's bytes)."""
    return make_rng(zlib.crc32(data))


def game_of(text: str, games: Sequence[str]) -> str:
    """The game the input names (Racepack when it names none or another)."""
    found = _GAME.search(text)
    return found.group(1) if found and found.group(1) in games else "racepack"


# --- generate ----------------------------------------------------------------------------


def generate_options(rng: random.Random, command: Any, game: str) -> list[str]:
    """``generate GAME`` with about a quarter of its options, each given a
    value near an edge, a choice of its own (or a near miss of one), or
    text it does not expect."""
    sub = command.commands["generate"].commands[game]
    context = sub.make_context(f"generate {game}", [], resilient_parsing=True)
    args = ["generate", game]
    for option in sub.params:
        if not option.opts or option.opts[0] in ("--help", "-h") or rng.random() > 0.25:
            continue
        name = rng.choice(option.opts)
        if option.is_flag:
            args.append(name)
            continue
        record = option.get_help_record(context)
        args += [name, _option_value(rng, name, record[0] if record else "")]
    if "--seed" not in args:
        args += ["--seed", str(rng.randrange(1000))]
    return [*args, "--force"] if "--force" not in args else args


def _option_value(rng: random.Random, name: str, shown: str) -> str:
    """A value for option ``name``, whose help shows ``shown`` (``--direction a|b``)."""
    value = _drawn_value(rng, name, shown)
    if name == "--count" and FUZZED_COUNT < _whole_number(value) <= 10_000:
        return str(FUZZED_COUNT)
    return value


def _whole_number(text: str) -> int:
    """``text`` read as the command line reads a whole number (``1_000``,
    `` 12`` and ``+5`` too); -1 when it is not one."""
    try:
        return int(text)
    except ValueError:
        return -1


def _drawn_value(rng: random.Random, name: str, shown: str) -> str:
    if name in _FILE_OPTIONS:
        return _FILE_OPTIONS[name]
    choices = _METAVAR_CHOICES.search(shown)
    roll = rng.random()
    if choices and roll < 0.6:
        choice: str = rng.choice(choices.group(1).split("|"))
        return choice if rng.random() < 0.8 else choice.upper()
    if roll < 0.85:
        return str(rng.choice((1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 30, 48)))
    if roll < 0.95:
        return str(rng.choice(EDGE_NUMBERS))
    return str(rng.choice(EDGE_TEXT))


# --- replay ------------------------------------------------------------------------------

RECORD = "race.rec"
"""The race record a replay mode writes, mutates and replays."""

MAX_RECORD_BYTES = 64 * 1024
"""The largest record replayed: the size of input held to 2 s.  A race
on a track of thousands of spaces records hundreds of kilobytes, which
take seconds to read back as a file of that size may; such a record
gives way to the last smaller one of its game."""


def replay_mutated(run: CommandRunner, rng: random.Random, game: str) -> int:
    """Record one race on the input (``simulate --record``), change the
    record one to three times (mostly keeping its shape: a header field, a
    turn left out or out of order, a die moved; else its lines or bytes),
    and replay it with options fuzzed (:func:`~.options.replay_options`).  An
    input that cannot be raced, or whose record passes
    :data:`MAX_RECORD_BYTES`, gets instead the last record of its game that
    did not (the warm-up's, in a campaign); with none, the simulation's
    exit status."""
    with contextlib.redirect_stdout(io.StringIO()):
        status = run(["simulate", "in.yaml", "--races", "1", "--seed", "7", "--workers", "1",
                      "--record", RECORD, "--force"])
    record = Path(RECORD)
    if status == 0 and record.exists() and record.stat().st_size <= MAX_RECORD_BYTES:
        _RECORDS[game] = record.read_text(encoding="utf-8", errors="replace")
    if game not in _RECORDS:
        return status
    text = _RECORDS[game]
    for _ in range(rng.choice((1, 1, 2, 3))):
        if rng.random() < _SHAPED_RECORDS:
            text = rng.choice(RECORD_MUTATIONS)(rng, text)
        else:
            text = rng.choice(LINE_MUTATIONS + BYTE_MUTATIONS)(rng, text)
    record.write_text(text, encoding="utf-8", errors="replace")
    return run(["replay", RECORD, *replay_options(rng)])


_SHAPED_RECORDS = 0.7
"""The share of a record's mutations that keep its shape
(:mod:`trackkit.fuzz.records`); the rest change its lines or bytes."""


_RECORDS: dict[str, str] = {}
"""The last race record made in this process, by game: the warm-up fills
it before children are forked, so every child has one of each game."""


def kept_records() -> dict[str, str]:
    """The last race record made in this process, by game (a copy)."""
    return dict(_RECORDS)


def keep_records(records: dict[str, str]) -> None:
    """Keep ``records`` (game to record text) as the last of their games,
    as the warm-up hands them over from the child that made them."""
    _RECORDS.update(records)
