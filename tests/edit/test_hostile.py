"""The editor's server against hostile requests (issue 35): every request
answered, a malformed field named in a 400, names that cannot break a
header, quiet hang-ups, timeouts, closed connections after a body left
unread, work sized before it starts, one slow request never holding up
another, and only trackkit layouts replaced."""

from __future__ import annotations

import json
import os
import shutil
import socket
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from editor_http import FORM, exchange, form_of, head_of, request
from support import LAYOUTS

from trackkit.edit import files
from trackkit.edit.server import MAX_BODY_BYTES, EditorServer, content_disposition
from trackkit.edit.session import Session

SQUARE = ["R", *["S"] * 98] * 4
"""A loop of 396 tiles round a square 100 tiles a side: 97 A4 pages."""


@pytest.fixture
def server(tmp_path: Path, serve: Callable[[Path], EditorServer]) -> EditorServer:
    shutil.copy(LAYOUTS / "figure1.yaml", tmp_path / "figure1.yaml")
    return serve(tmp_path / "figure1.yaml")


def error_of(server: EditorServer, route: str, body: Any) -> tuple[int, str]:
    status, _, answer = request(server, "POST", route, body)
    return status, json.loads(answer)["error"]


@pytest.mark.parametrize(
    ("route", "body", "message"),
    [
        (
            "/api/check",
            {"layout": {"game": ["racepack"]}},
            "game must be one of racepack, motocross, race, rally",
        ),
        (
            "/api/check",
            {"layout": {"game": {"a": 1}}},
            "game must be one of racepack, motocross, race, rally",
        ),
        ("/api/check", {"layout": {"game": "chess"}}, "game must be one of racepack, motocross, race, rally"),
        (
            "/api/check",
            {"layout": {"game": "race", "text": 7}},
            "text must be text of at most 200,000 characters",
        ),
        (
            "/api/check",
            {"layout": FORM, "settings": {"laps": 2**64}},
            "laps must be a whole number from 1 to 99",
        ),
        (
            "/api/check",
            {"layout": FORM, "settings": {"laps": "abc"}},
            "laps must be a whole number from 1 to 99",
        ),
        (
            "/api/check",
            {"layout": FORM, "settings": {"tiles": 3}},
            "settings 'tiles' is not a setting of Racepack",
        ),
        (
            "/api/place",
            {"layout": FORM, "placement": {"action": "fly"}},
            "placement must have an action: put, road",
        ),
        (
            "/api/place",
            {"layout": FORM, "placement": {"action": "put", "cells": [[1]]}},
            "placement cells must be",
        ),
        (
            "/api/place",
            {"layout": FORM, "placement": {"action": "remove", "chosen": ["a"]}},
            "placement chosen must",
        ),
        (
            "/api/place",
            {"layout": FORM, "placement": {"action": "put", "cells": [[9, 9]]}},
            "placement put the tile",
        ),
        ("/api/check", {"layout": FORM, "overlays": ["lanes"]}, "overlays must name lanes, grid, line"),
        ("/api/check", {"layout": [FORM]}, "layout must be an object"),
        ("/api/save", {"layout": FORM, "file": ["a.yaml"]}, "file must be a file name"),
        ("/api/open", {"file": 5}, "file must be a file name"),
        ("/api/save", {"layout": FORM, "opened": "figure1.yaml"}, "opened must be an object of file and"),
        ("/api/check", {"layout": FORM, "opened": {"file": 5}}, "file must be a file name"),
        ("/api/export", {"layout": FORM, "opened": {"version": "x"}}, "version must be a version the editor"),
        ("/api/export", {"layout": FORM, "kind": ["svg"]}, "kind must be svg, png, pdf, a4, letter"),
        ("/api/generate", {"layout": FORM, "seed": "3"}, "seed must be a whole number, 0 or more"),
        ("/api/check", b"[" * 100_000, "the request body must be JSON"),
        ("/api/check", b'{"layout": "\xff"}', "the request body must be JSON"),
    ],
)
def test_a_malformed_field_is_a_400_naming_it(
    server: EditorServer, route: str, body: Any, message: str
) -> None:
    status, error = error_of(server, route, body)
    assert (status, error[: len(message)]) == (400, message)


def test_a_name_over_255_bytes_is_refused_naming_the_field(server: EditorServer) -> None:
    name = "é" * 128 + ".yaml"  # 128 characters, 261 bytes
    expected = "file must name each file and folder in at most 255 bytes, not 261"
    assert error_of(server, "/api/save", {"layout": FORM, "file": name}) == (400, expected)
    assert error_of(server, "/api/open", {"file": name}) == (400, expected)
    longest = "a" * 250 + ".yaml"
    status, _, answer = request(server, "POST", "/api/save", {"layout": FORM, "file": longest})
    assert (status, json.loads(answer)["saved"]) == (200, longest)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("x\r\nSet-Cookie: a=b.yaml", "'x\\r\\nSet-Cookie: a=b.yaml'"),
        ("tab\there.yaml", "'tab\\there.yaml'"),
        ("\u202elmay.yaml", "'\\u202elmay.yaml'"),
        ("\udcff.yaml", "'\\udcff.yaml'"),
    ],
)
def test_a_name_with_control_or_invisible_characters_is_refused(
    server: EditorServer, name: str, shown: str
) -> None:
    expected = f"file must hold no control or invisible characters: {shown}"
    assert error_of(server, "/api/save", {"layout": FORM, "file": name}) == (400, expected)
    assert sorted(p.name for p in server.session.folder.iterdir()) == ["figure1.yaml"]


def test_a_name_the_file_system_cannot_encode_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "fsencode", lambda name: name.encode("ascii"))
    monkeypatch.setattr(files.sys, "getfilesystemencoding", lambda: "ascii")
    with pytest.raises(ValueError) as caught:
        files.refuse_bad_name("ŝ.yaml")
    assert (
        str(caught.value)
        == "file 'ŝ.yaml' cannot be written as a file name on this system (its file names are ascii)"
    )


def test_a_name_beyond_latin_1_is_saved_and_exported_with_an_encoded_name(server: EditorServer) -> None:
    status, _, answer = request(server, "POST", "/api/save", {"layout": FORM, "file": "ŝ.yaml"})
    assert (status, json.loads(answer)["saved"]) == (200, "ŝ.yaml")
    status, headers, body = request(server, "POST", "/api/export", {"layout": FORM, "kind": "yaml"})
    assert (status, headers["Content-Disposition"]) == (
        200,
        "attachment; filename=\"_.yaml\"; filename*=UTF-8''%C5%9D.yaml",
    )
    assert body == (server.session.folder / "ŝ.yaml").read_bytes()


def test_a_name_holding_cr_lf_on_disk_adds_no_header(
    tmp_path: Path, serve: Callable[[Path], EditorServer]
) -> None:
    opened = tmp_path / "a\r\nSet-Cookie: x=1.yaml"
    shutil.copy(LAYOUTS / "figure1.yaml", opened)
    server = serve(opened)
    status, headers, _ = request(server, "POST", "/api/export", {"layout": FORM, "kind": "svg"})
    assert status == 200
    assert "Set-Cookie" not in headers
    assert headers["Content-Disposition"] == (
        "attachment; filename=\"a__Set-Cookie: x=1.svg\"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1.svg"
    )


def test_the_download_name_is_ascii_whatever_the_file_name() -> None:
    assert content_disposition('say "hi"\\\x7f.pdf') == (
        "attachment; filename=\"say _hi___.pdf\"; filename*=UTF-8''say%20%22hi%22%5C%7F.pdf"
    )
    assert content_disposition("\udcff.svg") == "attachment; filename=\"_.svg\"; filename*=UTF-8''%3F.svg"


def test_a_client_hanging_up_leaves_the_terminal_quiet(
    server: EditorServer, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    ended = threading.Semaphore(0)
    handled = server.handle_error

    def counted(request: Any, address: Any) -> None:
        handled(request, address)
        ended.release()

    monkeypatch.setattr(server, "handle_error", counted)
    body = json.dumps({"layout": form_of(SQUARE), "kind": "svg"}).encode()
    for _ in range(3):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.sendall(head_of(server, "/api/export", len(body)) + body)
        sock.recv(1)  # the answer has begun: hang up in the middle of it, with a reset
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
        assert ended.acquire(timeout=60)
    assert capfd.readouterr().err == ""
    assert request(server, "POST", "/api/check", {"layout": FORM})[0] == 200


def test_a_failure_that_is_no_hang_up_is_one_line(
    server: EditorServer, capfd: pytest.CaptureFixture[str]
) -> None:
    try:
        raise KeyError("ŝ")
    except KeyError:
        server.handle_error(None, None)
    assert capfd.readouterr().err == "trackkit edit: unexpected KeyError: 'ŝ'\n"


def test_a_body_that_stops_coming_times_out(server: EditorServer) -> None:
    server.request_timeout = 0.5
    started = time.monotonic()
    answer = exchange(server, head_of(server, "/api/check", 100) + b'{"layout": ')
    assert answer.startswith(b"HTTP/1.1 408 Request Timeout\r\n")
    assert b"Connection: close\r\n" in answer
    assert answer.endswith(b'{"error": "the request body stopped coming; send it again"}')
    assert time.monotonic() - started < 10


def test_a_silent_connection_is_closed_after_the_timeout(server: EditorServer) -> None:
    server.request_timeout = 0.5
    started = time.monotonic()
    assert exchange(server, b"") == b""
    assert exchange(server, b"POST /api/check HTTP/1.1\r\nHost: ") == b""
    assert time.monotonic() - started < 10


@pytest.mark.parametrize(
    ("head_for", "status"),
    [
        (lambda server: head_of(server, "/api/check", MAX_BODY_BYTES + 1), "400 Bad Request"),
        (lambda server: head_of(server, "/api/check", 60, token=False), "403 Forbidden"),
        (lambda server: head_of(server, "/api/nothing", 60), "404 Not Found"),
    ],
)
def test_a_body_left_unread_is_never_read_as_the_next_request(
    server: EditorServer, head_for: Callable[[EditorServer], bytes], status: str
) -> None:
    hidden = (
        f"POST /api/save HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Trackkit-Token: {server.token}\r\n"
    )
    saved = json.dumps({"layout": FORM, "file": "smuggled.yaml"})
    smuggled = f"{hidden}Content-Length: {len(saved)}\r\n\r\n{saved}".encode()
    answer = exchange(server, head_for(server) + smuggled.ljust(60))
    assert answer.startswith(f"HTTP/1.1 {status}\r\n".encode())
    assert answer.count(b"HTTP/1.1 ") == 1
    assert b"Connection: close\r\n" in answer
    assert not (server.session.folder / "smuggled.yaml").exists()


@pytest.mark.parametrize(
    ("framing", "error"),
    [
        ("Transfer-Encoding: chunked\r\n", "send the request body with a Content-Length, not in chunks"),
        ("Content-Length: 2\r\nContent-Length: 20\r\n", "send one Content-Length, not several"),
    ],
)
def test_a_body_framed_two_ways_is_refused_and_the_connection_closed(
    server: EditorServer, framing: str, error: str
) -> None:
    raw = (
        f"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nX-Trackkit-Token: {server.token}\r\n"
        f"{framing}\r\n2\r\n{{}}\r\n0\r\n\r\n"
    ).encode()
    answer = exchange(server, raw)
    assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n")
    assert answer.endswith(f'{{"error": "{error}", "hint": null}}'.encode())
    assert answer.count(b"HTTP/1.1 ") == 1


def test_a_print_too_long_is_refused_before_a_page_is_drawn(
    server: EditorServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trackkit.render import painter

    def never(*args: Any) -> None:
        raise AssertionError("a page was drawn")

    monkeypatch.setattr(painter, "cut_into_pages", never)
    body = {"layout": form_of(SQUARE, packs=8), "kind": "a4"}
    assert error_of(server, "/api/export", body) == (
        400,
        "the track would take 97 A4 pages and a PDF holds at most 50;"
        " print it as SVG pages: trackkit render figure1.yaml --paper a4 -o pages.svg",
    )


@pytest.mark.parametrize("name", ["figure1.yaml", "motocross-three-players.yaml"])
def test_the_pages_counted_are_the_pages_drawn(name: str) -> None:
    from trackkit import games
    from trackkit.render.options import RenderOptions
    from trackkit.render.pages import get_paper

    layout = games.load(LAYOUTS / name).layout
    game = games.find_game(layout.game)
    options = RenderOptions(theme="color", true_size=True)
    assert game.count_pages is not None
    for paper in ("a4", "letter"):
        drawn = game.draw_pages(layout, options, get_paper(paper))
        assert game.count_pages(layout, options, get_paper(paper)) == len(drawn) == 7


def test_a_slow_request_does_not_hold_up_another(
    server: EditorServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An export held back until a check has been answered: the server would
    wait for ever if it answered one request at a time."""
    checked = threading.Event()
    export = Session.export

    def held(self: Session, *args: Any) -> Any:
        assert checked.wait(timeout=30), "the check was not answered while the export ran"
        return export(self, *args)

    monkeypatch.setattr(Session, "export", held)
    exported: list[int] = []
    body = {"layout": FORM, "kind": "svg"}
    slow = threading.Thread(target=lambda: exported.append(request(server, "POST", "/api/export", body)[0]))
    slow.start()
    assert request(server, "POST", "/api/check", {"layout": FORM})[0] == 200
    checked.set()
    slow.join(timeout=60)
    assert exported == [200]


def test_a_file_that_is_not_a_layout_is_never_replaced(server: EditorServer) -> None:
    compose = server.session.folder / "docker-compose.yml"
    compose.write_text("services:\n  web:\n    image: nginx\n")
    body = {"layout": FORM, "file": "docker-compose.yml", "confirm": True}
    assert error_of(server, "/api/save", body) == (
        400,
        "docker-compose.yml: is not a trackkit layout (missing the format version),"
        " so the editor does not replace it; save under another name",
    )
    assert compose.read_text() == "services:\n  web:\n    image: nginx\n"


def test_a_pipe_or_folder_is_refused_at_once(server: EditorServer) -> None:
    os.mkfifo(server.session.folder / "pipe.yaml")
    (server.session.folder / "folder.yaml").mkdir()
    for name in ("pipe.yaml", "folder.yaml"):
        refused = (400, f"{name}: is not a plain file (a folder, a pipe or a device); name a .yaml file")
        assert error_of(server, "/api/open", {"file": name}) == refused
        assert error_of(server, "/api/save", {"layout": FORM, "file": name, "confirm": True}) == refused


def test_a_track_longer_than_the_form_holds_is_refused_when_opened(server: EditorServer) -> None:
    (server.session.folder / "long.yaml").write_text("trackkit: 1\npacks: 8\npath: R 199S R R 199S R\n")
    assert error_of(server, "/api/open", {"file": "long.yaml"}) == (
        400,
        "the layout has more than 400 pieces, the most the editor lays",
    )
    assert server.session.file == server.session.folder / "figure1.yaml"
