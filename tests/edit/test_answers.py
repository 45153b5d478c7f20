"""The answers the editor keeps: a kept answer is the answer made afresh,
and the file the editor starts on is answered before the page asks."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

from support import LAYOUTS

from trackkit.edit import answers
from trackkit.edit.answers import Overlays, answer, forget_answers
from trackkit.edit.form import EditForm
from trackkit.edit.server import start_server
from trackkit.edit.session import Session


def _grand_prix(folder: Path) -> Path:
    path = folder / "grand-prix.yaml"
    shutil.copy(LAYOUTS / "grand-prix.yaml", path)
    return path


def _warmed() -> None:
    """Wait for the server's first answer made in the background."""
    for thread in threading.enumerate():
        if thread.name == "trackkit-edit-warm":
            thread.join(timeout=60)


def test_the_started_file_is_answered_before_the_page_asks(tmp_path: Path) -> None:
    forget_answers()
    server = start_server(_grand_prix(tmp_path))
    try:
        _warmed()
        session = server.session
        before = answers._kept.cache_info()
        first = session.check(session.form, Overlays())
        assert answers._kept.cache_info().hits == before.hits + 1
        forget_answers()
        assert first == session.check(session.form, Overlays())  # the same as made afresh
        assert first["status"]["valid"] is True and first["svg"].startswith("<?xml")
    finally:
        server.server_close()


def test_a_new_table_is_not_answered_ahead(tmp_path: Path) -> None:
    forget_answers()
    server = start_server(None)
    try:
        _warmed()
        assert answers._kept.cache_info().currsize == 0
    finally:
        server.server_close()


def test_a_kept_answer_is_the_answer_made_afresh_and_a_changed_text_is_answered_anew() -> None:
    text = (LAYOUTS / "grand-prix.yaml").read_text()
    form = EditForm("racepack", text)
    forget_answers()
    fresh = answer(form, Overlays(), "grand-prix.yaml")
    kept = answer(form, Overlays(), "grand-prix.yaml")
    assert kept == fresh and kept is not fresh
    kept["svg"] = None  # a copy: the kept answer is not changed by its reader
    assert answer(form, Overlays(), "grand-prix.yaml")["svg"] == fresh["svg"]
    changed = answer(EditForm("racepack", text.replace("laps: 3", "laps: 5")), Overlays(), "grand-prix.yaml")
    assert changed["values"]["laps"] == 5 and fresh["values"]["laps"] == 3


def test_a_file_changed_on_disk_is_answered_from_its_new_text(tmp_path: Path) -> None:
    """Answers are kept by the text the tab sends: a file another program
    changed reads as a new text, so nothing kept for the old one is
    given for it."""
    path = _grand_prix(tmp_path)
    session = Session(path)
    before = session.check(session.form, Overlays())
    path.write_text(path.read_text().replace("laps: 3", "laps: 5"))
    opened, form, _ = session.read(path)
    after = session.check(form, Overlays(), opened)
    assert (before["values"]["laps"], after["values"]["laps"]) == (3, 5)
    assert after["text"] == path.read_text() and after["svg"] != before["svg"]  # the laps are drawn
    forget_answers()
    assert session.check(form, Overlays(), opened) == after
