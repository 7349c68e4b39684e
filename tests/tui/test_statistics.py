"""Finished games of the Textual app go into the shared store; the statistics screen shows them."""

import io
import random
import sqlite3
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot

from gridpuzzles.minesweeper import FirstClick, Game, Mark, Status, level, new_game, reveal, view
from gridpuzzles.minesweeper.solving.autoplay import hint
from gridpuzzles.minesweeper.solving.noguess import generate, logic_wins
from gridpuzzles.storage import LevelStats, SavedGame, Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.dialogs import LevelMenu
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from gridpuzzles.tui.statistics import StatsScreen
from tests.minesweeper.boards import winning_reveals
from tests.tui.minesweeper.test_minesweeper_screen import click_cell, message, screen_of

pytestmark = pytest.mark.anyio


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def app_on(store: Store, clock: Clock, seed: int | None = None) -> GridPuzzlesApp:
    """Beginner on a random seed (drawn from a seeded source), keeping games in ``store``."""
    return GridPuzzlesApp(level("beginner"), seed, clock, random.Random(1), store=store)


def stored(path: Path | None) -> list[SavedGame]:
    """Every game the app stored in the SQLite file ``path``, oldest first."""
    assert path is not None
    store = Store(path)
    with sqlite3.connect(path) as db:
        ids = [row[0] for row in db.execute("SELECT id FROM games ORDER BY created_at, rowid")]
    games = [store.load_game(game_id) for game_id in ids]
    store.close()
    return [game for game in games if game is not None]


def stats_text(app: GridPuzzlesApp) -> str:
    """The statistics screen as plain text."""
    assert isinstance(app.screen, StatsScreen)
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(app.screen.text)
    return console.export_text()


async def win(pilot: Pilot[None], app: GridPuzzlesApp, clock: Clock) -> Game:
    """Win the current game by clicks, one second apart; the game as won."""
    screen = screen_of(app)
    for cell in winning_reveals(
        new_game(screen.game.config, screen.game.seed, screen.game.place), (4, 4)
    ):
        clock.now += 1
        await click_cell(pilot, cell)
    assert screen.game.status is Status.WON
    return screen.game


async def lose(pilot: Pilot[None], app: GridPuzzlesApp) -> Game:
    """Lose the current game: open (4, 4), then reveal a mine."""
    screen = screen_of(app)
    layout = reveal(new_game(screen.game.config, screen.game.seed, screen.game.place), 4, 4).layout
    assert layout is not None
    await click_cell(pilot, (4, 4))
    await click_cell(pilot, divmod(layout.mine_indices()[0], 9))
    assert screen.game.status is Status.LOST
    return screen.game


async def test_finished_games_are_kept_and_shown_in_the_statistics(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    clock = Clock()
    store = Store(path)
    app = app_on(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        won = await win(pilot, app, clock)
        moves = len(winning_reveals(new_game(won.config, won.seed, won.place), (4, 4)))
        await pilot.press("n")
        lost = await lose(pilot, app)
        await pilot.press("n", "p")  # a game left unfinished is not kept
        await pilot.press("s")
        text = stats_text(app)
        assert "beginner" in text and "50.0%" in text and f"{moves - 1.0:.1f} s" in text
        assert str(path) in text
        await pilot.press("s")
        assert isinstance(app.screen, MinesweeperScreen)
    store.close()
    assert [(game.owner, game.replay()) for game in stored(path)] == [("tui", won), ("tui", lost)]

    again = Store(path)
    assert again.minesweeper_level_stats() == [LevelStats("beginner", 2, 1, moves - 1.0)]
    app = app_on(again, Clock())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        assert stats_text(app) == text
        await pilot.press("escape")
    again.close()


async def test_a_game_on_a_chosen_seed_is_kept_but_not_counted(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    app = app_on(store, Clock(), seed=7)
    async with app.run_test(size=(100, 40)) as pilot:
        assert "seed 7 (chosen: not in the statistics)" in message(app)
        await lose(pilot, app)
        await pilot.press("s")
        assert "no game finished yet" in stats_text(app)
    assert store.minesweeper_level_stats() == []
    assert [game.counted for game in stored(store.path)] == [False]
    store.close()


async def test_without_a_store_the_statistics_say_so() -> None:
    app = GridPuzzlesApp(level("beginner"), 7, clock=lambda: 0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("s")
        assert "No statistics are kept" in stats_text(app)


async def test_a_no_guess_game_is_won_by_p_alone_and_replays_from_its_seed(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    app = GridPuzzlesApp(
        level("beginner", FirstClick.NO_GUESS), None, Clock(), random.Random(4), store=store
    )
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        assert "beginner no-guess," in message(app) and "no-guess no-guess" not in message(app)
        await click_cell(pilot, (8, 8), button=3)  # a flag before the first reveal
        await pilot.press("p")
        start = 2 * 9 + 2  # the auto-player opens an area off the corner
        first = generate(screen.game.config, start, random.Random(screen.game.seed))
        assert screen.game.layout == first and logic_wins(first, start)
        while not screen.game.over:
            assert hint(view(screen.game), 10).certain  # never a guess
            await pilot.press("p")
        assert screen.game.status is Status.WON
        won = screen.game
    [saved] = stored(store.path)
    assert saved.replay() == won and saved.assisted
    [record] = (
        store.minesweeper_records()
    )  # won by Play Move: assisted, no record of the player's own
    assert (record.played, record.won, record.assisted_won, record.best_times) == (0, 0, 1, ())
    store.close()


async def test_the_level_menu_turns_no_guess_boards_on() -> None:
    app = GridPuzzlesApp(level("intermediate"), 3, clock=lambda: 0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        assert isinstance(app.screen, LevelMenu)
        app.screen.query_one("#first-click").value = "no-guess"  # type: ignore[attr-defined]
        app.screen.query_one("#seed").value = "11"  # type: ignore[attr-defined]
        await pilot.click("#start")
        await pilot.pause()
        screen = screen_of(app)
        assert screen.game.config.first_click is FirstClick.NO_GUESS
        assert screen.game.seed == 11
        await pilot.press("down", "right", "space")
        config = screen.game.config
        assert screen.game.layout == generate(config, 1 * 16 + 1, random.Random(11))
        assert screen.game.marks.count(Mark.REVEALED) >= 9  # the first click opens an area


async def test_help_marks_the_game_assisted_and_it_sets_no_best_time(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("i")  # a hint before the first reveal tells nothing: not assisted
        await win(pilot, app, clock)
        await pilot.press("n")
        await click_cell(pilot, (4, 4))
        await pilot.press("i")  # a hint in play: assisted
        await win(pilot, app, clock)
        await pilot.press("s")
        shown = stats_text(app)
    [record] = store.minesweeper_records()
    assert (record.played, record.won, record.assisted_played, record.assisted_won) == (1, 1, 1, 1)
    assert len(record.best_times) == 1
    assert "1/1 won" in shown and "Best times: beginner, safe" in shown
    store.close()


async def test_a_game_left_after_its_first_reveal_is_a_loss(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("n")  # nothing revealed yet: not a game
        await click_cell(pilot, (4, 4))
        clock.now += 5
        await pilot.press("n", "l")  # left after its first reveal (the player says so): a loss
        await click_cell(pilot, (4, 4))
        await pilot.press("q", "l")  # quitting leaves this one too
    records = store.minesweeper_records()
    assert [(r.played, r.won) for r in records] == [(2, 0)]
    assert [game.outcome.abandoned for game in store.minesweeper_history()] == [True, True]
    assert store.minesweeper_history()[-1].outcome.seconds == 5.0
    store.close()


async def test_enter_in_the_level_menu_starts_and_q_closes_dialogs() -> None:
    app = GridPuzzlesApp(level("beginner"), 3, clock=lambda: 0.0)
    async with app.run_test(size=(100, 40)) as pilot:
        board = screen_of(app)
        await pilot.press("L")
        menu = app.screen
        assert isinstance(menu, LevelMenu)
        menu.query_one("#seed").focus()
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        assert board.game.seed == 42 and top(app) is board
        for key in ("question_mark", "L", "s"):
            await pilot.press(key)
            assert top(app) is not board
            await pilot.press("q")  # closes the dialog; the app goes on
            await pilot.pause()
            assert top(app) is board and app.is_running


def top(app: GridPuzzlesApp) -> object:
    """The screen on top, whatever it is."""
    return app.screen


async def test_the_summary_stays_until_the_next_game_and_names_a_new_best(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        await win(pilot, app, clock)
        await pilot.press("left", "up")  # moving the cursor keeps the summary
        assert "You won!" in message(app) and "a new best time!" in message(app)
        await pilot.press("n")
        assert "You won!" not in message(app)
        await click_cell(pilot, (4, 4))
        clock.now += 1000  # far slower than the first: no new best
        await win(pilot, app, clock)
        assert "You won!" in message(app) and "new best" not in message(app)
    store.close()
