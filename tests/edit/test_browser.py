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
"""Set it to a folder to have the tests write a screenshot of the editor for each game there."""

REQUIRE_VARIABLE = "TRACKKIT_REQUIRE_BROWSER"
"""Set (CI sets it) to fail rather than skip when no browser can be found."""

BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DRIVERS = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
WAIT_SECONDS = 15
"""The longest a test waits for the page to answer before it fails."""

POLL_SECONDS = 0.02
"""How often a wait asks the page again (Selenium's own half second made a
drag of forty cells wait on nothing for most of its time)."""

MOVE_MS = 0
"""How long a mouse move from one cell to the next takes.  Selenium's own
quarter second a move spread a drag of forty cells over ten seconds; the
page sees the same cells in the same order either way (a move lands in the
next cell of the drag, and the page fills in any cell a fast move skips)."""


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


def waiting(browser: Any) -> Any:
    """A wait on the page that asks every :data:`POLL_SECONDS` for at most :data:`WAIT_SECONDS`."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT_SECONDS, poll_frequency=POLL_SECONDS)


class Page:
    """The editor's page in the browser, with waits for the server's answers."""

    def __init__(self, browser: Any, server: EditorServer) -> None:
        from selenium.webdriver.common.by import By

        self.browser, self.by, self.server = browser, By, server
        self.armed: Any = None
        """The palette piece's button the last action armed."""
        browser.get(server.address)
        self.settle()

    def settle(self) -> None:
        """Wait until every edit sent has been answered."""
        script = "const d = document.body.dataset; return d.busy === '0' && d.requested === d.revision;"
        waiting(self.browser).until(lambda b: b.execute_script(script))

    def find(self, selector: str) -> Any:
        return self.browser.find_element(self.by.CSS_SELECTOR, selector)

    def keys(self, text: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.browser, duration=MOVE_MS).send_keys(text).perform()
        self.settle()

    def chord(self, key: str) -> None:
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.browser, duration=MOVE_MS).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()
        self.settle()

    def click(self, selector: str) -> None:
        """Click the element: the mouse moved onto its middle, pressed and
        let go, as one action (WebDriver's own element click asks the page
        several more times, whether the element is in view and uncovered and
        whether a page is loading: some 0.1 to 0.2 s a click)."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.browser, duration=MOVE_MS).click(self.find(selector)).perform()
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

        ActionChains(self.browser, duration=MOVE_MS).move_to_element(self.find(selector)).perform()

    def cell_point(self, cell: tuple[float, float]) -> tuple[float, float]:
        """Where on the screen the middle of a table cell is (see :meth:`cell_points`)."""
        return self.cell_points([cell])[0]

    def cell_points(self, cells: list[tuple[float, float]], shown: str = "") -> list[tuple[float, float]]:
        """Where on the screen the middles of table cells are, in the page's
        own terms (its canvas's top-left cell and cell size), asked in one
        script however many cells; with ``shown``, after scrolling the
        element it selects into view, as a click on it would first."""
        script = """
        if (arguments[1]) document.querySelector(arguments[1]).scrollIntoView({block: 'nearest', inline: 'nearest'});
        const box = document.getElementById('table').getBoundingClientRect();
        const size = 48 * state.zoom;
        return arguments[0].map(([x, y]) => [box.left + (x - state.origin[0] + 0.5) * size,
                                             box.top + (state.origin[1] - y + 0.5) * size]);
        """
        points = self.browser.execute_script(script, [list(cell) for cell in cells], shown)
        return [(float(x), float(y)) for x, y in points]

    def drag_through(self, cells: list[tuple[float, float]], piece: str | None = None) -> None:
        """Press the mouse on the first cell, move it through the others and
        let go on the last; with ``piece``, click that palette piece first
        (arming it), in the same action."""
        points = self.cell_points(cells, _palette(piece))
        actions = self._pointer(piece)
        actions.pointer_action.move_to_location(*points[0]).pointer_down()
        for point in points[1:]:
            actions.pointer_action.move_to_location(*point)
        actions.pointer_action.pointer_up()
        actions.perform()
        self.settle()

    def click_cells(self, cells: list[tuple[float, float]], piece: str | None = None) -> None:
        """Click each cell in turn (the page sends each edit once the one
        before is answered), as one action; with ``piece``, click that palette
        piece first and again after the last cell (armed for these clicks
        only).  The cells' places are asked once, before the clicks: for
        clicks that leave the table's bounds as they are."""
        points = self.cell_points(cells, _palette(piece))
        actions = self._pointer(piece)
        for point in points:
            actions.pointer_action.move_to_location(*point).pointer_down().pointer_up()
        if piece is not None:
            actions.pointer_action.click(self.armed)
        actions.perform()
        self.settle()

    def _pointer(self, piece: str | None) -> Any:
        """A new action for the mouse, beginning with a click on the palette
        piece ``piece`` when given (which changes nothing but what is armed;
        its button is kept as :attr:`armed`)."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        actions = ActionBuilder(self.browser, duration=MOVE_MS)
        if piece is not None:
            self.armed = self.find(_palette(piece))
            actions.pointer_action.click(self.armed)
        return actions

    def touch(self, paths: list[list[tuple[float, float]]]) -> None:
        """Fingers on the screen (touch pointers): each comes down on the
        first point of its path, all move together through the others, and
        all lift at the last."""
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        builder = ActionBuilder(self.browser)
        for number, path in enumerate(paths):
            finger = builder.add_pointer_input(interaction.POINTER_TOUCH, f"finger {number}")
            finger.create_pointer_move(duration=0, x=int(path[0][0]), y=int(path[0][1]), origin="viewport")
            finger.create_pointer_down(button=0)
            for x, y in path[1:]:
                finger.create_pointer_move(duration=60, x=int(x), y=int(y), origin="viewport")
            finger.create_pointer_up(button=0)
        builder.perform()
        self.settle()

    def view(self) -> list[float]:
        """The table's zoom and how far its box is scrolled, left and down."""
        script = "const box = document.getElementById('table-box'); return [state.zoom, box.scrollLeft, box.scrollTop];"
        return [round(float(value), 2) for value in self.browser.execute_script(script)]

    def click_cell(self, cell: tuple[float, float]) -> None:
        self.drag_through([cell])

    def arm(self, piece: str) -> None:
        """Click a palette piece, so that the next click puts it down."""
        self.click(_palette(piece))

    def chosen(self) -> list[str]:
        spots = self.browser.find_elements(self.by.CSS_SELECTOR, "#table .spot.chosen")
        return [spot.get_attribute("data-index") for spot in spots]

    def text(self) -> str:
        return str(self.find("#text").get_property("value"))

    def choose_game(self, game: str) -> None:
        from selenium.webdriver.support.ui import Select

        Select(self.find("#game")).select_by_value(game)
        self.settle()

    def saved_as(self, game: str, shipped: str) -> Path:
        """Take the game's screenshot (when asked), save, and check the file
        saved is the shipped layout as a track; the file saved."""
        _screenshot(self.browser, game)
        self.click("#save")
        saved = Path(self.find("#file-name").text)
        _same_track(self.server.session.folder / saved, shipped)
        return self.server.session.folder / saved

    def status(self) -> str:
        return str(self.find("#status").text)


def _palette(piece: str | None) -> str:
    """The selector of a palette piece's button (none without a piece)."""
    return f'#palette [data-piece="{piece}"]' if piece else ""


def _shipped_page(browser: Any, copy: Path, serve: Callable[[Path], EditorServer]) -> Page:
    """The page on ``copy``, a copy of the shipped layout of its name."""
    shutil.copy(LAYOUTS / copy.name, copy)
    return Page(browser, serve(copy))


def _track_id(path: Path) -> str:
    from typer.testing import CliRunner

    from trackkit.cli.app import app

    result = CliRunner().invoke(app, ["id", str(path)])
    assert result.exit_code == 0, result.output
    return result.output.strip()


def _same_track(saved: Path, shipped: str) -> None:
    """The saved file is the shipped layout as a track: the same findings
    (``validate``'s report), and for a circuit the same id."""
    assert check_file(saved).report == check_file(LAYOUTS / shipped).report
    if games.load(LAYOUTS / shipped).layout.game == "racepack":
        assert _track_id(saved) == _track_id(LAYOUTS / shipped)


def _shipped_cells(shipped: str) -> list[tuple[float, float]]:
    """The tile cells of a shipped circuit in driving order, as ``convert --to tiles`` writes them."""
    layout = games.load(LAYOUTS / shipped).layout
    return [(x / 2, y / 2) for x, y in layout.circuit.centres()]


def _screenshot(browser: Any, game: str) -> None:
    """Write the README's screenshot of ``game`` when asked (see SCREENSHOT_VARIABLE)."""
    folder = os.environ.get(SCREENSHOT_VARIABLE)
    if folder:
        browser.execute_script("window.scrollTo(0, 0);")  # the header and status in view
        browser.save_screenshot(str(Path(folder) / f"editor-{game}.png"))


def test_figure1_dragged_as_one_road_from_an_empty_table_is_the_rulebook_track(
    browser: Any, server: EditorServer
) -> None:
    page = Page(browser, server)
    assert page.status() == "0 of 24 tiles"
    assert page.rules() == ["reader"]
    cells = _shipped_cells("figure1.yaml")
    page.drag_through(cells[:11])
    assert page.status() == "11 of 24 tiles · open · illegal"
    assert page.find("#close-loop").text == "Close the loop (9 more)"
    page.drag_through(cells[10:] + cells[:1])  # on from the road's end, back onto tile 0
    assert page.status() == "24 of 24 tiles · legal"
    page.arm("start")
    page.click_cell(cells[21])
    assert "start: 21" in page.text()
    page.keys("\ue00c")  # Escape: the start line is put away
    page.click_cell(cells[5])  # the middle of a tile: it is chosen
    assert page.chosen() == ["5"]
    saved = page.saved_as("racepack", "figure1.yaml")
    assert page.find("#message").text == "saved my-figure1.yaml"
    assert "path: R 2S R L S R 4S R S L R 2S R 6S\nheading: west\nstart: 21\n" in saved.read_text()


def test_keys_work_after_an_overlay_box_is_ticked(browser: Any, server: EditorServer) -> None:
    page = Page(browser, server)
    page.keys("s")
    page.click('[data-overlay="lanes"]')
    page.keys("ssss")
    assert page.status() == "5 of 24 tiles · open · illegal"
    page.click_cell((4, 0))
    assert page.chosen() == ["4"]
    page.click('[data-overlay="lanes"]')
    page.keys("\ue017")  # Delete
    assert page.status() == "4 of 24 tiles · open · illegal"
    page.chord("z")
    assert page.status() == "5 of 24 tiles · open · illegal"


def test_an_answer_changes_only_what_it_changed_and_every_change_is_shown(
    browser: Any, tmp_path: Path, serve: Callable[[Path], EditorServer]
) -> None:
    page = _shipped_page(browser, tmp_path / "figure1.yaml", serve)
    legal, kept = page.status(), page.find("#findings li.none")
    page.click('[data-overlay="lanes"]')  # answered again: the same findings and table
    assert (page.status(), kept.text) == (legal, "No findings: every rule is kept.")  # the same element
    page.click_cell(tuple(page.browser.execute_script("return state.answer.table.spots[5].cell")))
    page.keys("\ue017")  # Delete: the loop is broken
    assert page.rules() and "illegal" in page.status()
    assert len(page.browser.find_elements(page.by.CSS_SELECTOR, "#table .spot")) == 23
    from selenium.common.exceptions import StaleElementReferenceException

    with pytest.raises(StaleElementReferenceException):
        kept.text  # noqa: B018 (the list was written anew)
    page.chord("z")
    assert (page.status(), page.rules(), page.find("#findings li.none").text) == (
        legal,
        [],
        "No findings: every rule is kept.",
    )
    assert len(page.browser.find_elements(page.by.CSS_SELECTOR, "#table .spot")) == 24


def test_a_finger_lays_road_and_two_fingers_pinch_to_zoom_and_pan(
    browser: Any, tmp_path: Path, serve: Callable[[Path], EditorServer]
) -> None:
    page = _shipped_page(browser, tmp_path / "grand-prix.yaml", serve)
    x, y = page.cell_point((-9, 0))  # tile 37, near the box's top-left corner
    page.touch([[(x, y)]])
    assert page.chosen() == ["37"]  # one finger's tap chooses a tile, as a click does
    requested = page.find("body").get_attribute("data-requested")
    assert page.view() == [1.0, 0.0, 0.0]
    page.touch([[(x - 40, y), (x - 80, y)], [(x + 40, y), (x + 80, y)]])  # spread from 80 to 160 pixels
    zoom, left, top = page.view()
    assert zoom == 2.0 and left > 0 and top > 0  # the fingers' middle kept under them
    page.touch([[(x - 40, y), (x - 40, y - 100)], [(x + 40, y), (x + 40, y - 100)]])  # both fingers up 100
    assert page.view() == [2.0, left, top + 100]
    page.touch([[(x - 80, y), (x - 40, y)], [(x + 80, y), (x + 40, y)]])  # pinched to half
    assert page.view()[0] == 1.0
    assert page.find("body").get_attribute("data-requested") == requested  # no piece laid or moved
    assert page.chosen() == ["37"]


def test_a_number_field_refuses_what_is_not_a_number(browser: Any, server: EditorServer) -> None:
    page = Page(browser, server)
    page.keys("s")
    page.enter('#settings [data-key="laps"]', "abc")
    assert page.find("#message").text == "laps must be a whole number from 1 to 99"
    assert "laps" not in page.text()  # left to the game's default, 3
    assert page.find('#settings [data-key="laps"]').get_property("value") == ""


def test_a_motocross_course_with_ramps_laid_by_mouse_is_the_shipped_course(
    browser: Any, server: EditorServer
) -> None:
    page = Page(browser, server)
    page.choose_game("motocross")
    layout = games.load(LAYOUTS / "motocross-four-players.yaml").layout
    cells = [(x / 2, y / 2) for x, y in layout.centres]
    page.drag_through(cells)
    page.arm("ramp-up")
    page.click_cells([cells[tile] for tile, coins in layout.ramps for _ in range(coins)])
    assert page.find('#inventory [data-what="coins"]').text == "coins: 12 used, 0 left"
    page.saved_as("motocross", "motocross-four-players.yaml")


def test_a_race_road_course_with_its_corners_laid_by_mouse(browser: Any, server: EditorServer) -> None:
    from trackkit.race.tabletop import space_cell

    page = Page(browser, server)
    page.choose_game("race")
    page.drag_through([space_cell(space) for space in range(1, 41)])
    assert page.status().startswith("40 of 40 spaces")
    layout = games.load(LAYOUTS / "race-road-course.yaml").layout
    for corner in layout.corners:
        page.drag_through([space_cell(space) for space in corner.spaces(40)], piece=f"corner-{corner.radius}")
    page.enter('#settings [data-key="laps"]', "3")
    page.enter('#settings [data-key="racers"]', "8")
    page.saved_as("race", "race-road-course.yaml")


def test_a_rally_deck_laid_and_reordered_by_mouse(browser: Any, server: EditorServer) -> None:
    from trackkit.rally.tabletop import card_cell

    page = Page(browser, server)
    page.choose_game("rally")
    collection = "straight: 2, left-curve: 2, right-curve: 2, s-bend: 2, hairpin: 1"
    page.enter('#settings [data-key="cards"][data-group="base"]', collection)
    assert "cards: {base: {straight: 2, left-curve: 2, right-curve: 2, s-bend: 2, hairpin: 1}}" in page.text()
    shipped = games.load(LAYOUTS / "rally-base.yaml").layout
    course = shipped.course
    wrong = [course[0], course[2], course[1], *course[3:]]  # the 3-lane card laid late
    for index, card in enumerate(wrong):
        page.click_cells([card_cell(index)], piece=card)  # armed, laid, disarmed
    page.drag_through([card_cell(2), card_cell(1)])  # the 3-lane card dragged back into place
    assert page.status() == "9 of 9 track cards · 16 cards · legal"
    assert page.find('#inventory [data-what="checkpoints"]').text == "checkpoints: 3 used, 0 left"
    saved = games.load(page.saved_as("rally", "rally-base.yaml")).layout
    assert (saved.course, saved.cards, saved.expansion) == (course, shipped.cards, shipped.expansion)


def test_a_collection_written_wrong_is_refused_in_words(browser: Any, server: EditorServer) -> None:
    page = Page(browser, server)
    page.choose_game("rally")
    page.enter('#settings [data-key="cards"][data-group="base"]', "straight two")
    assert page.find("#message").text == "cards base must be written name: count, name: count (whole numbers)"
    assert page.find('#settings [data-key="cards"][data-group="base"]').get_property("value") == ""
    page.enter('#settings [data-key="cards"][data-group="expansion"]', "Straight: 2")
    assert page.find("#message").text == (
        "cards expansion 'Straight' is not a name it takes (small letters, digits, '-')"
    )
    assert "cards" not in page.text()


def test_a_broken_file_is_mended_in_the_text_pane_and_a_tile_dragged_away(
    browser: Any, tmp_path: Path, serve: Callable[[Path], EditorServer]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("trackkit: 1\nlap: 3\npath: R R R R\n")
    page = Page(browser, serve(broken))
    assert page.rules() == ["reader"]
    assert page.find("#findings li.reader").text.startswith("line 2, column 1: unknown key 'lap'")
    assert page.find("#text-pane").get_attribute("open") is not None
    pane = page.find("#text")
    pane.clear()
    pane.send_keys("trackkit: 1\nlaps: 3\npath: R R R R\n")
    page.click("#apply-text")
    assert page.status() == "4 of 24 tiles · legal"
    tile = page.browser.execute_script("return state.answer.table.spots[3].cell")
    page.drag_through([tuple(tile), (tile[0] - 1, tile[1]), (tile[0] - 2, tile[1])])
    assert "tiles: [[0, 0], [0, -1], [-1, -1], [-3, 0]]" in page.text()  # tile 3 two cells west
    assert page.status() == "4 of 24 tiles · open · illegal"
    assert page.find("body").get_attribute("data-dirty") == "true"
    page.click("#save")  # the mended text replaces the unreadable file this tab opened
    assert page.find("#message").text == "saved broken.yaml"
    assert broken.read_text() == page.text() and page.find("body").get_attribute("data-dirty") == "false"


def test_generate_takes_the_options_of_trackkit_generate_for_the_game(
    browser: Any, server: EditorServer
) -> None:
    page = Page(browser, server)
    page.choose_game("race")
    page.enter('#generate-options [data-key="spaces"]', "30")
    page.enter('#generate-options [data-key="corners"]', "3")
    page.enter("#seed", "7")
    page.click("#generate")
    assert page.status() == "30 of 30 spaces · legal"
    assert page.text().count("radius:") == 3
    assert page.find("#message").text == "generated with seed 7"
