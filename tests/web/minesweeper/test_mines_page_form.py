"""What the CLI and the TUI have, in the page's form too (real browser against a real
server): a seed (sent as text; such a game is not counted, and the form says so), question
marks (right click cycles flag, question mark, hidden) and the flags win rule."""

from __future__ import annotations

import re
from collections.abc import Callable

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.minesweeper import Move, level, new_game, play, view
from tests.web.boards import FIRST, SEED, beginner_layout
from tests.web.minesweeper.test_browser import cell, start_new_game
from tests.web.minesweeper.test_browser_records import open_page


def new_game_asked(page: Page, act: Callable[[], object] | None = None) -> dict[str, object]:
    """Click New game (or ``act``, such as a rule's change, which starts one at once) and
    wait until the page shows it; the body the page sent for the new game."""
    with page.expect_request(lambda r: r.url.endswith("/games") and r.method == "POST") as made:
        start_new_game(page, act)
    return asked(made.value.post_data_json)


def asked(body: object) -> dict[str, object]:
    """A request's JSON body, which must be an object."""
    assert isinstance(body, dict)
    return body


def test_a_chosen_seed_is_sent_as_text_and_said_not_to_count(
    page: Page, server: ServerProcess
) -> None:
    open_page(page, server)
    expect(page.locator("#seed-note")).to_have_text(
        "A game on a chosen seed does not count in the records."
    )
    expect(page.get_by_role("textbox", name="Seed")).to_have_attribute(
        "aria-describedby", "seed-note"
    )
    page.fill("#seed", str(SEED))
    # A rule's change starts the game at once (a second click on New game would race it).
    body = new_game_asked(page, lambda: page.select_option("#first-click", "safe"))
    assert body["seed"] == str(SEED)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expected = view(play(new_game(level("beginner"), SEED), Move.parse("r4,4"))).rows()
    symbols = page.eval_on_selector_all("#board .cell", "cs => cs.map(c => c.dataset.symbol)")
    assert ["".join(symbols[r * 9 : r * 9 + 9]) for r in range(9)] == expected


def test_question_marks_make_a_right_click_cycle_flag_question_mark_hidden(
    page: Page, server: ServerProcess
) -> None:
    open_page(page, server)
    # A rule starts a new game at once; a click before the page shows it reaches the old one.
    body = new_game_asked(page, lambda: page.check("#question-marks"))
    assert body["question_marks"] is True
    corner = cell(page, 0, 0)
    for symbol in ("F", "?", "#"):
        corner.click(button="right")
        expect(corner).to_have_attribute("data-symbol", symbol)
    expect(page.locator("#spoken")).to_contain_text("row 1, column 1")


def test_the_flags_win_rule_wins_by_flagging_exactly_the_mines(
    page: Page, server: ServerProcess
) -> None:
    open_page(page, server)
    page.fill("#seed", str(SEED))
    new_game_asked(page, lambda: page.select_option("#first-click", "safe"))
    body = new_game_asked(page, lambda: page.select_option("#win-rule", "flags"))
    assert body["win_rule"] == "flags" and body["seed"] == str(SEED)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    for mine in beginner_layout().mine_indices():
        cell(page, *divmod(mine, 9)).click(button="right")
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    expect(page.locator("#message")).to_contain_text("You won")
