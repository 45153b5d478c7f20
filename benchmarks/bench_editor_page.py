"""Benchmark: an edit in the editor's page, in Chromium, from the key press
or the drop to the new drawing on screen.

Starts the editor's server on the Grand Prix (48 tiles) and opens its page
in headless Chromium (Selenium, as the browser tests do).  Then, in the
page, times from the moment a key is pressed (``t``: the whole track turned
a quarter) or a palette piece is dropped on a tile (a hazard on tile 5,
taken back with ctrl-z) until the answer is shown and the next frame is
painted: the request, the server's reading, checking and drawing, and the
page's table, findings and drawing.  The server keeps its last answers (an
undo comes back to a layout answered before): they are forgotten before
each key press and drop, so those and the undo after them are timed
afresh; a redo and the undo after it are answered from those kept.
Prints the machine's load, and the median and the 90th percentile of each,
in milliseconds; and the server's processor time for each edit, which
hardly grows with the load.  Target (issue 36): at most 50 ms
median and 100 ms at the 90th percentile.

Run: python benchmarks/bench_editor_page.py [runs]
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from selenium.webdriver.support.ui import WebDriverWait

from trackkit.edit.answers import forget_answers
from trackkit.edit.server import start_server

ROOT = Path(__file__).resolve().parent.parent
RUNS = 40

TIMED = """
const done = arguments[arguments.length - 1];
const act = arguments[0];
const target = String(Number(document.body.dataset.requested) + 1);
const start = performance.now();
const watch = new MutationObserver(() => {
  if (document.body.dataset.revision !== target || document.body.dataset.busy !== "0") return;
  watch.disconnect();
  const requests = performance.getEntriesByType("resource").filter((e) => e.name.includes("/api/"));
  const fetched = requests.pop();
  performance.clearResourceTimings();
  const asked = fetched ? fetched.duration : 0;
  requestAnimationFrame(() => setTimeout(() => done([performance.now() - start, asked]), 0));
});
watch.observe(document.body, { attributes: true });
if (act === "key") {
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "t", bubbles: true }));
} else if (act === "redo") {
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "y", ctrlKey: true, bubbles: true }));
} else if (act === "undo") {
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true }));
} else {
  const carried = new DataTransfer();
  carried.setData("text/plain", "hazard");
  const spot = state.answer.table.spots[5];
  const box = document.getElementById("table").getBoundingClientRect();
  const size = 48 * state.zoom;
  const x = box.left + (spot.cell[0] - state.origin[0] + 0.5) * size;
  const y = box.top + (state.origin[1] - spot.cell[1] + 0.5) * size;
  document.getElementById("table").dispatchEvent(
    new DragEvent("drop", {
      dataTransfer: carried, bubbles: true, cancelable: true, clientX: x, clientY: y,
    }));
}
"""


def browser() -> Any:
    """Headless Chromium, as the browser tests start it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(argument)
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver), options=options)


def figures(times: list[float]) -> str:
    """The median and the 90th percentile of times in milliseconds."""
    ninetieth = statistics.quantiles(times, n=10)[-1]
    return f"median {statistics.median(times):5.1f} ms, 90th percentile {ninetieth:5.1f} ms"


def cpu_timed(session: Any, spent: list[float]) -> None:
    """Time the processor work of each edit the session answers (its
    thread's CPU time, in milliseconds): unlike the times on the clock it
    hardly grows when other programs load the machine.  A placement's own
    check is part of the placement, not another edit."""
    inside = threading.local()
    for name in ("place", "check"):
        answer = getattr(session, name)

        def timed(*args: Any, answer: Any = answer, **kwargs: Any) -> Any:
            if getattr(inside, "timing", False):
                return answer(*args, **kwargs)
            inside.timing, start = True, time.thread_time()
            try:
                return answer(*args, **kwargs)
            finally:
                inside.timing = False
                spent.append((time.thread_time() - start) * 1000)

        setattr(session, name, timed)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    with tempfile.TemporaryDirectory() as folder:
        layout = Path(folder) / "grand-prix.yaml"
        shutil.copy(ROOT / "layouts" / "grand-prix.yaml", layout)
        server = start_server(layout)
        spent: list[float] = []
        cpu_timed(server.session, spent)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        chrome = browser()
        try:
            chrome.set_script_timeout(30)
            chrome.get(server.address)
            ready = "return Boolean(state.answer) && document.body.dataset.busy === '0';"
            WebDriverWait(chrome, 30).until(lambda page: page.execute_script(ready))
            chrome.execute_async_script(TIMED, "key")  # warm up: the first answer imports the drawing
            keys, drops, undos, kept = [], [], [], []
            spent.clear()
            for _ in range(runs):
                forget_answers()
                keys.append(chrome.execute_async_script(TIMED, "key"))
                forget_answers()
                drops.append(chrome.execute_async_script(TIMED, "drop"))
                undos.append(chrome.execute_async_script(TIMED, "undo"))
                kept.append(chrome.execute_async_script(TIMED, "redo"))
                kept.append(chrome.execute_async_script(TIMED, "undo"))
            spots = chrome.execute_script("return state.answer.table.spots.length")
        finally:
            chrome.quit()
            server.shutdown()
            server.server_close()
    print(f"Grand Prix, {spots} tiles, {runs} runs each; load average {os.getloadavg()[0]:.1f}")
    timed = (("key press", keys), ("drop", drops), ("undo", undos), ("redo or undo of a kept answer", kept))
    for title, times in timed:
        print(f"{title} to drawing: {figures([float(t[0]) for t in times])}")
        print(f"  of which the request: {figures([float(t[1]) for t in times])}")
    fresh = [t for i, t in enumerate(spent) if i % 5 < 3]  # key press, drop and undo, answered afresh
    print(f"the server's processor time for an edit answered afresh: {figures(fresh)}")
    print(f"  for a kept answer: {figures([t for i, t in enumerate(spent) if i % 5 >= 3])}")


if __name__ == "__main__":
    main()
