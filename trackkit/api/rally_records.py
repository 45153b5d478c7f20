"""Rally race records: ``simulate --record FILE`` on a rally deck writes
one; :func:`check_rally_record_file` reads it back and re-checks every move
with the independent checker (:mod:`trackkit.rally.race.checker`).  The
format is described in :mod:`trackkit.formats.rally_record` and
``docs/simulation.md``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from trackkit.fileio import write_atomic
from trackkit.formats.files import read_text
from trackkit.formats.rally_record import RallyRecordFile, rally_record_text
from trackkit.formats.rally_record_read import read_rally_record
from trackkit.rally.race.checker import check_rally
from trackkit.rally.race.drivers import RallyDriver
from trackkit.rally.race.road import ShapeTable
from trackkit.rally.race.simulate import recorded_rally

__all__ = [
    "CheckedRecord",
    "check_rally_record_file",
    "write_rally_record",
]


def write_rally_record(
    deck: Any,
    path: str | os.PathLike[str],
    drivers: Sequence[RallyDriver],
    *,
    seed: int,
    players: int | None,
    skills: str,
    race: int = 1,
    shapes: ShapeTable | None = None,
) -> str:
    """Play race ``race`` of the run a simulation with the same arguments
    plays, write it to ``path`` (atomically) and return its text."""
    record = recorded_rally(
        deck, drivers, seed=seed, race=race, players=players, skills=skills, shapes=shapes
    )
    text = rally_record_text(record, name=deck.name, seed=seed, race=race, skills=skills)
    write_atomic(path, text)
    return text


@dataclass(frozen=True)
class CheckedRecord:
    """A rally record read back, and every ``problem`` the move checker
    found in it (none for a legal race)."""

    file: RallyRecordFile
    problems: tuple[str, ...]


def check_rally_record_file(path: str | os.PathLike[str]) -> CheckedRecord:
    """Read the rally record in ``path`` and re-check every move; raises a
    located :class:`~trackkit.errors.LayoutError` for a file that is not one."""
    read = read_rally_record(read_text(path), str(path))
    return CheckedRecord(read, tuple(check_rally(read.record)))
