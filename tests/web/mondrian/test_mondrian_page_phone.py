"""The Mondrian page on a 375x667 touch phone: the tray, Turn and the message sit above the
board, so that a refused drag's reason and the "Solved" line are in sight without scrolling."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, FloatRect, Page, expect

from tests.web.conftest import fresh_page
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    SOLVED,
    cell_centre,
    coloured_solution,
    open_challenge,
    settled,
    tapped_into_place,
    tray,
)

WIDTH, HEIGHT = 375, 667


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from fresh_page(
        browser, viewport={"width": WIDTH, "height": HEIGHT}, has_touch=True, is_mobile=True
    )


def in_sight(page: Page, selector: str) -> FloatRect:
    """The box of ``selector``, expected wholly inside the screen with the page not scrolled."""
    assert page.evaluate("window.scrollY") == 0
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (selector, box)
    return box


def drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger put down at ``start``, moved to ``end`` and lifted (touch events, which the
    browser turns into pointer events)."""
    cdp = page.context.new_cdp_session(page)
    steps = 6
    cdp.send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [{"x": start[0], "y": start[1]}]},
    )
    for step in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * step / steps
        y = start[1] + (end[1] - start[1]) * step / steps
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    page.wait_for_timeout(300)  # the outline and its reason, as the finger rests
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settled(page)


def test_what_a_move_says_is_in_sight_above_the_board_without_scrolling(
    phone: Page, server: ServerProcess, artifacts: Path
) -> None:
    page = phone
    open_challenge(page, server)
    board = in_sight(page, "#board")
    for selector in ("#tray", "#turn", "#message"):
        box = in_sight(page, selector)
        assert box["y"] + box["height"] <= board["y"], f"{selector} is not above the board"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    start = page.locator(tray(page, "3x4")).bounding_box()
    assert start is not None
    drag(page, (start["x"] + 10, start["y"] + 10), cell_centre(page, 6, 6))
    message = page.locator("#message")
    expect(message).to_have_text("the 3x4 block would stick out past the right and bottom edges")
    in_sight(page, "#message")
    page.screenshot(path=artifacts / "mondrian-phone-refused.png")

    for placement in coloured_solution(CODE):
        tapped_into_place(page, placement)
    expect(message).to_have_text(SOLVED)
    expect(page.locator("#board")).to_have_class(re.compile(r"\bsolved\b"))
    in_sight(page, "#message")
    in_sight(page, "#board")
    page.screenshot(path=artifacts / "mondrian-phone-solved.png")
