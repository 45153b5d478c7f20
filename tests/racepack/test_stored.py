"""Tests of the completion tables kept on disk
(trackkit.racepack.circuits.stored): the file round trip, damaged and
foreign files rebuilt, and eight processes sharing one cache."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from trackkit.racepack import circuits
from trackkit.racepack.circuits import stored
from trackkit.racepack.circuits.completion import ENGINE_VERSION, BoxTable, box_table
from trackkit.racepack.circuits.stored import (
    TABLE_FILE_FORMAT,
    completion_path,
    decode_table,
    encode_table,
    stored_box_table,
)
from trackkit.racepack.circuits.uniform import _draw_some, _fitting_boxes, circuit_boxes

BOX = (5, 6, 18)
"""A box with a few hundred circuits: 5 by 6 cells, 18 tiles."""


pytestmark = pytest.mark.usefixtures("private_cache")


def _fingerprint(table: BoxTable) -> str:
    digest = hashlib.sha256()
    for link, done in zip(table.links, table.completions):
        for array in (link.empty, link.tile, link.closing, done):
            digest.update(array.tobytes())
    return digest.hexdigest()


def _draws(table: BoxTable, seed: int) -> list[list[tuple[int, int]]]:
    rng = random.Random(seed)
    return [table.draw(rng) for _ in range(20)]


def test_a_table_read_back_is_the_table_written() -> None:
    table = box_table(*BOX)
    back = decode_table(encode_table(table), *BOX)
    assert back is not None
    assert (back.width, back.height, back.tiles, back.entries) == (5, 6, 18, table.entries)
    assert _fingerprint(back) == _fingerprint(table)
    assert _draws(back, 4) == _draws(table, 4)


def test_the_file_name_carries_both_versions(private_cache: Path) -> None:
    name = f"completion-f{TABLE_FILE_FORMAT}-e{ENGINE_VERSION}-18-5x6.bin"
    assert completion_path(*BOX) == private_cache / name


def test_a_table_is_built_once_then_read() -> None:
    first, built = stored_box_table(*BOX)
    again, built_again = stored_box_table(*BOX)
    assert (built, built_again) == (True, False)
    assert _fingerprint(again) == _fingerprint(first)
    assert not [p for p in completion_path(*BOX).parent.iterdir() if p.suffix == ".tmp"]


def _flip_last_byte(data: bytes) -> bytes:
    return data[:-1] + bytes([data[-1] ^ 1])


def _other_engine(data: bytes) -> bytes:
    # The engine version is the two bytes after the magic word and the format.
    return data[:6] + (ENGINE_VERSION + 1).to_bytes(2, "little") + data[8:]


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(lambda data: data[: len(data) // 2], id="cut-in-half"),
        pytest.param(lambda data: data[:40], id="cut-in-the-header"),
        pytest.param(_flip_last_byte, id="one-bit-flipped"),
        pytest.param(_other_engine, id="another-engine-version"),
        pytest.param(lambda data: b"", id="empty"),
        pytest.param(lambda data: b"not a table at all" * 9, id="garbage"),
    ],
)
def test_a_damaged_or_foreign_file_is_rebuilt(spoil: object) -> None:
    table, _ = stored_box_table(*BOX)
    path = completion_path(*BOX)
    good = path.read_bytes()
    path.write_bytes(spoil(good))  # type: ignore[operator]
    assert decode_table(path.read_bytes(), *BOX) is None
    again, built = stored_box_table(*BOX)
    assert built
    assert _fingerprint(again) == _fingerprint(table)
    assert path.read_bytes() == good


def test_a_table_of_another_box_is_not_taken() -> None:
    data = encode_table(box_table(*BOX))
    assert decode_table(data, 6, 5, 18) is None
    assert decode_table(data, 5, 6, 20) is None
    assert decode_table(data, *BOX, corners=(8, 8)) is None


def test_a_table_by_corners_has_its_own_file(private_cache: Path) -> None:
    table, built = stored_box_table(*BOX, corners=(8, 10))
    path = completion_path(*BOX, corners=(8, 10))
    assert built and path.name.endswith("-18-5x6-c8-10.bin")
    assert decode_table(path.read_bytes(), *BOX) is None
    back = decode_table(path.read_bytes(), *BOX, corners=(8, 10))
    assert back is not None and back.corners == (8, 10)
    assert _fingerprint(back) == _fingerprint(table)
    assert not completion_path(*BOX).exists()


def test_building_reports_progress_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    box_table(*BOX, progress=lambda done, total: seen.append((done, total)))
    assert {total for _, total in seen} == {60}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1] == (60, 60)


def test_draws_read_the_stored_table_instead_of_building(monkeypatch: pytest.MonkeyPatch) -> None:
    fitting = _fitting_boxes(circuit_boxes(18), 18, None, None)
    first = _draw_some(fitting, 18, 30, random.Random(5))
    circuits.clear_uniform_tables()

    def refuse(*args: object, **kwargs: object) -> BoxTable:
        raise AssertionError("built again")

    monkeypatch.setattr(stored, "box_table", refuse)
    assert _draw_some(fitting, 18, 30, random.Random(5)) == first


_WORKER = """
import hashlib, sys
from trackkit.racepack.circuits.stored import stored_box_table
table, built = stored_box_table({width}, {height}, {tiles})
digest = hashlib.sha256()
for link, done in zip(table.links, table.completions):
    for array in (link.empty, link.tile, link.closing, done):
        digest.update(array.tobytes())
print(int(built), digest.hexdigest())
"""


def test_eight_processes_share_one_table(private_cache: Path) -> None:
    width, height, tiles = 8, 9, 30
    code = _WORKER.format(width=width, height=height, tiles=tiles)
    env = {**os.environ, "TRACKKIT_CACHE_DIR": str(private_cache)}
    workers = [
        subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(8)
    ]
    answers = [worker.communicate(timeout=300)[0].split() for worker in workers]
    assert all(worker.returncode == 0 for worker in workers)
    expected = _fingerprint(box_table(width, height, tiles))
    assert [digest for _, digest in answers] == [expected] * 8
    assert sum(int(built) for built, _ in answers) == 1
    files = sorted(p.name for p in private_cache.iterdir())
    assert files == [f".{completion_path(width, height, tiles).name}.lock", completion_path(width, height, tiles).name]


def test_a_cache_path_that_is_a_file_still_gives_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    monkeypatch.setenv("TRACKKIT_CACHE_DIR", str(blocker))
    table, built = stored_box_table(*BOX)
    assert built and _fingerprint(table) == _fingerprint(box_table(*BOX))
    assert blocker.read_text() == "x"


def test_the_least_recently_used_tables_go_beyond_the_budget(
    private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    boxes = [(5, 6, 18), (4, 7, 18), (3, 8, 18)]
    for box in boxes:
        stored_box_table(*box)
    sizes = {box: completion_path(*box).stat().st_size for box in boxes}
    for age, box in enumerate(boxes):  # the first box oldest
        os.utime(completion_path(*box), (1_000_000 + age, 1_000_000 + age))
    circuits.clear_uniform_tables()
    stored_box_table(*boxes[0])  # read: now the most recently used
    newest = len(encode_table(box_table(4, 6, 18)))
    monkeypatch.setattr(stored, "STORED_BUDGET", sizes[boxes[0]] + newest + 1)
    stored_box_table(4, 6, 18)
    kept = {box for box in [*boxes, (4, 6, 18)] if completion_path(*box).exists()}
    assert kept == {(5, 6, 18), (4, 6, 18)}
