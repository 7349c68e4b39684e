"""Expert on a 375x667 touch phone (real browser against a real server): the board fits the
screen by default, and a labelled zoom control (zoom in, out, fit; keyboard reachable) makes
cells of 24 px and more that pan in the board's frame."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, Page, expect

from tests.web.boards import SEED
from tests.web.conftest import fresh_page
from tests.web.minesweeper.test_browser_phone import PHONE, ready


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page on a 375x667 touch screen."""
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def columns_in_view(page: Page) -> int:
    """How many of the board's first row of cells are wholly inside the screen."""
    seen: int = page.evaluate(
        """() => [...document.querySelectorAll('#board .cell')].slice(0, 30)
             .filter(c => { const b = c.getBoundingClientRect();
                            return b.left >= 0 && b.right <= innerWidth; }).length"""
    )
    return seen


def frame_pans(page: Page) -> bool:
    pans: bool = page.locator("#board-frame").evaluate("f => f.scrollWidth > f.clientWidth + 1")
    return pans


def test_expert_fits_a_phone_by_default_and_zooms_in_out_and_to_fit(
    phone: Page, server: ServerProcess, artifacts: Path
) -> None:
    phone.goto(f"{server.url}/?level=expert&first_click=safe&seed={SEED}")
    ready(phone, 480)
    assert columns_in_view(phone) == 30
    assert not frame_pans(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    expect(phone.locator("#pan-note")).to_be_hidden()
    fit = phone.get_by_role("button", name="Fit the board to the screen")
    zoom_in = phone.get_by_role("button", name="Zoom in")
    zoom_out = phone.get_by_role("button", name="Zoom out")
    expect(fit).to_have_attribute("aria-pressed", "true")
    expect(zoom_out).to_be_disabled()
    for button in (fit, zoom_in, zoom_out):
        box = button.bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24
    phone.screenshot(path=artifacts / "minesweeper-phone-expert-fit.png")

    zoom_in.tap()
    first = phone.locator("#board .cell").first.bounding_box()
    assert first is not None and first["width"] >= 24
    assert frame_pans(phone) and columns_in_view(phone) < 30
    expect(fit).to_have_attribute("aria-pressed", "false")
    expect(phone.locator("#pan-note")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=artifacts / "minesweeper-phone-expert-zoomed.png")
    zoom_in.tap()
    bigger = phone.locator("#board .cell").first.bounding_box()
    assert bigger is not None and bigger["width"] > first["width"]
    zoom_out.tap()
    back = phone.locator("#board .cell").first.bounding_box()
    assert back is not None and back["width"] == first["width"]

    fit.focus()  # by keyboard too
    phone.keyboard.press("Enter")
    expect(fit).to_have_attribute("aria-pressed", "true")
    assert columns_in_view(phone) == 30 and not frame_pans(phone)
    zoom_in.focus()
    phone.keyboard.press("Space")
    assert frame_pans(phone)
