"""What the Minesweeper page says of a move stands where the player looks (real browser against
a real server): on expert at 1280x800 and on a 375x667 phone, the words of a hint, of Play
Move, of a refused move and of a game's end (with its replay link) lie inside the window with
no scrolling, beside or above the board and clear of it. A replayed board keeps its seed in the
address and in the Seed field, says that it does not count, and is indeed not counted."""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Browser, BrowserContext, Locator, Page, ViewportSize, expect

from gridpuzzles.minesweeper import FirstClick, level, new_game, reveal
from gridpuzzles.minesweeper.solving.noguess import placement
from tests.web.boards import FIRST, SEED, beginner_mine, beginner_win
from tests.web.minesweeper.test_browser import at, cell, start_new_game
from tests.web.minesweeper.test_browser_phone import ready, settled

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

GAME_KEY = "gridpuzzles.minesweeper.game"
EXPERT = level("expert", FirstClick.OPENING)
EXPERT_FIRST = (8, 15)
"""The first reveal on the expert board (row 9, column 16 in the player's words)."""
EXPERT_ADDRESS = f"level=expert&first_click=opening&seed={SEED}"
NOT_COUNTED = "does not count in the records"

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 667}


def new_screen(browser: Browser, name: str) -> BrowserContext:
    """A browser context on the ``laptop`` (1280x800) or a touch ``phone`` (375x667)."""
    if name == "phone":
        return browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    return browser.new_context(viewport=LAPTOP)


PLACED = """
selector => {
  const element = document.querySelector(selector);
  const box = element.getBoundingClientRect();
  const on = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {box: {left: box.left, top: box.top, right: box.right, bottom: box.bottom},
          width: innerWidth, height: innerHeight, seen: Boolean(on && element.contains(on))};
}
"""
"""Where the element ``selector`` is in the window (the viewport's coordinates), the window's
size, and whether the element's middle is seen (not covered by another)."""


@pytest.fixture(params=["laptop", "phone"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    """A browser context of one screen: expert's laptop, and a touch phone."""
    context = new_screen(browser, request.param)
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    yield context
    context.close()
    assert not errors, f"script errors on the page: {errors}"


def touches(page: Page) -> bool:
    return bool(page.evaluate("matchMedia('(pointer: coarse)').matches"))


def press(page: Page, target: Locator) -> None:
    """A tap on a touch screen, a click elsewhere: what the player does."""
    if touches(page):
        target.tap()
    else:
        target.click()


def expert_cell(page: Page, row: int, col: int) -> Locator:
    return page.locator(f"#board .cell[data-index='{row * EXPERT.width + col}']")


def assert_where_the_player_looks(page: Page, selector: str = "#message") -> None:
    """``selector`` has words, lies wholly inside the window as it is now (the player scrolls
    nothing), is not covered, and stands beside the board (to its right) or above it, clear of
    the board's frame."""
    expect(page.locator(selector)).not_to_have_text("")
    placed = page.evaluate(PLACED, selector)
    board = page.evaluate(PLACED, "#board-frame")["box"]
    box = placed["box"]
    inside = (
        box["left"] >= 0
        and box["top"] >= 0
        and box["right"] <= placed["width"]
        and box["bottom"] <= placed["height"]
    )
    assert inside, (
        f"{selector} at {box} is not inside the {placed['width']}x{placed['height']} window"
    )
    assert placed["seen"], f"{selector} is covered"
    above = box["bottom"] <= board["top"]
    beside = box["left"] >= board["right"]
    assert above or beside, f"{selector} at {box} is neither above nor beside the board at {board}"


def test_a_hint_play_move_a_refusal_and_the_end_are_said_where_the_player_looks(
    screen: BrowserContext, server: ServerProcess
) -> None:
    page = screen.new_page()
    page.goto(f"{server.url}/?{EXPERT_ADDRESS}")
    ready(page, EXPERT.width * EXPERT.height)
    press(page, expert_cell(page, *EXPERT_FIRST))
    expect(expert_cell(page, *EXPERT_FIRST)).to_have_class(re.compile(r"\bopen\b"))
    settled(page)
    stale = screen.new_page()  # a second tab on the same game, which will not see the next moves
    stale.goto(f"{server.url}/")
    ready(stale, EXPERT.width * EXPERT.height)

    with page.expect_response(lambda r: "/hint" in r.url):
        press(page, page.locator("#hint"))
    settled(page)
    expect(page.locator("#board .cell.hint")).to_have_count(1)
    assert_where_the_player_looks(page)

    with page.expect_response(lambda r: "auto-move" in r.url):
        press(page, page.locator("#play-move"))
    settled(page)
    expect(page.locator("#message")).to_contain_text(re.compile(r"(Played|Flagged) row \d+"))
    assert_where_the_player_looks(page)

    hidden = stale.locator("#board .cell.hidden:not(.flag)").last
    with stale.expect_response(lambda r: "/moves" in r.url) as refused:
        press(stale, hidden)  # on a board the game has moved on from
    assert refused.value.status == 409
    settled(stale)
    expect(stale.locator("#message")).to_have_class(re.compile(r"\berror\b"))
    assert_where_the_player_looks(stale)

    layout = reveal(new_game(EXPERT, SEED, placement(EXPERT)), *EXPERT_FIRST).layout
    assert layout is not None
    mine = next(
        index
        for index in layout.mine_indices()
        if page.locator(f"#board .cell[data-index='{index}']").get_attribute("data-symbol") == "#"
    )
    press(page, page.locator(f"#board .cell[data-index='{mine}']"))
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    expect(page.locator("#message")).to_contain_text("Boom!")
    assert_where_the_player_looks(page)
    expect(page.locator("#replay")).to_be_visible()
    assert_where_the_player_looks(page, "#replay")


def test_on_a_phone_a_page_scrolled_down_brings_the_words_into_view(
    browser: Browser, server: ServerProcess
) -> None:
    """The page taller than a phone (beginner's large cells, How to play opened): the player
    who has scrolled down past the board and taps Hint sees the words above the board come into
    view with the answer."""
    context = new_screen(browser, "phone")
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?level=beginner&first_click=safe&seed={SEED}")
        ready(page, 81)
        assert page.evaluate("document.documentElement.scrollHeight > innerHeight")
        cell(page, *FIRST).tap()
        settled(page)
        page.locator(".help summary").tap()  # How to play, read to its end
        page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
        top = page.evaluate("document.querySelector('#status').getBoundingClientRect().top")
        assert top < 0  # the status, above the board, is scrolled away
        with page.expect_response(lambda r: "/hint" in r.url):
            page.locator("#hint").tap()
        settled(page)
        assert_where_the_player_looks(page)
        assert_where_the_player_looks(page, "#chosen")
    finally:
        context.close()


def records(page: Page) -> dict[str, list[dict[str, object]]]:
    """The server's records and latest games, as the page's Statistics asks for them."""
    answer: dict[str, list[dict[str, object]]] = page.evaluate(
        "async () => (await fetch('/api/minesweeper/records?history=50')).json()"
    )
    return answer


def test_a_replayed_board_keeps_its_seed_says_it_does_not_count_and_is_not_counted(
    page: Page, server: ServerProcess
) -> None:
    page.goto(f"{server.url}/?level=beginner&first_click=safe")  # a random board
    ready(page, 81)
    expect(page.locator("#first-click")).to_have_value("safe")
    expect(page.locator("#chosen")).to_have_text("")
    assert urlsplit(page.url).query == ""
    page.fill("#seed", str(SEED))  # a seed chosen in the form: its address is shown
    start_new_game(page)
    assert parse_qs(urlsplit(page.url).query)["seed"] == [str(SEED)]
    expect(page.locator("#chosen")).to_contain_text(NOT_COUNTED)
    cell(page, *FIRST).click()
    cell(page, *at(beginner_mine())).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "lost")
    replay = page.locator("#replay")
    expect(replay).to_be_visible()
    expect(page.locator(".replay")).to_contain_text(f"a replay {NOT_COUNTED}")
    lost_id = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")

    with page.expect_navigation():
        replay.click()
    ready(page, 81)
    expect(page.locator("#board .cell.open")).to_have_count(0)
    replayed_id = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    assert replayed_id != lost_id  # the board dealt again, as a new game
    asked = parse_qs(urlsplit(page.url).query)
    assert asked["seed"] == [str(SEED)] and asked["level"] == ["beginner"]
    expect(page.locator("#seed")).to_have_value(str(SEED))
    expect(page.locator("#chosen")).to_contain_text(NOT_COUNTED)
    expect(page.locator("#chosen")).to_be_visible()

    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    page.reload()  # the address names the game being played: a reload resumes it
    ready(page, 81)
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == replayed_id
    assert parse_qs(urlsplit(page.url).query)["seed"] == [str(SEED)]
    expect(page.locator("#seed")).to_have_value(str(SEED))
    for move in beginner_win()[1:]:
        cell(page, *at(move)).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#chosen")).to_contain_text(NOT_COUNTED)
    assert parse_qs(urlsplit(page.url).query)["seed"] == [str(SEED)]

    # Neither game is counted: the server keeps no game on a chosen seed in the records.
    kept = records(page)
    assert [game for game in kept["history"] if game["seed"] == str(SEED)] == []
    assert all(record["played"] == 0 for record in kept["records"]), kept["records"]

    page.fill("#seed", "")  # a random board again: it counts, and the address is the page's
    start_new_game(page)
    expect(page.locator("#chosen")).to_have_text("")
    assert urlsplit(page.url).query == ""
