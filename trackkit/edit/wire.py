"""What the editor's server sends and takes on a connection, beside the
requests themselves: the largest body it reads, a download's name in its
header, and a refused body thrown away unread (see :mod:`trackkit.edit.server`)."""

from __future__ import annotations

import contextlib
import socket
import time
from urllib.parse import quote

__all__ = ["DRAIN_BYTES", "DRAIN_SECONDS", "MAX_BODY_BYTES", "content_disposition", "drain"]

MAX_BODY_BYTES = 1_000_000
"""The largest request body taken (a layout form is a few kilobytes)."""


def content_disposition(filename: str) -> str:
    """The ``Content-Disposition`` of a download named ``filename``: an
    ASCII ``filename`` (every other character, quote, backslash or control
    character an underscore) for old browsers, and the exact name as
    ``filename*``, percent-encoded UTF-8 (RFC 6266 and 5987).  Plain ASCII
    either way: no name can break the header or add another."""
    fallback = "".join(c if " " <= c <= "~" and c not in '"\\' else "_" for c in filename)
    exact = quote(filename, safe="", errors="replace")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{exact}"


DRAIN_BYTES = MAX_BODY_BYTES + 65_536
"""The most bytes of a refused body taken in and thrown away before the
connection is closed."""

DRAIN_SECONDS = 1.0
"""How long a refused body is waited for before the connection is closed."""


def drain(connection: socket.socket) -> None:
    """Say no more is coming, then throw away what the client still sends,
    up to :data:`DRAIN_BYTES` or :data:`DRAIN_SECONDS`: never read as a
    request."""
    taken = 0
    deadline = time.monotonic() + DRAIN_SECONDS
    with contextlib.suppress(OSError):
        connection.shutdown(socket.SHUT_WR)
        while taken < DRAIN_BYTES and (left := deadline - time.monotonic()) > 0:
            connection.settimeout(left)
            chunk = connection.recv(65_536)
            if not chunk:
                break
            taken += len(chunk)
