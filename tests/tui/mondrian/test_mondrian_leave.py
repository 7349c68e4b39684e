"""Leaving a started Mondrian Blocks game in the Textual app is asked first (issue 43), as in
Minesweeper and in the line mode: on quit, from either puzzle, on a new challenge from the menu
and on playing new black blocks.  A game not started, or solved, is left without a question."""

import html
import random
import re

import pytest
from textual.pilot import Pilot

from gridpuzzles.mondrian.core.records import LEAVE_QUESTION
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.dialogs import ConfirmLeave
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from gridpuzzles.tui.mondrian.screen import MondrianScreen
from tests.tui.mondrian.test_mondrian_play import empty_cells, leaves_a_solution
from tests.tui.test_statistics import Clock

pytestmark = pytest.mark.anyio


def mondrian_app() -> GridPuzzlesApp:
    return GridPuzzlesApp(clock=Clock(), seeds=random.Random(0), start="mondrian")


def top(app: GridPuzzlesApp) -> object:
    """The screen on top, whatever it is (not narrowed by an earlier check)."""
    return app.screen


def mondrian_of(app: GridPuzzlesApp) -> MondrianScreen:
    assert app.mondrian is not None
    return app.mondrian


async def shown(pilot: Pilot[None]) -> str:
    """The text on the screen, as the player reads it."""
    await pilot.pause()
    svg = pilot.app.export_screenshot()
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    return "".join(html.unescape(text).replace("\xa0", " ") for text in texts)


async def test_quit_in_a_started_game_asks_first_and_keep_playing_keeps_it() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = mondrian_of(app)
        await pilot.press("i")  # a hint puts the first block down: the game is started
        await pilot.pause()
        play = screen.play
        assert screen.in_play
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave) and app.screen.question == LEAVE_QUESTION
        assert "Leave this game? It is not kept" in await shown(pilot)
        await pilot.press("enter")  # Keep playing has the focus: a stray enter costs nothing
        await pilot.pause()
        assert app.is_running and top(app) is screen and screen.play is play
        assert str(screen.query_one("#message").render()) == "The game goes on."
        await pilot.press("q", "k")
        await pilot.pause()
        assert app.is_running and screen.play is play
        await pilot.press("q", "l")
        await pilot.pause()
    assert not app.is_running


async def test_quit_before_the_first_block_leaves_at_once() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        assert not mondrian_of(app).in_play
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_quit_after_a_full_board_leaves_at_once() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = mondrian_of(app)
        for _ in screen.game.coloured_blocks:  # a hint a block: the board fills
            await pilot.press("i")
        await pilot.pause()
        assert screen.game.solved and screen.finish is not None and not screen.in_play
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_quit_from_minesweeper_asks_about_the_started_mondrian_game() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("i", "f2")
        await pilot.pause()
        assert isinstance(app.screen, MinesweeperScreen)  # its game not started: no question
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        assert "Quit and leave the Mondrian Blocks game in play?" in await shown(pilot)
        await pilot.press("k")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MinesweeperScreen)
        await pilot.press("q", "l")
        await pilot.pause()
    assert not app.is_running


async def test_a_new_challenge_from_the_menu_asks_before_the_started_game_is_left() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = mondrian_of(app)
        await pilot.press("i")
        await pilot.pause()
        before, play = screen.challenge, screen.play
        await pilot.press("n", "r")  # a random published challenge of the level
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("k")
        await pilot.pause()
        assert screen.challenge == before and screen.play is play
        await pilot.press("n", "r")
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert top(app) is screen and screen.play is not play and not screen.in_play
        await pilot.press("n", "r")  # the new game is not started: no question
        await pilot.pause()
        assert top(app) is screen


async def test_playing_new_black_blocks_asks_before_the_started_game_is_left() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = mondrian_of(app)
        await pilot.press("i")
        await pilot.pause()
        play = screen.play
        one = next(p for p in screen.game.black if p.block.area == 1)
        screen.board.cursor = (one.row, one.col)
        await pilot.press("e", "enter")  # the black 1x1 lifted
        free = next(
            cell
            for cell in empty_cells(screen.working)
            if cell != (one.row, one.col) and leaves_a_solution(screen.working.black, cell)
        )
        screen.board.cursor = free
        await pilot.press("enter", "e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmLeave)
        await pilot.press("k")
        await pilot.pause()
        assert screen.editing and screen.play is play
        assert "The game in play is kept" in str(screen.query_one("#message").render())
        await pilot.press("e", "l")
        await pilot.pause()
        assert not screen.editing and screen.play is not play
