"""The board: every number readable on the open cells it is drawn on, every kind of cell told
apart and readable with ``NO_COLOR``, the overlay's risk bands, and a move that redraws only
the lines of the cells it changed."""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import combinations, pairwise

import pytest
from textual.strip import Strip

from gridpuzzles.minesweeper import Config, FirstClick, Mark
from gridpuzzles.minesweeper.core.scale import RISK_BANDS
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.board import (
    CHECKER,
    DEAD_MARK,
    FIFTY_FIFTY_MARK,
    NUMBER_COLOURS,
    OPEN_BG,
)
from tests.colours import contrast, luminance
from tests.tui.minesweeper.test_minesweeper_screen import (
    Drawn,
    app_for,
    drawn_cells,
    message,
    screen_of,
)


@pytest.mark.parametrize("number", sorted(NUMBER_COLOURS))
@pytest.mark.parametrize("background", [OPEN_BG, CHECKER[OPEN_BG]])
def test_every_number_has_at_least_4_to_1_contrast(number: str, background: str) -> None:
    assert contrast(NUMBER_COLOURS[number], background) >= 4.0


def test_the_numbers_stay_apart() -> None:
    assert len(set(NUMBER_COLOURS.values())) == 8
    assert contrast("#2c3ea8", OPEN_BG) < 3  # the old 4, which the test above would refuse


def without_colour(cell: Drawn) -> tuple[tuple[str, bool, bool, bool], ...]:
    """What is left of a drawn cell in a terminal of two colours: glyphs and attributes."""
    return tuple((c, bool(s.bold), bool(s.reverse), bool(s.underline)) for c, s in cell)


def glyph_contrast(cell: Drawn) -> float:
    """The least contrast of a cell's glyphs on their background (reverse applied)."""
    contrasts = []
    for char, style in cell:
        if char.strip():
            assert style.color is not None and style.bgcolor is not None
            colours = [style.color.get_truecolor().hex, style.bgcolor.get_truecolor().hex]
            contrasts.append(contrast(*colours))
    return min(contrasts)


@pytest.fixture
def no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment of a player who asks for no colour: apps made now draw without."""
    monkeypatch.setenv("NO_COLOR", "1")


@pytest.mark.anyio
async def test_with_no_color_every_kind_of_cell_is_told_apart_and_readable(no_color: None) -> None:
    app = app_for("beginner", 7)
    async with app.run_test(size=(100, 40)) as pilot:
        assert app.no_color
        # the first reveal at row 9, column 9 opens an area of 0s, 1s and 2s; a flag at (8, 5)
        await pilot.press(*["down"] * 8, *["right"] * 8, "space", *["left"] * 3, "f", "up")
        board = screen_of(app).board
        assert board.cursor == (7, 5)
        on_hidden = drawn_cells(board)
        await pilot.press("right")
        on_number = drawn_cells(board)
    kinds = {
        "hidden": on_hidden[0, 0],
        "open, no mine around": on_hidden[2, 5],
        "1": on_hidden[1, 4],
        "2": on_hidden[1, 6],
        "flag": on_hidden[8, 5],
        "cursor on a hidden cell": on_hidden[7, 5],
        "cursor on a 1": on_number[7, 6],
    }
    assert on_number[7, 5] == kinds["hidden"] and on_hidden[7, 6] == kinds["1"]
    plain = {name: without_colour(cell) for name, cell in kinds.items()}
    assert len(set(plain.values())) == len(plain), plain  # apart without any colour
    for name, cell in kinds.items():
        if name != "open, no mine around":
            assert glyph_contrast(cell) >= 3, name


def test_the_risk_bands_go_from_light_to_dark_with_readable_ink() -> None:
    backgrounds = [band.background for band in RISK_BANDS]
    lightness = [luminance(colour) for colour in backgrounds]
    assert lightness == sorted(lightness, reverse=True)
    for lighter, darker in pairwise(RISK_BANDS):
        assert contrast(lighter.background, darker.background) >= 1.4  # in shades of grey too
        assert luminance(lighter.background) > luminance(lighter.checkered)
        assert luminance(lighter.checkered) > luminance(darker.background)
    for band in RISK_BANDS:
        assert contrast(band.ink, band.background) >= 4.5
        assert contrast(band.ink, band.checkered) >= 4.5
    assert [band.upto for band in RISK_BANDS] == [0, 9, 19, 39, 99, 100]
    assert len({band.shade for band in RISK_BANDS}) == len(RISK_BANDS)


@pytest.mark.anyio
async def test_a_move_redraws_only_the_lines_of_the_cells_it_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = app_for("expert", 3)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        board = screen.board
        assert board.cell_height == 1
        await pilot.press(*["down"] * 8, *["right"] * 15, "space")  # an opening
        await pilot.pause()
        asked: list[int] = []
        render_line = board.render_line

        def counted(y: int) -> Strip:
            asked.append(y)
            return render_line(y)

        monkeypatch.setattr(board, "render_line", counted)

        async def lines_drawn(*keys: str) -> set[int]:
            asked.clear()
            await pilot.press(*keys)
            await pilot.pause()
            return set(asked)

        assert board.labelled  # line 0 holds the column numbers, and the rows come below
        assert await lines_drawn("right") == {0, 1 + 8}  # (the cursor's column number: bold)
        assert await lines_drawn("down") == {1 + 8, 1 + 9}
        game = screen.game
        layout = game.layout
        assert layout is not None
        number = next(
            index
            for index in range(10 * 30, 16 * 30)
            if game.marks[index] is not Mark.REVEALED
            and not layout.is_mine(index)
            and layout.counts[index] > 0
        )
        board.cursor = divmod(number, 30)
        await pilot.pause()
        assert await lines_drawn("space") == {1 + number // 30}  # a reveal of one number
        assert await lines_drawn("f") == set()  # refused: a revealed cell is not flagged
        assert await lines_drawn("i") >= {1 + board.cursor[0]}  # the hint and the cursor

        # what is kept on screen is what a full redraw draws
        for keys in (["o"], ["left", "f"], ["p"], ["o", "n"]):
            await pilot.press(*keys)
            await pilot.pause()
            kept = drawn_cells(board)
            board.refresh()
            assert drawn_cells(board) == kept, keys


@pytest.mark.anyio
async def test_with_no_color_the_risk_bands_are_told_apart_by_their_glyphs(no_color: None) -> None:
    app = app_for("expert", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["down"] * 8, *["right"] * 15, "space", "o")  # an opening
        board = screen_of(app).board
        assert board.cell_width == 2
        probabilities = board.overlay.probabilities
        assert probabilities is not None
        drawn = drawn_cells(board)
    looks: dict[int, set[tuple[tuple[str, bool, bool, bool], ...]]] = {}
    for index, chance in probabilities.items():
        percent = chance * 100 if chance in (0, 1) else min(max(round(100 * chance), 1), 99)
        band = bisect_left([0, 9, 19, 39, 99, 100], percent)
        looks.setdefault(band, set()).add(without_colour(drawn[divmod(index, 30)]))
    assert len(looks) >= 4
    for one, other in combinations(looks.values(), 2):
        assert not one & other
    digits = {char for look in set().union(*looks.values()) for char, *_ in look if char.isdigit()}
    assert digits <= {"0"}  # only the certainly safe cells: no wall of digits


MARKED = Config(6, 6, 10, FirstClick.SAFE)
"""With seed 271, after reveals at (0, 0), (4, 3) and (5, 2) (no guess among them): dead cells
at (5, 0) and (5, 1), an unavoidable 50/50 at (0, 5) and (1, 5)."""
MARKED_KEYS = ("space", *["down"] * 4, *["right"] * 3, "space", "down", "left", "space")
"""The keys that make those reveals from the top-left corner."""


@pytest.mark.anyio
@pytest.mark.parametrize("size", [(100, 40), (24, 14)])
async def test_the_overlay_marks_dead_cells_and_unavoidable_fifty_fifties(
    size: tuple[int, int], no_color: None
) -> None:
    app = GridPuzzlesApp(MARKED, 271, clock=lambda: 0.0, seeds=random.Random(1))
    async with app.run_test(size=size) as pilot:
        await pilot.press(*MARKED_KEYS)
        screen = screen_of(app)
        assert screen.game.clicks == 3 and not screen.game.over
        board = screen.board
        await pilot.press("o")
        assert board.overlay.fifty_fifty == {5, 11}
        assert board.overlay.dead - board.overlay.fifty_fifty == {30, 31}  # (a 50/50 is dead)
        drawn = drawn_cells(board)
        width = board.cell_width
        for cell in [(5, 0), (5, 1)]:
            text = "".join(char for char, _ in drawn[cell]).strip()
            assert text.endswith(DEAD_MARK) and len(text) <= width
        for cell in [(0, 5), (1, 5)]:
            assert "".join(char for char, _ in drawn[cell]).strip() == FIFTY_FIFTY_MARK
        unmarked = "".join(char for char, _ in drawn[2, 5])
        assert DEAD_MARK not in unmarked and FIFTY_FIFTY_MARK not in unmarked
        # Without colour too, a marked cell looks unlike any cell of its band left unmarked.
        looks = {without_colour(drawn[cell]) for cell in [(5, 0), (0, 5), (3, 4)]}
        assert len(looks) == 3  # dead, 50/50 and plain, all three at 50%
        board.cursor = (5, 0)
        await pilot.pause()
        said = message(app)
        assert said.startswith("row 6, column 1: 50.0% chance of a mine, dead: tells nothing new")
        assert said.rstrip().endswith(f"{DEAD_MARK}dead {FIFTY_FIFTY_MARK}50/50")
        board.cursor = (0, 5)
        await pilot.pause()
        assert message(app).startswith("row 1, column 6: 50.0% chance of a mine, unavoidable 50/50")
        board.cursor = (3, 5)
        await pilot.pause()
        assert message(app).startswith("row 4, column 6: 33.3% chance of a mine |")
        await pilot.press("o")
        assert board.overlay.dead == frozenset() and board.overlay.fifty_fifty == frozenset()
        assert FIFTY_FIFTY_MARK not in "".join(char for char, _ in drawn_cells(board)[0, 5])


def screen_lines(board_lines: list[Strip]) -> list[str]:
    return [strip.text for strip in board_lines]


@pytest.mark.anyio
async def test_with_room_the_rows_and_columns_are_numbered_from_1_as_every_shell_counts() -> None:
    app = app_for("expert", 3)
    async with app.run_test(size=(100, 30)) as pilot:
        board = screen_of(app).board
        assert board.labelled and (board.cell_width, board.cell_height) == (3, 1)
        await pilot.press(*["down"] * 3, *["right"] * 6)  # row 4, column 7
        await pilot.pause()
        lines = screen_lines(board.render_lines(board.region.reset_offset))
        assert lines[0].split() == [str(number) for number in range(1, 31)]
        assert [line.split()[0] for line in lines[1:17]] == [str(row) for row in range(1, 17)]
        # Each number stands over (or beside) its own cells, and the cursor's are in bold.
        region = board.cell_region(board.cursor)
        assert lines[0][region.x : region.right].strip() == "7"
        assert lines[region.y].split()[0] == "4"
        header = board.render_line(0)
        bold = [segment.text.strip() for segment in header if segment.style and segment.style.bold]
        assert bold == ["7"]
        # A click lands on the cell drawn under the pointer, numbers and all.
        await pilot.click(board, offset=(region.x + 1, region.y), button=1)
        await pilot.pause()
        assert screen_of(app).game.mark(3, 6) is Mark.REVEALED


@pytest.mark.anyio
async def test_without_room_the_numbers_give_way_to_the_cells() -> None:
    app = app_for("expert", 3)
    async with app.run_test(size=(62, 24)) as pilot:
        board = screen_of(app).board
        assert (board.cell_width, board.cell_height) == (2, 1)
        assert not board.labelled and tuple(board.origin) == (0, 0)
        assert board.size.width == 60
        await pilot.click(board, offset=(2 * 29, 15), button=1)
        await pilot.pause()
        assert screen_of(app).game.mark(15, 29) is Mark.REVEALED
    narrow = app_for("expert", 3)
    async with narrow.run_test(size=(70, 24)):
        board = screen_of(narrow).board
        assert board.labelled and board.cell_width == 2
        lines = screen_lines(board.render_lines(board.region.reset_offset))
        assert lines[0].split() == ["1", "5", "10", "15", "20", "25", "30"]
