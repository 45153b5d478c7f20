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
from edit.test_browser import WAIT_SECONDS, Page, browser
from support import LAYOUTS

from trackkit.edit.server import EditorServer

__all__ = ["browser"]  # the Chromium fixture, shared with test_browser

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


def question(page: Page) -> tuple[str, list[str]]:
    """The page's open question: its words and the choices of its buttons."""
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(page.browser, WAIT_SECONDS).until(
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
    first (a beforeunload the page cancels)."""
    leaving = "const e = new Event('beforeunload', {cancelable: true}); dispatchEvent(e); return e.defaultPrevented;"
    flag = page.browser.execute_script("return Saving.isDirty();")
    assert page.browser.execute_script(leaving) is flag
    assert page.find("body").get_attribute("data-dirty") == str(flag).lower()
    return bool(flag)


def test_two_tabs_on_one_file_the_second_save_is_refused_with_a_choice(
    tabs: Any, server: EditorServer, folder: Path
) -> None:
    layout = folder / "figure1.yaml"
    first = Page(tabs, server)
    tabs.switch_to.new_window("tab")
    second = Page(tabs, server)

    tabs.switch_to.window(tabs.window_handles[0])
    first.enter("#laps", "4")
    assert dirty(first) and first.find("#file-name").text == "figure1.yaml •"
    first.click("#save")
    assert first.find("#message").text == "saved figure1.yaml"
    assert not dirty(first) and first.find("#file-name").text == "figure1.yaml"
    saved = layout.read_bytes()
    assert b"laps: 4\n" in saved

    tabs.switch_to.window(tabs.window_handles[1])
    second.enter("#laps", "5")
    second.click("#save")
    assert question(second) == (CONFLICT, ["reload", "save-as", "overwrite", "cancel"])
    assert layout.read_bytes() == saved
    answer(second, "save-as")
    assert second.find("#save-name").get_attribute("value") == "figure1-2.yaml"
    second.click("#save")
    assert second.find("#message").text == "saved figure1-2.yaml"
    assert (folder / "figure1-2.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text().replace(
        "laps: 3", "laps: 5"
    )
    assert layout.read_bytes() == saved  # the first tab's save is kept

    second.enter("#laps", "2")  # the second tab now edits its copy
    second.click("#save")
    assert second.find("#message").text == "saved figure1-2.yaml"
    assert b"laps: 2\n" in (folder / "figure1-2.yaml").read_bytes() and layout.read_bytes() == saved

    tabs.switch_to.window(tabs.window_handles[0])
    layout.write_text(layout.read_text() + "# edited by another program\n")
    first.enter("#laps", "3")
    first.click("#save")
    assert question(first)[0] == CONFLICT
    answer(first, "reload")
    assert first.find("#laps").get_attribute("value") == "4"
    assert not dirty(first)
    first.enter("#laps", "5")
    first.click("#save")
    assert first.find("#message").text == "saved figure1.yaml"
    assert (
        layout.read_text()
        == (LAYOUTS / "figure1.yaml").read_text().replace("laps: 3", "laps: 5")
        + "# edited by another program\n"
    )


def test_an_overwrite_is_asked_for_and_then_done(tabs: Any, server: EditorServer, folder: Path) -> None:
    layout = folder / "figure1.yaml"
    page = Page(tabs, server)
    layout.write_text(layout.read_text() + "# edited by another program\n")
    page.enter("#laps", "5")
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
    page.keys("s")
    assert dirty(page) and page.status().startswith("25 of 24 tiles")
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    assert question(page) == (
        "figure1.yaml has unsaved changes. Open another file and lose them?",
        ["discard", "cancel"],
    )
    answer(page, "cancel")
    assert page.status().startswith("25 of 24 tiles") and dirty(page)
    assert page.find("#open-file").get_attribute("value") == ""
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    answer(page, "discard")
    page.settle()
    assert (page.find("#file-name").text, page.find("#name").get_attribute("value")) == (
        "esses.yaml",
        "Esses",
    )
    assert not dirty(page)
    page.keys("s")
    page.click("#save")  # this tab now saves esses, and only it
    assert page.find("#message").text == "saved esses.yaml"
    assert (folder / "figure1.yaml").read_text() == (LAYOUTS / "figure1.yaml").read_text()
    assert "description: A road course" in (folder / "esses.yaml").read_text()


def test_clear_starts_a_new_track_with_nothing_of_the_old(
    tabs: Any, server: EditorServer, folder: Path
) -> None:
    from selenium.webdriver.support.ui import Select

    page = Page(tabs, server)
    Select(page.find("#open-file")).select_by_value("esses.yaml")
    page.settle()
    page.enter("#laps", "5")
    page.click("#clear")
    assert question(page) == ("esses.yaml has unsaved changes. Clear and lose them?", ["discard", "cancel"])
    answer(page, "discard")
    page.settle()
    fields = [page.find(f"#{name}").get_attribute("value") for name in ("name", "laps", "save-name")]
    assert (fields, page.find("#file-name").text, page.status()) == (
        ["", "3", "track.yaml"],
        "new layout",
        "0 of 24 tiles",
    )
    shown = page.find("#text").get_attribute("textContent")
    assert shown == "trackkit: 1\npacks: 1\nlaps: 3\ncars: 4\npath: ''\nheading: east\n"
    page.keys("rrrr")
    page.click("#save")
    assert page.find("#message").text == "saved track.yaml"
    text = (folder / "track.yaml").read_text()
    assert text == "trackkit: 1\npacks: 1\nlaps: 3\ncars: 4\npath: 4R\nheading: east\n"
    assert hashlib.sha256(text.encode()).hexdigest() == page.browser.execute_script(
        "return JSON.parse(JSON.stringify(Saving.based({}))).opened.version;"
    )
    assert (folder / "esses.yaml").read_text() == (LAYOUTS / "esses.yaml").read_text()
