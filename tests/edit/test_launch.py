"""``trackkit edit`` opens the browser without the token on any command
line: through a page only the user can read that sends it on."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
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
    long = tmp_path / ("a" * 300 + ".yaml")
    os.mkfifo(tmp_path / "pipe.yaml")
    for given, problem in (
        (long, f"{long.name}: the name is too long (at most 255 bytes)"),
        (
            tmp_path / "pipe.yaml",
            "pipe.yaml: is not a plain file (a folder, a pipe or a device); name a .yaml file",
        ),
    ):
        result = runner.invoke(app, ["edit", str(given), "--no-browser"])
        assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"trackkit: error: {problem}\n")
