"""The page's first click opens an area unless the player chose otherwise, and it remembers
the choice (real browser against a real server)."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.web.minesweeper.test_browser import start_new_game


def test_the_first_click_opens_an_area_by_default_and_the_choice_is_kept(
    page: Page, server: ServerProcess
) -> None:
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as made:
        page.goto(f"{server.url}/")
    asked = made.value.request.post_data_json
    assert asked is not None and asked["first_click"] == "opening"
    assert made.value.json()["first_click"] == "opening"
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#first-click")).to_have_value("opening")
    corner = page.locator("#board .cell[data-index='0']")
    corner.click()
    expect(corner).to_have_attribute("data-symbol", "0")  # an opening: no mine around it
    expect(page.locator("#board .cell.open")).not_to_have_count(1)
    assert page.locator("#board .cell.open").count() >= 4

    page.select_option("#first-click", "safe")  # the game has started: the page asks first
    start_new_game(page, lambda: page.click("#leave-game"))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#first-click")).to_have_value("safe")
    with page.expect_response(
        lambda r: r.url.endswith("/games") and r.request.method == "POST"
    ) as made:
        page.click("#face")
    assert made.value.json()["first_click"] == "safe"
    expect(page.locator("#board .cell.open")).to_have_count(0)
    expect(page.locator("#board .cell").first).to_have_class(re.compile(r"\bhidden\b"))
