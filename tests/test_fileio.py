"""Safe writes: atomic replacement, kept modes, refusals, and the cache files."""

from __future__ import annotations

import os
import stat
import zlib
from pathlib import Path

import pytest

from trackkit.errors import OutputError
from trackkit.fileio import CacheEntry, read_cache, write_atomic, write_cache


def test_write_atomic_replaces_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.yaml"
    target.write_text("old")
    write_atomic(target, "new")
    assert target.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["out.yaml"]


def test_write_atomic_keeps_the_mode_of_the_file_it_replaces(tmp_path: Path) -> None:
    target = tmp_path / "shared.yaml"
    target.write_text("old")
    target.chmod(0o644)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    target.chmod(0o640)
    write_atomic(target, b"newer")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert target.read_bytes() == b"newer"


def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.svg", "<svg/>")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o644


def test_a_mode_asked_for_is_the_new_file_s_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o000)
    try:
        write_atomic(tmp_path / "private.html", "token", mode=0o600)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "private.html").stat().st_mode) == 0o600


@pytest.mark.parametrize("name", ["a" * 250 + ".yaml", "é" * 125 + ".yaml"])
def test_a_name_of_up_to_255_bytes_is_written_and_its_leftovers_found(tmp_path: Path, name: str) -> None:
    """The temporary file repeats at most 200 bytes of the name, then a
    check value of it, so the longest legal name is written like any."""
    stem = name[: len(name) - 5]
    cut = stem[: 191 if stem.isascii() else 95]
    leftover = tmp_path / f".{cut}~{zlib.crc32(os.fsencode(name)):08x}.trackkit-999999999-abcdefgh.tmp"
    leftover.write_text("left by a killed writer")
    write_atomic(tmp_path / name, "trackkit: 1\n")
    assert [p.name for p in tmp_path.iterdir()] == [name]
    assert len(os.fsencode(name)) == 255


def test_a_read_only_file_is_refused_and_kept(tmp_path: Path) -> None:
    target = tmp_path / "locked.yaml"
    target.write_text("old")
    target.chmod(0o444)
    with pytest.raises(OutputError, match="read-only"):
        write_atomic(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["locked.yaml"]


@pytest.mark.parametrize(
    ("name", "problem"),
    [("missing/x.svg", "does not exist"), (".", "is a directory")],
)
def test_impossible_targets_are_refused_with_a_reason(tmp_path: Path, name: str, problem: str) -> None:
    with pytest.raises(OutputError, match=problem):
        write_atomic(tmp_path / name, "x")


def test_an_existing_file_is_kept_when_replacing_is_not_allowed(tmp_path: Path) -> None:
    target = tmp_path / "keep.yaml"
    target.write_text("old")
    with pytest.raises(OutputError) as caught:
        write_atomic(target, "new", replace=False)
    assert caught.value.exists
    assert target.read_text() == "old"


def test_a_cache_file_reads_back_and_a_damaged_one_does_not(tmp_path: Path) -> None:
    path = tmp_path / "cache" / "table.bin"
    entry = CacheEntry(tiles=12, items=3, check=99, payload=b"abc" * 10)
    write_cache(path, b"TEST", 1, entry)
    assert read_cache(path, b"TEST", 1, 12) == entry
    assert read_cache(path, b"TEST", 2, 12) is None
    assert read_cache(path, b"OTHR", 1, 12) is None
    assert read_cache(path, b"TEST", 1, 14) is None
    path.write_bytes(path.read_bytes()[:-3])
    assert read_cache(path, b"TEST", 1, 12) is None


def test_files_written_together_appear_only_when_all_are_written(tmp_path: Path) -> None:
    from trackkit.fileio import write_together

    with write_together() as write:
        write(tmp_path / "a.svg", "<svg/>")
        write(tmp_path / "b.png", b"\x89PNG")
        assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.svg", "b.png"]
    assert (tmp_path / "b.png").read_bytes() == b"\x89PNG"


def test_files_written_together_leave_nothing_when_one_fails(tmp_path: Path) -> None:
    from trackkit.fileio import write_together

    (tmp_path / "a.svg").write_text("old")
    with pytest.raises(OutputError, match=r"the folder .* does not exist"), write_together() as write:
        write(tmp_path / "a.svg", "new")
        write(tmp_path / "b.svg", "new")
        write(tmp_path / "missing" / "c.svg", "new")
    assert [p.name for p in tmp_path.iterdir()] == ["a.svg"]
    assert (tmp_path / "a.svg").read_text() == "old"
