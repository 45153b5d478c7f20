"""The editor's server seen by a plain HTTP client: only the page's own
requests, carrying the run's token, from the loopback address, for files in
the folder, are answered."""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from editor_http import FORM, request
from support import LAYOUTS

from trackkit.edit.server import MAX_BODY_BYTES, EditorServer


@pytest.fixture
def server(tmp_path: Path, serve: Callable[[Path], EditorServer]) -> EditorServer:
    shutil.copy(LAYOUTS / "figure1.yaml", tmp_path / "figure1.yaml")
    return serve(tmp_path / "figure1.yaml")


def test_the_page_is_served_with_the_token_and_a_strict_policy(server: EditorServer) -> None:
    status, headers, body = request(server, "GET", f"/?token={server.token}", token=None)
    assert status == 200
    assert f'src="editor.js?token={server.token}"'.encode() in body
    assert headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'self'")
    scripts = ("saving.js", "showing.js", "table.js", "settings.js", "editor.js")
    sources = [f'src="{script}?token={server.token}"'.encode() for script in scripts]
    assert [body.index(source) for source in sources] == sorted(body.index(source) for source in sources)
    for script in scripts:
        status, headers, _ = request(server, "GET", f"/{script}?token={server.token}", token=None)
        assert (status, headers["Content-Type"]) == (200, "text/javascript; charset=utf-8")


@pytest.mark.parametrize(
    ("method", "path", "token"),
    [
        ("GET", "/", None),
        ("GET", "/editor.js", None),
        ("GET", "/?token=guess", None),
        ("POST", "/api/check", None),
        ("POST", "/api/save", "guess"),
        ("POST", "/api/open", ""),
    ],
)
def test_requests_without_the_token_are_refused(
    server: EditorServer, method: str, path: str, token: str | None
) -> None:
    status, _, body = request(server, method, path, {"layout": FORM}, token=token)
    assert (status, json.loads(body)) == (403, {"error": "refused: missing or wrong token"})


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://127.0.0.1", "http://127.0.0.1:1"])
def test_requests_from_a_foreign_origin_are_refused(server: EditorServer, origin: str) -> None:
    status, _, body = request(server, "POST", "/api/save", {"layout": FORM}, headers={"Origin": origin})
    assert (status, json.loads(body)) == (403, {"error": "refused: foreign Origin"})
    assert (server.session.folder / "figure1.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text()


def test_requests_with_a_foreign_host_are_refused(server: EditorServer) -> None:
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1"):
        status, _, body = request(server, "POST", "/api/open", {}, headers={"Host": host})
        assert (status, json.loads(body)) == (403, {"error": "refused: foreign Host"})


def test_the_page_own_origin_and_localhost_are_answered(server: EditorServer) -> None:
    own = {"Origin": f"http://127.0.0.1:{server.port}"}
    assert request(server, "POST", "/api/check", {"layout": FORM}, headers=own)[0] == 200
    local = {"Host": f"localhost:{server.port}", "Origin": f"http://localhost:{server.port}"}
    assert request(server, "POST", "/api/check", {"layout": FORM}, headers=local)[0] == 200


@pytest.mark.parametrize("name", ["../outside.yaml", "/tmp/outside.yaml", "a/../../outside.yaml"])
def test_paths_outside_the_folder_are_refused(server: EditorServer, name: str) -> None:
    for route, body in (("/api/open", {"file": name}), ("/api/save", {"layout": FORM, "file": name})):
        status, _, answer = request(server, "POST", route, body)
        assert status == 403
        assert "outside the folder" in json.loads(answer)["error"]
    assert not (server.session.folder.parent / "outside.yaml").exists()


def test_an_edit_is_answered_with_drawing_findings_and_status(server: EditorServer) -> None:
    placement = {"action": "turn"}
    status, headers, body = request(server, "POST", "/api/place", {"layout": FORM, "placement": placement})
    answer = json.loads(body)
    assert (status, headers["Content-Type"], headers["Cache-Control"]) == (
        200,
        "application/json",
        "no-store",
    )
    assert "path: 3S\nheading: west\n" in answer["text"]  # the road turned from going south to going west
    assert answer["svg"].startswith("<?xml")
    # in file order: the budget points at an earlier line than the path's last token
    assert [f["rule"] for f in answer["findings"]] == ["tile-budget", "closure"]


def test_bad_requests_get_a_message_not_a_traceback(server: EditorServer) -> None:
    cases: list[tuple[str, Any, int, str]] = [
        ("/api/check", b"{not json", 400, "the request body must be JSON"),
        ("/api/check", [1, 2], 400, "the request body must be a JSON object"),
        ("/api/check", {"layout": {"game": "chess"}}, 400, "game must be one of"),
        ("/api/generate", {"layout": FORM, "seed": -1}, 400, "seed must be a whole number"),
        ("/api/nothing", {}, 404, "no such request"),
    ]
    for route, body, code, words in cases:
        status, _, answer = request(server, "POST", route, body)
        assert (route, status) == (route, code)
        assert words in json.loads(answer)["error"]


def test_a_body_too_large_is_refused_unread(server: EditorServer) -> None:
    status, _, answer = request(server, "POST", "/api/check", b" " * (MAX_BODY_BYTES + 1))
    assert (status, json.loads(answer)["error"]) == (
        400,
        f"a request body holds at most {MAX_BODY_BYTES} bytes",
    )


def open_tab(server: EditorServer, name: str | None = None) -> dict[str, Any]:
    """What a new tab gets when it opens ``name`` (``None``: the editor's file)."""
    status, _, answer = request(server, "POST", "/api/open", {"file": name} if name else {})
    assert status == 200
    return dict(json.loads(answer))


def with_laps(form: dict[str, Any], laps: int | None = None) -> dict[str, Any]:
    """``form`` (the page's ``{game, text}``) with its text's laps set to ``laps``."""
    if laps is None:
        return form
    return {**form, "text": re.sub(r"(?m)^laps: \d+$", f"laps: {laps}", form["text"])}


def tab_save(server: EditorServer, tab: dict[str, Any], **changes: Any) -> tuple[int, dict[str, Any]]:
    """A save from ``tab`` of its form with ``laps`` set in its text (and
    ``confirm`` or ``file`` for the request), stating the file and version
    it opened."""
    body = {"file": changes.pop("file", None), "confirm": changes.pop("confirm", False)}
    opened = {"file": tab["file"], "version": tab["version"]}
    status, _, answer = request(
        server, "POST", "/api/save", {"layout": with_laps(tab["form"], **changes), "opened": opened, **body}
    )
    return status, json.loads(answer)


CONFLICT = (
    "figure1.yaml: changed since this tab opened it (another tab or program saved it);"
    " reload it, save under another name, or overwrite it"
)
"""The 409 of a save over a file saved since the tab opened it."""


def test_two_tabs_on_one_file_the_second_save_is_refused(server: EditorServer) -> None:
    layout = server.session.folder / "figure1.yaml"
    first, second = open_tab(server), open_tab(server)
    assert first["version"] == second["version"] == hashlib.sha256(layout.read_bytes()).hexdigest()
    status, saved = tab_save(server, first, laps=4)
    assert (status, saved["saved"], saved["version"]) == (
        200,
        "figure1.yaml",
        hashlib.sha256(layout.read_bytes()).hexdigest(),
    )
    assert tab_save(server, second, laps=5) == (409, {"error": CONFLICT, "hint": None})
    assert "laps: 4\n" in layout.read_text()
    assert tab_save(server, second, laps=5, confirm=True)[0] == 200  # the choice "overwrite"
    assert "laps: 5\n" in layout.read_text()
    assert tab_save(server, {**first, "version": saved["version"]}, laps=2)[0] == 409


def test_a_tab_saves_the_file_it_opened_not_the_one_another_tab_opened(server: EditorServer) -> None:
    folder = server.session.folder
    shutil.copy(LAYOUTS / "esses.yaml", folder / "esses.yaml")
    figure1, esses = open_tab(server), open_tab(server, "esses.yaml")
    assert (esses["file"], esses["form"]["text"]) == ("esses.yaml", (LAYOUTS / "esses.yaml").read_text())
    assert tab_save(server, figure1, laps=4)[0] == 200
    assert (folder / "figure1.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text().replace(
        "laps: 3", "laps: 4"
    )
    assert (folder / "esses.yaml").read_text() == (LAYOUTS / "esses.yaml").read_text()
    check = {"layout": esses["form"], "opened": {"file": "esses.yaml", "version": esses["version"]}}
    answer = json.loads(request(server, "POST", "/api/check", check)[2])
    assert "description: A road course with two sets of esses" in answer["text"]


def test_a_file_another_program_changed_is_a_conflict(server: EditorServer) -> None:
    layout = server.session.folder / "figure1.yaml"
    tab = open_tab(server)
    layout.write_text(layout.read_text() + "# edited elsewhere\n")
    assert tab_save(server, tab, laps=4) == (409, {"error": CONFLICT, "hint": None})
    assert layout.read_text().endswith("# edited elsewhere\n")
    # a request that states no version edits the file as the editor first read it
    status, _, answer = request(server, "POST", "/api/save", {"layout": with_laps(tab["form"], laps=4)})
    assert (status, json.loads(answer)["error"]) == (409, CONFLICT)


def test_only_layouts_and_the_unreadable_file_a_tab_opened_are_replaced(server: EditorServer) -> None:
    folder = server.session.folder
    shutil.copy(LAYOUTS / "race-oval.yaml", folder / "race.yaml")
    (folder / "docker-compose.yml").write_text("services:\n  web:\n    image: nginx\n")
    (folder / "typo.yaml").write_text("trackkit: 1\nlap: 3\npath: R R R R\n")
    tab = open_tab(server)
    assert tab_save(server, tab, file="race.yaml") == (
        409,
        {"error": "race.yaml: already exists; save again to replace it", "hint": None},
    )
    assert tab_save(server, tab, file="race.yaml", confirm=True)[1]["saved"] == "race.yaml"
    assert (folder / "race.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text()
    refused = {
        "docker-compose.yml": "missing the format version",
        "typo.yaml": "unknown key 'lap' (did you mean 'laps'?)",
    }
    for name, reason in refused.items():
        before = (folder / name).read_text()
        assert tab_save(server, tab, file=name, confirm=True) == (
            400,
            {
                "error": f"{name}: is not a trackkit layout ({reason}), so the editor does not replace it;"
                " save under another name",
                "hint": None,
            },
        )
        assert (folder / name).read_text() == before
    # the tab that opened typo.yaml (in the text pane) saves its mended text over it
    typo = open_tab(server, "typo.yaml")
    mended = {"game": "racepack", "text": "trackkit: 1\nlaps: 3\npath: R R R R\n"}
    opened = {"file": "typo.yaml", "version": typo["version"]}
    status, _, answer = request(server, "POST", "/api/save", {"layout": mended, "opened": opened})
    assert (status, json.loads(answer)["saved"]) == (200, "typo.yaml")
    assert (folder / "typo.yaml").read_text() == mended["text"]
    # and still not over docker-compose.yml, which it did not open
    status, _, answer = request(
        server, "POST", "/api/save", {"layout": mended, "opened": opened, "file": "docker-compose.yml"}
    )
    assert (status, json.loads(answer)["error"]) == (
        400,
        "docker-compose.yml: is not a trackkit layout (missing the format version), so the editor"
        " does not replace it; save under another name",
    )


def test_export_is_a_download(server: EditorServer) -> None:
    status, headers, body = request(server, "POST", "/api/export", {"layout": FORM, "kind": "svg"})
    assert (status, headers["Content-Type"]) == (200, "image/svg+xml")
    assert (
        headers["Content-Disposition"] == "attachment; filename=\"figure1.svg\"; filename*=UTF-8''figure1.svg"
    )
    assert body.startswith(b"<?xml")


def test_the_command_prints_a_loopback_address_with_a_fresh_token(tmp_path: Path) -> None:
    shutil.copy(LAYOUTS / "figure1.yaml", tmp_path / "figure1.yaml")
    command = [sys.executable, "-m", "trackkit", "edit", str(tmp_path / "figure1.yaml"), "--no-browser"]
    tokens = []
    for _ in range(2):
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = process.stdout.readline() if process.stdout else ""
        finally:
            process.terminate()
            process.wait(timeout=10)
        found = re.fullmatch(r"trackkit edit: http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{32})\n", line)
        assert found, line
        tokens.append(found.group(2))
    assert tokens[0] != tokens[1]


def test_a_file_that_cannot_be_read_is_opened_to_be_mended(server: EditorServer) -> None:
    broken = server.session.folder / "broken.yaml"
    broken.write_text("trackkit: 1\nlap: 3\npath: R R R R\n")
    status, _, body = request(server, "POST", "/api/open", {"file": "broken.yaml"})
    opened = json.loads(body)
    assert (status, opened["file"], opened["form"]["text"]) == (200, "broken.yaml", broken.read_text())
    problem = opened["problems"][0]
    assert (problem["message"], problem["line"], problem["column"]) == (
        "unknown key 'lap' (did you mean 'laps'?)",
        2,
        1,
    )


def test_answers_are_sent_at_once_not_held_for_the_client_acknowledgement(server: EditorServer) -> None:
    """An answer leaves in two writes (its head, then its body): with the
    kernel's small-packet delay on, the body waited for the client's
    delayed acknowledgement, some 40 ms an edit on a kept connection."""
    accepted: list[socket.socket] = []
    accept = server.get_request

    def recording() -> tuple[socket.socket, Any]:
        connection, address = accept()
        accepted.append(connection)
        return connection, address

    server.get_request = recording  # type: ignore[method-assign]
    client = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    headers = {"Content-Type": "application/json", "X-Trackkit-Token": server.token}
    client.request("POST", "/api/check", body=json.dumps({"layout": FORM}).encode(), headers=headers)
    assert client.getresponse().status == 200  # the connection is kept open for the next edit
    assert accepted[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    client.close()
