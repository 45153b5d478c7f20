"""Benchmark: the editor's round trip for one edit.

Starts the editor's server on the Grand Prix (48 tiles), then times the
page's request after an edit (the last tile taken off the table): an HTTP
request carrying the form and the placement, answered with the table, the
SVG drawing, the findings and the status.  ``bench_editor_page.py`` times
the same in Chromium, from the key press to the drawing on screen.
Prints the median of several runs, in milliseconds, for a plain edit and
with the inside lanes and starting grid shown, and the median of the
fastest-lap overlay (the lap analysis is the slow part).  Target: 100 ms
for a plain edit.

Run: python benchmarks/bench_edit.py
"""

from __future__ import annotations

import http.client
import json
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from _timing import median_seconds

from trackkit.edit.server import EditorServer, start_server

ROOT = Path(__file__).resolve().parent.parent
RUNS = 21


def round_trip(server: EditorServer, body: dict[str, Any]) -> dict[str, Any]:
    """One edit as the page sends it, with its answer."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json", "X-Trackkit-Token": server.token}
    route = "/api/place" if "placement" in body else "/api/check"
    connection.request("POST", route, body=json.dumps(body), headers=headers)
    answer = connection.getresponse()
    data: dict[str, Any] = json.loads(answer.read())
    connection.close()
    if answer.status != 200 or data["svg"] is None:
        raise SystemExit(f"the edit was not answered with a drawing: {answer.status} {data}")
    return data


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        layout = Path(folder) / "grand-prix.yaml"
        shutil.copy(ROOT / "layouts" / "grand-prix.yaml", layout)
        server = start_server(layout)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        form = server.session.opened()["form"]
        edited = {"action": "remove", "chosen": [47]}  # the last tile taken away: an open, illegal track
        cases = [
            ("one edit, 48 tiles", {"layout": form, "placement": edited}, RUNS),
            ("with lanes and grid", {"layout": form, "overlays": {"lanes": True, "grid": True}}, RUNS),
            ("with the fastest lap", {"layout": form, "overlays": {"line": True}}, 5),
        ]
        for title, body, runs in cases:
            answer = round_trip(server, body)
            milliseconds = median_seconds(lambda body=body: round_trip(server, body), runs) * 1000
            print(f"{title + ':':<24}{milliseconds:6.1f} ms  ({len(answer['findings'])} findings)")
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
