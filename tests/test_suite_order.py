"""The suite's own arrangements (tests/conftest.py): the long files it
starts first are files that exist, and the collector thresholds it sets."""

from __future__ import annotations

import gc
from pathlib import Path

import conftest
from support import ROOT


def test_the_files_started_first_exist_once_each() -> None:
    missing = [name for name in conftest.STARTED_FIRST if not (ROOT / name).is_file()]
    assert missing == []
    assert len(set(conftest.STARTED_FIRST)) == len(conftest.STARTED_FIRST)


def test_files_started_first_rank_in_their_order_and_the_rest_after() -> None:
    first, second = conftest.STARTED_FIRST[:2]
    ranks = [conftest._started_rank(f"{name}::test_x[1]") for name in (first, second, "tests/test_api.py")]
    assert ranks == [0, 1, len(conftest.STARTED_FIRST)]
    assert Path(first).name == "test_campaign.py"


def test_a_test_process_runs_the_cycle_collector_at_the_suites_thresholds() -> None:
    assert gc.get_threshold() == conftest.COLLECTOR_THRESHOLDS == (500_000, 20, 1000)
