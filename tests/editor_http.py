"""Talking to the editor's server as a client does: through
``http.client`` for well-formed requests, through a bare socket for the
ones no client library sends."""

from __future__ import annotations

import http.client
import json
import socket
from typing import Any

from trackkit.edit.server import EditorServer

FORM = {"game": "racepack", "text": "trackkit: 1\npath: R S S\nlaps: 3\n"}
"""A small form the page could send: the game and the layout file's text."""


def form_of(path: list[str] | str, **keys: object) -> dict[str, str]:
    """A Racepack form of a path (a list of tile kinds or its text) and other keys."""
    text = path if isinstance(path, str) else " ".join(path)
    lines = "".join(f"{key}: {value}\n" for key, value in keys.items())
    return {"game": "racepack", "text": f"trackkit: 1\n{lines}path: {text}\n"}


def request(
    server: EditorServer,
    method: str,
    path: str,
    body: Any = None,
    *,
    token: str | None = "right",
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of one request (the run's token sent in
    its header unless ``token`` says otherwise; a body not ``bytes`` sent
    as JSON)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    sent = {"Content-Type": "application/json", **(headers or {})}
    if token is not None:
        sent["X-Trackkit-Token"] = server.token if token == "right" else token
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    connection.request(method, path, body=data, headers=sent)
    answer = connection.getresponse()
    result = answer.status, dict(answer.getheaders()), answer.read()
    connection.close()
    return result


def head_of(server: EditorServer, route: str, length: int, *, token: bool = True) -> bytes:
    """The head of a ``POST`` to ``route`` announcing ``length`` body bytes."""
    lines = [f"POST {route} HTTP/1.1", f"Host: 127.0.0.1:{server.port}", f"Content-Length: {length}"]
    if token:
        lines.append(f"X-Trackkit-Token: {server.token}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def exchange(server: EditorServer, raw: bytes, *, timeout: float = 30.0) -> bytes:
    """Send ``raw`` on a fresh connection and read until the server closes
    it (a server that leaves it open fails the test by the timeout)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as sock:
        sock.sendall(raw)
        received = []
        while chunk := sock.recv(65536):
            received.append(chunk)
    return b"".join(received)
