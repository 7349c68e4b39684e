"""The Mondrian page played by keyboard alone, as a screen reader user meets it: the board is a
grid of rows whose active descendant follows the cursor, the cursor has a focus ring that
stands out, every move is said in the live region, and each block keeps its key all game."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.colours import contrast
from tests.web.mondrian.test_mondrian_browser import (
    click_cell,
    move_cursor,
    open_challenge,
    settled,
    tray,
)

# The challenge 001040531: the black 1x1 at row 2, column 1; the keys of its coloured blocks.
KEYS = {
    "3x4": "1",
    "2x5": "2",
    "3x3": "3",
    "2x4": "4",
    "2x3": "5",
    "1x5": "6",
    "1x4": "7",
    "2x2": "8",
}


def slot(size: str) -> str:
    """The tray's slot of the block of ``size``, in the tray or placed."""
    return f"#tray .tray-slot[data-size='{size}']"


def tab_to_the_board(page: Page) -> None:
    """Reach the board with Tab, as a keyboard player does."""
    page.locator("body").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            return
    raise AssertionError("Tab never reaches the board")


def cursor_at(page: Page) -> tuple[int, int]:
    """The keyboard cursor: the board's active descendant."""
    found = re.fullmatch(
        r"cell-(\d+)-(\d+)", page.get_attribute("#board", "aria-activedescendant") or ""
    )
    assert found, "the board has no active descendant"
    return int(found[1]), int(found[2])


def go(page: Page, cell: tuple[int, int]) -> None:
    """Move the keyboard cursor to ``cell`` with the arrow keys."""
    move_cursor(page, cursor_at(page), cell)
    expect(page.locator("#board")).to_have_attribute(
        "aria-activedescendant", f"cell-{cell[0]}-{cell[1]}"
    )


def test_the_board_is_a_grid_of_rows_whose_active_descendant_is_the_cursor(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    board = page.locator("#board")
    expect(board.locator(":scope > [role=row]")).to_have_count(8)
    expect(board.locator(":scope > [role=row] > [role=gridcell]")).to_have_count(64)
    expect(board.locator("[role=row]").nth(1).locator("[role=gridcell]")).to_have_count(8)
    tab_to_the_board(page)
    expect(board.locator(".cell.cursor")).to_have_count(1)  # the focus ring, at once
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    active = board.get_attribute("aria-activedescendant")
    assert active
    cell = page.locator(f"#{active}")
    expect(cell).to_have_attribute("aria-label", "row 2, column 2: empty")
    expect(cell).to_have_class(re.compile(r"\bcursor\b"))
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("aria-activedescendant", re.compile(".+"))
    left = page.locator(f"#{board.get_attribute('aria-activedescendant')}")
    expect(left).to_have_attribute("aria-label", "row 2, column 1: the black 1x1 block")


def test_the_cursor_ring_stands_out_against_whatever_is_under_it(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    tab_to_the_board(page)
    frame = page.locator(".frame").evaluate("e => getComputedStyle(e).backgroundColor")
    ring = page.locator("#board").evaluate("e => getComputedStyle(e).outlineColor")
    assert contrast(ring, frame) >= 3, (ring, frame)
    page.keyboard.press(KEYS["1x4"])
    go(page, (1, 1))
    page.keyboard.press("Enter")  # the white 1x4 at row 2, column 2
    settled(page)
    under = {
        "a white block": (1, 2),
        "the black 1x1 block": (1, 0),
        "an empty cell": (2, 3),
    }
    for name, cell in under.items():
        go(page, cell)
        cursor = page.locator("#board .cell.cursor")
        expect(cursor).to_have_attribute("data-row", str(cell[0]))
        outline, shadow, width = cursor.evaluate(
            "e => { const s = getComputedStyle(e); return [s.outlineColor, s.boxShadow, s.outlineWidth]; }"
        )
        fill = page.evaluate(
            """([row, col]) => {
                const b = [...document.querySelectorAll('#board .block')].find((b) =>
                  row >= +b.dataset.row && col >= +b.dataset.col &&
                  row < +b.dataset.row + parseInt(getComputedStyle(b).gridRowEnd.split(' ').pop()) &&
                  col < +b.dataset.col + parseInt(getComputedStyle(b).gridColumnEnd.split(' ').pop()));
                return getComputedStyle(b || document.getElementById('board')).backgroundColor;
            }""",
            list(cell),
        )
        colours = [outline, *re.findall(r"rgba?\([^)]*\)", shadow)]
        best = max(contrast(colour, fill) for colour in colours)
        assert float(width.rstrip("px")) >= 2 and best >= 3, (name, colours, fill)


def test_every_move_is_said_in_words_and_each_block_keeps_its_key(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    message = page.locator("#message")
    expect(message).to_have_attribute("role", "status")
    tab_to_the_board(page)
    keys = page.locator("#tray .tray-slot .key").all_inner_texts()
    assert keys == [str(n) for n in range(1, 9)]
    for size, key in KEYS.items():
        expect(page.locator(f"{slot(size)} .key")).to_have_text(key)

    page.keyboard.press(KEYS["1x5"])
    page.keyboard.press("Enter")
    settled(page)
    expect(message).to_have_text("The 1x5 block is down at row 1, column 1.")
    for size, key in KEYS.items():  # nothing renumbered: the 1x4 is still 7
        expect(page.locator(f"{slot(size)} .key")).to_have_text(key)
    expect(page.locator(slot("1x5"))).to_have_class(re.compile(r"\bplaced\b"))
    expect(page.locator("#tray .tray-slot")).to_have_count(8)

    page.keyboard.press(KEYS["1x4"])
    expect(page.locator(tray(page, "1x4"))).to_have_attribute("aria-pressed", "true")
    go(page, (1, 1))
    page.keyboard.press("Enter")
    settled(page)
    expect(message).to_have_text("The 1x4 block is down at row 2, column 2.")

    page.keyboard.press(KEYS["1x5"])  # on the board: the cursor goes to it
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "cell-0-0")
    expect(message).to_have_text(
        "The 1x5 block is on the board at row 1, column 1: Enter or Space picks it up."
    )

    page.keyboard.press(KEYS["3x4"])
    go(page, (6, 6))
    page.keyboard.press("Enter")
    settled(page)
    expect(message).to_have_text("the 3x4 block would stick out past the right and bottom edges")
    page.keyboard.press("Escape")

    page.keyboard.press(KEYS["2x3"])
    page.keyboard.press("r")
    go(page, (5, 0))
    page.keyboard.press("Enter")
    settled(page)
    expect(message).to_have_text("The 2x3 block is down at row 6, column 1.")
    go(page, (6, 1))  # the block's own cell, not its corner
    page.keyboard.press("r")
    settled(page)
    expect(message).to_have_text(
        "Turned the 2x3 block at row 6, column 1: now 2 rows high and 3 columns wide."
    )
    click_cell(page, 6, 2, button="right")  # its third cell now, with the mouse
    expect(message).to_have_text(
        "Turned the 2x3 block at row 6, column 1: now 3 rows high and 2 columns wide."
    )
    tab_to_the_board(page)
    go(page, (7, 1))
    page.keyboard.press(" ")
    settled(page)
    expect(message).to_contain_text("Lifted the 2x3 block from row 6, column 1: it is in hand")
    page.keyboard.press("Escape")
    expect(page.locator("#moves")).to_have_text("6 moves")  # 3 down, 2 turns, 1 lift
    page.keyboard.press("u")
    settled(page)
    page.keyboard.press("Control+y")
    settled(page)
    expect(page.locator("#moves")).to_have_text("6 moves")  # undo and redo are no moves
