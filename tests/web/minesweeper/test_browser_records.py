"""Honest records in a real browser (Debian's chromium, headless) against a real server: a
game played with Play Move is assisted, a game left after its first reveal is a loss, and the
Statistics dialog shows both, readable on a phone."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from benchmarks.server import ServerProcess
from playwright.sync_api import Locator, Page, expect

from gridpuzzles.storage import Store
from tests.web.boards import FIRST
from tests.web.minesweeper.test_browser import cell, start_new_game

OWN_SERVER = True
"""The server fixture starts a server of this module's own (see tests/web/conftest.py)."""

GAME_KEY = "gridpuzzles.minesweeper.game"

CONTRAST = """
root => {
  const channel = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  const rgba = text => text.match(/[\\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const background = element => {
    for (let e = element; e; e = e.parentElement) {
      const colour = rgba(getComputedStyle(e).backgroundColor);
      if (colour.length < 4 || colour[3] > 0) return colour;
    }
    return [255, 255, 255];
  };
  const worst = [];
  const elements = [root, ...root.querySelectorAll("*")];
  for (const element of elements) {
    const own = [...element.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !element.getClientRects().length) continue;
    const a = luminance(rgba(getComputedStyle(element).color));
    const b = luminance(background(element));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) worst.push(`${element.tagName} "${element.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
  }
  return worst;
}
"""
"""The texts under ``root`` whose contrast with their background is under 4.5:1 (WCAG AA)."""

CUT = """
root => [...root.querySelectorAll("td, th, caption, p, h2, a, button")]
  .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.textContent.trim().slice(0, 40))
"""
"""The texts under ``root`` wider than their box (cut off or spilling out)."""


def open_page(page: Page, server: ServerProcess) -> str:
    """The page on a counted beginner game (no seed asked); the game's id."""
    page.goto(f"{server.url}/")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(81)
    game_id: str = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    return game_id


def open_statistics(page: Page) -> Locator:
    with page.expect_response(lambda r: "/records" in r.url):
        page.click("#open-statistics")
    dialog = page.locator("#statistics")
    expect(dialog).to_be_visible()
    return dialog


def history_row(page: Page, index: int = 0) -> Locator:
    return page.locator("#history tbody tr").nth(index)


def column(row: Locator, label: str) -> Locator:
    return row.locator(f"td[data-label='{label}']")


def play_with_play_move(page: Page) -> str:
    """Press Play Move until the game ends; its status."""
    for _ in range(100):
        status = page.locator("#face").get_attribute("data-face")
        if status in ("won", "lost"):
            return status
        with page.expect_response(lambda r: "auto-move" in r.url):
            page.click("#play-move")
        expect(page.locator("#board")).to_have_attribute("aria-busy", "false")  # drawn
    raise AssertionError("Play Move did not finish the game in 100 moves")


def test_a_game_won_with_play_move_is_assisted_and_sets_no_best_time(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_page(page, server)
    expect(page.locator("#assisted")).to_be_hidden()
    status = ""
    lost = 0
    for _ in range(6):  # the auto-player wins most beginner games; play until it wins one
        status = play_with_play_move(page)
        expect(page.locator("#assisted")).to_be_visible()
        expect(page.locator("#message")).to_contain_text("assisted: not a record")
        if status == "won":
            break
        lost += 1
        start_new_game(page)
        expect(page.locator("#assisted")).to_be_hidden()
    assert status == "won"
    expect(page.locator("#message")).to_contain_text(re.compile(r"^You won in [\d.]+ s \(assisted"))
    assert page.evaluate(CONTRAST, page.locator("#assisted").element_handle()) == []

    dialog = open_statistics(page)
    expect(dialog.locator("#whose-records")).to_have_text(
        "Every game played on this server counts here."
    )
    summary = dialog.locator("table.records").first.locator("tbody tr")
    expect(summary).to_have_count(1)
    expect(column(summary, "Level, rule")).to_have_text("beginner, opening")  # the page's default
    expect(column(summary, "Games")).to_have_text("0")
    expect(column(summary, "Best")).to_have_text("\N{EN DASH}")
    expect(column(summary, "Assisted won")).to_have_text(f"1/{lost + 1}")
    expect(dialog.locator("table.best-times")).to_have_count(0)
    expect(page.locator("#history tbody tr")).to_have_count(lost + 1)
    expect(column(history_row(page), "Result")).to_have_text("won (assisted)")
    page.screenshot(path=artifacts / "minesweeper-statistics-assisted.png")
    page.click("#close-statistics")
    expect(dialog).to_be_hidden()


def test_a_game_left_after_its_first_reveal_is_listed_as_left_with_its_seed(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    page.set_viewport_size({"width": 375, "height": 667})
    left_id = open_page(page, server)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))
    expect(page.locator("#replay")).to_be_hidden()
    page.click("#new-game")  # the page asks first: leaving is a loss
    expect(page.locator("#leave")).to_contain_text("Leave this game? It counts as a loss.")
    with page.expect_response(lambda r: r.url.endswith(f"/{left_id}/leave")) as left:
        start_new_game(page, lambda: page.click("#leave-game"))
    assert left.value.status == 200
    assert page.evaluate(f"localStorage.getItem('{GAME_KEY}')") != left_id

    store = Store(server.db)
    try:
        saved = store.load_game(left_id)
        (latest,) = [game for game in store.minesweeper_history(20) if game.id == left_id]
    finally:
        store.close()
    assert saved is not None and latest.outcome.abandoned

    dialog = open_statistics(page)
    row = history_row(page)
    expect(column(row, "Result")).to_have_text("left")
    expect(column(row, "Level")).to_have_text("beginner, opening")
    link = column(row, "Board").locator("a")
    expect(link).to_have_text("Replay")
    href = link.get_attribute("href")
    assert href is not None
    assert parse_qs(urlsplit(href).query) == {
        "level": ["beginner"],
        "first_click": ["opening"],
        "seed": [str(saved.seed)],
    }
    summary = dialog.locator("table.records").first.locator("tbody tr").first
    expect(column(summary, "Won")).to_have_text("0")
    expect(column(summary, "Win %")).to_have_text("0.0%")

    box = dialog.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    handle = dialog.element_handle()
    assert page.evaluate(CUT, handle) == []
    assert page.evaluate(CONTRAST, handle) == []
    page.screenshot(path=artifacts / "minesweeper-statistics-phone.png")

    with page.expect_navigation():
        link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell.open")).to_have_count(0)
    cell(page, *FIRST).click()
    expect(cell(page, *FIRST)).to_have_class(re.compile(r"\bopen\b"))


def test_with_records_per_player_the_statistics_say_they_are_this_browsers(
    page: Page, tmp_path: Path
) -> None:
    server = ServerProcess(tmp_path / "games.db", options=("--records", "per-player"))
    server.start()
    try:
        open_page(page, server)
        dialog = open_statistics(page)
        expect(dialog.locator("#whose-records")).to_have_text(
            "The games played in this browser: each browser keeps its own records on this server."
        )
        expect(dialog.locator("table.records").first).to_contain_text("No game finished yet")
    finally:
        server.stop()
