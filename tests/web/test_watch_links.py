"""The game pages link to the watch page, in a real browser against a real server: the end of a
Minesweeper game (won or lost, never while it is played), each game of the Statistics dialog
(followed from a game in play, which is there again afterwards) and a solved Mondrian board;
each link leads to the watch page of that very game."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.web.boards import FIRST, beginner_mine, beginner_win
from tests.web.minesweeper.test_browser import at, cell, open_seeded, start_new_game
from tests.web.minesweeper.test_browser_records import (
    GAME_KEY,
    column,
    history_row,
    open_page,
    open_statistics,
)
from tests.web.mondrian.test_mondrian_browser import CODE, SOLVED, open_challenge
from tests.web.mondrian.test_mondrian_page_challenges import place_the_last, solve_all_but_the_last

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

OPEN = re.compile(r"\bopen\b")


def watching(page: Page, game_id: str) -> None:
    """Expect the watch page of the game ``game_id``, drawn."""
    expect(page).to_have_url(re.compile(rf"/watch/{game_id}$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def test_a_game_won_or_lost_links_to_watching_it_and_a_game_in_play_does_not(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    game_id = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    link = page.locator("#watch-again")
    expect(link).to_be_hidden()
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    expect(link).to_be_hidden()  # in play: no way away from the game
    cell(page, *at(beginner_mine())).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(link).to_be_visible()
    expect(link).to_have_accessible_name("Watch this game again")
    expect(link).to_have_attribute("href", f"/watch/{game_id}")
    page.click("#undo")  # the mine taken back: in play again, and the link goes
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    expect(link).to_be_hidden()
    for move in beginner_win()[1:]:
        cell(page, *at(move)).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(link).to_have_attribute("href", f"/watch/{game_id}")

    with page.expect_navigation():
        link.click()
    watching(page, game_id)
    expect(page.locator("#title")).to_have_text("Minesweeper: beginner")
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Won with help in "))


def test_the_statistics_link_each_game_to_watching_it_and_a_game_in_play_is_kept(
    page: Page, server: ServerProcess
) -> None:
    left_id = open_page(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    page.click("#new-game")
    start_new_game(page, lambda: page.click("#leave-game"))  # left: a loss, listed
    in_play = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)

    open_statistics(page)
    row = history_row(page)
    expect(column(row, "Result")).to_have_text("left")
    link = column(row, "Game").get_by_role("link")
    expect(link).to_have_text("Watch")
    expect(link).to_have_accessible_name(re.compile(r"^Watch this game again \(left, "))
    expect(link).to_have_attribute("href", f"/watch/{left_id}")
    with page.expect_navigation():
        link.click()  # from a game in play: it is not left
    watching(page, left_id)
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Left unfinished after "))

    page.go_back()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == in_play
    kept = page.evaluate(f"async () => (await fetch('/api/minesweeper/games/{in_play}')).json()")
    assert kept["status"] == "playing"


def test_a_solved_mondrian_board_links_to_watching_it(page: Page, server: ServerProcess) -> None:
    open_challenge(page, server)
    link = page.locator("#watch-again")
    solve_all_but_the_last(page, server)
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bsolved\b"))
    expect(link).to_be_hidden()  # in play
    place_the_last(page)
    expect(page.locator("#message")).to_have_text(SOLVED)
    game_id = page.evaluate("localStorage.getItem('gridpuzzles.mondrian.game')")
    expect(link).to_be_visible()
    expect(link).to_have_accessible_name("Watch this game again")
    expect(link).to_have_attribute("href", f"/watch/{game_id}")

    with page.expect_navigation():
        link.click()
    watching(page, game_id)
    expect(page.locator("#title")).to_have_text(re.compile(rf"^Mondrian Blocks: Challenge {CODE}"))
    expect(page.locator("#outcome")).to_have_text(re.compile(r"^Solved in "))
