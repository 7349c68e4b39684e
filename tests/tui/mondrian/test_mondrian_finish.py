"""Mondrian Blocks in the Textual app as a demanding player finds it (issue 33): black blocks
are black everywhere, under the cursor and in the solutions, and the line that says what enter
would do greets with what to do, a black block under the cursor or not."""

import pytest
from rich.console import Console
from rich.style import Style

from gridpuzzles.mondrian.core.game import Cell
from gridpuzzles.mondrian.core.rendering import Colour
from gridpuzzles.tui.mondrian.board import MondrianBoard
from gridpuzzles.tui.mondrian.dialogs import SolutionsScreen
from tests.tui.mondrian.test_mondrian_play import mondrian_app, move_to, said, screen_of

pytestmark = pytest.mark.anyio

BLACK_FILL = Colour.BLACK.value[3]


def glyph_style(board: MondrianBoard, cell: Cell) -> Style:
    """The style of the glyph drawn in the middle of ``cell``."""
    text = board.render()
    region = board.cell_region(cell)
    line_length = board.origin.x + board.board.width * board.cell_width + 1  # and the newline
    line = region.y + (board.cell_height - 1) // 2
    offset = line * line_length + region.x + (board.cell_width - 2) // 2
    assert text.plain[offset] not in " ▁▕"
    return text.get_style_at_offset(Console(), offset)


def black_cells(board: MondrianBoard) -> list[Cell]:
    return [
        cell
        for shown in board.picture.blocks
        if shown.glyph == "■"
        for cell in sorted(shown.placement.cells())
    ]


async def test_a_black_block_under_the_cursor_stays_black_and_the_line_says_what_to_do() -> None:
    app = mondrian_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        cell = black_cells(screen.board)[0]
        await move_to(pilot, screen, cell)
        style = glyph_style(screen.board, cell)
        assert style.bgcolor is not None and style.bgcolor.name == BLACK_FILL
        assert not style.reverse
        assert said(app, "hand") == "Choose a block: 1-8 or tab."
        await pilot.press("1")
        assert "part of the challenge" not in said(app, "hand")


async def test_the_solutions_draw_black_blocks_black_and_no_cursor() -> None:
    app = mondrian_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SolutionsScreen)
        for _ in range(3):
            board = app.screen.query_one(MondrianBoard)
            assert not board.shows_cursor
            for cell in black_cells(board):
                style = glyph_style(board, cell)
                assert style.bgcolor is not None and style.bgcolor.name == BLACK_FILL
                assert not style.reverse
            corner = glyph_style(board, (0, 0))
            assert not corner.reverse  # no cursor, whichever block is there
            await pilot.press("n")
