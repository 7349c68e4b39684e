"""The probability overlay belongs to one game and draws the one scale of every shell (real
browser against a real server): a new game starts with it off, help asked before the first
reveal marks nothing, a game won with it on shows its result, and its cells and legend use
the risk bands of `minesweeper.core.scale`, readable and distinct from the page."""

from __future__ import annotations

import re
from pathlib import Path

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.minesweeper.core.scale import RISK_BANDS, risk_band
from tests.colours import contrast
from tests.web.boards import FIRST, beginner_win
from tests.web.minesweeper.test_browser import at, cell, open_seeded
from tests.web.minesweeper.test_browser_phone import css_rgb, settled

GAME_KEY = "gridpuzzles.minesweeper.game"


def server_state(page: Page) -> dict[str, object]:
    """The game of the page as the server has it now."""
    state: dict[str, object] = page.evaluate(
        """async key => (await fetch(`/api/minesweeper/games/${localStorage.getItem(key)}`)).json()""",
        GAME_KEY,
    )
    return state


def test_a_new_game_starts_with_the_overlay_off_and_help_before_the_first_reveal_marks_nothing(
    page: Page, server: ServerProcess
) -> None:
    open_seeded(page, server)
    cell(page, *FIRST).click()
    settled(page)
    page.click("#overlay")
    expect(page.locator("#board .cell.chance").first).to_be_visible()
    expect(page.locator("#assisted")).to_be_visible()

    page.click("#face")
    with page.expect_response(lambda r: r.url.endswith("/games") and r.request.method == "POST"):
        page.click("#leave-game")
    settled(page)
    expect(page.locator("#overlay")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#board .cell.chance")).to_have_count(0)
    expect(page.locator("#overlay-legend")).to_be_hidden()
    expect(page.locator("#assisted")).to_be_hidden()

    with page.expect_response(lambda r: "/probabilities" in r.url):
        page.click("#overlay")  # before the first reveal: shown, but no help to count
    expect(page.locator("#board .cell.chance")).to_have_count(81)
    page.wait_for_timeout(200)
    expect(page.locator("#assisted")).to_be_hidden()
    assert server_state(page)["assisted"] is False


def test_winning_with_the_overlay_on_shows_the_result(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    moves = beginner_win()
    cell(page, *at(moves[0])).click()
    settled(page)
    with page.expect_response(lambda r: "/probabilities" in r.url):
        page.click("#overlay")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    for move in moves[1:]:
        cell(page, *at(move)).click()
    expect(page.locator("#face")).to_have_attribute("data-face", "won")
    settled(page)
    ended_at = len(asked)
    page.wait_for_timeout(800)  # any answer still on its way has come
    message = page.locator("#message")
    expect(message).to_contain_text(re.compile(r"^You won in [\d.]+ s"))
    expect(message).not_to_have_class(re.compile(r"\berror\b"))
    expect(message).not_to_contain_text("nothing left to advise")
    expect(page.locator("#overlay")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#overlay-legend")).to_be_hidden()
    assert not [url for url in asked[ended_at:] if "/probabilities" in url or "/hint" in url]
    page.screenshot(path=artifacts / "minesweeper-won-with-overlay.png")


def test_the_overlay_draws_the_risk_bands_of_every_shell_with_a_legend(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    open_seeded(page, server)
    options = page.evaluate(
        "JSON.parse(document.getElementById('minesweeper-options').textContent)"
    )
    assert options["risk_bands"] == [
        {"upto": b.upto, "background": b.background, "ink": b.ink, "legend": b.legend}
        for b in RISK_BANDS
    ]
    cell(page, *FIRST).click()
    for _ in range(3):  # a few numbers more, for chances of several bands
        with page.expect_response(lambda r: "auto-move" in r.url):
            page.click("#play-move")
        settled(page)
    with page.expect_response(lambda r: "/probabilities" in r.url):
        page.click("#overlay")
    expect(page.locator("#board .cell.chance").first).to_be_visible()
    shown = page.evaluate(
        """async key => {
             const id = localStorage.getItem(key);
             const answer = await fetch(`/api/minesweeper/games/${id}/probabilities`);
             const chances = (await answer.json()).probabilities.flat();
             return [...document.querySelectorAll('#board .cell.chance')].map(c => [
               chances[Number(c.dataset.index)], c.textContent,
               getComputedStyle(c).backgroundColor, getComputedStyle(c).color]);
           }""",
        GAME_KEY,
    )
    assert len({text for _, text, *_ in shown}) >= 2
    for chance, text, background, ink in shown:
        percent = round(chance * 100)
        percent = 0 if chance == 0 else 100 if chance == 1 else min(99, max(1, percent))
        band = risk_band(percent)
        assert text == str(percent)
        assert css_rgb(background) == css_rgb_hex(band.background), (chance, background)
        assert css_rgb(ink) == css_rgb_hex(band.ink)

    legend = page.locator("#risk-legend [role='listitem']")
    expect(legend).to_have_count(len(RISK_BANDS))
    expect(legend.first).to_contain_text("certainly safe")
    expect(legend.nth(1)).to_contain_text("1% to 9%")
    expect(legend.last).to_contain_text("certainly a mine")
    swatches = page.evaluate(
        """() => [...document.querySelectorAll('#risk-legend .swatch')].map(s =>
             [s.textContent, getComputedStyle(s).backgroundColor, getComputedStyle(s).color])"""
    )
    page_background = css_rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    for (text, background, ink), band in zip(swatches, RISK_BANDS, strict=True):
        assert text == band.legend
        assert css_rgb(background) == css_rgb_hex(band.background)
        assert contrast(css_rgb(background), css_rgb(ink)) >= 4.5, band
        # distinct from the page's teal: far apart in CIELAB
        assert delta_e(css_rgb(background), page_background) >= 25, band
    page.screenshot(path=artifacts / "minesweeper-bands.png")


def css_rgb_hex(colour: str) -> tuple[float, float, float]:
    return css_rgb(f"rgb({int(colour[1:3], 16)}, {int(colour[3:5], 16)}, {int(colour[5:7], 16)})")


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB of an sRGB colour (D65)."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """The CIE76 distance of two colours (about 2.3 is just noticeable)."""
    return float(sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5)
