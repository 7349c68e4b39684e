"""The probability overlay shows what the solver sees (real browser against a real server):
dead cells and unavoidable 50/50s are marked by shape as well as colour, named in a legend
and in each cell's words, and the hint says why it takes the 50/50."""

from __future__ import annotations

import re
from pathlib import Path

from benchmarks.server import ServerProcess
from playwright.sync_api import Locator, Page, expect

from tests.web.boards import MARKED, MARKED_MOVES

WIDTH = 6


def cell(page: Page, row: int, col: int) -> Locator:
    return page.locator(f"#board .cell[data-index='{row * WIDTH + col}']")


def outline(locator: Locator) -> str:
    """The outline style the browser draws on an element."""
    style: str = locator.evaluate("element => getComputedStyle(element).outlineStyle")
    return style


def test_the_overlay_marks_dead_cells_and_unavoidable_fifty_fifties(
    page: Page, server: ServerProcess, artifacts: Path
) -> None:
    query = "&".join(f"{key}={value}" for key, value in MARKED.items())
    page.goto(f"{server.url}/?{query}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#board .cell")).to_have_count(WIDTH * 6)
    for move in MARKED_MOVES:
        row, col = (int(n) for n in move[1:].split(","))
        cell(page, row, col).click()
        expect(cell(page, row, col)).to_have_class(re.compile(r"\bopen\b"))
    legend = page.locator("#overlay-legend")
    expect(legend).to_be_hidden()
    page.click("#overlay")
    expect(page.locator("#board .cell.chance").first).to_be_visible()
    expect(page.locator("#board .cell.dead")).to_have_count(2)
    expect(page.locator("#board .cell.fifty-fifty")).to_have_count(2)
    for row, col in [(5, 0), (5, 1)]:
        dead = cell(page, row, col)
        expect(dead).to_have_class(re.compile(r"\bdead\b"))
        expect(dead).to_have_attribute("aria-label", re.compile(r"dead: tells nothing new"))
        assert outline(dead) == "dashed"  # a shape, not a colour alone
    for row, col in [(0, 5), (1, 5)]:
        pair = cell(page, row, col)
        expect(pair).to_have_class(re.compile(r"\bfifty-fifty\b"))
        expect(pair).to_have_text("50")
        expect(pair).to_have_attribute(
            "title", re.compile(r"^50\.0% chance of a mine; unavoidable 50/50: no later move")
        )
        assert outline(pair) == "double"
    assert outline(cell(page, 2, 5)) == "none"  # an unmarked hidden cell
    expect(legend).to_be_visible()
    expect(legend).to_contain_text("dead: tells nothing new")
    expect(legend).to_contain_text("unavoidable 50/50")
    assert outline(legend.locator(".swatch.dead")) == "dashed"
    assert outline(legend.locator(".swatch.fifty-fifty")) == "double"
    scored = page.locator(
        "#board .cell.chance[title*='chance to be safe and have a safe next move']"
    )
    assert scored.count() >= 1
    page.screenshot(path=artifacts / "minesweeper-insight.png")

    page.click("#hint")
    expect(page.locator("#board .cell.hint")).to_have_count(1)
    expect(cell(page, 0, 5)).to_have_class(re.compile(r"\bhint\b"))
    expect(page.locator("#message")).to_have_text(
        "Hint: no cell is certainly safe: row 1, column 6 has 50% risk, while the safest cell "
        "has 33%; a 50/50 no later move can settle: guess now."
    )
    page.click("#overlay")
    expect(page.locator("#board .cell.dead")).to_have_count(0)
    expect(legend).to_be_hidden()
