"""A fuzzing campaign: many hostile inputs through every command mode of
every game, each in a child process with limits, and what came of them.

Inputs are made by :func:`~trackkit.fuzz.inputs.fuzz_inputs` (the games in
turn) and the command modes of :data:`~trackkit.fuzz.commands.MODES` are
taken in a fixed order, each for four inputs in a row, one of each game, so
every mode meets every game.  A *finding* is an input that crashed, went
over the time limit (processor seconds) or over the memory limit; the
:class:`Tally` keeps each with its command, and the slowest input of every
game and command.

One kind of work is honest however long it takes the first time: the tables
an exactly uniform draw of a large track reads (``generate --tiles 48
--min-corners 30`` builds them for some 12 seconds, with a bar, then keeps
them in the cache folder, and each later draw takes well under a second).
So a ``generate`` input that only went over time is run again with room to
build its tables (:data:`TABLE_BUILD_SECONDS`), then once more within the
limits: if that last run keeps within them, the input is a *table build*,
counted apart, not a finding (:meth:`Tally.settle_table_builds`).
So is a ``simulate`` asked for many races, or a ``generate`` with targets
that races its candidates (:mod:`trackkit.fuzz.asked`): run with room for
them from the start, it is *work asked for* when it keeps within the usual
limit plus its allowance a race (:meth:`Tally.add`; a finding made without
that room is run again with it by :meth:`Tally.settle_asked_work`).
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from trackkit.fileio import write_atomic
from trackkit.fuzz.asked import PAGE_RACES, SECONDS_A_RACE, TRACK_RACES, pages_asked, races_asked_by
from trackkit.fuzz.commands import GENERATE, INPUT, MODES, SIMULATE, Mode, run_mode
from trackkit.fuzz.inputs import FuzzInput, fuzz_inputs
from trackkit.fuzz.sandbox import Outcome, Sandbox
from trackkit.randomness import Seed

__all__ = [
    "TABLE_BUILD_SECONDS", "Finding", "Limits", "Tally", "asked_work_rerun", "run_campaign", "schedule",
    "warm_rerun",
]

TABLE_BUILD_SECONDS = 300.0
"""Processor seconds a ``generate`` input may take to build, once, the tables it draws from."""


@dataclass(frozen=True)
class Limits:
    """What an input may use: processor ``seconds`` and added memory in
    ``megabytes`` before it counts as a finding, and ``hard_seconds``
    after which its child is stopped."""

    seconds: float = 2.0
    megabytes: float = 500.0
    hard_seconds: float = 10.0


@dataclass(frozen=True)
class Finding:
    """An input that crashed or went over a limit, with what it ran."""

    kinds: tuple[str, ...]
    item: FuzzInput
    mode: Mode
    outcome: Outcome
    races: int | None = None
    """The races the input asked for, when it was run with room for them."""

    def reproducer(self) -> str:
        """The input as a file that says how to replay it."""
        command = self.mode.label.replace("in.yaml", "FILE")
        made, _ = races_asked_by(self.mode.args[0], self.item.text.encode("utf-8", "replace"))
        if made:
            command = f"{command}: {' '.join(made)}"
        return f"# trackkit {command}\n# {', '.join(self.kinds)}\n{self.item.text}"


@dataclass
class Tally:
    """What a campaign found: inputs run, exit statuses, findings, the
    slowest input (processor seconds) per game and command, and how many
    inputs of each game met each command mode (by its label)."""

    inputs: int = 0
    statuses: Counter[int | None] = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    slowest: dict[tuple[str, str], tuple[float, float, int]] = field(default_factory=dict)
    table_builds: list[tuple[Finding, Outcome, Outcome]] = field(default_factory=list)
    asked_work: list[tuple[Finding, int, Outcome]] = field(default_factory=list)
    met: Counter[tuple[str, str]] = field(default_factory=Counter)

    def count(self, kind: str) -> int:
        return sum(kind in finding.kinds for finding in self.findings)

    def add(
        self, item: FuzzInput, mode: Mode, outcome: Outcome, limits: Limits, races: int | None = None
    ) -> Finding | None:
        """Record one run; return it as a finding when it is one.  A run
        given room for the ``races`` it asked for that keeps within them is
        work asked for (:attr:`asked_work`), not a finding."""
        self.inputs += 1
        self.statuses[outcome.status] += 1
        self.met[item.game, mode.label] += 1
        key = (item.game, mode.args[0])
        if outcome.seconds > self.slowest.get(key, (-1.0, 0.0, 0))[0]:
            self.slowest[key] = (outcome.seconds, outcome.added_mb, item.number)
        kinds = _kinds(outcome, limits)
        if not kinds:
            return None
        finding = Finding(kinds, item, mode, outcome, races)
        if races is not None and _within_asked(finding, races, outcome, limits):
            self.asked_work.append((finding, races, outcome))
            return None
        self.findings.append(finding)
        return finding

    def settle_table_builds(self, limits: Limits) -> None:
        """Run every ``generate`` finding that only went over time again
        (:func:`warm_rerun`), and move those that then keep within the
        limits to :attr:`table_builds`, with the run that built the tables
        and the run after it."""
        for finding in list(self.findings):
            reruns = warm_rerun(finding, limits)
            if reruns is not None and not _kinds(reruns[1], limits):
                self.findings.remove(finding)
                self.table_builds.append((finding, *reruns))

    def settle_asked_work(self, limits: Limits) -> None:
        """Run every ``simulate`` or ``generate`` finding that only went over
        time and asked for many races again with room for them, and move those that keep
        within the limit plus :data:`~trackkit.fuzz.asked.SECONDS_A_RACE` a
        race to :attr:`asked_work`, with the races asked and the rerun."""
        for finding in list(self.findings):
            rerun = None if finding.races is not None else asked_work_rerun(finding, limits)
            if rerun is None:
                continue
            races, outcome = rerun
            if _within_asked(finding, races, outcome, limits):
                self.findings.remove(finding)
                self.asked_work.append((finding, races, outcome))

    def summary(self) -> list[str]:
        """The figures, one per line."""
        statuses = ", ".join(f"{status}: {number}" for status, number in sorted(
            self.statuses.items(), key=lambda pair: (pair[0] is None, pair[0] or 0)))
        reached = self.statuses[0] + self.statuses[1]
        share = 100 * reached / self.inputs if self.inputs else 0.0
        return [
            f"inputs: {self.inputs:,}",
            f"exit statuses: {statuses}",
            f"reached the rules (exit 0 or 1): {reached:,} ({share:.0f} %)",
            f"crashes: {self.count('crash')}",
            f"over time: {self.count('over time')}",
            f"over memory: {self.count('over memory')}",
            f"one-time table builds (over time cold, within the limits warm): {len(self.table_builds)}",
            f"work asked for, races by simulate or generate's targets, tracks by generate --count"
            f" and pages by render --paper (within {SECONDS_A_RACE} s a race, {TRACK_RACES} races a track,"
            f" {PAGE_RACES} a page):"
            f" {len(self.asked_work)}",
        ]

    def worst(self) -> list[str]:
        """The slowest input of each game and command, one per line."""
        return [
            f"{game:9} {command:9} {seconds:6.2f} s  {added:6.1f} MB  (#{number})"
            for (game, command), (seconds, added, number) in sorted(self.slowest.items())
        ]


def _within_asked(finding: Finding, races: int, outcome: Outcome, limits: Limits) -> bool:
    """Whether ``finding``, only over time, gave its verdict in ``outcome``
    within the usual limits plus :data:`SECONDS_A_RACE` for each of the
    ``races`` it asked for."""
    allowed = limits.seconds + races * SECONDS_A_RACE
    within = not outcome.over_time(allowed) and not outcome.over_memory(limits.megabytes)
    return finding.kinds == ("over time",) and outcome.verdict and within


def _kinds(outcome: Outcome, limits: Limits) -> tuple[str, ...]:
    crashed = outcome.crashed or not (outcome.verdict or outcome.over_time(limits.seconds)
                                      or outcome.over_memory(limits.megabytes))
    found = (
        ("crash", crashed),
        ("over time", outcome.over_time(limits.seconds)),
        ("over memory", outcome.over_memory(limits.megabytes)),
    )
    return tuple(kind for kind, hit in found if hit)


def warm_rerun(finding: Finding, limits: Limits) -> tuple[Outcome, Outcome] | None:
    """For a ``generate`` input that only went over time: run it once with
    room to build the tables it draws from, then once more within the
    limits, and give both outcomes (``None`` for any other finding, and for
    one with targets, whose races are work asked for, not tables)."""
    if not _only_slow(finding, GENERATE) or _races(finding) is not None:
        return None
    building, warm = _run_again(finding, TABLE_BUILD_SECONDS, limits.hard_seconds)
    return building, warm


def asked_work_rerun(finding: Finding, limits: Limits) -> tuple[int, Outcome] | None:
    """For a ``simulate`` or ``generate`` input that only went over time
    asking for many races: the races asked and a run with room for them;
    for a ``render --paper`` or an export of pages that only went over time, its pages as races
    (:func:`~trackkit.fuzz.asked.pages_asked`) and the run it had (``None``
    for any other finding)."""
    pages = pages_asked(finding.mode.args, finding.item.text) if finding.kinds == ("over time",) else None
    if pages is not None:
        return pages, finding.outcome
    if not (_only_slow(finding, SIMULATE) or _only_slow(finding, GENERATE)):
        return None
    races = _races(finding)
    if races is None:
        return None
    (rerun,) = _run_again(finding, limits.hard_seconds + races * SECONDS_A_RACE)
    return races, rerun


def _races(finding: Finding) -> int | None:
    """The races ``finding``'s command asks for, when they are more than ordinary work."""
    return races_asked_by(finding.mode.args[0], finding.item.text.encode("utf-8", "replace"))[1]


def _only_slow(finding: Finding, mode: str) -> bool:
    """Whether ``finding`` only went over time, in the command mode ``mode``."""
    return finding.kinds == ("over time",) and finding.mode.args[0] == mode


def _run_again(finding: Finding, *hard_seconds: float) -> tuple[Outcome, ...]:
    """Run the finding's input again once for each allowance of ``hard_seconds``,
    one after the other in one folder (so a cache the first run builds serves the next)."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, INPUT).write_bytes(finding.item.text.encode("utf-8", "replace"))
        runs = [Sandbox(run_mode, hard_seconds=room) for room in hard_seconds]
        return tuple(sandbox.run(finding.mode.args, folder) for sandbox in runs)


def schedule(modes: Sequence[Mode] = MODES) -> list[Mode]:
    """The order modes are taken in: each as often as its weight, spread out."""
    rounds = max(mode.weight for mode in modes)
    return [mode for turn in range(rounds) for mode in modes if turn < mode.weight]


def run_campaign(
    seeds: Mapping[str, Sequence[str]],
    count: int,
    seed: Seed,
    *,
    limits: Limits = Limits(),
    workers: int = 1,
    save: Path | None = None,
    stop: Callable[[], bool] = lambda: False,
    modes: Sequence[Mode] = MODES,
) -> Iterator[tuple[Tally, Finding | None]]:
    """Run ``count`` inputs made from ``seeds`` (game name to layout
    texts) with ``seed`` through ``modes``; after each, yield the tally so
    far and the finding it made, if any (saved under ``save`` as a
    reproducer).  When ``stop()`` turns true, no more inputs start; those
    running finish."""
    order = schedule(modes)
    tally = Tally()
    sandbox = Sandbox(run_mode, hard_seconds=limits.hard_seconds)
    games = len(seeds)

    def jobs() -> Iterator[tuple[tuple[FuzzInput, Mode, int | None], bytes, Sequence[str]]]:
        for item in fuzz_inputs(seeds, count, seed):
            if stop():
                return
            mode = order[(item.number // games) % len(order)]
            data = item.text.encode("utf-8", "replace")
            yield (item, mode, races_asked_by(mode.args[0], data)[1]), data, mode.args

    def allowance(job: tuple[FuzzInput, Mode, int | None]) -> float:
        return limits.hard_seconds + (job[2] or 0) * SECONDS_A_RACE

    for (item, mode, races), outcome in sandbox.run_many(jobs(), workers, allowance):
        finding = tally.add(item, mode, outcome, limits, races)
        if finding is not None and save is not None:
            kind = finding.kinds[0].replace(" ", "-")
            write_atomic(save / f"{kind}-{item.game}-{item.number}.yaml", finding.reproducer())
        yield tally, finding
