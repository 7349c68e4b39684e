"""The Minesweeper page follows what the server's answers say it may offer, and decides none of
it (real browser against a real server; some answers changed on their way to show that the
page reads them rather than its own copy of a rule): the `assisted` of a hint, `in_play`
(leaving asks first), `can_undo` and `can_redo` (the buttons and the keys alike)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, Request, Route, expect

from tests.web.boards import FIRST, beginner_mine
from tests.web.minesweeper.test_browser import at, cell, open_seeded

OPEN = re.compile(r"\bopen\b")


def answered_with(**fields: Any) -> Callable[[Route], None]:
    """A route handler that answers with the server's own answer, ``fields`` changed."""

    def handle(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), **fields})

    return handle


def rewinds_sent(page: Page) -> list[str]:
    """The undo and redo requests ``page`` sends from now on (filled as they go)."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and re.search(r"/(undo|redo)$", request.url):
            sent.append(request.url)

    page.on("request", seen)
    return sent


def test_a_hint_marks_the_page_assisted_as_its_answer_says(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)  # before the first reveal: this hint would mark nothing
    page.route("**/hint", answered_with(assisted=True))
    with page.expect_response("**/hint"):
        page.click("#hint")
    expect(page.locator("#message")).to_contain_text("Hint: ")
    expect(page.locator("#assisted")).to_be_visible()


def test_a_hint_answer_saying_not_assisted_leaves_the_page_unmarked(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    page.route("**/hint", answered_with(assisted=False))
    with page.expect_response("**/hint"):
        page.click("#hint")
    expect(page.locator("#message")).to_contain_text("Hint: ")
    expect(page.locator("#assisted")).to_be_hidden()


def test_leaving_asks_first_when_the_state_says_the_game_is_in_play(
    page: Page, server: ServerProcess
) -> None:
    page.route("**/api/minesweeper/games", answered_with(in_play=True))
    open_seeded(page, server)  # not started: yet the server's state says in play
    page.click("#new-game")
    expect(page.locator("#leave")).to_be_visible()
    page.click("#keep-playing")
    expect(page.locator("#leave")).to_be_hidden()


def test_leaving_a_game_the_state_says_is_not_in_play_asks_nothing(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    page.route("**/moves", answered_with(in_play=False))
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#new-game")
    expect(page.locator("#leave")).to_be_hidden()


def test_the_u_key_sends_no_undo_where_the_state_says_there_is_none(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    sent = rewinds_sent(page)
    page.locator("#board").focus()
    for key in ("u", "Control+z", "y", "Control+y"):
        page.keyboard.press(key)
    cell(page, *FIRST).click()  # a move after the keys: they were passed over, not queued
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert sent == []
    expect(page.locator("#message")).not_to_have_class(re.compile(r"\berror\b"))


def test_undo_on_a_lost_game_goes_by_can_undo(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    sent = rewinds_sent(page)
    with page.expect_response("**/moves"):
        page.route("**/moves", answered_with(can_undo=False))
        cell(page, *at(beginner_mine())).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(page.locator("#undo")).to_be_disabled()
    page.locator("#board").focus()
    page.keyboard.press("u")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert sent == []
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
