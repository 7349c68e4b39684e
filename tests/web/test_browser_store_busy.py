"""The pages when the game store is busy (another program holds the SQLite file's write lock):
the move is answered 503 with Retry-After, the page says so, tries once more, and the move
is played once the lock is gone. Both pages do it with the one client (client.js)."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.mondrian.core.grid import Orientation
from tests.web.boards import FIRST
from tests.web.minesweeper.test_browser import cell, open_seeded
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    cell_centre,
    coloured_solution,
    open_challenge,
    placed,
    tray,
)
from tests.web.test_store_busy import sqlite_locked

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

BUSY = re.compile(r"^The game store is busy: nothing was changed; trying again in \d s\.$")
"""What a page says while its request waits to be sent again."""


def test_a_move_on_a_busy_store_is_told_and_sent_again(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    hidden = page.locator("#board .cell.hidden").first
    with sqlite_locked(str(server.db)):
        hidden.click(button="right")
        expect(page.locator("#message")).to_have_text(BUSY, timeout=10_000)
        expect(hidden).not_to_have_class(re.compile(r"\bflag\b"))
    expect(hidden).to_have_class(re.compile(r"\bflag\b"), timeout=10_000)
    expect(page.locator("#message")).to_have_text("")


def test_a_mondrian_move_on_a_busy_store_is_told_and_sent_again(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    first = next(p for p in coloured_solution(CODE) if p.orientation is Orientation.HORIZONTAL)
    page.click(tray(page, str(first.block)))
    block = page.locator("#board .block.coloured")
    with sqlite_locked(str(server.db)):
        page.mouse.click(*cell_centre(page, first.row, first.col))
        expect(page.locator("#message")).to_have_text(BUSY, timeout=10_000)
        expect(block).to_have_count(0)
    placed(page, first)
    expect(page.locator("#message")).to_have_text(
        re.compile(rf"^The {first.block} block is down at "), timeout=10_000
    )
