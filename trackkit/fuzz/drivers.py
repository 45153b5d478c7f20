"""Command modes that make their own input from the fuzz input: fuzzed
options for ``generate``, a mutated race record for ``replay``, and a
mutated request to the editor's HTTP handler.

Each is run in a forked child like every mode (see
:mod:`trackkit.fuzz.commands`) and draws what it needs from a generator
seeded by the input's bytes, so the same input always makes the same
command line, record or request.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import socket
import threading
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from trackkit.fuzz.options import replay_options
from trackkit.fuzz.records import RECORD_MUTATIONS
from trackkit.fuzz.text import BYTE_MUTATIONS, LINE_MUTATIONS
from trackkit.fuzz.values import EDGE_NUMBERS, EDGE_TEXT
from trackkit.randomness import make_rng

__all__ = [
    "FUZZED_COUNT",
    "MAX_RECORD_BYTES",
    "answer_of",
    "edit_http",
    "generate_options",
    "input_rng",
    "replay_mutated",
    "request_bytes",
]

CommandRunner = Callable[[Sequence[str]], int]
"""Runs one trackkit command line in this process and gives its exit status."""

_GAME = re.compile(r"^game:\s*(\w+)", re.MULTILINE)
_METAVAR_CHOICES = re.compile(r" ([\w-]+(?:\|[\w-]+)+)$")
FUZZED_COUNT = 8
"""The most tracks a fuzzed ``generate --count`` asks for.  A large count
within the limit of 10,000 is honest work, in proportion to the tracks
asked for (1,000 RACE! tracks take about 3 s), not a hostile input, so a
count the fuzzer draws between this and the limit (however written: the
third campaign's ``1_000`` is a thousand) becomes this; a count past the
limit, or not a whole number, is kept: it must be refused at once."""

_FILE_OPTIONS = {"--output": "gen.yaml", "-o": "gen.yaml", "--svg": "gen.svg", "--shapes": "in.yaml"}
"""Options naming a file, with the file given: outputs in the child's
folder, inputs the fuzz input itself."""


def input_rng(data: bytes) -> random.Random:
    """A generator seeded by ``data`` (the input file's bytes)."""
    return make_rng(zlib.crc32(data))


def game_of(text: str, games: Sequence[str]) -> str:
    """The game the input names (Racepack when it names none or another)."""
    found = _GAME.search(text)
    return found.group(1) if found and found.group(1) in games else "racepack"


# --- generate ----------------------------------------------------------------------------


def generate_options(rng: random.Random, command: Any, game: str) -> list[str]:
    """``generate GAME`` with about a quarter of its options, each given a
    value near an edge, a choice of its own (or a near miss of one), or
    text it does not expect."""
    sub = command.commands["generate"].commands[game]
    context = sub.make_context(f"generate {game}", [], resilient_parsing=True)
    args = ["generate", game]
    for option in sub.params:
        if not option.opts or option.opts[0] in ("--help", "-h") or rng.random() > 0.25:
            continue
        name = rng.choice(option.opts)
        if option.is_flag:
            args.append(name)
            continue
        record = option.get_help_record(context)
        args += [name, _option_value(rng, name, record[0] if record else "")]
    if "--seed" not in args:
        args += ["--seed", str(rng.randrange(1000))]
    return [*args, "--force"] if "--force" not in args else args


def _option_value(rng: random.Random, name: str, shown: str) -> str:
    """A value for option ``name``, whose help shows ``shown`` (``--direction a|b``)."""
    value = _drawn_value(rng, name, shown)
    if name == "--count" and FUZZED_COUNT < _whole_number(value) <= 10_000:
        return str(FUZZED_COUNT)
    return value


def _whole_number(text: str) -> int:
    """``text`` read as the command line reads a whole number (``1_000``,
    `` 12`` and ``+5`` too); -1 when it is not one."""
    try:
        return int(text)
    except ValueError:
        return -1


def _drawn_value(rng: random.Random, name: str, shown: str) -> str:
    if name in _FILE_OPTIONS:
        return _FILE_OPTIONS[name]
    choices = _METAVAR_CHOICES.search(shown)
    roll = rng.random()
    if choices and roll < 0.6:
        choice: str = rng.choice(choices.group(1).split("|"))
        return choice if rng.random() < 0.8 else choice.upper()
    if roll < 0.85:
        return str(rng.choice((1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 30, 48)))
    if roll < 0.95:
        return str(rng.choice(EDGE_NUMBERS))
    return str(rng.choice(EDGE_TEXT))


# --- replay ------------------------------------------------------------------------------

RECORD = "race.rec"
"""The race record a replay mode writes, mutates and replays."""

MAX_RECORD_BYTES = 64 * 1024
"""The largest record replayed: the size of input held to 2 s.  A race
on a track of thousands of spaces records hundreds of kilobytes, which
take seconds to read back as a file of that size may; such a record
gives way to the last smaller one of its game."""


def replay_mutated(run: CommandRunner, rng: random.Random, game: str) -> int:
    """Record one race on the input (``simulate --record``), change the
    record one to three times (mostly keeping its shape: a header field, a
    turn left out or out of order, a die moved; else its lines or bytes),
    and replay it with options fuzzed (:func:`~.options.replay_options`).  An
    input that cannot be raced, or whose record passes
    :data:`MAX_RECORD_BYTES`, gets instead the last record of its game that
    did not (the warm-up's, in a campaign); with none, the simulation's
    exit status."""
    with contextlib.redirect_stdout(io.StringIO()):
        status = run(["simulate", "in.yaml", "--races", "1", "--seed", "7", "--workers", "1",
                      "--record", RECORD, "--force"])
    record = Path(RECORD)
    if status == 0 and record.exists() and record.stat().st_size <= MAX_RECORD_BYTES:
        _RECORDS[game] = record.read_text(encoding="utf-8", errors="replace")
    if game not in _RECORDS:
        return status
    text = _RECORDS[game]
    for _ in range(rng.choice((1, 1, 2, 3))):
        if rng.random() < _SHAPED_RECORDS:
            text = rng.choice(RECORD_MUTATIONS)(rng, text)
        else:
            text = rng.choice(LINE_MUTATIONS + BYTE_MUTATIONS)(rng, text)
    record.write_text(text, encoding="utf-8", errors="replace")
    return run(["replay", RECORD, *replay_options(rng)])


_SHAPED_RECORDS = 0.7
"""The share of a record's mutations that keep its shape
(:mod:`trackkit.fuzz.records`); the rest change its lines or bytes."""


_RECORDS: dict[str, str] = {}
"""The last race record made in this process, by game: the warm-up fills
it before children are forked, so every child has one of each game."""


# --- the editor's HTTP handler -----------------------------------------------------------

_PATHS = ("/", "/editor.js", "/editor.css", "/api/open", "/api/check", "/api/save", "/api/generate",
          "/api/export", "/api/nothing", "//api/check", "/api/check/", "/api/../api/save", "/%00", "")
_ROUTES = ("/api/open", "/api/check", "/api/save", "/api/generate", "/api/export")
_METHODS = ("GET", "GET", "PUT", "HEAD", "DELETE", "OPTIONS", "P0ST", "")
_EXPORTS = ("svg", "png", "pdf", "a4", "letter", "yaml", "ppn", "piecepackr", "gif", "", "../x")
_MOVES = ("rotate", "mirror", "reverse", "flip", "", "ROTATE", None)


def request_bytes(rng: random.Random, form: Any, host: str, token: str) -> bytes:
    """One HTTP request to the editor: a method and a path (mostly a
    ``POST`` to one of its routes), the run's token and host (now and then missing or wrong), a
    JSON body built round the input's form (now and then mutated, its
    length misstated)."""
    method = "POST" if rng.random() < 0.7 else rng.choice(_METHODS)
    path = rng.choice(_ROUTES) if rng.random() < 0.7 else rng.choice(_PATHS)
    if rng.random() < 0.85:
        path += f"?token={token}" if rng.random() < 0.7 else f"?token={token}&token=x"
    body = _body(rng, path, form).encode("utf-8", "replace")
    length = str(len(body))
    roll = rng.random()
    if roll < 0.15:
        wrong = ("-1", "abc", "", str(len(body) + 10), str(len(body) // 2), "1000001", "1e3", " 5")
        length = rng.choice(wrong)
    headers = [f"Host: {host if rng.random() < 0.9 else rng.choice(('evil.example', '', host + '0'))}"]
    if rng.random() < 0.8:
        headers.append(f"Content-Length: {length}")
    if rng.random() < 0.1:
        headers.append(f"Origin: {rng.choice(('http://evil.example', 'http://' + host, 'null'))}")
    if rng.random() < 0.2:
        headers.append(f"X-Trackkit-Token: {rng.choice((token, 'wrong', ''))}")
    version = rng.choice(("1.1", "1.1", "1.0", "2"))
    head = f"{method} {path} HTTP/{version}\r\n" + "\r\n".join(headers) + "\r\n\r\n"
    return head.encode("latin-1", "replace") + body


def _body(rng: random.Random, path: str, form: Any) -> str:
    """A JSON body for ``path``: the fields its request takes, values now
    and then off, the text now and then mutated."""
    fields: dict[str, Any] = {"layout": form}
    if "check" in path or "export" in path:
        fields["overlays"] = {k: rng.random() < 0.5 for k in ("lanes", "grid", "line", "hazards")}
    if "check" in path:
        fields["move"] = rng.choice(_MOVES)
    if "export" in path:
        fields["kind"] = rng.choice(_EXPORTS)
    if "save" in path:
        fields["file"] = rng.choice(("saved.yaml", "in.yaml", "../saved.yaml", "", "a/b.yaml", None))
        fields["confirm"] = rng.random() < 0.5
    if "generate" in path:
        fields["seed"] = rng.choice((1, 0, -1, 2**64, "3", None, True))
    if "open" in path:
        fields = {"file": rng.choice(("in.yaml", "missing.yaml", "../in.yaml", "", None))}
    if rng.random() < 0.15:
        key = rng.choice(list(fields))
        fields[key] = rng.choice(EDGE_NUMBERS + EDGE_TEXT + ([], {}, None))
    text = json.dumps(fields)
    if rng.random() < 0.2:
        text = rng.choice(BYTE_MUTATIONS)(rng, text)
    return text


def edit_http(data: bytes) -> int:
    """Send one request made from the input to the editor's handler, as
    the server would hand it over (through a socket pair), and read the
    answer (an input the editor cannot open sends its requests about a new
    layout).  Exit status 3 (a crash) when the handler answers 500, its catch-all for an
    unexpected exception; else 0 (a refusal, 4xx, is the right answer to
    a bad request)."""
    from trackkit.edit.server import EditorServer
    from trackkit.edit.session import Session, form_json
    from trackkit.errors import TrackkitError

    rng = input_rng(data)
    try:
        session = Session(Path("in.yaml"))
    except TrackkitError:
        session = Session(None)  # the requests still come, about a new layout
    server = EditorServer(session, 0)
    try:
        request = request_bytes(rng, form_json(session.form), f"127.0.0.1:{server.port}", server.token)
        answer = answer_of(server, request)
    finally:
        server.server_close()
    return 3 if answer.startswith((b"HTTP/1.0 500 ", b"HTTP/1.1 500 ")) else 0


def answer_of(server: Any, request: bytes) -> bytes:
    """What the editor's handler answers ``request`` (raw bytes), handed to
    it as the server hands over a connection: through a socket pair."""
    from trackkit.edit.server import _Handler

    ours, theirs = socket.socketpair()
    with ours, theirs:
        answer: list[bytes] = []
        client = threading.Thread(target=_client, args=(ours, request, answer))
        client.start()
        _Handler(theirs, ("127.0.0.1", 0), server)
        theirs.shutdown(socket.SHUT_WR)
        client.join()
    return b"".join(answer)


def _client(sock: socket.socket, request: bytes, answer: list[bytes]) -> None:
    """The browser's side: send the request, then read the whole answer
    (while the handler writes it, so neither side waits on a full buffer)."""
    with contextlib.suppress(OSError):
        sock.sendall(request)
        sock.shutdown(socket.SHUT_WR)
    while chunk := sock.recv(65536):
        answer.append(chunk)
