"""The analysis board at /analysis (real browser against a real server): a position pasted or
opened from its address is drawn with the chances the API gives (on the game page's overlay),
its dead cells, 50/50s and safest move in words; a position set up by clicking gives the
.mine text it shows; an inconsistent one is said in words beside the board it drew; all of it
by keyboard alone, and axe-clean on a laptop and on a phone that never scrolls sideways."""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, quote, urlsplit

import httpx
import pytest
from benchmarks.server import ServerProcess
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import fresh_page
from tests.web.minesweeper.test_browser_phone import PHONE
from tests.web.minesweeper.test_mines_page_a11y import serious

ANALYSIS = "/api/minesweeper/analysis"
DEAD = "3x3x1\n1HH\n1HH\nHHH\n"
"""Two dead cells (the pair beside the 1s: either shows the same number), the rest safe."""
FIFTY_FIFTY = "2x3x1\nHH\n11\n00\n"
"""An unavoidable 50/50: the two hidden cells of the top row."""
CONTRADICTION = "3x1x1\n1H0\n"
"""The 1 needs the mine beside it that the 0 forbids."""


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A fresh page on a 375x667 touch screen."""
    yield from fresh_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)


def open_board(page: Page, server: ServerProcess, position: str | None = None) -> None:
    """The analysis board, with ``position`` in its address when given, once analysed."""
    address = "/analysis" if position is None else f"/analysis?position={quote(position)}"
    page.goto(f"{server.url}{address}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=ANSWER_MS)
    settled(page)


ANSWER_MS = 20_000
"""How long a test waits for the server's analysis: solved in a worker within the server's
5 s budget, on a test machine that also runs three other test processes."""


def settled(page: Page) -> None:
    """Wait until the page shows the analysis of the position it shows."""
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false", timeout=ANSWER_MS)
    expect(page.locator("#result")).not_to_have_text(
        re.compile(r"^(Analysing…)?$"), timeout=ANSWER_MS
    )


def cell(page: Page, row: int, col: int) -> Locator:
    """The cell at ``row``, ``col`` (counted from 0) of the board."""
    return page.locator(
        f"#board [role='row']:nth-child({row + 1}) [role='gridcell']:nth-child({col + 1})"
    )


def shown_text(page: Page) -> str:
    """The .mine text of the position the page shows, in its address."""
    return parse_qs(urlsplit(page.url).query)["position"][0]


def percent_of(chance: float) -> int:
    """The overlay's whole percentage: 0 and 100 only when certain."""
    return 0 if chance == 0 else 100 if chance == 1 else min(99, max(1, round(chance * 100)))


def test_a_pasted_position_shows_the_chances_the_api_gives(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    open_board(page, server)
    page.fill("#position", DEAD)
    page.click("#analyse")
    expect(page.locator("#board .cell")).to_have_count(9)
    settled(page)
    found = api.post(ANALYSIS, json={"position": DEAD}).json()
    for row, chances in enumerate(found["probabilities"]):
        for col, chance in enumerate(chances):
            shown = cell(page, row, col)
            if chance is None:
                expect(shown).not_to_have_class(re.compile(r"\bchance\b"))
                continue
            expect(shown).to_have_text(str(percent_of(chance)))
            expect(shown).to_have_attribute(
                "aria-label",
                re.compile(
                    rf"^row {row + 1}, column {col + 1}: hidden, {chance * 100:.1f}% chance of a mine"
                ),
            )
    for row, col in [(0, 1), (1, 1)]:  # a mark by its shape and in words, not by colour alone
        dead = cell(page, row, col)
        expect(dead).to_have_class(re.compile(r"\bdead\b"))
        expect(dead).to_have_attribute("aria-label", re.compile("dead: tells nothing new"))
    safest = found["safest"]
    expect(cell(page, safest["row"], safest["col"])).to_have_attribute(
        "aria-label", re.compile("; the safest move$")
    )
    expect(page.locator("#result")).to_have_text(
        re.compile(rf"^The safest move: {re.escape(safest['said'])}\. 7 hidden cells, 5 cells")
    )
    assert shown_text(page) == DEAD  # the address holds the position: it can be shared
    expect(page.locator("#risk-legend [role='listitem']")).to_have_count(6)  # the game page's


def test_an_address_with_a_position_opens_it_analysed(page: Page, server: ServerProcess) -> None:
    open_board(page, server, FIFTY_FIFTY)
    expect(page.locator("#board .cell")).to_have_count(6)
    for col in (0, 1):
        pair = cell(page, 0, col)
        expect(pair).to_have_class(re.compile(r"\bfifty-fifty\b"))
        expect(pair).to_have_text("50")
        expect(pair).to_have_attribute("aria-label", re.compile("unavoidable 50/50"))
    expect(cell(page, 1, 0)).to_have_attribute("aria-label", "row 2, column 1: 1")
    expect(page.locator("#result")).to_contain_text("2 cells in unavoidable 50/50s")
    expect(page.locator("#position")).to_have_value(FIFTY_FIFTY)
    assert (page.input_value("#width"), page.input_value("#mines")) == ("2", "1")


def test_a_position_set_up_by_clicking_gives_its_mine_text(
    page: Page, server: ServerProcess
) -> None:
    open_board(page, server)
    for field, value in [("#width", "3"), ("#height", "2"), ("#mines", "1")]:
        page.fill(field, value)
    page.click("#new-board")
    expect(page.locator("#board .cell")).to_have_count(6)
    for _ in range(3):  # hidden, flag, 0, 1
        cell(page, 0, 0).click()
    cell(page, 1, 2).click(button="right")  # a flag
    settled(page)
    assert shown_text(page) == "3x2x1\n1HH\nHHF\n"
    expect(page.locator("#position")).to_have_value("3x2x1\n1HH\nHHF\n")

    # Mines first, the numbers following them: a mine, every number shown, one hidden again.
    cell(page, 1, 2).click(button="right")  # the flag taken away
    page.check("input[value='mine']")
    cell(page, 0, 2).click()
    page.click("#show-numbers")
    page.check("input[value='hide']")
    cell(page, 1, 1).click()
    settled(page)
    assert shown_text(page) == "3x2x1\n01F\n0H1\n"
    expect(cell(page, 1, 1)).to_have_attribute(
        "aria-label", re.compile(r"^row 2, column 2: hidden, 0\.0% chance of a mine")
    )


def test_an_inconsistent_position_is_said_in_words_beside_its_board(
    page: Page, server: ServerProcess
) -> None:
    open_board(page, server, CONTRADICTION)
    result = page.locator("#result")
    expect(result).to_have_attribute("role", "status")
    expect(result).to_have_text(
        "This position cannot be analysed: the numbers around row 1, column 1 contradict "
        "each other."
    )
    expect(page.locator("#board .cell")).to_have_count(3)  # the position, never a blank board
    expect(cell(page, 0, 0)).to_have_text("1")
    expect(page.locator("#board .cell.chance")).to_have_count(0)

    cell(page, 0, 2).click()  # the 0 made a 1: a position that fits
    settled(page)
    expect(result).to_have_text(re.compile(r"^The safest move: "))
    assert shown_text(page) == "3x1x1\n1H1\n"


def test_a_position_is_set_up_and_read_by_keyboard_alone(page: Page, server: ServerProcess) -> None:
    open_board(page, server, FIFTY_FIFTY)
    board = page.locator("#board")
    for _ in range(30):  # Tab from the top of the page to the board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "board":
            break
    expect(board).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    active = board.get_attribute("aria-activedescendant")
    expect(page.locator(f"#{active}")).to_have_attribute("aria-label", "row 3, column 2: empty")
    page.keyboard.press("Enter")  # 0 -> 1
    page.keyboard.press("Enter")  # 1 -> 2
    expect(page.locator("#spoken")).to_have_text("row 3, column 2: 2")
    page.keyboard.press("0")  # typed back
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("f")
    expect(page.locator("#spoken")).to_have_text("row 1, column 2: flagged")
    settled(page)
    assert shown_text(page) == "2x3x1\nHF\n11\n00\n"
    expect(page.locator(f"#{board.get_attribute('aria-activedescendant')}")).to_have_attribute(
        "aria-label",
        "row 1, column 2: flagged, 50.0% chance of a mine; unavoidable 50/50: "
        "no later move can settle it",
    )
    expect(page.locator("#result")).to_contain_text("row 1, column 1 has 50% risk")


def test_axe_finds_nothing_serious_in_an_analysed_or_inconsistent_position(
    page: Page, server: ServerProcess
) -> None:
    open_board(page, server, DEAD)
    assert serious(page) == [], "a position analysed"
    open_board(page, server, CONTRADICTION)
    assert serious(page) == [], "an inconsistent position"


def test_a_settled_position_offers_its_board_as_mbf(page: Page, server: ServerProcess) -> None:
    open_board(page, server, DEAD)
    link = page.locator("#mbf-download")
    expect(link).to_be_hidden()  # the mine may be either of two cells
    open_board(page, server, "3x1x1\n1HH\n")  # the 1 tells the mine, the count the rest
    expect(link).to_be_visible()
    expect(link).to_have_attribute("download", "board.mbf")
    href = link.get_attribute("href") or ""
    prefix = "data:application/octet-stream;base64,"
    assert href.startswith(prefix)
    assert base64.b64decode(href.removeprefix(prefix)) == bytes([3, 1, 0, 1, 1, 0])
    link.focus()
    expect(link).to_be_focused()
    assert serious(page) == []


def test_axe_finds_nothing_serious_on_a_phone_that_never_scrolls_sideways(
    phone: Page, server: ServerProcess
) -> None:
    open_board(phone, server, DEAD)
    assert serious(phone) == []
    open_board(phone, server)  # the default board, 16x16: it fits the screen
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    frame = phone.locator("#board-frame").bounding_box()
    assert frame is not None and frame["x"] >= 0 and frame["x"] + frame["width"] <= PHONE["width"]


def test_the_answer_carries_the_position_as_read(client: TestClient) -> None:
    answer = client.post(ANALYSIS, json={"position": "1##\n1F#\n###\n", "mines": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["view"] == ["1##", "1F#", "###"]
