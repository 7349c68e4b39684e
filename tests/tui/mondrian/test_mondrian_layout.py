"""The Mondrian Blocks screen fits the window: the board takes the largest cells that fit and
sits in the middle of its space, scrolls when the window is smaller, and the help fits at 80
columns."""

import pytest
from rich.style import Style
from rich.text import Text
from textual.geometry import Region

from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.mondrian.board import BoardArea, MondrianBoard
from gridpuzzles.tui.mondrian.dialogs import HELP
from tests.tui.mondrian.test_mondrian_play import mondrian_app, move_to, screen_of

pytestmark = pytest.mark.anyio

CORNERS = ((0, 0), (0, 7), (7, 7), (7, 0))


def shown_cell(board: MondrianBoard, cell: tuple[int, int]) -> Region:
    """Where ``cell`` is on the screen (outside its space when scrolled out of sight)."""
    return board.cell_region(cell).translate(board.region.offset)


def screen_lines(app: GridPuzzlesApp) -> list[str]:
    return ["".join(s.text for s in strip) for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize(
    ("size", "cell"), [((80, 24), (4, 2)), ((120, 40), (8, 4))], ids=["80x24", "120x40"]
)
async def test_the_board_scales_to_the_window_and_sits_in_the_middle(
    size: tuple[int, int], cell: tuple[int, int]
) -> None:
    app = mondrian_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board, area = screen.board, screen.query_one(BoardArea)
        assert (board.cell_width, board.cell_height) == cell
        assert area.max_scroll_x == area.max_scroll_y == 0
        drawn, space = board.region, area.region
        assert board.numbered  # there is room for the row and column numbers
        assert drawn.size == (2 + 8 * cell[0], 1 + 8 * cell[1])
        assert space.contains_region(drawn)
        assert abs((drawn.x - space.x) - (space.right - drawn.right)) <= 1
        assert abs((drawn.y - space.y) - (space.bottom - drawn.bottom)) <= 1
        side = screen.query_one("#side").region
        assert side.x == space.right and side.right == size[0]
        empty = size[0] - drawn.width - side.width
        assert empty <= size[0] // 4  # at 120x40: 22 columns around a board of 64, not 55


@pytest.mark.parametrize("size", [(40, 12), (24, 8)], ids=["40x12", "24x8"])
async def test_a_small_window_reaches_the_whole_board(size: tuple[int, int]) -> None:
    app = mondrian_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board, area = screen.board, screen.query_one(BoardArea)
        assert (board.cell_width, board.cell_height) == (2, 1)
        assert not screen.query_one("#side").display or screen.has_class("narrow")
        for corner in CORNERS:
            await move_to(pilot, screen, corner)
            await pilot.pause()
            assert area.region.contains_region(shown_cell(board, corner)), corner
        if size == (24, 8):
            assert area.max_scroll_y > 0


async def test_the_numbers_count_from_1_and_name_the_cursors_row_and_column() -> None:
    app = mondrian_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        board = screen.board
        await move_to(pilot, screen, (2, 4))  # row 3, column 5
        text = board.render()
        lines = text.plain.split("\n")
        width = board.cell_width
        assert lines[0] == "  " + "".join(str(n).center(width) for n in range(1, 9))
        row_numbers = [line[:2] for line in lines[1:]]
        assert [n.strip() for n in row_numbers if n.strip()] == [str(n) for n in range(1, 9)]
        bold = {
            text.plain[span.start : span.end].strip()
            for span in text.spans
            if isinstance(span.style, Style)
            and span.style.bold
            and span.end - span.start <= 4
            and text.plain[span.start : span.end].strip().isdigit()
        }
        assert bold == {"3", "5"}
        region = board.cell_region((2, 4))  # a click there is on row 3, column 5
        assert board.cell_at(region.x, region.y) == (2, 4)
        assert board.cell_at(0, 0) is None  # on the numbers


async def test_the_help_fits_80_columns_without_breaking_a_line() -> None:
    app = mondrian_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        shown = "\n".join(screen_lines(app))
        for line in Text.from_markup(HELP).plain.splitlines():
            assert line.strip() in shown
