"""What players of the best puzzle programs expect of the Mondrian page: Next and Previous
challenge through the published list (by keyboard too), the challenges this browser solved
marked in the list, a short celebration of a solve (none for reduced motion), a clock that
starts with the first move, and no level for black blocks that leave no solution."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, Page, expect

from gridpuzzles.mondrian.core.grid import Placement
from gridpuzzles.mondrian.core.notation import parse_fixed
from tests.web.conftest import fresh_page
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    SOLVED,
    click_cell,
    coloured_solution,
    open_challenge,
    settled,
    tray,
)

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py): the
list marks a challenge solved once any game on the store solved it."""


def listed_codes(page: Page, server: ServerProcess) -> list[str]:
    answer = page.request.get(f"{server.url}/api/mondrian/challenges")
    return [c["code"] for c in answer.json()["challenges"]]


def tab_to(page: Page, element_id: str) -> None:
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == element_id:
            return
    raise AssertionError(f"Tab never reaches #{element_id}")


def test_next_and_previous_step_through_the_published_list_by_keyboard(
    page: Page, server: ServerProcess
) -> None:
    codes = listed_codes(page, server)
    here = codes.index(CODE)
    open_challenge(page, server)
    page.locator("body").focus()
    tab_to(page, "next-challenge")
    page.keyboard.press("Enter")
    expect(page.locator("#title")).to_contain_text(f"Challenge {codes[here + 1]}")
    expect(page.locator("#challenge")).to_have_value(codes[here + 1])
    page.keyboard.press("Enter")
    expect(page.locator("#title")).to_contain_text(f"Challenge {codes[here + 2]}")
    page.click("#previous-challenge")
    expect(page.locator("#title")).to_contain_text(f"Challenge {codes[here + 1]}")

    page.goto(f"{server.url}/mondrian?code={codes[0]}")
    expect(page.locator("#title")).to_contain_text(f"Challenge {codes[0]}")
    expect(page.locator("#previous-challenge")).to_be_disabled()
    expect(page.locator("#next-challenge")).to_be_enabled()


def place_through_the_api(page: Page, server: ServerProcess, placements: list[Placement]) -> None:
    """Put ``placements`` down in this tab's game through the API (as another tab would),
    then show the game again."""
    game_id = page.evaluate("localStorage.getItem('gridpuzzles.mondrian.game')")
    for placement in placements:
        answer = page.request.post(
            f"{server.url}/api/mondrian/games/{game_id}/moves",
            data={
                "action": "place",
                "block": str(placement.block),
                "row": placement.row,
                "col": placement.col,
                "orientation": placement.orientation.value,
            },
        )
        assert answer.ok, answer.text()
    page.goto(f"{server.url}/mondrian")  # the game of this tab, as the server has it
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def solve_all_but_the_last(page: Page, server: ServerProcess) -> None:
    place_through_the_api(page, server, coloured_solution(CODE)[:-1])


def place_the_last(page: Page) -> None:
    last = coloured_solution(CODE)[-1]
    page.click(tray(page, str(last.block)))
    if last.orientation.value == "v":
        page.click("#turn")
    click_cell(page, last.row, last.col)


def animation(page: Page) -> str:
    return str(page.locator("#board").evaluate("e => getComputedStyle(e).animationName"))


def test_a_solve_is_celebrated_and_marked_in_the_list(page: Page, server: ServerProcess) -> None:
    open_challenge(page, server)
    option = page.locator(f"#challenge option[value='{CODE}']")
    expect(option).not_to_contain_text("solved")
    solve_all_but_the_last(page, server)
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bcelebrate\b"))
    place_the_last(page)
    expect(page.locator("#message")).to_have_text(SOLVED)  # the words, in the live region
    expect(page.locator("#board")).to_have_class(re.compile(r"\bcelebrate\b"))
    assert animation(page) == "celebrate"
    expect(option).to_contain_text("solved")
    others = page.locator("#challenge option", has_text="solved")
    expect(others).to_have_count(1)
    page.goto(f"{server.url}/mondrian")  # a solved game shown again is not celebrated again
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bcelebrate\b"))
    expect(option).to_contain_text("solved")


@pytest.fixture
def still_page(browser: Browser) -> Iterator[Page]:
    """A player who asks for reduced motion."""
    yield from fresh_page(browser, viewport={"width": 1280, "height": 800}, reduced_motion="reduce")


def test_reduced_motion_has_the_words_without_the_flourish(
    still_page: Page, server: ServerProcess
) -> None:
    page = still_page
    open_challenge(page, server)
    solve_all_but_the_last(page, server)
    place_the_last(page)
    expect(page.locator("#message")).to_have_text(SOLVED)
    expect(page.locator("#board")).to_have_class(re.compile(r"\bcelebrate\b"))
    assert animation(page) == "none"


def test_the_clock_waits_for_the_first_move(page: Page, server: ServerProcess) -> None:
    open_challenge(page, server)
    page.wait_for_timeout(1300)
    expect(page.locator("#timer")).to_have_text("0:00")
    first = coloured_solution(CODE)[0]
    page.click(tray(page, str(first.block)))
    click_cell(page, first.row, first.col)
    expect(page.locator("#timer")).not_to_have_text("0:00", timeout=3000)


def test_black_blocks_that_leave_no_solution_say_no_solution(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)
    page.click("#own")
    settled(page)
    for text in ("1x1:1,1,h", "1x2:6,0,h", "1x3:0,7,h"):
        black = parse_fixed(text)
        page.click(tray(page, str(black.block)))
        click_cell(page, black.row, black.col)
    expect(page.locator("#message")).to_contain_text("no way to fill the board")
    expect(page.locator("#difficulty")).to_have_text("no solution")
