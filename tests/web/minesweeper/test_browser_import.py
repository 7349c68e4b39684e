"""Import a video, on the Minesweeper page in a real browser against a real server: a file
chosen is read ("Reading won.evf…") and its game opens on its watch page, which says where it
comes from; a file refused is told in words beside the control, and the page stays; the
control is reachable by the keyboard, passes axe-core and fits a phone."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, FilePayload, Page, expect

from tests.web.conftest import fresh_page
from tests.web.minesweeper.test_imports import won_evf
from tests.web.minesweeper.test_mines_page_a11y import serious


def opened(page: Page, server: ServerProcess) -> None:
    """The Minesweeper page, ready, with what its import line says recorded as it changes
    (``window.importSaid``)."""
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.evaluate(
        """() => {
          window.importSaid = [];
          const said = document.getElementById("import-said");
          new MutationObserver(() => window.importSaid.push(said.textContent))
            .observe(said, {childList: true, characterData: true, subtree: true});
        }"""
    )


def chosen(page: Page, name: str, data: bytes) -> None:
    """Choose the file ``name`` holding ``data`` in the import control."""
    payload: FilePayload = {"name": name, "mimeType": "application/octet-stream", "buffer": data}
    page.set_input_files("#import-file", files=[payload])


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page on a 375x667 phone screen."""
    yield from fresh_page(browser, viewport={"width": 375, "height": 667}, has_touch=True)


def test_a_video_chosen_opens_on_its_watch_page_saying_where_it_comes_from(
    page: Page, server: ServerProcess
) -> None:
    opened(page, server)
    with page.expect_navigation(url=re.compile(r"/watch/[^/]+$")):
        chosen(page, "won.evf", won_evf())
    origin = page.locator("#origin")
    expect(origin).to_be_visible()
    expect(origin).to_have_text(
        re.compile(r"^Imported from won\.evf \(EVF, recorded with gridpuzzles [0-9.]+\)\.$")
    )
    expect(page.locator("#title")).to_have_text("Minesweeper: beginner")
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Won in "))
    game_id = page.url.rsplit("/", 1)[1]
    export = f"/api/minesweeper/games/{game_id}/export?format=evf"
    expect(page.locator("#video-evf")).to_have_attribute("href", export)
    assert serious(page) == [], "the watch page of an imported game"


def test_a_file_refused_is_told_in_words_and_the_page_stays(
    page: Page, server: ServerProcess
) -> None:
    opened(page, server)
    control = page.get_by_label("Import a video")
    control.focus()  # a native file input: the keyboard reaches it
    expect(control).to_be_focused()
    chosen(page, "cut.evf", won_evf()[:60])
    said = page.locator("#import-said")
    expect(said).to_have_text(
        "Not imported: cut.evf: the file ends inside its translating software."
    )
    expect(said).to_have_class(re.compile(r"\berror\b"))
    expect(said).to_have_attribute("role", "status")
    assert "Reading cut.evf…" in page.evaluate("window.importSaid")
    assert page.url.rstrip("/") == server.url.rstrip("/")
    assert serious(page) == [], "the page with a refusal beside the control"


def test_the_control_fits_a_phone(phone: Page, server: ServerProcess) -> None:
    opened(phone, server)
    chosen(phone, "notes.txt", b"not a video")
    expect(phone.locator("#import-said")).to_contain_text("notes.txt: is not a video file")
    box = phone.locator(".import").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= 375, f"the page scrolls sideways: {wide}px wide"
    assert serious(phone) == [], "the phone's page with a refusal"
