"""What a demanding player meets in the Textual app's Minesweeper (issue 33): leaving a game in
play is asked first, everything fits 80x24 without cut words, wins and losses are said in
words, the board uses a large terminal, and the overlay and hints belong to one game."""

import html
import random
import re
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button

from gridpuzzles.minesweeper import Action, Move, Status, level, new_game, reveal
from gridpuzzles.storage import Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.dialogs import ConfirmLeave, HelpScreen
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from gridpuzzles.tui.mondrian.screen import MondrianScreen
from gridpuzzles.tui.statistics import StatsScreen
from tests.minesweeper.boards import winning_reveals
from tests.tui.minesweeper.test_minesweeper_screen import app_for, click_cell, message, screen_of
from tests.tui.test_statistics import Clock, lose, win

pytestmark = pytest.mark.anyio


def top(app: GridPuzzlesApp) -> object:
    """The screen on top, whatever it is (not narrowed by an earlier check)."""
    return app.screen


def app_on(store: Store, clock: Clock) -> GridPuzzlesApp:
    return GridPuzzlesApp(level("beginner"), None, clock, random.Random(1), store=store)


async def screen_text(pilot: Pilot[None]) -> list[str]:
    """The screen's lines as the player reads them (Textual's screenshot, one text a line)."""
    await pilot.pause()
    svg = pilot.app.export_screenshot()
    lines: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text [^>]*y="([\d.]+)"[^>]*>([^<]*)</text>', svg):
        lines.setdefault(y, []).append(html.unescape(text).replace("\xa0", " "))
    return ["".join(parts) for _, parts in sorted(lines.items(), key=lambda kv: float(kv[0]))]


# 1. Leaving a game in play is asked first, and the answer is kept honestly


async def test_a_new_game_in_play_asks_first_and_keep_playing_keeps_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await click_cell(pilot, (4, 4))
        game = screen.game
        await pilot.press("n")
        assert isinstance(app.screen, ConfirmLeave)
        assert "Leave this game? It counts as a loss." in "\n".join(await screen_text(pilot))
        await pilot.press("enter")  # Keep playing has the focus: a stray enter costs nothing
        await pilot.pause()
        assert top(app) is screen and screen.game is game
        assert "Still playing" in message(app) and "lost 0" not in message(app)
        await pilot.press("n", "k")  # k keeps playing too
        await pilot.press("n", "escape")  # and escape
        await pilot.pause()
        assert screen.game is game and store.minesweeper_history() == []
        await pilot.press("n")
        await pilot.click("#leave")  # the mouse leaves
        await pilot.pause()
        assert top(app) is screen and screen.game is not game
        assert "You left the game: it counts as a loss." in message(app)
        await pilot.press("n")  # nothing revealed in the new game: no question
        await pilot.pause()
        assert top(app) is screen
        assert "lost 1" in message(app)
    [left] = store.minesweeper_history()
    assert left.outcome.abandoned and not left.outcome.won
    store.close()


async def test_the_level_menu_asks_before_the_game_in_play_is_left() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await pilot.press("space")
        game = screen.game
        await pilot.press("L")
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("k")
        await pilot.pause()
        assert screen.game is game
        await pilot.press("L")
        await pilot.click("#start")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert screen.game is not game and screen.tally[Status.LOST] == 1


async def test_quitting_asks_first_from_either_puzzle_and_keyboard_alone_answers(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    app = app_on(store, Clock())
    async with app.run_test(size=(80, 24)) as pilot:
        await click_cell(pilot, (4, 4))
        await pilot.press("q")
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MinesweeperScreen)
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, MondrianScreen)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        assert "Minesweeper game in play" in "\n".join(await screen_text(pilot))
        await pilot.press("k")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MondrianScreen)
        assert store.minesweeper_history() == []
        await pilot.press("q", "left")  # the arrows move between the buttons
        assert isinstance(app.screen.focused, Button) and app.screen.focused.id == "leave"
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running
    assert [game.outcome.abandoned for game in store.minesweeper_history()] == [True]
    store.close()


async def test_a_game_not_started_or_over_is_left_without_a_question() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, MinesweeperScreen)
        await lose(pilot, app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, MinesweeperScreen) and not screen_of(app).game.over
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


# 2. Everything fits 80x24 without cutting words


async def test_the_statistics_fit_80x24_without_cut_words(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = GridPuzzlesApp(level("intermediate"), None, clock, random.Random(1), store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "n", "l", "space", "p", "n", "l")  # two games left: losses
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        shown = "\n".join(await screen_text(pilot))
        assert "…" not in shown
        assert "Gm" in shown and "Gm: games finished" in shown  # short headings, a legend
        assert "intermediate" in shown and "0.0%" in shown
        assert "left (assisted)" in shown  # the latest games fit in full: no legend needed
        await pilot.press("s")
    store.close()


async def test_the_statistics_keep_their_full_headings_at_120x40(tmp_path: Path) -> None:
    store = Store(tmp_path / "games.db")
    app = app_on(store, Clock())
    async with app.run_test(size=(120, 40)) as pilot:
        await lose(pilot, app)
        await pilot.press("s")
        shown = "\n".join(await screen_text(pilot))
        assert "…" not in shown
        for heading in ("Games", "Win %", "Streak", "Avg win", "Assisted"):
            assert heading in shown
        assert "Gm:" not in shown
    store.close()


async def test_the_help_fits_80x24_one_line_a_key() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        lines = await screen_text(pilot)
        assert any("escape, ?, q    close this help" in line for line in lines)
        assert any(
            "L               level menu: size, seed, rules, no-guess" in line for line in lines
        )
        assert not any(line.strip(" │╭╮╰╯─").startswith("board)") for line in lines)


async def test_a_long_hint_is_said_whole_at_80x24() -> None:
    app = app_for("expert", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["down"] * 8, *["right"] * 15, "space", "i")
        said = message(app)
        assert said.startswith("Hint: ") and len(said) > 78  # longer than one line
        words = " ".join(await screen_text(pilot))
        for word in said.split():
            assert word in words


# 3. Wins and losses are said in words until the next game


async def test_a_loss_by_the_auto_player_is_said_after_its_move() -> None:
    layout = reveal(new_game(level("beginner"), 7), 4, 4).layout
    assert layout is not None
    mine = divmod(layout.mine_indices()[0], 9)
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await click_cell(pilot, (4, 4))
        screen.player.next_move = lambda *args: Move(Action.REVEAL, *mine)  # type: ignore[method-assign]
        await pilot.press("p")
        assert screen.game.status is Status.LOST
        said = message(app)
        where = f"row {mine[0] + 1}, column {mine[1] + 1}"
        assert f"auto-player: reveal {where}" in said
        assert f"You lost: a mine at {where}" in said
        await pilot.press("right", "f", "p", "i")  # keys with nothing to do say it again
        assert "You lost" in message(app) and "n starts a new one" in message(app)


async def test_a_win_is_said_until_the_next_game() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        for cell in winning_reveals(new_game(level("beginner"), 7), (4, 4)):
            await click_cell(pilot, cell)
        await pilot.press("space", "down", "f")
        assert message(app).startswith("You won!")
        await pilot.press("n")
        assert "You won!" not in message(app)


# 5. A large terminal gets large cells


async def test_expert_takes_larger_cells_at_120x40() -> None:
    app = app_for("expert")
    async with app.run_test(size=(120, 40)) as pilot:
        board = screen_of(app).board
        assert (board.cell_width, board.cell_height) == (4, 2)
        await click_cell(pilot, (15, 29))
        assert screen_of(app).game.mark(15, 29).name == "REVEALED"


# 6. The overlay and hints belong to one game


async def test_the_overlay_is_off_in_a_new_game_and_help_before_the_first_reveal_marks_nothing(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "games.db")
    clock = Clock()
    app = app_on(store, clock)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("o", "i", "o")  # the overlay on and off, a hint: all before a reveal
        assert not screen.record.assisted
        await win(pilot, app, clock)
        assert not screen.record.assisted
        await pilot.press("n", "o")  # the overlay on before the first reveal, kept on after it
        assert not screen.record.assisted
        await click_cell(pilot, (4, 4))
        assert screen.record.assisted
        await pilot.press("n", "l")
        assert not screen.odds_shown and screen.board.overlay.probabilities is None
        assert not screen.record.assisted
    [record] = store.minesweeper_records()
    assert (record.played, record.won, record.assisted_played) == (1, 1, 1)
    store.close()
