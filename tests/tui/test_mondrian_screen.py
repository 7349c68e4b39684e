"""The Mondrian Blocks screen of the Textual app, driven by Textual's pilot."""

import pytest
from textual.widgets import OptionList

from gridpuzzles.mondrian.core.official import published_challenges
from gridpuzzles.mondrian.core.rules import BLACK_BLOCKS, Orientation, Placement, challenge
from gridpuzzles.mondrian.solving.solutions import count_solutions, is_solution
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.mondrian import CELL_HEIGHT, CELL_WIDTH, MondrianBoard, MondrianScreen

pytestmark = pytest.mark.anyio


def screen_of(app: GridPuzzlesApp) -> MondrianScreen:
    assert isinstance(app.screen, MondrianScreen)
    return app.screen


def info(app: GridPuzzlesApp) -> str:
    return str(screen_of(app).query_one("#info").render())


async def test_a_published_challenge_is_solved_when_picked() -> None:
    official = published_challenges()
    app = GridPuzzlesApp(start="mondrian")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        screen.query_one(OptionList).focus()
        await pilot.press("down", "down", "enter")
        picked = official[2]
        assert set(screen.black.values()) == set(picked.black)
        assert len(screen.found) == picked.solutions
        assert all(is_solution(picked.puzzle, solution) for solution in screen.found)
        assert f"Number of solutions: {picked.solutions}" in info(app)
        assert picked.code in info(app)


async def test_black_blocks_placed_with_keys_and_clicks_give_every_solution() -> None:
    app = GridPuzzlesApp(start="mondrian")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        board = screen.query_one(MondrianBoard)
        await pilot.press(*["down"] * 3, "right", "right", "space")  # 1x1 at row 3, col 2
        await pilot.press("o")  # the 1x2 turns vertical
        await pilot.click(board, offset=(0 * CELL_WIDTH + 1, 1 * CELL_HEIGHT))  # at row 1, col 0
        assert "Placing the black 1x3" in info(app)
        await pilot.press("o")  # the 1x3 lies horizontal again
        await pilot.click(board, offset=(4 * CELL_WIDTH + 1, 7 * CELL_HEIGHT))
        assert screen.black == {
            0: Placement(3, 2, BLACK_BLOCKS[0], Orientation.HORIZONTAL),
            1: Placement(1, 0, BLACK_BLOCKS[1], Orientation.VERTICAL),
            2: Placement(7, 4, BLACK_BLOCKS[2], Orientation.HORIZONTAL),
        }
        assert "Number of solutions: 1 " in info(app)


async def test_overlapping_or_outside_blocks_are_refused() -> None:
    app = GridPuzzlesApp(start="mondrian")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("space", "o", "space")
        assert "overlaps another block" in info(app)
        await pilot.press(*["down"] * 7, "space")
        assert "leaves the 8x8 board" in info(app)
        assert list(screen.black) == [0]


async def test_solutions_are_browsed_with_n_and_p() -> None:
    black = [
        Placement(0, 0, BLACK_BLOCKS[0], Orientation.HORIZONTAL),
        Placement(0, 1, BLACK_BLOCKS[1], Orientation.HORIZONTAL),
        Placement(0, 3, BLACK_BLOCKS[2], Orientation.HORIZONTAL),
    ]
    count = count_solutions(challenge(black))
    assert count > 2
    app = GridPuzzlesApp(start="mondrian")
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("space", "right", "space", "right", "right", "space")
        assert len(screen.found) == count
        first = screen.board.drawing
        await pilot.press("n")
        assert f"showing 2 of {count}" in info(app)
        assert screen.board.drawing != first
        await pilot.press("p", "p")
        assert f"showing {count} of {count}" in info(app)
        await pilot.press("x")
        assert screen.black == {} and screen.found == []


async def test_f2_and_f3_switch_between_the_puzzles() -> None:
    app = GridPuzzlesApp()
    async with app.run_test(size=(100, 30)) as pilot:
        assert type(app.screen).__name__ == "MinesweeperScreen"
        await pilot.press("f3")
        assert isinstance(app.screen, MondrianScreen)
        await pilot.press("f2")
        assert type(app.screen).__name__ == "MinesweeperScreen"
