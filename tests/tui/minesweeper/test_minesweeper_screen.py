"""The Minesweeper screen of the Textual app, driven by Textual's pilot."""

import html
import random
import re
from bisect import bisect_left
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from rich.style import Style
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Select

from gridpuzzles.cli.main import main
from gridpuzzles.minesweeper import Config, Mark, Status, level, new_game, play, reveal, view
from gridpuzzles.minesweeper.core.grid import Cell
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.solving.autoplay import hint, next_move
from gridpuzzles.minesweeper.solving.probabilities import analyze
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.dialogs import HelpScreen
from gridpuzzles.tui.minesweeper.board import MinesBoard
from gridpuzzles.tui.minesweeper.dialogs import LevelMenu
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen
from tests.minesweeper.boards import winning_reveals

pytestmark = pytest.mark.anyio


def app_for(name: str = "beginner", seed: int = 7) -> GridPuzzlesApp:
    return GridPuzzlesApp(level(name), seed, clock=lambda: 0.0, seeds=random.Random(1))


def screen_of(app: GridPuzzlesApp) -> MinesweeperScreen:
    assert isinstance(app.screen, MinesweeperScreen)
    return app.screen


async def click_cell(pilot: Pilot[None], cell: Cell, button: int = 1, shift: bool = False) -> None:
    board = pilot.app.screen.query_one(MinesBoard)
    region = board.cell_region(cell)
    await pilot.click(board, offset=(region.x + 1, region.y), button=button, shift=shift)
    await pilot.pause()


async def test_keys_move_the_cursor_and_act_on_its_cell() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("down", "down", "right", "j", "l", "k", "h", "left", "l")
        assert screen.board.cursor == (2, 1)
        await pilot.press("f")
        assert screen.game.mark(2, 1) is Mark.FLAGGED
        await pilot.press("space")
        assert "flagged" in str(screen.query_one("#message").render())
        await pilot.press("f", "enter")
        assert screen.game.mark(2, 1) is Mark.REVEALED
        assert screen.game.clicks == 3


async def test_mouse_left_reveals_right_and_shift_flag_and_a_satisfied_number_chords() -> None:
    layout = reveal(new_game(level("beginner"), 7), 4, 4).layout
    assert layout is not None
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await click_cell(pilot, (4, 4))
        assert screen.game.mark(4, 4) is Mark.REVEALED
        number = layout.counts[4 * 9 + 4]
        around = [(r, c) for r in (3, 4, 5) for c in (3, 4, 5) if (r, c) != (4, 4)]
        mines = [cell for cell in around if layout.is_mine(cell[0] * 9 + cell[1])]
        assert len(mines) == number > 0
        await click_cell(pilot, mines[0], button=3)
        for mine in mines[1:]:
            await click_cell(pilot, mine, shift=True)
        assert all(screen.game.mark(*mine) is Mark.FLAGGED for mine in mines)
        await click_cell(pilot, (4, 4))  # chord
        assert all(screen.game.mark(*cell) is Mark.REVEALED for cell in around if cell not in mines)


async def test_a_seeded_game_is_won_through_clicks() -> None:
    moves = winning_reveals(new_game(level("beginner"), 7), (4, 4))
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        for cell in moves:
            await click_cell(pilot, cell)
        assert screen.game.status is Status.WON
        assert str(screen.query_one("#face").render()) == "B-)"
        assert "You won!" in str(screen.query_one("#message").render())


async def test_a_seeded_game_is_lost_through_keys_and_n_starts_another() -> None:
    layout = reveal(new_game(level("beginner"), 7), 4, 4).layout
    assert layout is not None
    mine = divmod(layout.mine_indices()[0], 9)
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await click_cell(pilot, (4, 4))
        await click_cell(pilot, mine)
        assert screen.game.status is Status.LOST
        assert str(screen.query_one("#face").render()) == "X-("
        await pilot.press("f")
        assert "game is over" in str(screen.query_one("#message").render())
        await pilot.press("n")
        fresh = screen.game
        assert fresh.status is Status.PLAYING and fresh.layout is None
        assert "lost 1" in str(screen.query_one("#message").render())


async def test_an_expert_board_fits_80x24_and_widens_on_a_big_screen() -> None:
    app = app_for("expert")
    async with app.run_test(size=(80, 24)) as pilot:
        board = screen_of(app).board
        assert (board.cell_width, board.cell_height) == (2, 1)
        assert board.region.right <= 80 and board.region.bottom <= 24
        await click_cell(pilot, (15, 29))
        assert screen_of(app).game.mark(15, 29) is Mark.REVEALED
    app = app_for("expert")
    async with app.run_test(size=(100, 30)):
        assert (screen_of(app).board.cell_width, screen_of(app).board.cell_height) == (3, 1)
    app = app_for("expert")
    async with app.run_test(size=(220, 60)) as pilot:
        board = screen_of(app).board
        assert (board.cell_width, board.cell_height) == (7, 3)
        await click_cell(pilot, (15, 29))
        assert screen_of(app).game.mark(15, 29) is Mark.REVEALED


async def test_a_board_larger_than_the_screen_scrolls_to_the_cursor() -> None:
    app = GridPuzzlesApp(Config(60, 60, 300), 3, clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await pilot.press("down")
        area = screen_of(app).query_one("#board-area")
        assert area.scroll_offset.y > 0
        await pilot.press("space")
        assert screen_of(app).game.mark(40, 0) is Mark.REVEALED


async def test_help_opens_and_closes() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MinesweeperScreen)


async def test_level_menu_starts_a_custom_seeded_game() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        assert isinstance(app.screen, LevelMenu)
        menu = app.screen
        menu.query_one("#width").value = "12"  # type: ignore[attr-defined]
        menu.query_one("#height").value = "5"  # type: ignore[attr-defined]
        menu.query_one("#mines").value = "70"  # type: ignore[attr-defined]
        menu.query_one("#seed").value = "99"  # type: ignore[attr-defined]
        await pilot.click("#start")
        assert isinstance(app.screen, LevelMenu)
        assert "70 mines do not fit" in str(menu.query_one("#error").render())
        menu.query_one("#mines").value = "9"  # type: ignore[attr-defined]
        await pilot.pause(0.3)  # a button ignores clicks while it shows the last press
        await pilot.click("#start")
        await pilot.pause()
        game = screen_of(app).game
        assert (game.width, game.height, game.config.mines, game.seed) == (12, 5, 9, 99)


async def test_enter_in_the_level_menu_starts_the_game_and_picks_in_an_open_list() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("L")
        menu = app.screen
        assert isinstance(menu, LevelMenu)
        assert isinstance(menu.focused, Select)  # the level list, closed
        await pilot.press("space")  # opens it
        assert menu.query_one("#level", Select).expanded
        await pilot.press("down", "enter")  # picks the next level, and starts nothing
        await pilot.pause()
        assert app.screen is menu and not menu.query_one("#level", Select).expanded
        assert menu.query_one("#level", Select).value == "intermediate"
        await pilot.press("enter")  # on the closed list: starts
        await pilot.pause()
        assert isinstance(app.screen, MinesweeperScreen)
        assert screen_of(app).game.width == 16


def message(app: GridPuzzlesApp) -> str:
    return str(screen_of(app).query_one("#message").render())


async def test_p_plays_the_auto_players_move() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("p")
        assert screen.game.mark(0, 0) is Mark.REVEALED  # the first click, in the corner
        assert screen.game.clicks == 1
        assert "auto-player: reveal row 1, column 1" in message(app)
        before = screen.game
        move = next_move(view(before), before.config.mines, before.config.first_click)
        await pilot.press("p")
        assert screen.game == play(before, move, 0.0)
        assert screen.board.cursor == (move.row, move.col)


async def test_the_hint_marks_the_safest_cell_and_says_how_safe_it_is() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = screen_of(app)
        await pilot.press("i")
        assert screen.board.overlay.hint == 0
        assert "Hint: row 1, column 1 is safe: the first click is always safe" in message(app)
        await pilot.press("space")  # the cursor went to the hinted cell
        assert screen.game.mark(0, 0) is Mark.REVEALED
        assert screen.board.overlay.hint is None  # a move clears the hint
        advice = hint(view(screen.game), 10)
        assert not advice.certain  # here every cell left is a guess
        await pilot.press("H")
        row, col = advice.cell
        assert screen.board.overlay.hint == row * 9 + col
        assert screen.board.cursor == advice.cell
        assert advice.reason is not None
        assert str(advice) in message(app)
        assert f"{float(advice.probability):.0%} risk, {advice.rank}; {advice.why}" in str(advice)
        assert f"{advice.safety:.0%} chance to be safe and have a safe next move" in advice.why
        assert advice.reason.value not in message(app)  # player words, not the rule's name


Drawn = tuple[tuple[str, Style], ...]
"""A cell's middle line as drawn: each character with its style."""


def drawn_cells(board: MinesBoard) -> dict[Cell, Drawn]:
    """Every cell's middle line as the screen gets it (the app's colour filters applied)."""
    strips = board.render_lines(Region(0, 0, *board.size))
    cells = {}
    left, top = board.origin
    for row in range(board.view.height):
        strip = strips[top + row * board.cell_height + board.cell_height // 2]
        styles = [
            (segment.text, (segment.style or Style()).clear_meta_and_links()) for segment in strip
        ]
        line = [(char, style) for text, style in styles for char in text]
        for col in range(board.view.width):
            start = left + col * board.cell_width
            cells[row, col] = tuple(line[start : start + board.cell_width])
    return cells


def percent_label(chance: Fraction, width: int, under_cursor: bool) -> str:
    """What a cell of ``width`` characters shows for a mine probability: a whole percentage,
    0 and 100 only when certain, "!" for 100 in cells too narrow to leave a space beside
    "100"; in cells of two characters only "0" and "!" unless the cursor is on it."""
    if chance in (0, 1):
        return "0" if chance == 0 else ("100" if width > 4 else "!")
    return str(min(max(round(100 * chance), 1), 99)) if width > 2 or under_cursor else ""


def board_text(board: MinesBoard, cell: Cell) -> str:
    """The text drawn in the middle line of ``cell``."""
    return "".join(char for char, _ in drawn_cells(board)[cell]).strip()


@pytest.mark.parametrize(("size", "width"), [((100, 40), 7), ((24, 14), 2)])
async def test_the_overlay_shows_the_solvers_probabilities(
    size: tuple[int, int], width: int
) -> None:
    app = app_for()
    async with app.run_test(size=size) as pilot:
        screen = screen_of(app)
        await pilot.press("space", "down", "right", "right", "f")  # reveal (0, 0), flag (1, 2)
        assert screen.board.cell_width == width
        await pilot.press("o")
        shown = view(screen.game)
        analysis = analyze(shown, 10)
        probabilities = screen.board.overlay.probabilities
        assert probabilities is not None
        hidden = [i for i, symbol in enumerate(shown.cells) if symbol == "#"]
        assert probabilities == {i: analysis.chance(i) for i in hidden}
        for index in hidden:
            cell = divmod(index, 9)
            chance = analysis.probability(*cell)
            assert chance is not None
            label = percent_label(chance, width, cell == screen.board.cursor)
            assert board_text(screen.board, cell) == label
        assert board_text(screen.board, (1, 2)) == "F"  # a flag stays a flag
        assert board_text(screen.board, (0, 0)) == "1"
        assert "mine chances | 0  <10  <20  <40  <100  ! " in message(app)  # the legend
        await pilot.press("o")
        assert screen.board.overlay.probabilities is None


async def test_the_overlay_on_small_cells_is_a_shade_per_risk_band_and_the_cursors_chance_in_words() -> (
    None
):
    app = app_for("expert", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = screen_of(app)
        await pilot.press(*["down"] * 8, *["right"] * 15, "space", "o")
        board = screen.board
        assert board.cell_width == 2
        shown = view(screen.game)
        analysis = analyze(shown, 99)
        hidden = [divmod(i, 30) for i, symbol in enumerate(shown.cells) if symbol == "#"]
        drawn = drawn_cells(board)
        assert all(len(board_text(board, cell)) <= 1 for cell in hidden)  # no wall of digits
        by_band: dict[int, set[str]] = {}
        for cell in hidden:
            chance = analysis.probability(*cell)
            assert chance is not None
            band = bisect_left([0, 9, 19, 39, 99, 100], percent(chance))
            backgrounds = {str(style.bgcolor) for _, style in drawn[cell]}
            by_band.setdefault(band, set()).update(backgrounds)
        assert len(by_band) >= 4  # this position holds certain cells and several risks
        colours = list(by_band.values())
        for one, other in combinations(colours, 2):
            assert not one & other  # every band has its own shades

        chances = {cell: analysis.probability(*cell) or Fraction(0) for cell in hidden}
        safest = min((cell for cell in hidden if 0 < chances[cell] < 1), key=chances.__getitem__)
        chance = chances[safest]
        board.cursor = safest
        await pilot.pause()
        row, col = safest
        expected = f"row {row + 1}, column {col + 1}: {float(100 * chance):.1f}% chance of a mine"
        assert message(app).startswith(f"{expected} | 0  <10")
        assert board_text(board, safest) == str(percent(chance))  # the cursor's cell only
        certain = next(cell for cell in hidden if chances[cell] == 0)
        board.cursor = certain
        await pilot.pause()
        assert message(app).startswith(
            f"row {certain[0] + 1}, column {certain[1] + 1} is certainly safe"
        )
        await pilot.press("o")
        assert message(app).startswith("expert, seed 3")


def percent(chance: Fraction) -> int:
    """A chance in whole percent: 0 and 100 only when certain."""
    return 0 if chance == 0 else 100 if chance == 1 else min(max(round(100 * chance), 1), 99)


async def test_the_footer_at_80_columns_names_both_puzzles() -> None:
    app = GridPuzzlesApp(level("beginner"), 3, clock=lambda: 0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # the footer lists its keys after a refresh: on a busy machine, later
            await pilot.pause()
            svg = app.export_screenshot()
            shown = [html.unescape(t) for t in re.findall(r">([^<>]+)</text>", svg)]
            if "p" in shown:
                break
    footer = shown[shown.index("p") :]
    assert footer[-4:] == ["f2", "\xa0Mines", "f3", "\xa0Mondrian"]


async def test_the_level_named_on_the_command_line_is_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[GridPuzzlesApp] = []
    monkeypatch.setattr(GridPuzzlesApp, "run", lambda app: started.append(app))
    assert main(["tui", "--level", "expert", "--no-guess", "--db", str(tmp_path / "g.db")]) == 0
    [app] = started  # its store is closed: the games here end before their first reveal
    async with app.run_test(size=(100, 30)) as pilot:
        said = [message(app)]
        await pilot.press("n")
        said.append(message(app))
        await pilot.press("L")
        await pilot.click("#start")  # the level menu starts the same level again
        await pilot.pause()
        said.append(message(app))
        assert screen_of(app).game.config == level("expert", FirstClick.NO_GUESS)
    for line in said:
        assert line.startswith("expert no-guess, seed ") and line.count("no-guess") == 1, line
