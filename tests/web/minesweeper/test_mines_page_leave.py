"""Leaving a game that has started asks first, in the page's own dialog, and the answer is
kept honestly either way (real browser against a real server): leaving tells the server
(a loss in the records and "left" in the session's line), keeping changes nothing and puts
the game's own settings back in the form."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.storage import Store
from tests.web.boards import FIRST
from tests.web.minesweeper.test_browser import cell, open_seeded
from tests.web.minesweeper.test_browser_records import open_page

GAME_KEY = "gridpuzzles.minesweeper.game"


def started(page: Page, server: ServerProcess) -> str:
    """A counted beginner game (no seed asked: it is in the records) after its first reveal,
    which opens an area; its id."""
    game_id = open_page(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    return game_id


LEAVING: dict[str, Callable[[Page], object]] = {
    "New game": lambda page: page.click("#new-game"),
    "the face": lambda page: page.click("#face"),
    "F2": lambda page: page.keyboard.press("F2"),
    "a level": lambda page: page.select_option("#level", "intermediate"),
    "a rule": lambda page: page.select_option("#first-click", "none"),
    "the Mondrian link": lambda page: page.click("nav.site a[href='/mondrian']"),
}


@pytest.mark.parametrize("how", list(LEAVING))
def test_leaving_a_started_game_asks_first_and_keeping_it_changes_nothing(
    page: Page, server: ServerProcess, how: str
) -> None:
    game_id = started(page, server)
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.url) if r.method == "POST" and "/api/" in r.url else None,
    )
    LEAVING[how](page)
    dialog = page.locator("#leave")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_js_property("open", True)
    expect(dialog).to_contain_text("Leave this game? It counts as a loss.")
    expect(page.get_by_role("dialog", name="Leave this game?")).to_be_visible()
    expect(page.locator("#keep-playing")).to_be_focused()  # the choice that costs nothing
    page.keyboard.press("Tab")
    expect(page.locator("#leave-game")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # Keep playing
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(300)
    assert sent == []  # nothing told to the server, no new game
    assert page.url.endswith("/")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == game_id
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#level")).to_have_value("beginner")  # the game's own settings
    expect(page.locator("#first-click")).to_have_value("opening")
    expect(page.locator("#tally")).to_have_text("This session: 0 won, 0 lost, 0 left")

    LEAVING[how](page)  # asked again; Escape keeps playing too
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(200)
    assert sent == []


@pytest.mark.parametrize("how", ["the face", "a level", "the Mondrian link"])
def test_leaving_tells_the_server_and_the_session_line_agrees_with_the_records(
    page: Page, server: ServerProcess, artifacts: Path, how: str
) -> None:
    game_id = started(page, server)
    LEAVING[how](page)
    expect(page.locator("#leave")).to_be_visible()
    page.screenshot(path=artifacts / "minesweeper-leave.png")
    with page.expect_response(lambda r: r.url.endswith(f"/{game_id}/leave")) as left:
        page.click("#leave-game")
    assert left.value.status == 200
    if how == "the Mondrian link":
        page.wait_for_url(re.compile(r"/mondrian$"))
        page.go_back()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
    else:
        page.wait_for_function(f"id => localStorage.getItem('{GAME_KEY}') !== id", arg=game_id)
    expect(page.locator("#tally")).to_have_text("This session: 0 won, 0 lost, 1 left")
    store = Store(server.db)
    try:
        (latest,) = [game for game in store.minesweeper_history(50) if game.id == game_id]
    finally:
        store.close()
    assert latest.outcome.abandoned


def test_a_game_not_started_or_ended_is_left_without_a_question(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#face")  # no reveal yet: nothing to lose
    expect(page.locator("#leave")).to_be_hidden()
    expect(page.locator("#tally")).to_have_text("This session: 0 won, 0 lost, 0 left")


def test_a_replay_address_typed_by_hand_asks_before_leaving_a_started_game(
    page: Page, server: ServerProcess
) -> None:
    game_id = started(page, server)
    replay = f"{server.url}/?level=intermediate&first_click=safe&seed=5"
    page.goto(replay)
    dialog = page.locator("#leave")
    expect(dialog).to_be_visible()
    page.click("#keep-playing")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == game_id
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#board .cell")).to_have_count(81)
    expect(page.locator("#message")).to_have_text("You kept playing: the game goes on.")

    page.goto(replay)
    expect(dialog).to_be_visible()
    with page.expect_response(lambda r: r.url.endswith(f"/{game_id}/leave")) as left:
        page.click("#leave-game")
    assert left.value.status == 200
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(256)  # the address's game
    expect(page.locator("#tally")).to_contain_text("1 left")
