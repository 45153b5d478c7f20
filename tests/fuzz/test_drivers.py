"""The modes that make their command from the input: generate's options,
a mutated race record for replay, a request to the editor's handler."""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
from pathlib import Path

import pytest
from support import ROOT

from trackkit.cli.app import built_command
from trackkit.edit import server as editor_server
from trackkit.edit.server import EditorServer
from trackkit.edit.session import Session, form_json
from trackkit.fuzz import drivers
from trackkit.fuzz.commands import run_mode


@pytest.mark.parametrize("game", ["racepack", "motocross", "race", "rally"])
def test_generate_options_are_the_games_own_and_repeat_for_a_seed(game: str) -> None:
    command = built_command()
    sub = command.commands["generate"].commands[game]
    known = {name for option in sub.params for name in option.opts}
    for seed in range(20):
        args = drivers.generate_options(random.Random(seed), command, game)
        assert args[:2] == ["generate", game]
        assert "--seed" in args and "--force" in args
        assert {arg for arg in args[2:] if arg.startswith("-") and arg in known} <= known
        assert args == drivers.generate_options(random.Random(seed), command, game)


def test_a_fuzzed_count_is_small_or_past_the_limit() -> None:
    """A count within the limit is honest work in proportion to it, so the
    fuzzer asks for at most eight tracks; one past the limit stays, to be refused."""
    command = built_command()
    counts: set[str] = set()
    for seed in range(400):
        args = drivers.generate_options(random.Random(seed), command, "race")
        counts |= {args[i + 1] for i, arg in enumerate(args[:-1]) if arg == "--count"}
    # Read as the command line reads them: "1_000" and " 12" are whole numbers too.
    whole = {int(count) for count in counts if count.strip().lstrip("+-").replace("_", "").isdigit()}
    assert drivers.FUZZED_COUNT == 8
    assert whole and all(n <= 8 or n > 10_000 for n in whole)
    assert 8 in whole


@pytest.mark.parametrize(("drawn", "asked"), [("1_000", "8"), ("10_001", "10_001"), ("many", "many"), ("3", "3")])
def test_a_fuzzed_count_however_written_is_small_or_past_the_limit(
    monkeypatch: pytest.MonkeyPatch, drawn: str, asked: str
) -> None:
    # The third campaign asked for "1_000" RACE! tracks: 2.8 s of honest work.
    monkeypatch.setattr(drivers, "_drawn_value", lambda rng, name, shown: drawn)
    assert drivers._option_value(random.Random(0), "--count", "INTEGER") == asked


def test_the_input_names_the_game_or_it_is_racepack() -> None:
    names = ["motocross", "race", "racepack", "rally"]
    assert drivers.game_of("trackkit: 1\ngame: rally\n", names) == "rally"
    assert drivers.game_of("trackkit: 1\npath: 2S\n", names) == "racepack"
    assert drivers.game_of("game: chess\n", names) == "racepack"


def test_a_request_carries_a_method_path_host_and_json_body() -> None:
    form = {"game": "racepack", "path": ["S", "R"]}
    made = [drivers.request_bytes(random.Random(seed), form, "127.0.0.1:9", "T0K") for seed in range(200)]
    assert made == [drivers.request_bytes(random.Random(seed), form, "127.0.0.1:9", "T0K") for seed in range(200)]
    lines = [request.split(b"\r\n", 1)[0] for request in made]
    assert sum(line.startswith(b"POST /api/") for line in lines) > 50
    assert sum(b"token=T0K" in line for line in lines) > 100
    assert sum(b"Host: 127.0.0.1:9\r\n" in request for request in made) > 150


def test_the_handler_answers_a_good_request_and_refuses_a_bad_one(tmp_path: Path) -> None:
    shutil.copy(ROOT / "layouts" / "figure1.yaml", tmp_path / "in.yaml")
    session = Session(tmp_path / "in.yaml")
    server = EditorServer(session, 0)
    try:
        body = json.dumps({"layout": form_json(session.form)}).encode()
        host = f"127.0.0.1:{server.port}"
        good = (f"POST /api/check?token={server.token} HTTP/1.1\r\nHost: {host}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode() + body
        answer = drivers.answer_of(server, good)
        assert answer.startswith(b"HTTP/1.1 200 ")
        assert b'"status"' in answer
        wrong = good.replace(server.token.encode(), b"wrong")
        assert drivers.answer_of(server, wrong).startswith(b"HTTP/1.1 403 ")
    finally:
        server.server_close()


def test_an_unexpected_failure_in_the_handler_counts_as_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The handler answers 500 to an exception that is not trackkit's own;
    the mode reports it with exit status 3 whatever request the input makes,
    once the request reaches a route."""
    shutil.copy(ROOT / "layouts" / "figure1.yaml", tmp_path / "in.yaml")
    monkeypatch.chdir(tmp_path)

    def broken(*args: object) -> None:
        raise RuntimeError("boom")

    for path in list(editor_server._ROUTES):
        monkeypatch.setitem(editor_server._ROUTES, path, broken)
    statuses = set()
    for seed in range(40):
        data = (tmp_path / "in.yaml").read_bytes() + f"# {seed}\n".encode()
        with contextlib.redirect_stderr(io.StringIO()):
            statuses.add(drivers.edit_http(data))
    assert statuses == {0, 3}


def test_a_mutated_record_is_replayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A layout that races gives its own record, mutated; one that cannot
    race gets the last record of its game."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(drivers, "_RECORDS", {})
    shutil.copy(ROOT / "layouts" / "figure1.yaml", "in.yaml")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        first = drivers.replay_mutated(run_mode, random.Random(1), "racepack")
        recorded = drivers._RECORDS["racepack"]
        Path("in.yaml").write_text("trackkit: 1\npath: [\n")
        second = drivers.replay_mutated(run_mode, random.Random(2), "racepack")
    assert first in (0, 1, 2) and second in (0, 1, 2)
    assert drivers._RECORDS["racepack"] == recorded
    assert Path(drivers.RECORD).read_text() != recorded


def test_a_record_past_the_size_held_to_2_s_gives_way(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(drivers, "_RECORDS", {"racepack": "kept record\n"})
    monkeypatch.setattr(drivers, "MAX_RECORD_BYTES", 100)
    shutil.copy(ROOT / "layouts" / "figure1.yaml", "in.yaml")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        drivers.replay_mutated(run_mode, random.Random(1), "racepack")
    assert drivers._RECORDS == {"racepack": "kept record\n"}
