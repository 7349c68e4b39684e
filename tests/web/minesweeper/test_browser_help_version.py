"""The page plays on after help that is a step of the game's log: the first help of a game
(a hint, the probabilities shown) makes the game's version one more, and the page sends its
next move with the version the help answered, so the server takes it (no "the game changed")."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.web.boards import FIRST, beginner_win
from tests.web.minesweeper.test_browser import at, cell, open_seeded

STALE = "the game changed"


def test_a_move_after_a_hint_is_taken(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    page.click("#hint")
    expect(page.locator("#message")).to_contain_text("Hint:")
    expect(page.locator("#assisted")).to_be_visible()
    after = at(beginner_win()[1])
    cell(page, *after).click()
    expect(cell(page, *after)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#message")).not_to_contain_text(STALE)


def test_moves_with_the_probabilities_shown_are_taken(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    page.click("#overlay")  # shown before the first reveal: it marks nothing yet
    win = beginner_win()
    for move in win[:4]:  # at once, one after the other: the first probabilities mark it
        cell(page, *at(move)).click()
    for move in win[:4]:
        expect(cell(page, *at(move))).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#assisted")).to_be_visible()
    expect(page.locator("#message")).not_to_contain_text(STALE)
