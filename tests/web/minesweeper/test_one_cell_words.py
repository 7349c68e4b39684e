"""One way to speak of a cell: the same position, asked for a hint in every shell (line mode,
the full-screen app, the API and the page), gets the same cell in the same words, and each
shell's own row and column numbers point at the cells those words name."""

from __future__ import annotations

import io
import random
import re

import pytest
from benchmarks.server import ServerProcess
from fastapi.testclient import TestClient
from playwright.sync_api import Page, expect

from gridpuzzles.cli.main import mines_main
from gridpuzzles.minesweeper import level
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen

SEED = 11
"""A beginner board (first click safe) whose first reveal, row 5, column 5 (the centre),
leaves one certainly safe cell to hint, in a row and a column that differ."""
HINT = "row 7, column 5 is safe: the 1 at row 6, column 4 already has its mine"
"""The hint, in the words of every shell: written here by hand, as a player reads it off the
board's numbers, and not by the code under test."""


def line_mode_board(out: str) -> dict[tuple[str, str], str]:
    """The last board line mode printed, by its own row and column numbers."""
    lines = out.splitlines()
    header = max(i for i, line in enumerate(lines) if line.split()[:3] == ["1", "2", "3"])
    columns = lines[header].split()
    shown = {}
    for line in lines[header + 1 : header + 10]:
        row, *cells = line.split()
        shown.update({(row, column): cell for column, cell in zip(columns, cells, strict=True)})
    return shown


def test_line_mode_says_it_and_its_numbers_point_at_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"r 5 5\nh\nq\ny\n"), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    argv = ["play", "--level", "beginner", "--seed", str(SEED), "--first-click", "safe"]
    assert mines_main(argv) == 0
    out = capsys.readouterr().out
    assert f"Hint: {HINT}" in out
    board = line_mode_board(out)
    assert board["6", "4"] == "1" and board["7", "5"] == "#"


@pytest.mark.anyio
async def test_the_full_screen_app_says_it_and_its_numbers_point_at_it() -> None:
    app = GridPuzzlesApp(level("beginner"), SEED, clock=lambda: 0.0, seeds=random.Random(1))
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press(*["down"] * 4, *["right"] * 4, "space", "i")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MinesweeperScreen)
        assert str(screen.query_one("#message").render()) == f"Hint: {HINT}"
        board = screen.board
        assert board.labelled and board.cursor == (6, 4)
        lines = [strip.text for strip in board.render_lines(board.region.reset_offset)]
        where = board.cell_region(board.cursor)
        assert lines[0][where.x : where.right].strip() == "5"  # the column's number
        assert lines[where.y + board.cell_height // 2].split()[0] == "7"  # the row's number


def test_the_api_says_it_and_its_machine_form_counts_from_0(client: TestClient) -> None:
    games = "/api/minesweeper/games"
    body = {"level": "beginner", "seed": str(SEED), "first_click": "safe"}
    game = client.post(games, json=body).json()
    headers = {"X-Game-Token": game["token"]}
    client.post(f"{games}/{game['id']}/moves", json={"move": "r4,4"}, headers=headers)
    advice = client.get(f"{games}/{game['id']}/hint", headers=headers).json()
    assert advice["said"] == HINT
    assert (advice["row"], advice["col"]) == (6, 4)  # the machine form: from 0, row first


def test_the_page_says_it_and_names_the_cells_it_points_at(
    page: Page, server: ServerProcess
) -> None:
    page.goto(f"{server.url}/?level=beginner&first_click=safe&seed={SEED}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.locator("#board .cell[data-index='40']").click()  # row 5, column 5
    expect(page.locator("#board .cell[data-index='40']")).to_have_class(re.compile(r"\bopen\b"))
    page.click("#hint")
    expect(page.locator("#message")).to_have_text(f"Hint: {HINT}.")
    number = page.locator("#board .cell[data-index='48']")  # row 6, column 4
    expect(number).to_have_attribute("aria-label", re.compile(r"^row 6, column 4: 1\b"))
    hinted = page.locator("#board .cell[data-index='58']")  # row 7, column 5
    expect(hinted).to_have_attribute("aria-label", re.compile(r"^row 7, column 5: "))
