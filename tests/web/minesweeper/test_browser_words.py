"""The page speaks the player's words (real browser against a real server): Play Move says
which cell it played or flagged, counted from 1, and why."""

from __future__ import annotations

import re

from benchmarks.server import ServerProcess
from playwright.sync_api import Page, expect

from gridpuzzles.minesweeper import Move, level, new_game, play, view
from gridpuzzles.minesweeper.solving.autoplay import next_move

FLAG_SEED = 4
"""A beginner board (first click safe, in the centre) on which Play Move flags a mine early."""


def test_play_move_says_where_it_played_and_why(page: Page, server: ServerProcess) -> None:
    game = play(new_game(level("beginner"), FLAG_SEED), Move.parse("r4,4"))
    moves: list[Move] = []
    while len(moves) < 4 and not game.over:
        move = next_move(view(game), 10)
        moves.append(move)
        game = play(game, move)
    assert any(move.action.value == "f" for move in moves)

    page.goto(f"{server.url}/?level=beginner&first_click=safe&seed={FLAG_SEED}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.locator("#board .cell[data-index='40']").click()
    expect(page.locator("#board .cell[data-index='40']")).to_have_class(re.compile(r"\bopen\b"))
    for move in moves:
        flagged = move.action.value == "f"
        verb, why = (
            ("Flagged", "certain mine: ") if flagged else ("Played", "(safe|no safe cell): ")
        )
        where = f"row {move.row + 1}, column {move.col + 1}"
        with page.expect_response(lambda r: "auto-move" in r.url):
            page.click("#play-move")
        message = page.locator("#message")
        expect(message).to_have_text(re.compile(rf"^{verb} {where} — {why}.+\.$"))
        assert not re.search(r"\b[rfc]\d+,\d+", message.inner_text())
        if verb == "Flagged":
            expect(message).to_contain_text(re.compile(r"the \d at row \d, column \d|every layout"))
            cell = page.locator(f"#board .cell[data-index='{move.row * 9 + move.col}']")
            expect(cell).to_have_class(re.compile(r"\bflag\b"))
