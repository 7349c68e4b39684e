"""Another challenge replaces a started Mondrian game only once the player says so, in the
page's own dialog with the words every shell uses (real browser against a real server): keeping
it changes nothing, leaving it starts the other challenge, and a game not started or already
solved is replaced without a question."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.mondrian.core.records import LEAVE_QUESTION
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    coloured_solution,
    open_challenge,
    placed,
    settled,
)
from tests.web.mondrian.test_mondrian_page_axe import violations
from tests.web.mondrian.test_mondrian_page_challenges import place_through_the_api

GAME_KEY = "gridpuzzles.mondrian.game"


def started(page: Page, server: ServerProcess) -> str:
    """The challenge `CODE` with its first coloured block down (its clock runs); its id."""
    open_challenge(page, server)
    first = coloured_solution(CODE)[0]
    place_through_the_api(page, server, [first])
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    placed(page, first)
    settled(page)
    return str(page.evaluate(f"localStorage.getItem('{GAME_KEY}')"))


def other_code(page: Page) -> str:
    codes = page.eval_on_selector_all("#challenge option", "options => options.map(o => o.value)")
    return str(next(code for code in codes if code and code != CODE))


REPLACING: dict[str, Callable[[Page], object]] = {
    "Random challenge": lambda page: page.click("#random"),
    "Next challenge": lambda page: page.click("#next-challenge"),
    "the challenge list": lambda page: page.select_option("#challenge", other_code(page)),
    "Your own challenge": lambda page: page.click("#own"),
}


@pytest.mark.parametrize("how", list(REPLACING))
def test_a_started_game_is_replaced_only_when_the_player_says_so(
    page: Page, server: ServerProcess, how: str
) -> None:
    game_id = started(page, server)
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith("/games") else None,
    )
    REPLACING[how](page)
    dialog = page.get_by_role("dialog", name="Leave this game?")
    expect(dialog).to_be_visible()
    words = page.evaluate(
        "['leave-title', 'leave-words'].map(id => document.getElementById(id).textContent)"
    )
    assert " ".join(words) == LEAVE_QUESTION  # the words of every shell
    expect(page.locator("#keep-playing")).to_be_focused()  # the choice that loses nothing
    page.keyboard.press("r")  # the board's keys wait for the answer
    page.keyboard.press("Enter")  # Keep playing
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(300)
    assert sent == []  # no new game asked for
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == game_id
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")
    expect(page.locator("#challenge")).to_have_value(CODE)  # the list shows the game's own
    expect(page.locator("#message")).to_have_text("You kept playing: the game goes on.")
    expect(page.locator("#board .block.coloured")).to_have_count(1)

    REPLACING[how](page)  # asked again; Escape keeps it too
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.wait_for_timeout(200)
    assert sent == []

    REPLACING[how](page)
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#leave-game")
    settled(page)
    page.wait_for_function(f"id => localStorage.getItem('{GAME_KEY}') !== id", arg=game_id)
    expect(page.locator("#board .block.coloured")).to_have_count(0)


def test_the_question_passes_axe(page: Page, server: ServerProcess) -> None:
    started(page, server)
    page.click("#random")
    expect(page.locator("#leave")).to_be_visible()
    bad = [
        (v["id"], v["impact"], len(v["nodes"]))
        for v in violations(page)
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def test_a_game_not_started_or_solved_is_replaced_without_a_question(
    page: Page, server: ServerProcess
) -> None:
    open_challenge(page, server)  # no block down yet: nothing to lose
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#next-challenge")
    settled(page)
    expect(page.locator("#leave")).to_be_hidden()

    open_challenge(page, server)
    place_through_the_api(page, server, coloured_solution(CODE))
    expect(page.locator("#board")).to_have_class(re.compile(r"\bsolved\b"))
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#random")  # solved: it is kept already
    expect(page.locator("#leave")).to_be_hidden()


def test_a_challenge_link_asks_before_replacing_a_started_game(
    page: Page, server: ServerProcess
) -> None:
    game_id = started(page, server)
    link = f"{server.url}/mondrian?code={other_code(page)}"
    page.goto(link)
    dialog = page.locator("#leave")
    expect(dialog).to_be_visible()
    page.click("#keep-playing")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") == game_id
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")
    assert page.url.endswith("/mondrian")  # a reload resumes the kept game

    page.goto(link)
    expect(dialog).to_be_visible()
    page.click("#leave-game")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#title")).not_to_contain_text(f"Challenge {CODE}")
