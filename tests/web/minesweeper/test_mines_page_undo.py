"""Undo and redo on the Minesweeper page (real browser against a real server): the buttons
and the U and Y keys (Ctrl+Z and Ctrl+Y) take back the last move, also the mine that lost the game (which takes
the loss back out of the session's tally), say so in words, and mark the game assisted."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.web.boards import FIRST, beginner_layout
from tests.web.minesweeper.test_browser import cell, open_seeded

OPEN = re.compile(r"\bopen\b")


def test_undo_takes_back_the_mine_and_the_loss_and_redo_plays_it_again(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    expect(page.locator("#undo")).to_be_disabled()
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    mine = divmod(beginner_layout().mine_indices()[0], 9)
    cell(page, *mine).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(page.locator("#message")).to_contain_text("or Undo to take back the mine")
    expect(page.locator("#tally")).to_contain_text("1 lost")
    page.click("#undo")
    expect(page.locator("#face")).to_have_attribute("data-face", "playing")
    expect(cell(page, *mine)).to_have_attribute("data-symbol", "#")
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    expect(page.locator("#message")).to_have_text(
        "Undone: the last move is taken back; this game is assisted."
    )
    expect(page.locator("#assisted")).to_be_visible()
    expect(page.locator("#tally")).to_contain_text("0 lost")
    expect(page.locator("#redo")).to_be_enabled()
    page.click("#redo")
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(page.locator("#tally")).to_contain_text("1 lost")
    expect(page.locator("#redo")).to_be_disabled()


def test_the_u_and_y_keys_undo_and_redo_and_the_screen_reader_hears_it(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    board = page.locator("#board")
    board.focus()
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    board.focus()
    page.keyboard.press("u")
    expect(cell(page, *FIRST)).not_to_have_class(OPEN)
    expect(page.locator("#spoken")).to_have_text("Undone: the last move is taken back.")
    page.keyboard.press("y")
    expect(cell(page, *FIRST)).to_have_class(OPEN)
    expect(page.locator("#spoken")).to_have_text("Redone.")
    page.keyboard.press("Control+z")  # the keys of the Mondrian page too
    expect(cell(page, *FIRST)).not_to_have_class(OPEN)
    page.keyboard.press("Control+y")
    expect(cell(page, *FIRST)).to_have_class(OPEN)
