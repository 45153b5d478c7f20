"""Benchmark: an edit in the editor's page, in Chromium, from the key press
or the drop to the new drawing on screen; and the page's time to its first
drawing.

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

Prints the machine's load before and after, and the median and the 90th
percentile of each, in milliseconds, split as the page sees it: the key
or drop until the request is sent, the request until the answer's head
came, its body read and parsed, the answer shown (table, findings,
drawing put in the page), and the frame after it (laid out and painted:
it waits for the screen's next frame, 8 ms on average at 60 frames a
second); the bytes each answer sent; and the server's processor time for
each request (its thread's CPU time, from the request's first byte read
to its answer's last written), which grows far less with the load than
the times on the clock, though it grows too when other programs share
the cores.  Target (issue 36): at most 50 ms median and 100 ms
at the 90th percentile; the page ready (its first drawing shown) in under
a second.

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
  const bytes = fetched ? fetched.encodedBodySize : 0;
  const shown = performance.now();
  requestAnimationFrame(() => setTimeout(() => {
    const end = performance.now();
    const { request, read, show } = timing;
    done({ total: end - start, request, read, show, frame: end - shown, bytes });
  }, 0));
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


def cpu_timed(server: Any, spent: list[float]) -> None:
    """Time the processor work of each request the server answers: its
    thread's CPU time from reading the request to writing the answer, in
    milliseconds (unlike the times on the clock it hardly grows when
    other programs load the machine)."""
    handler = server.RequestHandlerClass

    class Timed(handler):  # type: ignore[misc, valid-type]
        def do_POST(self) -> None:
            start = time.thread_time()
            try:
                super().do_POST()
            finally:
                spent.append((time.thread_time() - start) * 1000)

    server.RequestHandlerClass = Timed


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def ready_times(chrome: Any, address: str) -> tuple[float, float]:
    """Open the page: the milliseconds from the start of its loading to its
    first drawing in the page, as the page counts them, and on this
    side's clock until it is seen done (both take the first answer, which
    imports the drawing's code in a fresh server)."""
    start = time.perf_counter()
    chrome.get(address)
    script = "return Boolean(state.answer) && document.body.dataset.busy === '0' && timing.ready;"
    WebDriverWait(chrome, 30, poll_frequency=0.01).until(lambda page: page.execute_script(script))
    seen = (time.perf_counter() - start) * 1000
    return float(chrome.execute_script("return timing.ready")), seen


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    print(f"load average before: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        layout = Path(folder) / "grand-prix.yaml"
        shutil.copy(ROOT / "layouts" / "grand-prix.yaml", layout)
        server = start_server(layout)
        spent: list[float] = []
        cpu_timed(server, spent)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        chrome = browser()
        try:
            chrome.set_script_timeout(30)
            ready, seen = ready_times(chrome, server.address)
            chrome.execute_async_script(TIMED, "key")  # warm up
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
    print(f"Grand Prix, {spots} tiles, {runs} runs each; load average after: {load()}")
    print(f"page ready (first drawing shown): {ready:.0f} ms from its loading ({seen:.0f} ms seen here)")
    timed = (("key press", keys), ("drop", drops), ("undo", undos), ("redo or undo of a kept answer", kept))
    for title, times in timed:
        print(f"{title} to drawing: {figures([float(t['total']) for t in times])}")
        for part in ("request", "read", "show", "frame"):
            print(f"  {part:>7}: {figures([float(t[part]) for t in times])}")
        print(f"  bytes of the answer: {statistics.median(int(t['bytes']) for t in times):,.0f}")
    print("the server's processor time for a request:")
    for title, kinds in (("key press", {0}), ("drop", {1}), ("undo", {2}), ("kept answer", {3, 4})):
        print(f"  {title:>11}: {figures([t for i, t in enumerate(spent) if i % 5 in kinds])}")


if __name__ == "__main__":
    main()
