"""The editor's endpoints under fuzzing: requests made hostile field by
field and header by header, and the judge of the handler's answers."""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest
from support import ROOT

from trackkit.edit import server as editor_server
from trackkit.edit.server import EditorServer
from trackkit.edit.session import Session
from trackkit.fuzz import editor

FORM = {"game": "racepack", "path": ["S", "R"]}


def made_requests(count: int) -> list[bytes]:
    return [editor.request_bytes(random.Random(seed), FORM, "127.0.0.1:9", "T0K") for seed in range(count)]


def test_a_request_carries_a_method_path_host_and_json_body() -> None:
    made = made_requests(200)
    assert made == made_requests(200)
    lines = [request.split(b"\r\n", 1)[0] for request in made]
    assert sum(line.startswith(b"POST /api/") for line in lines) > 50
    assert sum(b"token=T0K" in line for line in lines) > 100
    assert sum(b"Host: 127.0.0.1:9\r\n" in request for request in made) > 150


def test_requests_carry_hostile_fields_names_and_heads() -> None:
    made = made_requests(2000)
    bodies = [request.partition(b"\r\n\r\n")[2] for request in made]
    forms = []
    for body in bodies:
        with contextlib.suppress(ValueError):
            forms.append(json.loads(body).get("layout"))
    shown = {
        "a list for game": sum(isinstance(f, dict) and isinstance(f.get("game"), list) for f in forms),
        "a list in the path": sum(
            isinstance(f, dict) and isinstance(f.get("path"), list) and [] in f["path"] for f in forms
        ),
        "a name with CR LF": sum(b'"file": "a\\r\\nSet-Cookie' in body for body in bodies),
        "a name over 255 bytes": sum(b'"file": "' + b"\\u00e9" * 128 in body for body in bodies),
        "UTF-8 in the head": sum("ŝ".encode() in request.partition(b"\r\n\r\n")[0] for request in made),
        "a chunked body": sum(b"Transfer-Encoding: chunked\r\n" in request for request in made),
    }
    assert all(count > 0 for count in shown.values()), shown


@pytest.mark.parametrize(
    ("answer", "well"),
    [
        (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", True),
        (b"HTTP/1.1 400 Bad Request\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}", True),
        (b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", True),
        (b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 2\r\n\r\n{}", False),
        (b"", False),
        (b"HTTP/1.1 200 OK\r\nContent-Disposition: a\r\nSet-Cookie: x=1\r\nContent-Length: 0\r\n\r\n", False),
        ("HTTP/1.1 200 OK\r\nContent-Disposition: ŝ\r\nContent-Length: 0\r\n\r\n".encode(), False),
        (
            b"HTTP/1.1 400 Bad Request\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}HTTP/1.1 200 OK",
            False,
        ),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{}", False),
    ],
)
def test_the_judge_of_answers(answer: bytes, well: bool) -> None:
    assert editor.answered_well(b"POST /api/check HTTP/1.1\r\n\r\n", answer) is well


def test_no_answer_is_right_only_for_a_blank_request() -> None:
    assert editor.answered_well(b"\r\n\r\n", b"") is True


def test_the_handler_answers_a_good_request_and_refuses_a_bad_one(tmp_path: Path) -> None:
    shutil.copy(ROOT / "layouts" / "figure1.yaml", tmp_path / "in.yaml")
    session = Session(tmp_path / "in.yaml")
    server = EditorServer(session, 0)
    try:
        body = json.dumps({"layout": asdict(session.form)}).encode()
        host = f"127.0.0.1:{server.port}"
        good = (
            f"POST /api/check?token={server.token} HTTP/1.1\r\nHost: {host}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        answer = editor.answer_of(server, good)
        assert answer.startswith(b"HTTP/1.1 200 ")
        assert b'"status"' in answer
        wrong = good.replace(server.token.encode(), b"wrong")
        assert editor.answer_of(server, wrong).startswith(b"HTTP/1.1 403 ")
        assert editor.answer_of(server, good, hang_up=True) == b""
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
            statuses.add(editor.edit_http(data))
    assert statuses == {0, 3}


@pytest.mark.parametrize("layout", ["figure1.yaml", "motocross-three-players.yaml"])
def test_hostile_requests_all_get_a_right_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, layout: str
) -> None:
    monkeypatch.chdir(tmp_path)
    statuses = []
    for seed in range(60):
        for leftover in tmp_path.iterdir():
            shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
        shutil.copy(ROOT / "layouts" / layout, "in.yaml")
        data = Path("in.yaml").read_bytes() + f"# {seed}\n".encode()
        with contextlib.redirect_stderr(io.StringIO()) as said:
            statuses.append(editor.edit_http(data))
        assert (seed, said.getvalue()) == (seed, "")
    assert statuses == [0] * 60
