"""The Mondrian page passes axe-core (WCAG 2 A and AA) with no serious or critical violation in
each state a player meets: a new game, a game in play with a block in hand, a solved game,
the solutions shown, and the player's own challenge being edited."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    coloured_solution,
    open_challenge,
    settled,
    tray,
)
from tests.web.mondrian.test_mondrian_page_challenges import place_through_the_api

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations of the WCAG 2 A and AA rules on ``page`` as it is now."""
    result = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    return list(result.response["violations"])


def by_impact(found: list[dict[str, Any]]) -> dict[str, int]:
    """How many nodes break a rule, per impact."""
    total: Counter[str] = Counter()
    for violation in found:
        total[violation["impact"]] += len(violation["nodes"])
    return dict(total)


def a_new_game(page: Page, server: ServerProcess) -> None:
    pass


def a_block_in_hand(page: Page, server: ServerProcess) -> None:
    first = coloured_solution(CODE)[0]
    page.focus("#board")
    page.keyboard.press("ArrowRight")
    page.click(tray(page, str(first.block)))
    page.focus("#board")
    page.keyboard.press("ArrowDown")


def solved(page: Page, server: ServerProcess) -> None:
    place_through_the_api(page, server, coloured_solution(CODE))
    expect(page.locator("#board")).to_have_class(re.compile(r"\bsolved\b"))


def solutions_shown(page: Page, server: ServerProcess) -> None:
    page.click("#show-solutions")
    settled(page)
    expect(page.locator("#viewing")).to_be_visible()


def own_challenge_edited(page: Page, server: ServerProcess) -> None:
    page.click("#own")
    settled(page)
    expect(page.locator("#title")).to_have_text("Your own challenge")
    page.click(tray(page, "1x3"))
    page.locator("#board").hover()


STATES: dict[str, Callable[[Page, ServerProcess], None]] = {
    "a new game": a_new_game,
    "a block in hand": a_block_in_hand,
    "solved": solved,
    "the solutions shown": solutions_shown,
    "the own challenge edited": own_challenge_edited,
}


@pytest.mark.parametrize("state", list(STATES))
def test_no_serious_or_critical_violation(page: Page, server: ServerProcess, state: str) -> None:
    open_challenge(page, server)
    STATES[state](page, server)
    settled(page)
    found = violations(page)
    print(
        f"axe {state}: {by_impact(found)}", [(v["id"], v["impact"], len(v["nodes"])) for v in found]
    )
    bad = [
        (v["id"], v["impact"], v["help"], len(v["nodes"]))
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad
