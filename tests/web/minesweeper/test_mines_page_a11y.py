"""The Minesweeper page for a screen reader and the keyboard (real browser against a real
server): a real grid of rows of cells whose active cell follows the keyboard cursor, a focus
ring that stands out, every move said in words in a live region, a win by keyboard alone, and
axe-core (WCAG 2 A and AA) finding nothing serious in every state of the page."""

from __future__ import annotations

import re
from pathlib import Path

from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.minesweeper import Move, level, new_game, play, view
from tests.colours import contrast
from tests.web.boards import FIRST, beginner_win
from tests.web.minesweeper.test_browser import at, cell, cursor_to, open_seeded
from tests.web.minesweeper.test_browser_phone import css_rgb, settled
from tests.web.minesweeper.test_browser_records import open_statistics

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def serious(page: Page) -> list[str]:
    """The serious and critical axe-core violations of the page as it is now."""
    result = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    return [
        f"{violation['id']} ({violation['impact']}, {len(violation['nodes'])} nodes)"
        for violation in result.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


def test_axe_finds_nothing_serious_in_any_state_of_the_page(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    assert serious(page) == [], "fresh game"
    cell(page, *FIRST).click()
    settled(page)
    with page.expect_response(lambda r: "/probabilities" in r.url):
        page.click("#overlay")
    expect(page.locator("#board .cell.chance").first).to_be_visible()
    assert serious(page) == [], "in play, the overlay on"
    page.click("#face")
    expect(page.locator("#leave")).to_be_visible()
    assert serious(page) == [], "the leave dialog open"
    page.click("#keep-playing")
    for move in beginner_win()[1:]:
        cell(page, *at(move)).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    settled(page)
    assert serious(page) == [], "ended"
    open_statistics(page)
    assert serious(page) == [], "the Statistics dialog open"


def test_the_board_is_a_grid_of_rows_whose_active_cell_follows_the_cursor(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    board = page.locator("#board")
    expect(board.locator(":scope > [role='row']")).to_have_count(9)
    expect(board.locator(":scope > [role='row'] > [role='gridcell']")).to_have_count(81)
    expect(page.get_by_role("row").nth(3).get_by_role("gridcell").nth(6)).to_have_attribute(
        "aria-label", "row 4, column 7: hidden"
    )
    board.focus()
    for key in ["ArrowDown"] * 3 + ["ArrowRight"] * 6:
        page.keyboard.press(key)
    expect(board).to_be_focused()
    active = board.get_attribute("aria-activedescendant")
    assert active
    expect(page.locator(f"#{active}")).to_have_attribute("aria-label", "row 4, column 7: hidden")
    expect(page.locator(f"#{active}")).to_have_attribute("role", "gridcell")

    ring = page.locator(f"#{active}").evaluate(
        """c => { const s = getComputedStyle(c);
                  return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor, s.boxShadow,
                          getComputedStyle(c.parentElement.children[0]).backgroundColor]; }"""
    )
    style, width, outer, inner, around = ring
    assert style == "solid" and width >= 2
    inner_colour = css_rgb(re.search(r"rgb\([^)]*\)", inner).group(0))  # type: ignore[union-attr]
    # a black ring outside a white one: one of them stands out at 3:1 on any colour at all
    assert contrast(css_rgb(outer), css_rgb(around)) >= 3
    assert contrast(css_rgb(outer), inner_colour) >= 3


def test_every_move_is_said_in_words_in_a_live_region(page: Page, server: ServerProcess) -> None:
    open_seeded(page, server)
    spoken = page.locator("#spoken")
    expect(spoken).to_have_attribute("aria-live", "polite")
    page.locator("#board").focus()
    for key in ["ArrowDown"] * 4 + ["ArrowRight"] * 4:
        page.keyboard.press(key)
    page.keyboard.press("Space")
    shown = view(play(new_game(level("beginner"), 2024), Move.parse("r4,4")))
    symbol = shown.at(*FIRST)
    words = "empty" if symbol == "0" else symbol
    expect(spoken).to_have_text(re.compile(rf"^row 5, column 5: {words}(; \d+ cells opened)?$"))
    page.keyboard.press("f")  # an open cell: refused, and said why
    expect(spoken).to_have_text("row 5, column 5 is open: only a hidden cell can be flagged")
    row, col = next((r, c) for r in range(9) for c in range(9) if shown.at(r, c) == "#")
    cursor_to(page, row, col)
    page.keyboard.press("f")
    expect(spoken).to_have_text(f"Flagged row {row + 1}, column {col + 1}; 9 mines left")
    page.keyboard.press("f")
    expect(spoken).to_have_text(f"Unflagged row {row + 1}, column {col + 1}; 10 mines left")


def test_a_game_is_won_by_keyboard_alone(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    for _ in range(40):  # Tab from the top of the page to the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    expect(page.locator("#board")).to_be_focused()
    here = (0, 0)
    for move in beginner_win():
        row, col = at(move)
        keys = ["ArrowDown" if row > here[0] else "ArrowUp"] * abs(row - here[0])
        keys += ["ArrowRight" if col > here[1] else "ArrowLeft"] * abs(col - here[1])
        for key in keys:
            page.keyboard.press(key)
        here = (row, col)
        expect(page.locator("#board")).to_have_attribute(
            "aria-activedescendant", f"cell-{row * 9 + col}"
        )
        page.keyboard.press("Space")
        expect(cell(page, row, col)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#message")).to_contain_text(re.compile(r"^You won in [\d.]+ s"))
    page.screenshot(path=artifacts / "minesweeper-keyboard-won.png")
