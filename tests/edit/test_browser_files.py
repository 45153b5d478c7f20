"""The editor never loses a file, driven in real Chromium (the browser and
the page's helpers are those of ``test_browser``): two tabs on one file, a
file opened over unsaved changes, leaving the page with some, and Clear."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from edit.test_browser import Page, browser, waiting
from support import LAYOUTS

from trackkit.edit.server import EditorServer

__all__ = ["browser"]  # the Chromium fixture, shared with test_browser

LAPS = '#settings [data-key="laps"]'
"""The laps box of the table's settings."""

CONFLICT = (
    "figure1.yaml: changed since this tab opened it (another tab or program saved it);"
    " reload it, save under another name, or overwrite it"
)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    for name in ("figure1.yaml", "esses.yaml"):
        shutil.copy(LAYOUTS / name, tmp_path / name)
    return tmp_path


@pytest.fixture
def server(folder: Path, serve: Callable[[Path], EditorServer]) -> EditorServer:
    return serve(folder / "figure1.yaml")


@pytest.fixture
def tabs(browser: Any) -> Iterator[Any]:
    """The browser, left with one tab however many the test opened."""
    yield browser
    first = browser.window_handles[0]
    for handle in browser.window_handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(first)


def lines(path: Path, laps: int | None = None) -> list[str]:
    """The lines of a layout file in sorted order (a laps box the page clears
    and fills takes the key out and puts it back in the schema's place),
    with its laps set to ``laps``."""
    text = path.read_text()
    if laps is not None:
        text = text.replace("laps: 3", f"laps: {laps}")
    return sorted(text.splitlines())


def question(page: Page) -> tuple[str, list[str]]:
    """The page's open question: its words and the choices of its buttons."""
    waiting(page.browser).until(
        lambda b: b.find_elements(page.by.CSS_SELECTOR, "dialog#ask[open]")
    )
    buttons = page.browser.find_elements(page.by.CSS_SELECTOR, "#ask button")
    return page.find("#ask p").text, [b.get_attribute("data-choice") for b in buttons]


def answer(page: Page, choice: str) -> None:
    page.click(f'#ask button[data-choice="{choice}"]')


def asked(page: Page) -> bool:
    return bool(page.browser.find_elements(page.by.CSS_SELECTOR, "dialog#ask"))


def dirty(page: Page) -> bool:
    """The page's own flag of unsaved changes, and whether leaving asks
    first (a beforeunload the page cancels) and the page shows it: all
    three read in one script, one round trip to the browser."""
    script = """
    const flag = Saving.isDirty();
    const leaving = new Event('beforeunload', {cancelable: true});
    dispatchEvent(leaving);
    return [flag, leaving.defaultPrevented, document.body.getAttribute('data-dirty')];
    """
    flag, asks, shown = page.browser.execute_script(script)
    assert asks is flag
    assert shown == str(flag).lower()
    return bool(flag)


def test_two_tabs_on_one_file_the_second_save_is_refused_with_a_choice(
    tabs: Any, server: EditorServer, folder: Path
) -> None:
    layout = folder / "figure1.yaml"
    first = Page(tabs, server)
    tabs.switch_to.new_window("tab")
    second = Page(tabs, server)

    tabs.switch_to.window(tabs.window_handles[0])
    first.enter(LAPS, "4")
    assert dirty(first) and first.find("#file-name").text == "figure1.yaml •"
    first.click("#save")
    assert first.find("#message").text == "saved figure1.yaml"
    assert not dirty(first) and first.find("#file-name").text == "figure1.yaml"
    saved = layout.read_bytes()
    assert b"laps: 4\n" in saved

    tabs.switch_to.window(tabs.window_handles[1])
    second.enter(LAPS, "5")
    second.click("#save")
    assert question(second) == (CONFLICT, ["reload", "save-as", "overwrite", "cancel"])
    assert layout.read_bytes() == saved
    answer(second, "save-as")
    assert second.find("#save-name").get_attribute("value") == "figure1-2.yaml"
    second.click("#save")
    assert second.find("#message").text == "saved figure1-2.yaml"
    assert lines(folder / "figure1-2.yaml") == lines(LAYOUTS / "figure1.yaml", laps=5)
    assert layout.read_bytes() == saved  # the first tab's save is kept

    second.enter(LAPS, "2")  # the second tab now edits its copy
    second.click("#save")
    assert second.find("#message").text == "saved figure1-2.yaml"
    assert b"laps: 2\n" in (folder / "figure1-2.yaml").read_bytes() and layout.read_bytes() == saved

    tabs.switch_to.window(tabs.window_handles[0])
    layout.write_text(layout.read_text() + "# edited by another program\n")
    first.enter(LAPS, "3")
    first.click("#save")
    assert question(first)[0] == CONFLICT
    answer(first, "reload")
    assert first.find(LAPS).get_attribute("value") == "4"
    assert not dirty(first)
    first.enter(LAPS, "5")
    first.click("#save")
    assert first.find("#message").text == "saved figure1.yaml"
    assert lines(layout) == sorted([*lines(LAYOUTS / "figure1.yaml", laps=5), "# edited by another program"])


def test_an_overwrite_is_asked_for_and_then_done(tabs: Any, server: EditorServer, folder: Path) -> None:
    layout = folder / "figure1.yaml"
    page = Page(tabs, server)
    layout.write_text(layout.read_text() + "# edited by another program\n")
    page.enter(LAPS, "5")
    page.click("#save")
    assert question(page)[0] == CONFLICT
    answer(page, "cancel")
    assert not asked(page) and page.find("#message").text == CONFLICT
    assert layout.read_text().endswith("# edited by another program\n") and dirty(page)
    page.click("#save")
    answer(page, "overwrite")
    assert page.find("#message").text == "saved figure1.yaml"
    assert "laps: 5\n" in layout.read_text() and "# edited by another program" not in layout.read_text()
    assert not dirty(page)


def test_opening_another_file_over_unsaved_changes_asks_first(
    tabs: Any, server: EditorServer, folder: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    page = Page(tabs, server)
    assert not dirty(page)
    page.enter(LAPS, "5")
    assert dirty(page) and "laps: 5\n" in page.text()
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    assert question(page) == (
        "figure1.yaml has unsaved changes. Open another file and lose them?",
        ["discard", "cancel"],
    )
    answer(page, "cancel")
    assert "laps: 5\n" in page.text() and dirty(page)
    assert page.find("#open-file").get_attribute("value") == ""
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    answer(page, "discard")
    page.settle()
    assert (page.find("#file-name").text, page.text()) == ("esses.yaml", (LAYOUTS / "esses.yaml").read_text())
    assert not dirty(page)
    page.enter(LAPS, "4")
    page.click("#save")  # this tab now saves esses, and only it
    assert page.find("#message").text == "saved esses.yaml"
    assert (folder / "figure1.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text()
    assert lines(folder / "esses.yaml") == lines(LAYOUTS / "esses.yaml", laps=4)


def test_clear_starts_an_empty_table_of_the_game_with_nothing_of_the_old(
    tabs: Any, server: EditorServer, folder: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    page = Page(tabs, server)
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    page.settle()
    page.enter(LAPS, "5")
    page.click("#clear")
    assert question(page) == ("esses.yaml has unsaved changes. Clear and lose them?", ["discard", "cancel"])
    answer(page, "discard")
    page.settle()
    names = ("name", "laps")
    fields = [page.find(f'#settings [data-key="{name}"]').get_attribute("value") for name in names]
    assert (fields, page.find("#save-name").get_attribute("value")) == (["", ""], "track.yaml")
    assert (page.find("#file-name").text, page.status(), page.text()) == (
        "new layout",
        "0 of 24 tiles",
        "trackkit: 1\ngame: racepack\n",
    )
    assert page.find("#undo").get_property("disabled") and not dirty(page)
    page.keys("rrrr")
    assert dirty(page) and page.status() == "4 of 24 tiles · legal"
    page.click("#save")
    assert page.find("#message").text == "saved track.yaml"
    text = (folder / "track.yaml").read_text()
    assert text == page.text() and "path: 4R\n" in text and "Esses" not in text
    assert hashlib.sha256(text.encode()).hexdigest() == page.browser.execute_script(
        "return JSON.parse(JSON.stringify(Saving.based({}))).opened.version;"
    )
    assert (folder / "esses.yaml").read_text() == (LAYOUTS / "esses.yaml").read_text()
