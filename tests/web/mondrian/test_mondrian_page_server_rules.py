"""The Mondrian page follows what the server's state says it may offer, and decides none of it
(real browser against a real server; some answers changed on their way to show that the page
reads them rather than its own copy of a rule): Hint and Show solutions (`can_hint`,
`can_show_solutions`), editing the black blocks until the challenge is set (`can_play`),
asking before replacing a game in play (`in_play`), undo and redo by `can_undo` and
`can_redo` (the buttons and the keys alike)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, Request, Route, expect

from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    click_cell,
    coloured_solution,
    open_challenge,
    placed,
    settled,
    tray,
)

CREATED = "**/api/mondrian/games"


def answered_with(**fields: Any) -> Callable[[Route], None]:
    """A route handler that answers with the server's own answer, ``fields`` changed."""

    def handle(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), **fields})

    return handle


def moves_sent(page: Page) -> list[str]:
    """The bodies of the moves ``page`` sends from now on (filled as they go)."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            sent.append(request.post_data or "")

    page.on("request", seen)
    return sent


def test_hint_and_show_solutions_are_offered_as_the_state_says(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)  # a published challenge: every black block is down
    expect(page.locator("#hint")).to_be_enabled()
    expect(page.locator("#show-solutions")).to_be_enabled()
    page.route(CREATED, answered_with(can_hint=False, can_show_solutions=False))
    open_challenge(page, server)
    expect(page.locator("#hint")).to_be_disabled()
    expect(page.locator("#show-solutions")).to_be_disabled()


def test_the_page_edits_the_black_blocks_while_the_state_says_the_challenge_is_not_set(
    page: Page, server: ServerProcess
) -> None:
    page.route(CREATED, answered_with(can_play=False))
    open_challenge(page, server)  # its black blocks are all down, yet the state says no
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    page.click("#edit")
    expect(page.locator("#message")).to_have_text(
        "Place the three black blocks first: the challenge needs all of them."
    )
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "true")


def test_replacing_a_game_asks_first_when_the_state_says_it_is_in_play(
    page: Page, server: ServerProcess
) -> None:
    page.route(CREATED, answered_with(in_play=True))
    open_challenge(page, server)  # no block down: yet the server's state says in play
    page.click("#random")
    expect(page.get_by_role("dialog", name="Leave this game?")).to_be_visible()
    page.click("#keep-playing")
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")


def test_undo_and_redo_are_sent_only_where_the_state_says_they_can_be(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    sent = moves_sent(page)
    page.focus("#board")
    for key in ("u", "Control+z", "Control+y", "Control+Shift+z"):
        page.keyboard.press(key)
    settled(page)
    assert sent == []  # a new game has nothing to undo or redo: nothing was asked
    expect(page.locator("#message")).not_to_have_class(re.compile(r"\berror\b"))

    first = coloured_solution(CODE)[0]
    page.route("**/moves", answered_with(can_undo=False))
    page.click(tray(page, str(first.block)))
    if first.orientation.value == "v":
        page.keyboard.press("r")
    click_cell(page, first.row, first.col)
    placed(page, first)
    expect(page.locator("#undo")).to_be_disabled()
    page.unroute("**/moves")
    sent.clear()
    page.focus("#board")
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    settled(page)
    assert sent == []
    placed(page, first)
