"""The editor's endpoints fuzzed: one request made from the fuzz input,
handed to the editor's HTTP handler as its server hands it a connection.

A request is mostly a ``POST`` to one of the routes, with the run's token
and a JSON body built round the input's form.  Now and then it is made
hostile:

- a field of the body, or of the form inside it, gets a value of the
  wrong shape or type (a list, an object, a list inside the tile list, a
  number past any limit, ``NaN``, text with a line break, characters
  beyond Latin-1, a lone surrogate);
- a file name no file system takes, or one that could break a header
  (CR LF, over 255 bytes, beyond Latin-1, invisible characters), is asked
  for in ``save`` and ``open``; or the session opens a copy of the input
  under such a name, so that an export names its download with it; a
  ``docker-compose.yml``, a pipe and a folder lie beside it;
- the head carries raw UTF-8 bytes, a folded line, a line or a count of
  lines past what ``http.server`` reads, a chunked body, a misstated or
  doubled length;
- the client hangs up without reading the answer.

:func:`edit_http` counts it a crash (exit status 3) when the handler
answers 500, gives no answer to a request it could read, sends a header
it never sends (one injected through a name), reads anything after an
answer that closes the connection, or raises anything but a hang-up.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import socket
import threading
from pathlib import Path
from typing import Any

from trackkit.fuzz.text import BYTE_MUTATIONS
from trackkit.fuzz.values import EDGE_NUMBERS, EDGE_TEXT

__all__ = ["HOSTILE_NAMES", "HOSTILE_VALUES", "SENT_HEADERS", "answer_of", "edit_http", "request_bytes"]

HOSTILE_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1.5, 2**64, -(2**63), 10**400, 1e308, float("nan"), float("inf"),
    "", "x", "ŝ", "\udcff", "a\r\nb", "east\n", "S" * 5000, [], [[]], [["S"]], [None, 1], ["S"] * 401,
    {}, {"a": [1]}, {"²": 1}, {"1": [2]}, {"399": 2**70}, *EDGE_NUMBERS, *EDGE_TEXT,
)  # fmt: skip
"""Values of the wrong shape, type or size for any field of a request."""

HOSTILE_NAMES: tuple[Any, ...] = (
    "saved.yaml", "in.yaml", "ŝ.yaml", "a\r\nSet-Cookie: x=1.yaml", "x\n.yaml", "é" * 128 + ".yaml",
    "a" * 251 + ".yaml", "a" * 250 + ".yaml", "\u202elmay.yaml", "\udcff.yaml", "q\"uote\\.yaml",
    "docker-compose.yml", "pipe.yaml", "dir.yaml", "../saved.yaml", "a/b.yaml", "a/" * 2100 + "b.yaml",
    "", None, ["saved.yaml"], "in.yaml\x00.txt",
)  # fmt: skip
"""File names for ``save`` and ``open``: ordinary, past a limit, or able
to break a header if written into one unchecked."""

_ON_DISK = ("ŝ.yaml", "a\r\nSet-Cookie: x=1.yaml", "é" * 125 + ".yaml", 'q"uote\\;.yaml', "\udcff.yaml")
"""Names the opened layout may have on disk (as ``trackkit edit FILE`` opens it)."""

SENT_HEADERS = frozenset(
    {
        "Server", "Date", "Content-Type", "Content-Length", "Cache-Control", "X-Content-Type-Options",
        "Referrer-Policy", "Content-Security-Policy", "Content-Disposition", "Connection",
    }
)  # fmt: skip
"""Every header the editor (or ``http.server`` for it) sends."""

_PATHS = (
    "/",
    "/editor.js",
    "/saving.js",
    "/showing.js",
    "/table.js",
    "/settings.js",
    "/editor.css",
    "/api/open",
    "/api/check",
    "/api/save",
    "/api/generate",
    "/api/export",
    "/api/nothing",
    "//api/check",
    "/api/check/",
    "/api/../api/save",
    "/%00",
    "",
)
_ROUTES = ("/api/open", "/api/check", "/api/save", "/api/generate", "/api/export")
_METHODS = ("GET", "GET", "PUT", "HEAD", "DELETE", "OPTIONS", "P0ST", "")
_EXPORTS = ("svg", "png", "pdf", "a4", "letter", "yaml", "ppn", "piecepackr", "gif", "", "../x")
_MOVES = ("turn", "mirror", "reverse", "flip", "", "TURN", None)
_VERSIONS = (None, "0" * 64, "f" * 63, "F" * 64, "", 64, ["0" * 64])
"""Versions a tab may state it opened: one the server never gave, and wrong shapes."""
_FORM_FIELDS = ("game", "path", "name", "heading", "start", "laps", "cars", "packs", "players", "ramps")

REQUEST_TIMEOUT = 2.0
"""The handler's socket timeout in a fuzz child: a request left waiting
ends within the child's time limit."""


def request_bytes(rng: random.Random, form: Any, host: str, token: str) -> bytes:
    """One HTTP request to the editor.  Half are the page's own requests
    (a ``POST`` to a route, the run's token and host, a JSON body of the
    right length) with a hostile field or name in the body, so that they
    reach the routes' reading of fields; the other half also vary the
    method, the path, the token, the host and the length, mutate the body's
    text and now and then carry a hostile head."""
    careful = rng.random() < 0.5
    method = "POST" if careful or rng.random() < 0.7 else rng.choice(_METHODS)
    path = rng.choice(_ROUTES) if careful or rng.random() < 0.7 else rng.choice(_PATHS)
    if careful or rng.random() < 0.85:
        path += f"?token={token}" if careful or rng.random() < 0.7 else f"?token={token}&token=x"
    body = _body(rng, path, form, careful).encode("utf-8", "surrogatepass")
    length = str(len(body))
    if not careful and rng.random() < 0.15:
        wrong = ("-1", "abc", "", str(len(body) + 10), str(len(body) // 2), "1000001", "1e3", " 5")
        length = rng.choice(wrong)
    headers = [
        f"Host: {host if careful or rng.random() < 0.9 else rng.choice(('evil.example', '', host + '0'))}"
    ]
    if careful or rng.random() < 0.8:
        headers.append(f"Content-Length: {length}")
    if not careful and rng.random() < 0.1:
        headers.append(f"Origin: {rng.choice(('http://evil.example', 'http://' + host, 'null'))}")
    if not careful and rng.random() < 0.2:
        headers.append(f"X-Trackkit-Token: {rng.choice((token, 'wrong', ''))}")
    if not careful and rng.random() < 0.3:
        headers.append(_hostile_header(rng, token, body))
    version = "1.1" if careful else rng.choice(("1.1", "1.1", "1.0", "2"))
    head = f"{method} {path} HTTP/{version}\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    return head.encode("utf-8", "surrogatepass") + body


def _hostile_header(rng: random.Random, token: str, body: bytes) -> str:
    """A header line no browser sends: bytes beyond Latin-1 (sent as
    UTF-8), a folded line, a line or a number of lines past the reader's
    limits, a chunked body, a second length."""
    return rng.choice(
        (
            f"X-Trackkit-Token: {token}ŝ",
            "Origin: http://ŝ.example",
            "X-Note: a\r\n folded",
            "X-Big: " + "a" * 70_000,
            "\r\n".join(f"X-{n}: {n}" for n in range(120)),
            "Transfer-Encoding: chunked",
            f"Content-Length: {len(body) + 1}",
            "Expect: 100-continue",
            "Content-Disposition: attachment; filename*=UTF-8''%0D%0AX:1",
        )
    )


def _body(rng: random.Random, path: str, form: Any, careful: bool) -> str:
    """A JSON body for ``path``: the fields its request takes, now and
    then one of them (or one of the form's) hostile, the text now and then
    mutated unless ``careful``."""
    fields: dict[str, Any] = {"layout": dict(form) if isinstance(form, dict) else form}
    if "check" in path or "export" in path:
        fields["overlays"] = {k: rng.random() < 0.5 for k in ("lanes", "grid", "line", "hazards")}
    if "check" in path:
        fields["move"] = rng.choice(_MOVES)
    if "export" in path:
        fields["kind"] = rng.choice(_EXPORTS)
    if ("check" in path or "save" in path or "export" in path) and rng.random() < 0.5:
        fields["opened"] = {"file": rng.choice(HOSTILE_NAMES), "version": rng.choice(_VERSIONS)}
    if "save" in path:
        fields["file"] = rng.choice(HOSTILE_NAMES)
        fields["confirm"] = rng.random() < 0.5
    if "generate" in path:
        fields["seed"] = rng.choice((1, 0, -1, 2**64, "3", None, True))
    if "open" in path:
        fields = {"file": rng.choice(HOSTILE_NAMES)}
    _make_hostile(rng, fields)
    text = json.dumps(fields)
    if not careful and rng.random() < 0.2:
        text = rng.choice(BYTE_MUTATIONS)(rng, text)
    return text


def _make_hostile(rng: random.Random, fields: dict[str, Any]) -> None:
    """Now and then give a field of the body, a field of its form, or a
    tile of its path a hostile value."""
    roll = rng.random()
    layout = fields.get("layout")
    if roll < 0.2:
        fields[rng.choice(list(fields))] = rng.choice(HOSTILE_VALUES)
    elif roll < 0.5 and isinstance(layout, dict):
        layout[rng.choice(_FORM_FIELDS)] = rng.choice(HOSTILE_VALUES)
    elif roll < 0.6 and isinstance(layout, dict) and layout.get("path"):
        tiles = list(layout["path"])
        tiles[rng.randrange(len(tiles))] = rng.choice(HOSTILE_VALUES)
        layout["path"] = tiles
    elif roll < 0.65:
        fields["overlays"] = {"hazards": True, "hazard_seed": rng.choice(HOSTILE_VALUES)}


def _lay_out_folder(rng: random.Random) -> Path:
    """The child's folder made hostile now and then: beside ``in.yaml``, a
    ``docker-compose.yml``, a pipe and a folder named as layouts, and the
    input copied under a name that could break a header; the file the
    session opens."""
    opened = Path("in.yaml")
    if rng.random() < 0.3:
        Path("docker-compose.yml").write_text("services:\n  web:\n    image: nginx\n")
        with contextlib.suppress(OSError):
            os.mkfifo("pipe.yaml")
        Path("dir.yaml").mkdir(exist_ok=True)
    if rng.random() < 0.35:
        named = Path(rng.choice(_ON_DISK))
        with contextlib.suppress(OSError):
            shutil.copyfile(opened, named)
            opened = named
    return opened


def edit_http(data: bytes) -> int:
    """Send one request made from the input to the editor's handler (as
    the server would hand it over, through a socket pair) and judge the
    answer (see the module's description): exit status 3 for a crash,
    else 0 (a refusal, 4xx, is the right answer to a bad request).  An
    input the editor cannot open sends its requests about a new layout."""
    from dataclasses import asdict

    from trackkit.edit.server import EditorServer
    from trackkit.edit.session import Session
    from trackkit.errors import TrackkitError
    from trackkit.fuzz.drivers import input_rng

    rng = input_rng(data)
    opened = _lay_out_folder(rng)
    try:
        session = Session(opened)
    except TrackkitError:
        session = Session(None)  # the requests still come, about a new layout
    server = EditorServer(session, 0)
    server.request_timeout = REQUEST_TIMEOUT
    try:
        request = request_bytes(rng, asdict(session.form), f"127.0.0.1:{server.port}", server.token)
        hang_up = rng.random() < 0.1
        answer = answer_of(server, request, hang_up=hang_up)
    finally:
        server.server_close()
    return 0 if hang_up or answered_well(request, answer) else 3


def answer_of(server: Any, request: bytes, *, hang_up: bool = False) -> bytes:
    """What the editor's handler answers ``request`` (raw bytes), handed to
    it as the server hands over a connection: through a socket pair.  With
    ``hang_up`` the client closes its end without reading the answer;
    the handler may then meet a broken pipe, which its server keeps quiet
    (any other exception escapes, a crash)."""
    from trackkit.edit.server import _Handler

    ours, theirs = socket.socketpair()
    with ours, theirs:
        answer: list[bytes] = []
        client = threading.Thread(target=_client, args=(ours, request, answer, hang_up))
        client.start()
        with contextlib.suppress(ConnectionError, TimeoutError):  # quiet in the server too
            _Handler(theirs, ("127.0.0.1", 0), server)
        theirs.shutdown(socket.SHUT_WR)
        client.join()
    return b"".join(answer)


def _client(sock: socket.socket, request: bytes, answer: list[bytes], hang_up: bool) -> None:
    """The browser's side: send the request, then read the whole answer
    (while the handler writes it, so neither side waits on a full buffer),
    or hang up at once."""
    with contextlib.suppress(OSError):
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
    if hang_up:
        sock.close()
        return
    with contextlib.suppress(OSError):
        while chunk := sock.recv(65536):
            answer.append(chunk)


_HEADER = re.compile(rb"([A-Za-z0-9-]+): [\x20-\x7e]*")


def answered_well(request: bytes, answer: bytes) -> bool:
    """Whether ``answer`` is a right answer to ``request``: a request with a
    request line gets one; it is not a 500; its head holds only headers
    the editor sends, in printable ASCII; its body is as long as it says
    (none for ``HEAD``); and nothing follows an answer that closes the
    connection."""
    if not answer:
        return not request.split(b"\r\n", 1)[0].strip()
    while answer.startswith(b"HTTP/1.1 100 "):  # "go on" to a request that expects it
        answer = answer.partition(b"\r\n\r\n")[2]
    head, _, rest = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    if lines[0].startswith((b"HTTP/1.0 500 ", b"HTTP/1.1 500 ")):
        return False
    found = [_HEADER.fullmatch(line) for line in lines[1:]]
    if not all(match and match.group(1).decode() in SENT_HEADERS for match in found):
        return False
    sent = {match.group(1): line for match, line in zip(found, lines[1:]) if match}
    length = int(sent[b"Content-Length"].split(b": ")[1]) if b"Content-Length" in sent else 0
    if request.startswith(b"HEAD "):
        length = 0  # the answer to HEAD states the length of a body it leaves out
    if sent.get(b"Connection") == b"Connection: close":
        return len(rest) == length
    return len(rest) >= length
