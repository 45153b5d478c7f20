"""The editor's server running in a thread of the test process."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from trackkit.edit.server import EditorServer, start_server

Serve = Callable[[Path], EditorServer]

POLL_SECONDS = 0.01
"""How often a test's server looks up from waiting for connections to see
whether it is asked to stop.  At the standard library's half second each
test that started a server waited up to that long for it to stop, most
of half a minute of the suite's time spent idle."""


@pytest.fixture
def serve() -> Iterator[Serve]:
    """``serve(file)``: a running editor server on ``file``, stopped after the test."""
    running: list[EditorServer] = []

    def start(file: Path) -> EditorServer:
        server = start_server(file)
        threading.Thread(target=server.serve_forever, args=(POLL_SECONDS,), daemon=True).start()
        running.append(server)
        return server

    yield start
    for server in running:
        server.shutdown()
        server.server_close()
