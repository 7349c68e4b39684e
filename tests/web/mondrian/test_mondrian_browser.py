"""The Mondrian Blocks page in a real browser (Debian's chromium, headless) against a real
server process: challenges played to the end with the mouse and with the keyboard (the
solver's solution says where each block goes), refusals, editing the black blocks, help."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, Page, expect

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.grid import Orientation, Placement
from gridpuzzles.mondrian.solving.solutions import first_solution

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

CODE = "001040531"
"""A published challenge (White edition, easy) with one solution."""
SOLVED = re.compile(r"^Solved in [0-9.]+ s|^Solved in [0-9]+ min")


def coloured_solution(code: str) -> list[Placement]:
    """Where the coloured blocks of the challenge ``code`` go, by the solver."""
    entry = find_published(code)
    solution = first_solution(entry.puzzle)
    assert solution is not None
    return [p for p in solution if p not in entry.black]


def open_challenge(page: Page, server: ServerProcess, code: str = CODE) -> None:
    page.goto(f"{server.url}/mondrian?code={code}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#title")).to_contain_text(f"Challenge {code}")
    expect(page.locator("#board .block.black")).to_have_count(3)


def settled(page: Page) -> None:
    """Wait until no request of the page is on its way."""
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")


def cell_centre(page: Page, row: int, col: int) -> tuple[float, float]:
    box = page.locator(f"#board .cell[data-row='{row}'][data-col='{col}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def click_cell(
    page: Page, row: int, col: int, button: Literal["left", "right", "middle"] = "left"
) -> None:
    x, y = cell_centre(page, row, col)
    page.mouse.click(x, y, button=button)
    settled(page)


def hover_cell(page: Page, row: int, col: int) -> None:
    page.mouse.move(*cell_centre(page, row, col))


def tray(page: Page, size: str) -> str:
    return f"#tray .tray-block[data-size='{size}']"


def placed(page: Page, placement: Placement) -> None:
    """Expect ``placement`` drawn on the board, with its extent."""
    block = page.locator(
        f"#board .block.coloured[data-size='{placement.block}'][data-row='{placement.row}']"
        f"[data-col='{placement.col}']"
    )
    expect(block).to_have_count(1)
    expect(block).to_have_attribute("data-orientation", placement.orientation.value)


def tapped_into_place(page: Page, placement: Placement) -> None:
    """Put ``placement`` down by touch: its block tapped in the tray, turned if it stands,
    its corner cell tapped; then expect it drawn."""
    page.tap(tray(page, str(placement.block)))
    if placement.orientation is Orientation.VERTICAL:
        page.tap("#turn")
    page.touchscreen.tap(*cell_centre(page, placement.row, placement.col))
    settled(page)
    placed(page, placement)


def test_a_published_challenge_is_played_to_the_end_with_the_mouse(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_challenge(page, server)
    expect(page.locator("#records")).to_contain_text("Best time for this challenge: none yet")
    blocks = coloured_solution(CODE)
    for number, placement in enumerate(blocks, 1):
        vertical = placement.orientation is Orientation.VERTICAL
        if number == 2:  # dragged from the tray onto the board, turned with R on the way
            start = page.locator(tray(page, str(placement.block))).bounding_box()
            assert start is not None
            page.mouse.move(start["x"] + 5, start["y"] + 5)
            page.mouse.down()
            page.mouse.move(*cell_centre(page, placement.row, placement.col), steps=5)
            if vertical:
                page.keyboard.press("r")
            expect(page.locator("#board .preview.fits")).to_have_count(1)
            page.mouse.up()
            settled(page)
        elif number == 3:  # picked, turned with the button, placed
            page.click(tray(page, str(placement.block)))
            if vertical:
                page.click("#turn")
            click_cell(page, placement.row, placement.col)
        else:  # click to pick, right click to turn, click to place
            page.click(tray(page, str(placement.block)))
            hover_cell(page, placement.row, placement.col)
            if vertical:
                click_cell(page, placement.row, placement.col, button="right")
            expect(page.locator("#board .preview.fits")).to_have_count(1)
            click_cell(page, placement.row, placement.col)
        placed(page, placement)
        if number < len(blocks):
            expect(page.locator("#message")).to_contain_text("is down at row")
        if number == 4:  # the next block in hand over its place: a game in progress
            following = blocks[number]
            page.click(tray(page, str(following.block)))
            hover_cell(page, following.row, following.col)
            if following.orientation is Orientation.VERTICAL:
                page.keyboard.press("r")
            expect(page.locator("#board .preview.fits")).to_have_count(1)
            page.screenshot(path=artifacts / "mondrian-play.png")
            page.keyboard.press("Escape")
    expect(page.locator("#message")).to_have_text(SOLVED)
    expect(page.locator("#message")).to_contain_text(
        re.compile(r"\(8 moves, an? \w+ challenge\)\. A new best time for this challenge")
    )
    expect(page.locator("#tray .tray-block")).to_have_count(0)
    expect(page.locator("#tray .tray-slot.placed")).to_have_count(8)  # each keeps its slot
    expect(page.locator("#board")).to_have_class(re.compile(r"\bsolved\b"))
    expect(page.locator("#records")).not_to_contain_text("none yet")
    expect(page.locator("#assisted")).to_be_hidden()
    page.screenshot(path=artifacts / "mondrian-solved.png")


def test_a_refused_move_shows_the_game_as_another_tab_left_it(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    first = coloured_solution(CODE)[0]
    game_id = page.evaluate("localStorage.getItem('gridpuzzles.mondrian.game')")
    elsewhere = page.request.post(  # another tab, or this page's game on another server
        f"{server.url}/api/mondrian/games/{game_id}/moves",
        data={
            "action": "place",
            "block": str(first.block),
            "row": first.row,
            "col": first.col,
            "orientation": first.orientation.value,
        },
    )
    assert elsewhere.ok, elsewhere.text()
    expect(page.locator(tray(page, str(first.block)))).to_have_count(1)  # not seen here yet
    page.click(tray(page, str(first.block)))
    if first.orientation is Orientation.VERTICAL:
        page.click("#turn")
    click_cell(page, first.row, first.col)
    # Chosen on the game as this page last saw it: refused, whatever the move would do now.
    expect(page.locator("#message")).to_contain_text(
        "the game changed before this (it was played on in another tab"
    )
    placed(page, first)  # the game as the server has it now
    expect(page.locator(tray(page, str(first.block)))).to_have_count(0)
    expect(page.locator("#moves")).to_have_text("1 move")


def move_cursor(page: Page, start: tuple[int, int], end: tuple[int, int]) -> None:
    rows, cols = end[0] - start[0], end[1] - start[1]
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(cols)):
        page.keyboard.press("ArrowRight" if cols > 0 else "ArrowLeft")


def test_a_published_challenge_is_played_to_the_end_with_the_keyboard(
    page: Page, server: ServerProcess
) -> None:
    code = "313620031"
    open_challenge(page, server, code)
    page.focus("#board")
    cursor = (0, 0)
    blocks = coloured_solution(code)
    for number, placement in enumerate(blocks, 1):
        sizes = page.locator("#tray .tray-slot").evaluate_all("bs => bs.map(b => b.dataset.size)")
        page.keyboard.press(str(sizes.index(str(placement.block)) + 1))
        expect(page.locator(tray(page, str(placement.block)))).to_have_attribute(
            "aria-pressed", "true"
        )
        if placement.orientation is Orientation.VERTICAL:
            page.keyboard.press("r")
        move_cursor(page, cursor, (placement.row, placement.col))
        cursor = (placement.row, placement.col)
        expect(page.locator("#board .cell.cursor")).to_have_attribute("data-row", str(cursor[0]))
        expect(page.locator("#board .preview.fits")).to_have_count(1)
        page.keyboard.press("Enter")
        settled(page)
        placed(page, placement)
        if number == 1:  # undo, redo, then lift and put back with Space
            page.keyboard.press("u")
            settled(page)
            expect(page.locator("#board .block.coloured")).to_have_count(0)
            page.keyboard.press("Control+y")
            settled(page)
            placed(page, placement)
            page.keyboard.press("Control+z")
            settled(page)
            expect(page.locator("#board .block.coloured")).to_have_count(0)
            page.keyboard.press("Control+Shift+z")
            settled(page)
            page.keyboard.press(" ")
            settled(page)
            expect(page.locator("#board .block.coloured")).to_have_count(0)
            expect(page.locator("#message")).to_contain_text("is in hand")
            page.keyboard.press("Enter")
            settled(page)
            placed(page, placement)
    expect(page.locator("#message")).to_have_text(SOLVED)
    # 8 blocks put down, one picked up and put down again: the undo and redo are not moves
    expect(page.locator("#message")).to_contain_text("(10 moves, a master challenge)")


def overlapping_only(first: Placement) -> Placement:
    """Another block of the challenge, inside the board, that covers ``first`` and no black
    block."""
    black = {cell for p in find_published(CODE).black for cell in p.cells()}
    return next(
        candidate
        for other in coloured_solution(CODE)[1:]
        for orientation in other.block.orientations()
        for candidate in [Placement(first.row, first.col, other.block, orientation)]
        if candidate.row + candidate.height <= 8
        and candidate.col + candidate.width <= 8
        and not candidate.cells() & black
    )


def test_a_block_that_sticks_out_or_overlaps_is_refused_with_the_reason(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    page.click(tray(page, "3x4"))
    hover_cell(page, 6, 6)
    expect(page.locator("#board .preview.refused")).to_have_count(1)
    out = "the 3x4 block would stick out past the right and bottom edges"
    expect(page.locator("#message")).to_have_text(out)
    click_cell(page, 6, 6)
    expect(page.locator("#message")).to_have_text(out)
    expect(page.locator("#board .block.coloured")).to_have_count(0)
    expect(page.locator("#moves")).to_have_text("0 moves")

    first = coloured_solution(CODE)[0]
    page.keyboard.press("Escape")
    page.click(tray(page, str(first.block)))
    hover_cell(page, first.row, first.col)
    if first.orientation is Orientation.VERTICAL:
        click_cell(page, first.row, first.col, button="right")
    click_cell(page, first.row, first.col)
    placed(page, first)
    over = overlapping_only(first)
    page.click(tray(page, str(over.block)))
    hover_cell(page, over.row, over.col)
    if over.orientation is Orientation.VERTICAL:
        page.keyboard.press("r")
    expect(page.locator("#board .preview.refused")).to_have_count(1)
    click_cell(page, over.row, over.col)
    expect(page.locator("#message")).to_have_text(
        f"the {over.block} block would cover the {first.block} block at row {first.row + 1}, "
        f"column {first.col + 1}"
    )
    expect(page.locator("#board .block.coloured")).to_have_count(1)
    expect(page.locator("#moves")).to_have_text("1 move")

    page.keyboard.press("Escape")
    black = find_published(CODE).black[0]
    click_cell(page, black.row, black.col)  # a picked challenge is not changed by a click
    expect(page.locator("#message")).to_contain_text("is part of the challenge")
    expect(page.locator("#board .block.black")).to_have_count(3)
    expect(page.locator("#moves")).to_have_text("1 move")


def test_a_vertical_1x2_at_the_bottom_right_is_two_cells_high(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_challenge(page, server)
    page.click("#own")
    expect(page.locator("#title")).to_have_text("Your own challenge")
    expect(page.locator("#tray .tray-block")).to_have_count(3)
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    page.click(tray(page, "1x2"))
    hover_cell(page, 7, 7)
    click_cell(page, 7, 7, button="right")
    expect(page.locator("#message")).to_have_text(
        "the 1x2 block would stick out past the bottom edge"
    )
    click_cell(page, 7, 7)
    expect(page.locator("#board .block.black")).to_have_count(0)
    click_cell(page, 6, 7)
    block = page.locator("#board .block.black[data-size='1x2']")
    expect(block).to_have_attribute("data-row", "6")
    box, top, bottom = (
        block.bounding_box(),
        page.locator("#board .cell[data-row='6'][data-col='7']").bounding_box(),
        page.locator("#board .cell[data-row='7'][data-col='7']").bounding_box(),
    )
    assert box is not None and top is not None and bottom is not None
    assert abs(box["y"] - top["y"]) < 2
    assert abs(box["y"] + box["height"] - (bottom["y"] + bottom["height"])) < 2
    assert box["height"] > 1.8 * box["width"]
    page.screenshot(path=artifacts / "mondrian-own-1x2.png")

    page.click(tray(page, "1x3"))
    click_cell(page, 0, 0)
    page.click(tray(page, "1x1"))
    click_cell(page, 3, 3)
    expect(page.locator("#message")).to_contain_text("The challenge is ready")
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#tray .tray-block")).to_have_count(8)
    expect(page.locator("#timer")).not_to_have_text("")


def test_the_black_blocks_of_a_picked_challenge_move_only_when_editing(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    one = next(p for p in find_published(CODE).black if str(p.block) == "1x1")
    target = next(
        (r, c)
        for r in range(8)
        for c in range(8)
        if all((r, c) not in p.cells() for p in find_published(CODE).black)
    )
    click_cell(page, one.row, one.col)
    expect(page.locator("#message")).to_contain_text(
        f"the black 1x1 block at row {one.row + 1}, column {one.col + 1} is part of the challenge"
    )
    page.focus("#board")
    page.keyboard.press("e")
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "true")
    click_cell(page, one.row, one.col)
    expect(page.locator("#board .block.black")).to_have_count(2)
    click_cell(page, *target)
    moved = page.locator("#board .block.black[data-size='1x1']")
    expect(moved).to_have_attribute("data-row", str(target[0]))
    expect(page.locator("#title")).to_have_text("Your own challenge")
    page.click("#undo")
    settled(page)
    page.click("#undo")
    settled(page)
    expect(moved).to_have_attribute("data-row", str(one.row))
    expect(moved).to_have_attribute("data-col", str(one.col))
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")
    page.click("#edit")
    expect(page.locator("#edit")).to_have_attribute("aria-pressed", "false")
    click_cell(page, one.row, one.col)
    expect(page.locator("#message")).to_contain_text("is part of the challenge")
    expect(page.locator("#board .block.black")).to_have_count(3)


def test_hint_and_solutions_mark_the_game_assisted(page: Page, server: ServerProcess) -> None:
    open_challenge(page, server)
    expect(page.locator("#assisted")).to_be_hidden()
    page.click("#hint")
    settled(page)
    expect(page.locator("#message")).to_contain_text("Hint: place the ")
    expect(page.locator("#board .block.coloured")).to_have_count(1)
    expect(page.locator("#board .block.hinted")).to_have_count(1)
    expect(page.locator("#assisted")).to_be_visible()
    page.click("#show-solutions")
    settled(page)
    expect(page.locator("#position")).to_have_text("1 of 1")
    expect(page.locator("#board .block")).to_have_count(11)
    page.keyboard.press("Escape")
    expect(page.locator("#viewing")).to_be_hidden()
    expect(page.locator("#board .block.coloured")).to_have_count(1)


def test_a_phone_plays_with_taps(browser: Browser, server: ServerProcess, artifacts: Path) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        open_challenge(page, server)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        for placement in coloured_solution(CODE)[:3]:
            tapped_into_place(page, placement)
        page.screenshot(path=artifacts / "mondrian-phone.png", full_page=True)
    finally:
        context.close()
