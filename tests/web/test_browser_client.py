"""What both game pages share (client.js), in a real browser against a real server: the game
in play is the browser's, kept where every tab reads it (a reload resumes it, and so does the
page opened again once its tab is closed), the moves go to the server one at a time, in the
order they were made, and where a block fits is the server's answer for the board as it is."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from benchmarks.server import ServerProcess
from playwright.sync_api import Page, Route, expect

from gridpuzzles.mondrian.core.grid import Orientation, Placement
from tests.web.boards import FIRST
from tests.web.minesweeper.test_browser import cell, open_seeded
from tests.web.mondrian.test_mondrian_browser import (
    CODE,
    cell_centre,
    click_cell,
    coloured_solution,
    open_challenge,
    placed,
    settled,
    tray,
)


def put_down(page: Page, placement: Placement) -> None:
    """Pick the block of ``placement`` from the tray, turn it if it stands, click its corner."""
    page.click(tray(page, str(placement.block)))
    if placement.orientation is Orientation.VERTICAL:
        page.click("#turn")
    click_cell(page, placement.row, placement.col)


def mines_started(page: Page, server: ServerProcess) -> None:
    """A seeded Minesweeper game with its first reveal made (leaving it would be a loss)."""
    open_seeded(page, server)
    cell(page, *FIRST).click()
    mines_shown(page)


def mines_shown(page: Page) -> None:
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))


def mondrian_started(page: Page, server: ServerProcess) -> None:
    """A published Mondrian challenge with its first coloured block down (its clock runs)."""
    open_challenge(page, server)
    put_down(page, coloured_solution(CODE)[0])
    mondrian_shown(page)


def mondrian_shown(page: Page) -> None:
    placed(page, coloured_solution(CODE)[0])
    expect(page.locator("#title")).to_contain_text(f"Challenge {CODE}")


@dataclass(frozen=True)
class Puzzle:
    address: str  # the page's own address, with nothing asked in it
    key: str  # where the page keeps the id of the game in play
    start: Callable[[Page, ServerProcess], object]  # open the page and make a first move
    shown: Callable[[Page], object]  # expect the game `start` made, as it was left


PUZZLES = {
    "minesweeper": Puzzle("/", "gridpuzzles.minesweeper.game", mines_started, mines_shown),
    "mondrian": Puzzle("/mondrian", "gridpuzzles.mondrian.game", mondrian_started, mondrian_shown),
}


def games_dealt(page: Page) -> list[str]:
    """The addresses of the new games the page asks for from now on (filled as it asks)."""
    dealt: list[str] = []
    page.on(
        "request",
        lambda r: dealt.append(r.url) if r.method == "POST" and r.url.endswith("/games") else None,
    )
    return dealt


@pytest.mark.parametrize("name", list(PUZZLES))
def test_the_game_in_play_survives_a_reload_and_a_closed_tab(
    page: Page, server: ServerProcess, name: str
) -> None:
    puzzle = PUZZLES[name]
    puzzle.start(page, server)
    game_id = page.evaluate("key => localStorage.getItem(key)", puzzle.key)

    page.goto(f"{server.url}{puzzle.address}")  # the page's own address, as a bookmark has it
    dealt = games_dealt(page)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    puzzle.shown(page)
    assert dealt == []

    again = page.context.new_page()  # the tab closed, the page opened again in another
    page.close()
    dealt = games_dealt(again)
    again.goto(f"{server.url}{puzzle.address}")
    expect(again.locator("body")).to_have_attribute("data-ready", "true")
    puzzle.shown(again)
    assert dealt == []  # resumed: no new game, and no question to leave one
    expect(again.locator("#leave")).to_be_hidden()
    assert again.evaluate("key => localStorage.getItem(key)", puzzle.key) == game_id


class HeldMoves:
    """The page's move requests: each is held unanswered until `release`; the bodies sent."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        self.bodies: list[str] = []
        self.released = False
        page.route("**/moves", self.handler)

    def handler(self, route: Route) -> None:
        self.bodies.append(route.request.post_data or "")
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def test_minesweeper_moves_are_sent_one_at_a_time_in_order(
    page: Page, server: ServerProcess
) -> None:
    mines_started(page, server)
    hidden = page.locator("#board .cell.hidden")
    first, second = hidden.nth(0), hidden.nth(1)
    first_index, second_index = (int(c.get_attribute("data-index") or "") for c in (first, second))
    held = HeldMoves(page)
    first.click(button="right")
    page.wait_for_timeout(200)
    assert len(held.bodies) == 1
    second.click(button="right")
    page.wait_for_timeout(500)
    assert len(held.bodies) == 1, "a move was sent before the one before it was answered"
    expect(page.locator("#board")).to_have_attribute("aria-busy", "true")
    held.release()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert len(held.bodies) == 2
    width = 9
    for body, index in zip(held.bodies, (first_index, second_index), strict=True):
        assert f'"f{index // width},{index % width}"' in body
    for index in (first_index, second_index):
        expect(page.locator(f"#board .cell[data-index='{index}']")).to_have_class(
            re.compile(r"\bflag\b")
        )


def test_mondrian_moves_are_sent_one_at_a_time_in_order(page: Page, server: ServerProcess) -> None:
    open_challenge(page, server)
    one, two = [p for p in coloured_solution(CODE) if p.orientation is Orientation.HORIZONTAL][:2]
    held = HeldMoves(page)
    page.click(tray(page, str(one.block)))
    page.mouse.click(*cell_centre(page, one.row, one.col))
    page.wait_for_timeout(200)
    assert len(held.bodies) == 1
    page.click(tray(page, str(two.block)))
    page.mouse.click(*cell_centre(page, two.row, two.col))
    page.wait_for_timeout(500)
    assert len(held.bodies) == 1, "a move was sent before the one before it was answered"
    held.release()
    settled(page)
    assert len(held.bodies) == 2
    assert f'"block":"{one.block}"' in held.bodies[0]
    assert f'"block":"{two.block}"' in held.bodies[1]
    placed(page, one)
    placed(page, two)


def test_a_block_fits_where_the_server_says_after_an_undo(
    page: Page, server: ServerProcess
) -> None:
    """The outline of the block in hand shows the server's answer for the board as it is now:
    an answer for the board before an undo (which is no move: the count of moves stays) is not
    shown again once the undo has changed the board."""
    open_challenge(page, server)
    game_id = page.evaluate("localStorage.getItem('gridpuzzles.mondrian.game')")

    def fits(size: str, row: int, col: int) -> bool:
        answer = page.request.post(
            f"{server.url}/api/mondrian/games/{game_id}/check",
            data={"action": "place", "block": size, "row": row, "col": col, "orientation": "h"},
        )
        assert answer.ok, answer.text()
        return bool(answer.json()["fits"])

    solution = [p for p in coloured_solution(CODE) if p.orientation is Orientation.HORIZONTAL]
    down, other = next(
        (a, b)
        for a in solution
        for b in solution
        if a != b and fits(str(b.block), a.row, a.col)  # on the board without `a`
    )
    put_down(page, down)
    placed(page, down)
    page.click(tray(page, str(other.block)))
    page.mouse.move(*cell_centre(page, down.row, down.col))
    expect(page.locator("#board .preview.refused")).to_have_count(1)  # over the block down
    page.keyboard.press("Escape")
    page.click("#undo")
    settled(page)
    expect(page.locator("#board .block.coloured")).to_have_count(0)
    page.click(tray(page, str(other.block)))
    page.mouse.move(*cell_centre(page, down.row, down.col))
    expect(page.locator("#board .preview.fits")).to_have_count(1)


@pytest.mark.parametrize("name", list(PUZZLES))
def test_an_answer_cut_short_is_no_game_to_keep(
    page: Page, server: ServerProcess, name: str
) -> None:
    """An answer whose body cannot be read (cut short: the page left while it came, say) is a
    failed request, never a game without an id kept for the next load to ask for."""
    puzzle = PUZZLES[name]
    puzzle.start(page, server)
    game_id = page.evaluate("key => localStorage.getItem(key)", puzzle.key)
    page.route(f"**/games/{game_id}", lambda route: route.fulfill(status=200, body='{"id"'))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    kept = page.evaluate("key => localStorage.getItem(key)", puzzle.key)
    assert kept not in (None, "undefined", "null")
