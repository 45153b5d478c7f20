"""The editor's local web server (``trackkit edit``).

It is the standard library's threading HTTP server: the page needs a
handful of JSON requests and seven static files, so a framework would add a
dependency and nothing else.  It listens on the loopback interface only,
and every request must carry the run's *token* (a random string made
afresh each run and given in the address the command prints), in the
``token`` query parameter or the ``X-Trackkit-Token`` header.  A request
whose ``Host`` is not the loopback address and port, or whose ``Origin`` is
another site, is refused too: so neither another web site (through the
browser) nor another user of the machine can read or change files through
the editor.

Requests (all ``POST`` with a JSON body, answered with JSON):

- ``/api/open``: ``{"file"}`` opens a layout of the folder, or ``{}`` the
  one the editor was started on (as it is now on disk); answers the form,
  the file's name and ``version``, the folder's files, and the located
  errors of a file that cannot be read (opened in the text pane).
- ``/api/check``: ``{"layout", "opened", "overlays", "settings"}``: the
  edited form (with the ``settings`` changed), answered with the table,
  drawing, findings and status (see
  :meth:`~trackkit.edit.session.Session.check`).
- ``/api/place``: ``{"layout", "opened", "placement", "overlays"}``: a
  piece put down, moved, turned or taken on the table (a
  :class:`~trackkit.tabletop.Placement`), answered as a check.
- ``/api/save``: ``{"layout", "opened", "file", "confirm"}``, answered with
  the name and version saved; a 409 when the file changed since the
  version the tab opened, or ``file`` (Save as) names another file that
  exists, and ``confirm`` is not set.
- ``/api/generate``: ``{"layout", "opened", "seed", "options"}``:
  ``options`` as ``trackkit generate GAME`` takes them.
- ``/api/export``: ``{"layout", "opened", "kind", "overlays"}``, answered
  with the file's bytes to download, named in ``Content-Disposition`` by
  an ASCII ``filename`` and the exact ``filename*`` (RFC 6266 and 5987).

``layout`` is the form ``{"game", "text"}`` (the layout file's text, see
:mod:`trackkit.edit.form`).  ``opened`` is ``{"file", "version"}``: the
file the tab opened (``null`` for a new layout) and the version
``/api/open`` or the last save gave it (see :mod:`trackkit.edit.versions`).
Each tab edits and saves its own file whatever other tabs open; a request
without it works on the file the editor was started on, as first read.

Every request gets an answer: a field of the wrong shape or type is a 400
naming it (the only 500 left is a bug, said in one line on the terminal).
Each request runs in a thread of its own and holds the session only to
save, so a long export never keeps another tab waiting.  Every
connection has a socket timeout (:data:`REQUEST_TIMEOUT`); one whose body
was not read (refused as too large, say) is closed after the answer, so
its bytes are never read as a next request.  A browser that hangs up
leaves the terminal quiet.
"""

from __future__ import annotations

import hmac
import json
import secrets
import socket
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from trackkit.edit.form import read_form, read_placement, read_settings
from trackkit.edit.session import Session, read_overlays
from trackkit.edit.versions import Opened, read_opened
from trackkit.edit.wire import MAX_BODY_BYTES, content_disposition, drain
from trackkit.errors import AccessError, ArgumentError, OutputError, TrackkitError
from trackkit.registry import find_game

__all__ = [
    "LOOPBACK",
    "MAX_BODY_BYTES",
    "REQUEST_TIMEOUT",
    "EditorServer",
    "content_disposition",
    "start_server",
]

LOOPBACK = "127.0.0.1"
"""The only address the editor listens on."""

REQUEST_TIMEOUT = 15.0
"""Seconds a connection may sit without sending or taking a byte before it
is closed: a client that stops halfway holds a thread no longer."""

STATIC_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/editor.js": ("editor.js", "text/javascript; charset=utf-8"),
    "/saving.js": ("saving.js", "text/javascript; charset=utf-8"),
    "/showing.js": ("showing.js", "text/javascript; charset=utf-8"),
    "/table.js": ("table.js", "text/javascript; charset=utf-8"),
    "/settings.js": ("settings.js", "text/javascript; charset=utf-8"),
    "/editor.css": ("editor.css", "text/css; charset=utf-8"),
}
"""The page's files, shipped in the package (``trackkit/edit/static``)."""

PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'"
)
"""The page's content security policy: its own files only, nothing from
elsewhere, never inside another site's frame."""


class EditorServer(ThreadingHTTPServer):
    """The HTTP server of one editing session, with the run's token; each
    connection is served in a thread of its own."""

    daemon_threads = True

    def __init__(self, session: Session, port: int = 0, token: str | None = None) -> None:
        self.session = session
        self.token = token or secrets.token_urlsafe(24)
        self.request_timeout = REQUEST_TIMEOUT
        super().__init__((LOOPBACK, port), _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection ended by a failure: silence for a client that hung
        up or went quiet (the page closed, a download cancelled), one line
        for anything else, never a traceback."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError | TimeoutError):
            _say(f"trackkit edit: unexpected {type(error).__name__}: {error}")

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def address(self) -> str:
        """The page's address, token included."""
        return f"http://{LOOPBACK}:{self.port}/?token={self.token}"

    def allowed_hosts(self) -> set[str]:
        return {f"{LOOPBACK}:{self.port}", f"localhost:{self.port}"}


def start_server(file: Path | None, port: int = 0, game: str = "racepack") -> EditorServer:
    """A server for a session on ``file`` (or a new layout), listening on
    ``port`` (0: any free port), its file's first answer made in the
    background meanwhile (see :meth:`~trackkit.edit.session.Session.warm`).  Raises
    :class:`~trackkit.errors.LayoutError` when the file cannot be edited and
    :class:`~trackkit.errors.TrackkitError` when the port is taken."""
    session = Session(file, game=game)
    try:
        server = EditorServer(session, port)
    except OSError as error:
        raise TrackkitError(f"cannot listen on {LOOPBACK}:{port} ({error.strerror or error})") from None
    threading.Thread(target=session.warm, name="trackkit-edit-warm", daemon=True).start()
    return server


def _say(line: str) -> None:
    """Write ``line`` on the terminal, any character it cannot show escaped."""
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    print(line.encode(encoding, "backslashreplace").decode(encoding), file=sys.stderr)


def _static(name: str) -> bytes:
    return resources.files("trackkit.edit").joinpath("static", name).read_bytes()


class _Handler(BaseHTTPRequestHandler):
    server: EditorServer
    protocol_version = "HTTP/1.1"
    body_read = False

    def setup(self) -> None:
        """The connection gets the server's socket timeout before a byte is
        read, and sends each write at once: an answer's head and body are
        two writes, and the kernel's wait to gather small packets held the
        body for the client's delayed acknowledgement (some 40 ms an edit)."""
        super().setup()
        self.connection.settimeout(self.server.request_timeout)
        if self.connection.family in (socket.AF_INET, socket.AF_INET6):  # not the fuzz driver's local pair
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, format: str, *args: Any) -> None:
        """Requests are not logged: the terminal stays quiet."""

    def handle_one_request(self) -> None:
        """One request of the connection, its body not read yet."""
        self.body_read = False
        super().handle_one_request()

    def _body_left(self) -> bool:
        """Whether the request came with body bytes this answer leaves
        unread, which must not be taken for the next request."""
        headers = getattr(self, "headers", None)  # none when no request line came
        if self.body_read or headers is None:
            return False
        return "Transfer-Encoding" in headers or headers.get("Content-Length", "0").strip() != "0"

    # --- the gate ------------------------------------------------------------------

    def _refusal(self) -> str | None:
        """Why this request is refused, or ``None``."""
        if self.headers.get("Host", "") not in self.server.allowed_hosts():
            return "foreign Host"
        origin = self.headers.get("Origin")
        if origin is not None and origin.removeprefix("http://") not in self.server.allowed_hosts():
            return "foreign Origin"
        given = parse_qs(urlsplit(self.path).query).get("token", [""])[0]
        given = self.headers.get("X-Trackkit-Token", given)
        if not hmac.compare_digest(given.encode(), self.server.token.encode()):
            return "missing or wrong token"
        return None

    def _gate(self) -> bool:
        reason = self._refusal()
        if reason is not None:
            self._json(HTTPStatus.FORBIDDEN, {"error": f"refused: {reason}"})
            return False
        return True

    # --- answers ------------------------------------------------------------------

    def _send(self, status: HTTPStatus, body: bytes, media: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        if self._body_left():
            self.send_header("Connection", "close")  # and http.server closes it
        self.end_headers()
        self.wfile.write(body)

    def finish(self) -> None:
        """After the last answer of a connection that left a body unread,
        take in (and throw away) what the client is still sending, for a
        moment: closing on unread bytes would reset the connection and
        could lose the answer before the client reads it."""
        super().finish()
        if self.close_connection and self._body_left():
            drain(self.connection)

    def _json(self, status: HTTPStatus, data: Any) -> None:
        self._send(status, json.dumps(data).encode(), "application/json")

    def do_GET(self) -> None:
        if not self._gate():
            return
        found = STATIC_FILES.get(urlsplit(self.path).path)
        if found is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": "no such page"})
            return
        name, media = found
        body = _static(name).replace(b"__TOKEN__", self.server.token.encode())
        self._send(HTTPStatus.OK, body, media, {"Content-Security-Policy": PAGE_POLICY})

    def do_POST(self) -> None:
        if not self._gate():
            return
        route = _ROUTES.get(urlsplit(self.path).path)
        if route is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": "no such request"})
            return
        try:
            data = self._body()
            answer = route(self.server.session, data)
        except TimeoutError:
            stopped = "the request body stopped coming; send it again"
            self._json(HTTPStatus.REQUEST_TIMEOUT, {"error": stopped})
            return
        except TrackkitError as error:
            self._json(_status_of(error), {"error": str(error), "hint": getattr(error, "hint", None)})
            return
        except Exception as error:  # an unexpected failure answers, never kills the server
            _say(f"trackkit edit: unexpected {type(error).__name__}: {error}")
            self._json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "unexpected failure; see the terminal"})
            return
        if isinstance(answer, tuple):
            body, media, filename = answer
            download = {"Content-Disposition": content_disposition(filename)}
            self._send(HTTPStatus.OK, body, media, download)
        else:
            self._json(HTTPStatus.OK, answer)

    def _body(self) -> Any:
        """The request's JSON body, read in full, or an
        :class:`~trackkit.errors.ArgumentError` saying what is wrong with it
        (then it is left unread and the connection closed after the answer)."""
        if "Transfer-Encoding" in self.headers:
            raise ArgumentError("send the request body with a Content-Length, not in chunks")
        if len(self.headers.get_all("Content-Length") or ()) > 1:
            raise ArgumentError("send one Content-Length, not several")
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise ArgumentError("Content-Length must be a number") from None
        if not 0 <= length <= MAX_BODY_BYTES:
            raise ArgumentError(f"a request body holds at most {MAX_BODY_BYTES} bytes")
        raw = self.rfile.read(length)
        self.body_read = True
        try:
            return json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ArgumentError("the request body must be JSON") from None


def _status_of(error: TrackkitError) -> HTTPStatus:
    if isinstance(error, AccessError):
        return HTTPStatus.FORBIDDEN
    if isinstance(error, OutputError) and error.exists:
        return HTTPStatus.CONFLICT
    return HTTPStatus.BAD_REQUEST


def _object(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ArgumentError("the request body must be a JSON object")
    return data


def _based(session: Session, body: dict[str, Any]) -> Opened | None:
    """The file and version the tab states it opened (``None``: it states none)."""
    stated = read_opened(body.get("opened"))
    return None if stated is None else session.based(*stated)


def _open(session: Session, data: Any) -> Any:
    name = _object(data).get("file")
    start = session.resolve(name) if name is not None else session.file
    return session.opened(session.read(start) if start is not None else None)


def _check(session: Session, data: Any) -> Any:
    body = _object(data)
    form, overlays = read_form(body.get("layout")), read_overlays(body.get("overlays"))
    based = _based(session, body)
    if body.get("settings") is not None:
        return session.settings(form, read_settings(body["settings"], find_game(form.game)), overlays, based)
    return session.check(form, overlays, based)


def _place(session: Session, data: Any) -> Any:
    body = _object(data)
    placement = read_placement(body.get("placement"))
    form, overlays = read_form(body.get("layout")), read_overlays(body.get("overlays"))
    return session.place(form, placement, overlays, _based(session, body))


def _save(session: Session, data: Any) -> Any:
    body = _object(data)
    form, name, confirm = read_form(body.get("layout")), body.get("file") or None, body.get("confirm") is True
    return session.save(form, name, confirm, _based(session, body))


def _generate(session: Session, data: Any) -> Any:
    body = _object(data)
    seed = body.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ArgumentError("must be a whole number, 0 or more", parameter="seed")
    form, overlays = read_form(body.get("layout")), read_overlays(body.get("overlays"))
    return session.generate(form, body.get("options") or {}, seed, overlays, _based(session, body))


def _export(session: Session, data: Any) -> Any:
    body = _object(data)
    kind = str(body.get("kind", "svg"))
    form, overlays = read_form(body.get("layout")), read_overlays(body.get("overlays"))
    return session.export(form, kind, overlays, _based(session, body))


_ROUTES: dict[str, Callable[[Session, Any], Any]] = {
    "/api/open": _open,
    "/api/check": _check,
    "/api/place": _place,
    "/api/save": _save,
    "/api/generate": _generate,
    "/api/export": _export,
}
