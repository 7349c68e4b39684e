"""Undo and redo in the Textual app's Minesweeper (as in Simon Tatham's Mines): u takes back
the latest move, also the mine that lost the game, y plays it again; either marks the game
assisted, the session's tally and the store take back an undone loss, and a win is final."""

from pathlib import Path

import pytest

from gridpuzzles.minesweeper import Status
from gridpuzzles.storage import Store
from tests.tui.minesweeper.test_minesweeper_screen import app_for, click_cell, message, screen_of
from tests.tui.test_statistics import Clock, app_on, lose, win

pytestmark = pytest.mark.anyio


async def test_u_and_y_walk_back_and_forth_and_say_when_there_is_nothing() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await pilot.press("u")
        assert message(app) == "there is nothing to undo"
        start = screen.game
        await click_cell(pilot, (4, 4))
        opened = screen.game
        await pilot.press("u")
        assert screen.game == start and "Undone" in message(app)
        await pilot.press("y")
        assert screen.game == opened and "Redone" in message(app)
        await pilot.press("ctrl+y")
        assert message(app) == "there is nothing to redo"
        assert screen.record.assisted


async def test_undoing_the_mine_takes_back_the_loss_in_the_store_and_the_tally(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await lose(pilot, app)
        assert "u undoes the mine" in message(app)
        [lost] = store.minesweeper_history()
        assert not lost.outcome.won and screen.tally[Status.LOST] == 1
        await pilot.press("u")
        assert screen.game.status is Status.PLAYING and screen.tally[Status.LOST] == 0
        assert store.minesweeper_history() == []  # the game is played again: no result is kept yet
        await pilot.press("y")  # back onto the mine: lost again, and kept again
        assert screen.game.over and screen.tally[Status.LOST] == 1
        [again] = store.minesweeper_history()
        assert again.outcome.assisted and not again.outcome.won
        await pilot.press("u")
        assert store.minesweeper_history() == []
    replayed = store.load_game(lost.id)
    assert replayed is not None
    assert replayed.replay() == screen.game  # the store replays undo and redo alike
    store.close()


async def test_a_game_won_after_an_undo_is_an_assisted_win_and_a_win_is_final(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await click_cell(pilot, (4, 4))
        await pilot.press("u")
        await win(pilot, app, clock)
        [won] = store.minesweeper_history()
        assert won.outcome.won and won.outcome.assisted
        assert "assisted: not a record" in message(app)
        await pilot.press("u")
        assert message(app) == "This win is kept as it is: nothing can be undone."
        assert screen.game.status is Status.WON
    store.close()
