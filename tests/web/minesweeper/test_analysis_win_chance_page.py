"""The analysis board's chance to win and the watch page's way into it (real browser against a
real server): once the chances are shown, "Estimate the chance to win" says the solver's
chance with its method (exact on a small position, playouts on a large one), an edit drops it,
and an inconsistent position never offers it; on the watch page of a finished game, "Analyse
this position" opens the step shown in the analysis board as the player saw it then."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import httpx
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.minesweeper import View
from gridpuzzles.minesweeper.core.exchange import format_mine
from tests.web.boards import FIRST, beginner_layout, beginner_mine
from tests.web.minesweeper.test_analysis_page import (
    ANALYSIS,
    CONTRADICTION,
    DEAD,
    cell,
    open_board,
    settled,
    shown_text,
)
from tests.web.test_watch_page import MINES, mines_game, replay_of, watch

WIN_CHANCE_WAIT = 20_000
"""Milliseconds the chance to win may take to come: the solver worker may be busy."""
OPEN_BEGINNER = "9x9x10\n" + ("H" * 9 + "\n") * 9
"""An untouched beginner board: too many layouts to list, so estimated by playouts."""


def test_the_chance_to_win_is_asked_after_the_chances_and_said_with_its_method(
    page: Page, server: ServerProcess
) -> None:
    open_board(page, server, DEAD)
    ask = page.locator("#win-chance-ask")
    expect(ask).to_be_visible()
    expect(page.locator("#win-chance")).to_have_text("")  # never with the chances
    ask.click()
    said = page.locator("#win-chance")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).to_have_text(
        "Chance to win: 100%. Exact: perfect play from this position wins 2 of the 2 layouts "
        "of the mines that fit.",
        timeout=WIN_CHANCE_WAIT,
    )
    expect(ask).to_be_hidden()  # answered: the same seed would say the same
    open_board(page, server, OPEN_BEGINNER)
    ask.click()
    expect(said).to_have_text(
        re.compile(
            r"^Chance to win: [<>\d]+%\. Playouts of the solver's own play from this position: \d+ games"
            r"( \(60 asked for: the time ran out\))?, \d+% won, 95% interval [<>\d]+% to [<>\d]+%\.$"
        ),
        timeout=WIN_CHANCE_WAIT,
    )


def test_an_edit_drops_the_chance_to_win_and_an_inconsistent_position_never_offers_it(
    page: Page, server: ServerProcess
) -> None:
    open_board(page, server, DEAD)
    page.locator("#win-chance-ask").click()
    said = page.locator("#win-chance")
    expect(said).not_to_have_text(re.compile(r"^(Estimating.*)?$"), timeout=WIN_CHANCE_WAIT)
    cell(page, 2, 2).click()  # hidden to a flag: another position
    expect(said).to_have_text("")
    settled(page)
    expect(page.locator("#win-chance-ask")).to_be_visible()  # offered again, for the new one
    open_board(page, server, CONTRADICTION)
    expect(page.locator("#result")).to_contain_text("cannot be analysed")
    expect(page.locator("#win-chance-ask")).to_be_hidden()


def test_a_replay_step_opens_in_the_analysis_board_as_the_player_saw_it(
    page: Page, server: ServerProcess, api: httpx.Client
) -> None:
    row, col = divmod(beginner_layout().mine_indices()[1], 9)
    moves = [f"r{FIRST[0]},{FIRST[1]}", f"f{row},{col}", beginner_mine()]  # lost at step 3
    game_id = mines_game(api, moves)
    seen = replay_of(api, MINES, game_id)["steps"][1]["state"]  # after the flag
    expected = format_mine(View(9, 9, "".join(seen["view"])), seen["mines"])
    assert "F" in expected and "*" not in expected
    watch(page, server, game_id)
    link = page.locator("#analyse-step")
    page.locator("#seek").fill("2")
    expect(link).to_have_text("Analyse this position")
    address = link.get_attribute("href")
    assert address is not None and parse_qs(urlsplit(address).query)["position"] == [expected]
    page.keyboard.press("End")  # the losing move shows the mines: the position before it
    expect(link).to_have_text("Analyse the position before this move")
    assert link.get_attribute("href") == address
    link.click()
    page.wait_for_url(re.compile(r"/analysis\?position="))
    expect(page.locator("body")).to_have_attribute("data-ready", "true", timeout=WIN_CHANCE_WAIT)
    settled(page)
    assert shown_text(page) == expected
    found = api.post(ANALYSIS, json={"position": expected}).json()
    for r, chances in enumerate(found["probabilities"]):
        for c, chance in enumerate(chances):
            if chance is not None and seen["view"][r][c] == "#":
                words = rf"^row {r + 1}, column {c + 1}: hidden, {chance * 100:.1f}% chance"
                expect(cell(page, r, c)).to_have_attribute("aria-label", re.compile(words))
    expect(cell(page, row, col)).to_have_attribute("aria-label", re.compile(r": flagged, "))
