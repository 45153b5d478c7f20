"""Shared test options and fixtures.

``pytest --regen-golden`` rewrites the golden files in ``tests/golden/`` from
what the code produces now, instead of comparing against them.  Look at the
changed pictures (``git diff tests/golden``) before committing them.
"""

from __future__ import annotations

import difflib
import gc
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from kept_commands import commands_kept
from typer.testing import CliRunner

sys.dont_write_bytecode = False
"""Keep the compiled test modules (with pytest's rewritten asserts) and
trackkit's modules in ``__pycache__`` even when ``PYTHONDONTWRITEBYTECODE``
is set: otherwise every run, in every worker, compiles them again (about
ten processor seconds a worker, half of collecting the suite)."""
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
"""The same for the test workers pytest-xdist starts after this file is
read: without the variable they keep what they compile from their first
line on, before any file of the suite is read, which includes the
plugins pytest rewrites for its assertions (82 modules of Hypothesis and
pytest-xdist, 2.2 processor seconds a process to rewrite, every run, in each worker
and in the process that hands out the tests); once kept, every process
reads them."""

COLLECTOR_THRESHOLDS = (500_000, 20, 1000)
"""When Python's cycle collector runs in a test process: after 500,000
new container objects instead of 700, the middle generation after 20 such
sweeps, the oldest after 1,000 of those.  A worker keeps hundreds of
megabytes of tables, caches and races for the whole run, and with the
default thresholds the collector walked all of them again some hundred
times a file: a quarter of the processor time of tests/racepack's
analysis, uniformity and race files (14.3 of 56.8 s; 2.6 of 44.3 s at
100,000 new objects, 1.6 of 40.9 s at 500,000 with test_report).  Objects
freed by their last reference go at once as before; only garbage in
cycles waits longer.  A worker's peak memory stayed the same (136-167 MB
on those files, 704-706 MB on tests/racepack), and so did the fixed-seed
fuzz run's children, which inherit the thresholds (at most 10 MB added an
input, the same statuses)."""
gc.set_threshold(*COLLECTOR_THRESHOLDS)


@pytest.hookimpl(tryfirst=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Keep what the run holds out of the collector's last sweeps.  As a
    process ends, pytest sweeps all of its objects (looking for errors
    raised while garbage is freed, which it would show as warnings); in a
    worker holding hundreds of megabytes of tables and caches a sweep took
    0.4 to 1.5 s, in the last seconds of the run, when the other worker may
    be done already.  Frozen (``gc.freeze``), those objects are skipped:
    the sweeps still look at anything freed from here on."""
    gc.freeze()


GOLDEN = Path(__file__).resolve().parent / "golden"
"""Where the expected drawings live."""

DIFF_LINES = 80
"""How many lines of a golden-file diff a failure shows."""

GoldenCheck = Callable[[str, str], None]

# The suite checks behaviour, never speed (speed is benchmarks/' job): no
# example has a deadline, so a busy machine cannot fail a property.
settings.register_profile("trackkit", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("trackkit"), derandomize=True, print_blob=True)
# CI runs the same examples every time, so a verdict on a submission does
# not depend on luck; exploring new inputs is the fuzz campaign's job
# (benchmarks/fuzz_campaign.py), and a local run still explores.
settings.load_profile("ci" if os.environ.get("CI") else "trackkit")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-golden",
        action="store_true",
        default=False,
        help="rewrite the golden files in tests/golden/ instead of comparing against them",
    )


@pytest.fixture
def regen_golden(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites golden files (``--regen-golden``)."""
    return bool(request.config.getoption("--regen-golden"))


@pytest.fixture
def golden(regen_golden: bool) -> GoldenCheck:
    """``golden(name, text)``: compare ``text`` with ``tests/golden/name`` line by
    line, failing with a unified diff; with ``--regen-golden``, write it instead."""

    def check(name: str, text: str) -> None:
        path = GOLDEN / name
        if regen_golden:
            GOLDEN.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8", newline="\n")
            return
        if not path.exists():
            pytest.fail(f"no golden file tests/golden/{name}; run: pytest --regen-golden, then look at it")
        expected = path.read_text(encoding="utf-8")
        if text == expected:
            return
        diff = difflib.unified_diff(
            expected.splitlines(), text.splitlines(), f"golden/{name}", "produced now", lineterm="", n=1
        )
        shown = list(diff)
        more = f"\n... {len(shown) - DIFF_LINES} more diff lines" if len(shown) > DIFF_LINES else ""
        pytest.fail(
            f"output differs from tests/golden/{name} (run pytest --regen-golden if the change is meant):\n"
            + "\n".join(shown[:DIFF_LINES])
            + more
        )

    return check


@pytest.fixture
def runner() -> CliRunner:
    """A Typer test runner that keeps standard error apart from standard output."""
    return CliRunner()


@pytest.fixture(autouse=True, scope="module")
def _commands_built_once() -> Iterator[None]:
    """Typer builds the whole command group on every ``CliRunner.invoke``
    (some 13 processor ms for trackkit's); the group is built once and kept
    from file to file instead (``kept_commands``): running it does not
    change it, and a test that adds a command or registers a game of its
    own gets a group built with it."""
    with commands_kept():
        yield


@pytest.fixture(scope="session")
def suite_cache() -> Path:
    """A cache folder the suite keeps from run to run (``suite`` in the
    cache folder, apart from the user's own tables), for test modules whose
    tables are what they draw from rather than what they test: the 48-tile
    box counts by corners and their completion tables take some 20
    processor seconds to build and are the same every run.  Their file
    names carry the format and engine versions and each file is checked
    when read, so a table of another version is built again; both xdist
    workers may use it at once (a table is built under its file's lock).
    A test of building, of the notice before it or of a damaged file uses
    a folder of its own."""
    from trackkit.fileio import cache_dir

    return cache_dir() / "suite"


POOL_CHUNK = 20
"""Races a worker process is handed at a time in tests of the worker pool."""


@pytest.fixture
def pool_chunks(monkeypatch: pytest.MonkeyPatch) -> int:
    """Hand races to worker processes :data:`POOL_CHUNK` at a time instead
    of 250, so a test that the figures do not depend on the number of
    workers plays a few chunks of a few dozen races over the pool, not
    hundreds (with 250 a run needs over 250 races to use the pool at all)."""
    from trackkit import montecarlo

    monkeypatch.setattr(montecarlo, "CHUNK", POOL_CHUNK)
    return POOL_CHUNK


STARTED_FIRST = (
    "tests/fuzz/test_campaign.py",
    "tests/edit/test_browser.py",
    "tests/racepack/test_analyze.py",
    "tests/racepack/test_uniform.py",
    "tests/hostile/test_fuzz.py",
    "tests/hostile/test_writers.py",
    "tests/edit/test_hostile.py",
    "tests/racepack/test_symmetric_sweeps.py",
    "tests/edit/test_browser_files.py",
    "tests/test_targets.py",
    "tests/hostile/test_corpus.py",
    "tests/racepack/test_corner_draw.py",
    "tests/edit/test_server.py",
    "tests/cli/test_replay_checks.py",
    "tests/render/test_pages.py",
    "tests/render/test_labels.py",
    "tests/racepack/test_race.py",
    "tests/racepack/test_circuits.py",
    "tests/racepack/test_generate.py",
    "tests/racepack/test_expert.py",
)
"""The longest test files, longest first (each some 10 to 40 s of a
worker's time in a whole run), handed out before all others.  With
``--dist loadfile`` a long file handed out late keeps one worker busy
while the other has nothing left to run; started first, the long files
are spread over the workers and the hundreds of short files fill in the
end.  (pytest-xdist's own order puts the files with the most tests first,
and the longest files have few.)  The fixed-seed fuzz run leads: its two
children use both cores while the other worker is still collecting."""


def _started_rank(nodeid: str) -> int:
    """Where a test's file stands in :data:`STARTED_FIRST` (any other file after them all)."""
    path = nodeid.split("::", 1)[0]
    return STARTED_FIRST.index(path) if path in STARTED_FIRST else len(STARTED_FIRST)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests of :data:`STARTED_FIRST` first, in its order, the rest in theirs."""
    items.sort(key=lambda item: _started_rank(item.nodeid))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """With ``--dist loadfile``, hand out the files of :data:`STARTED_FIRST`
    before any other, in its order; any other mode keeps pytest-xdist's own
    scheduler."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class StartedFirst(LoadFileScheduling):  # type: ignore[misc]
        def _assign_work_unit(self, node: object) -> None:
            for scope in sorted(self.workqueue, key=_started_rank, reverse=True):
                if _started_rank(scope) < len(STARTED_FIRST):
                    self.workqueue.move_to_end(scope, last=False)
            super()._assign_work_unit(node)

    return StartedFirst(config, log)
