"""Fixtures shared by the Racepack tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from trackkit.racepack import circuits


@pytest.fixture
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty table cache of the test's own, on disk and in memory; a test
    module that builds tables opts in for every test with
    ``pytestmark = pytest.mark.usefixtures("private_cache")``."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(folder))
    circuits.clear_table_cache()
    yield folder
    circuits.clear_table_cache()
