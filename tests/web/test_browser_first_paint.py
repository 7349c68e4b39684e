"""Both pages show their board on the browser's first paint (real browser against a real
server): with every request to the API held unanswered, the board is drawn at once, from what
the page kept of its game or as the board of the game it is about to start, and it is drawn
before the first paint even when the page's script comes late. What a page needs before its
first request comes with it, as the API answers it."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from benchmarks.server import ServerProcess
from fastapi.testclient import TestClient
from playwright.sync_api import Page, Route, expect

from tests.web.boards import FIRST
from tests.web.minesweeper.test_browser import cell, open_seeded
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    click_cell,
    coloured_solution,
    hover_cell,
    open_challenge,
    placed,
    tray,
)

SCRIPT_LATE_MS = 300
"""How long the page's own script is held: time enough for a paint before it runs, unless
the page keeps rendering back until its script has drawn the board."""


class Held:
    """The requests whose address matches ``pattern``, held unanswered until `release`."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.page = page
        self.pattern = pattern
        self.routes: list[Route] = []
        self.released = False
        page.route(pattern, self.handler)

    def handler(self, route: Route) -> None:
        if self.released:  # one sent while the held ones are let go
            route.continue_()
        else:
            self.routes.append(route)

    def urls(self) -> list[str]:
        return [route.request.url for route in self.routes]

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()
        self.page.unroute(self.pattern, self.handler)


def load_late(page: Page, script: str, navigate: Callable[[], object]) -> None:
    """``navigate`` (a goto or a reload, waiting for the answer's headers only) with the page's
    ``script`` held for SCRIPT_LATE_MS."""
    held = Held(page, f"**/static/{script}")
    navigate()
    page.wait_for_timeout(SCRIPT_LATE_MS)
    held.release()


def drawn_before_first_paint(page: Page) -> None:
    """The page marked "board-drawn" no later than its first paint."""
    page.wait_for_function("performance.getEntriesByType('paint').length > 0")
    drawn, painted = page.evaluate(
        """() => [
             performance.getEntriesByName('board-drawn', 'mark').map(m => m.startTime)[0] ?? null,
             Math.min(...performance.getEntriesByType('paint').map(p => p.startTime)),
           ]"""
    )
    assert drawn is not None, "the board was not drawn before the API answered"
    assert drawn <= painted, (
        f"the board was drawn at {drawn} ms, after the first paint at {painted} ms"
    )


def test_each_page_carries_what_it_needs_before_any_request(client: TestClient) -> None:
    for page, element, answer in (
        ("/", "minesweeper-options", "/api/minesweeper/options"),
        ("/mondrian", "mondrian-challenges", "/api/mondrian/challenges"),
    ):
        html = client.get(page).text
        found = re.search(rf'<script type="application/json" id="{element}">(.*?)</script>', html)
        assert found is not None, (page, element)
        assert "<" not in found.group(1)
        assert json.loads(found.group(1)) == client.get(answer).json()


def symbols(page: Page) -> list[str]:
    shown: list[str] = page.eval_on_selector_all(
        "#board .cell", "cells => cells.map(c => c.dataset.symbol)"
    )
    return shown


def test_a_new_minesweeper_game_is_drawn_all_hidden_before_any_answer(
    page: Page, server: ServerProcess
) -> None:
    api = Held(page, "**/api/**")
    load_late(page, "minesweeper.js", lambda: page.goto(f"{server.url}/", wait_until="commit"))
    expect(page.locator("#board .cell")).to_have_count(81)  # beginner, the first level
    expect(page.locator("#board .cell.hidden")).to_have_count(81)
    expect(page.locator("#mines-left")).to_have_attribute("data-value", "10")
    expect(page.locator("#timer")).to_have_attribute("data-value", "0")
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    expect(page.locator("#level")).to_have_value("beginner")  # the levels came with the page
    drawn_before_first_paint(page)
    assert not [url for url in api.urls() if url.endswith("/options")]

    corner = page.locator("#board .cell[data-index='0']")
    corner.click()  # on the board drawn at once: played on the game once it is made
    api.release()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(corner).to_have_class(re.compile(r"\bopen\b"))


def test_a_kept_minesweeper_game_is_drawn_as_last_seen_before_any_answer(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    seen = symbols(page)
    hidden = seen.index("#")
    timer = int(page.locator("#timer").get_attribute("data-value") or "")

    api = Held(page, "**/api/**")
    load_late(page, "minesweeper.js", lambda: page.reload(wait_until="commit"))
    expect(page.locator("#board .cell")).to_have_count(81)
    expect(page.locator("#board .cell.open")).to_have_count(81 - seen.count("#"))
    assert symbols(page) == seen
    expect(page.locator("#mines-left")).to_have_attribute("data-value", "10")
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    expect(page.locator("#timer")).to_have_attribute("data-value", re.compile(r"^[0-9]+$"))
    assert int(page.locator("#timer").get_attribute("data-value") or "") >= timer  # it runs on
    drawn_before_first_paint(page)

    cell(page, *divmod(hidden, 9)).click(button="right")  # played once the game is read
    api.release()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(cell(page, *divmod(hidden, 9))).to_have_attribute("data-symbol", "F")
    expect(page.locator("#mines-left")).to_have_attribute("data-value", "9")
    kept = json.loads(page.evaluate("localStorage.getItem('gridpuzzles.minesweeper.state')"))
    assert "token" not in kept["state"]  # the token stays in its cookie
    assert kept["state"]["view"][hidden // 9][hidden % 9] == "F"


def test_a_new_mondrian_game_is_drawn_as_an_empty_board_before_any_answer(
    page: Page, server: ServerProcess
) -> None:
    api = Held(page, "**/api/**")
    load_late(page, "mondrian.js", lambda: page.goto(f"{server.url}/mondrian", wait_until="commit"))
    expect(page.locator("#board .cell")).to_have_count(64)
    expect(page.locator("#board .block")).to_have_count(0)
    expect(page.locator("#edition option")).not_to_have_count(1)  # the list came with the page
    drawn_before_first_paint(page)
    assert not [url for url in api.urls() if url.endswith("/challenges")]

    api.release()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .block.black")).to_have_count(3)


def test_a_kept_mondrian_game_is_drawn_as_last_seen_before_any_answer(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    first = coloured_solution(CODE)[0]
    page.click(tray(page, str(first.block)))
    hover_cell(page, first.row, first.col)
    if first.orientation.value == "v":
        page.keyboard.press("r")
    click_cell(page, first.row, first.col)
    placed(page, first)

    api = Held(page, "**/api/**")
    # the page again (the address without the challenge's code, which would start it afresh)
    load_late(page, "mondrian.js", lambda: page.goto(f"{server.url}/mondrian", wait_until="commit"))
    expect(page.locator("#board .cell")).to_have_count(64)
    expect(page.locator("#board .block.black")).to_have_count(3)
    placed(page, first)
    expect(page.locator("#tray .tray-block")).to_have_count(7)
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")
    expect(page.locator("#moves")).to_have_text("1 move")
    drawn_before_first_paint(page)

    api.release()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    placed(page, first)
    expect(page.locator("#challenge")).to_have_value(CODE)
