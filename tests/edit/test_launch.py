"""``trackkit edit`` opens the browser without the token on any command
line: through a page only the user can read that sends it on."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import webbrowser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from support import LAYOUTS
from typer.testing import CliRunner

from trackkit.cli import app
from trackkit.edit.launch import PAGE_NAME, redirect_page
from trackkit.edit.server import EditorServer


def test_the_browser_gets_a_private_page_that_sends_it_on(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(LAYOUTS / "figure1.yaml", tmp_path / "figure1.yaml")
    seen: dict[str, Any] = {}

    def browser(url: str) -> bool:
        page = Path(urlsplit(url).path)
        seen.update(url=url, page=page, mode=stat.S_IMODE(page.stat().st_mode), text=page.read_text())
        seen["folder mode"] = stat.S_IMODE(page.parent.stat().st_mode)
        return True

    def serve(server: EditorServer, poll_interval: float = 0.5) -> None:
        seen["address"] = server.address
        raise KeyboardInterrupt

    monkeypatch.setattr(webbrowser, "open", browser)
    monkeypatch.setattr(EditorServer, "serve_forever", serve)
    (tmp_path / "temporary").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temporary"))
    result = runner.invoke(app, ["edit", str(tmp_path / "figure1.yaml")])
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        f"trackkit edit: {seen['address']}\n",
        "Press Ctrl-C to stop.\nstopped\n",
    )
    page: Path = seen["page"]
    token = seen["address"].split("token=")[1]
    assert seen["url"] == page.as_uri() and page.name == PAGE_NAME
    assert token not in seen["url"]
    assert (seen["mode"], seen["folder mode"]) == (0o600, 0o700)
    assert seen["text"] == redirect_page(seen["address"])
    assert page.parent.parent == tmp_path / "temporary"
    assert list(page.parent.parent.iterdir()) == []


def test_the_redirect_page_sends_the_browser_to_the_address() -> None:
    assert redirect_page("http://127.0.0.1:8000/?token=a-b_c&x=<1>") == (
        "<!DOCTYPE html>\n"
        '<html><head><meta charset="utf-8">\n'
        '<meta name="referrer" content="no-referrer">\n'
        '<meta http-equiv="refresh" content="0; url=http://127.0.0.1:8000/?token=a-b_c&amp;x=&lt;1&gt;">\n'
        "<title>trackkit edit</title></head>\n"
        '<body><p>Opening the editor: <a href="http://127.0.0.1:8000/?token=a-b_c&amp;x=&lt;1&gt;">'
        "http://127.0.0.1:8000/?token=a-b_c&amp;x=&lt;1&gt;</a></p></body></html>\n"
    )


def stop(server: EditorServer, poll_interval: float = 0.5) -> None:
    """Serving stopped at once, as by Ctrl-C."""
    raise KeyboardInterrupt


def test_no_browser_writes_no_page(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(webbrowser, "open", opened.append)
    monkeypatch.setattr(EditorServer, "serve_forever", stop)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = runner.invoke(app, ["edit", "--no-browser"])
    assert (result.exit_code, opened, list(tmp_path.iterdir())) == (0, [], [])


def test_a_file_the_system_refuses_is_one_line_and_exit_2(tmp_path: Path, runner: CliRunner) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    result = runner.invoke(app, ["edit", str(tmp_path / "pipe.yaml"), "--no-browser"])
    problem = "pipe.yaml: is not a plain file (a folder, a pipe or a device); name a .yaml file"
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"trackkit: error: {problem}\n")


def test_a_name_too_long_is_refused_as_the_command_line_reads_it(tmp_path: Path, runner: CliRunner) -> None:
    """As for every command's file names (:mod:`trackkit.cli.file_names`)."""
    result = runner.invoke(app, ["edit", str(tmp_path / ("a" * 300 + ".yaml")), "--no-browser"])
    assert (result.exit_code, result.stdout, result.stderr.splitlines()[-1]) == (
        2,
        "",
        "Error: Invalid value for '[FILE]': the name 'aaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaa.yaml'"
        " is 305 bytes long; a file or folder name holds at most 255 (shorten it)",
    )


RECORDING_BROWSER = """#!/bin/sh
# A browser that writes down its command line, the mode of the page it was
# given and the page's text, as a real one would show them to ``ps``.
page="${1#file://}"
printf '%s\\n' "$@" > "$RECORD/arguments"
stat -c %a "$page" > "$RECORD/mode"
cat "$page" > "$RECORD/page"
touch "$RECORD/done"
"""


def test_the_browser_process_gets_no_token_on_its_command_line(tmp_path: Path) -> None:
    """The real command with the user's ``BROWSER`` set: the browser's whole
    command line (what ``ps`` shows) is the private page's URL."""
    shutil.copy(LAYOUTS / "figure1.yaml", tmp_path / "figure1.yaml")
    browser, record, temporary = tmp_path / "browser.sh", tmp_path / "record", tmp_path / "temporary"
    browser.write_text(RECORDING_BROWSER)
    browser.chmod(0o700)
    record.mkdir()
    temporary.mkdir()
    environment = {**os.environ, "BROWSER": str(browser), "RECORD": str(record), "TMPDIR": str(temporary)}
    command = [sys.executable, "-m", "trackkit", "edit", str(tmp_path / "figure1.yaml")]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=environment
    )
    try:
        address = (
            (process.stdout.readline() if process.stdout else "").removeprefix("trackkit edit: ").strip()
        )
        deadline = time.monotonic() + 30
        while not (record / "done").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        process.terminate()
        process.wait(timeout=10)
    token = address.split("token=")[1]
    [argument] = (record / "arguments").read_text().splitlines()
    page = Path(urlsplit(argument).path)
    assert (argument, token in argument) == (page.as_uri(), False)
    assert (page.name, page.parent.parent) == (PAGE_NAME, temporary)
    assert (record / "mode").read_text() == "600\n"
    assert (record / "page").read_text() == redirect_page(address)
