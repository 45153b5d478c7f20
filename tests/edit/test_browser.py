"""The editor's page driven in a real browser (headless Chromium through
Selenium): Figure 1 built from an empty page by keys and clicks, findings
coming and going, undo and redo, saving.

These tests need Chromium and its driver (Debian: ``apt-get install
chromium chromium-driver``; CI installs them).  Without them they are
skipped, saying so (or fail, when ``TRACKKIT_REQUIRE_BROWSER`` is set, as
``.ci/run`` sets it).  ``TRACKKIT_EDITOR_SCREENSHOT=docs/editor.png pytest
tests/edit/test_browser.py`` also writes the README's screenshot.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support import LAYOUTS

from trackkit import games
from trackkit.api import check_file
from trackkit.edit.server import EditorServer

SCREENSHOT_VARIABLE = "TRACKKIT_EDITOR_SCREENSHOT"
"""Set it to a file name to have the test write a screenshot of the editor there."""

REQUIRE_VARIABLE = "TRACKKIT_REQUIRE_BROWSER"
"""Set (CI sets it) to fail rather than skip when no browser can be found."""

BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DRIVERS = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
WAIT_SECONDS = 15


def _first(paths: tuple[str, ...], name: str) -> str | None:
    found = [path for path in paths if os.access(path, os.X_OK)]
    return found[0] if found else shutil.which(name)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')"
    )
    binary, driver = _first(BROWSERS, "chromium"), _first(DRIVERS, "chromedriver")
    if binary is None or driver is None:
        reason = (
            "no browser: install chromium and chromium-driver (apt-get install -y chromium chromium-driver)"
        )
        if os.environ.get(REQUIRE_VARIABLE):
            pytest.fail(reason)
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000"):
        options.add_argument(argument)
    from selenium.webdriver.chrome.service import Service

    chrome = webdriver.Chrome(service=Service(driver), options=options)
    yield chrome
    chrome.quit()


@pytest.fixture
def server(tmp_path: Path, serve: Callable[[Path], EditorServer]) -> EditorServer:
    return serve(tmp_path / "my-figure1.yaml")


DRAG_LEFT_ONTO_TILE_0 = """
const carried = new DataTransfer();
const piece = document.querySelector('#palette [data-piece="left"]');
piece.dispatchEvent(new DragEvent("dragstart", {dataTransfer: carried, bubbles: true}));
const tile = document.querySelector('#strip [data-tile="0"]');
tile.dispatchEvent(new DragEvent("drop", {dataTransfer: carried, bubbles: true, cancelable: true}));
"""
"""A left tile dragged from the palette and dropped on tile 0 of the strip."""


class Page:
    """The editor's page in the browser, with waits for the server's answers."""

    def __init__(self, browser: Any, server: EditorServer) -> None:
        from selenium.webdriver.common.by import By

        self.browser, self.by = browser, By
        browser.get(server.address)
        self.settle()

    def settle(self) -> None:
        """Wait until every edit sent has been answered."""
        from selenium.webdriver.support.ui import WebDriverWait

        script = "const d = document.body.dataset; return d.busy === '0' && d.requested === d.revision;"
        WebDriverWait(self.browser, WAIT_SECONDS).until(lambda b: b.execute_script(script))

    def find(self, selector: str) -> Any:
        return self.browser.find_element(self.by.CSS_SELECTOR, selector)

    def keys(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.browser).send_keys(text).perform()
        self.settle()

    def chord(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.browser).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()
        self.settle()

    def click(self, selector: str) -> None:
        self.find(selector).click()
        self.settle()

    def enter(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.keys import Keys

        field = self.find(selector)
        field.clear()
        field.send_keys(text, Keys.TAB)
        self.settle()

    def rules(self) -> list[str]:
        """The rule ids of the findings shown in the side panel."""
        items = self.browser.find_elements(self.by.CSS_SELECTOR, "#findings li[data-rule]")
        return [item.get_attribute("data-rule") for item in items]

    def point_at(self, selector: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.browser).move_to_element(self.find(selector)).perform()

    def hot_tiles(self) -> list[str]:
        """The tiles in the strip lit up by the finding pointed at."""
        chips = self.browser.find_elements(self.by.CSS_SELECTOR, "#strip .tile.hot")
        return [chip.get_attribute("data-tile") for chip in chips]

    def status(self) -> str:
        return str(self.find("#status").text)


def test_figure1_built_by_keys_and_clicks_is_saved_as_the_rulebook_track(
    browser: Any, server: EditorServer
) -> None:
    page = Page(browser, server)
    assert page.status() == "0 of 24 tiles"
    assert page.rules() == ["reader"]

    page.enter("#name", "Figure 1")
    page.click('[data-move="turn"]')
    page.click('[data-move="turn"]')
    page.keys("rssrlsrssss")
    assert page.rules() == ["tile-budget", "closure"]  # in file order
    assert page.status() == "11 of 24 tiles · open · illegal"
    assert browser.find_elements(page.by.CSS_SELECTOR, "#drawing svg #faults")

    page.keys("l")  # a wrong tile, taken back with the delete key
    page.keys("\ue003")  # Backspace
    page.keys("rslrssrsssss")
    page.enter("#start", "21")
    assert page.rules() == ["tile-budget", "closure"]
    page.click('#palette [data-piece="straight"]')
    assert page.rules() == []
    assert page.status() == "24 of 24 tiles · closed · legal"

    page.chord("z")
    assert page.rules() == ["tile-budget", "closure"]
    page.point_at('#findings li[data-rule="closure"]')
    assert page.hot_tiles() == ["0", "22"]
    if os.environ.get(SCREENSHOT_VARIABLE):
        browser.save_screenshot(os.environ[SCREENSHOT_VARIABLE])
    page.chord("y")
    assert page.rules() == []
    page.click('[data-overlay="lanes"]')
    assert browser.find_elements(page.by.CSS_SELECTOR, "#drawing svg #inside-lane")
    page.click("#save")
    assert page.find("#message").text == "saved my-figure1.yaml"
    page.click("#export")
    assert page.find("#message").text == "exported my-figure1.svg"

    saved = server.session.folder / "my-figure1.yaml"
    assert games.load(saved).layout == games.load(LAYOUTS / "figure1.yaml").layout
    assert check_file(saved).report == check_file(LAYOUTS / "figure1.yaml").report


def test_a_motocross_course_gets_tiles_and_ramp_coins(browser: Any, server: EditorServer) -> None:
    from selenium.webdriver.support.ui import Select

    page = Page(browser, server)
    Select(page.find("#game")).select_by_value("motocross")
    page.settle()
    page.keys("ssrss")
    page.find('#strip [data-tile="2"]').click()
    page.click('#palette [data-piece="ramp-up"]')
    page.click('#palette [data-piece="ramp-up"]')
    assert "ramps: {2: 2}" in page.find("#text").get_attribute("textContent")
    browser.execute_script(DRAG_LEFT_ONTO_TILE_0)
    page.settle()
    text = page.find("#text").get_attribute("textContent")
    assert "path: S L S R 2S\n" in text and "ramps: {3: 2}" in text
    assert page.status().startswith("6 of 24 tiles · course: finish on tile 5")
    assert "motocross/tile-count" in page.rules()
