"""Playing Mondrian Blocks in the Textual app, driven by Textual's pilot: challenges chosen from
the menu, blocks put down, lifted and turned with the keys and the mouse, refusals, the edit
mode of the black blocks, help, and solved games kept in the store."""

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Select

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import play_of
from gridpuzzles.mondrian.core.challenges import challenge_key, published
from gridpuzzles.mondrian.core.game import Cell, Game, block_at, new_game, puzzle_of
from gridpuzzles.mondrian.core.grid import BLACK_BLOCKS, Block, Orientation, Placement, challenge
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import typed_form
from gridpuzzles.mondrian.solving.solutions import first_solution, is_unique
from gridpuzzles.storage import Store
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.mondrian.board import MondrianBoard, Tray
from gridpuzzles.tui.mondrian.dialogs import ChallengeMenu, SolutionsScreen
from gridpuzzles.tui.mondrian.screen import BOARD_FULL, Hand, MondrianScreen
from tests.mondrian.checks import is_solution, replayed
from tests.tui.test_statistics import Clock

pytestmark = pytest.mark.anyio


def mondrian_app(store: Store | None = None, clock: Clock | None = None) -> GridPuzzlesApp:
    """The app in Mondrian Blocks, on a random easy challenge drawn from a seeded source."""
    return GridPuzzlesApp(
        clock=clock or Clock(), seeds=random.Random(0), start="mondrian", store=store
    )


def screen_of(app: GridPuzzlesApp) -> MondrianScreen:
    assert isinstance(app.screen, MondrianScreen)
    return app.screen


def said(app: GridPuzzlesApp, name: str) -> str:
    """The text of a line of the screen: ``hand`` (what enter would do) or ``message``."""
    return str(screen_of(app).query_one(f"#{name}").render())


def arrows(start: Cell, cell: Cell) -> list[str]:
    """The arrow keys that move the cursor from ``start`` to ``cell``."""
    vertical = ["down" if cell[0] > start[0] else "up"] * abs(cell[0] - start[0])
    return vertical + ["right" if cell[1] > start[1] else "left"] * abs(cell[1] - start[1])


def keys_to_put(game: Game, start: Cell, placement: Placement) -> list[str]:
    """The keys that put ``placement`` down with the cursor at ``start``: the block's number,
    the arrows to its top-left cell, ``r`` when it stands, enter."""
    turn = ["r"] if placement.orientation is Orientation.VERTICAL else []
    return [
        key_of(game, placement.block),
        *arrows(start, (placement.row, placement.col)),
        *turn,
        "enter",
    ]


async def move_to(pilot: Pilot[None], screen: MondrianScreen, cell: Cell) -> None:
    """Move the cursor to ``cell`` with the arrow keys."""
    await pilot.press(*arrows(screen.board.cursor, cell))
    assert screen.board.cursor == cell


def key_of(game: Game, block: Block) -> str:
    return str(game.coloured_blocks.index(block) + 1)


async def put_with_keys(pilot: Pilot[None], screen: MondrianScreen, placement: Placement) -> None:
    """Choose the block with its number, move it to its top-left cell, turn it, enter."""
    await pilot.press(*keys_to_put(screen.game, screen.board.cursor, placement))


def solution_of(game: Game) -> list[Placement]:
    """The coloured blocks of a solution of the game's challenge, by the solver."""
    puzzle = puzzle_of(game)
    solution = first_solution(puzzle)
    assert solution is not None and is_solution(puzzle, solution)
    return [p for p in solution if p not in game.black]


def empty_cells(game: Game) -> list[Cell]:
    """The cells no block covers, row by row."""
    board = game.board
    cells = [(row, col) for row in range(board.height) for col in range(board.width)]
    return [cell for cell in cells if block_at(game, cell) is None]


def cell_offset(board: MondrianBoard, cell: Cell) -> tuple[int, int]:
    """Where to click on the board widget for ``cell``: its top-left character."""
    region = board.cell_region(cell)
    return region.x, region.y


async def test_a_published_challenge_is_played_to_the_end_with_keys(tmp_path: Path) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    app = mondrian_app(store, clock)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        entry = screen.challenge.entry
        assert entry is not None and entry.level == "Easy"
        black = screen.game.black
        for placement in solution_of(screen.game):
            clock.now += 10.5
            await put_with_keys(pilot, screen, placement)
            assert placement in screen.game.placed
        assert screen.game.solved and screen.game.black == black
        # The clock starts with the first block put down, 10.5 s after the challenge showed.
        assert said(app, "message").startswith("Solved in 1 min 13 s (8 moves, an easy challenge).")
        assert "A new best time for this challenge and for easy challenges!" in said(app, "message")
        [finish] = store.mondrian_finishes()
        assert (finish.challenge, finish.difficulty, finish.assisted) == (entry.code, "easy", False)
        assert finish.seconds == pytest.approx(73.5) and finish.moves == 8
        records = str(screen.query_one("#records").render())
        assert "this challenge: 1 min 13 s (1 game)" in records
        assert "easy: 1 min 13 s" in records
        assert str(screen.query_one("#clock").render()).startswith("Solved in 1 min 13 s")
        assert said(app, "hand") == BOARD_FULL
        await pilot.press("space", "u", "r", "1")
        assert screen.game.solved and len(store.mondrian_finishes()) == 1
    store.close()


async def test_blocks_are_chosen_put_down_lifted_and_turned_with_the_mouse() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        board, tray = screen.board, screen.query_one(Tray)
        first, *_ = solution_of(screen.game)
        index = screen.game.coloured_blocks.index(first.block)
        await pilot.click(tray, offset=(3, index))  # the tray's line of that block
        assert screen.hand is not None and screen.hand.block == first.block
        if first.orientation is Orientation.VERTICAL:
            await pilot.click(board, offset=cell_offset(board, (first.row, first.col)), button=3)
        await pilot.hover(board, offset=cell_offset(board, (first.row, first.col)))
        assert screen.board.cursor == (first.row, first.col)
        assert "enter puts it down" in said(app, "hand")  # the preview fits there
        await pilot.click(board, offset=cell_offset(board, (first.row, first.col)))
        assert screen.game.placed == (first,) and screen.hand is None
        # A click on the block lifts it, held where it was clicked.
        bottom_right = (first.row + first.height - 1, first.col + first.width - 1)
        await pilot.click(board, offset=cell_offset(board, bottom_right))
        assert screen.game.placed == () and screen.hand is not None
        assert screen.hand.grip == (first.height - 1, first.width - 1)
        await pilot.click(board, offset=cell_offset(board, bottom_right))  # put back as it was
        assert screen.game.placed == (first,)
        # A right click on a placed block turns it, or says why it cannot turn there.
        moves = screen.play.moves
        await pilot.click(board, offset=cell_offset(board, (first.row, first.col)), button=3)
        if screen.play.moves == moves:
            assert screen.game.placed == (first,)
            assert said(app, "message").startswith(
                ("The 1x5 block would", "The 2x2 block is square")
            )
        else:
            [turned] = screen.game.placed
            assert turned.orientation is not first.orientation
            await pilot.press("u")
            assert screen.game.placed == (first,)
        # A right click on an empty cell turns the block in hand.
        await pilot.click(tray, offset=(3, screen.game.coloured_blocks.index(Block(1, 4))))
        await pilot.click(board, offset=cell_offset(board, empty_cells(screen.game)[0]), button=3)
        assert screen.hand == Hand(Block(1, 4), Orientation.VERTICAL)


async def test_space_and_enter_in_the_challenge_list_choose_it_and_leave_the_board_alone() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        for key in ("space", "enter"):
            await pilot.press("n")
            menu = app.screen
            assert isinstance(menu, ChallengeMenu)
            assert menu.focused is menu.query_one(OptionList)
            listed = published("easy", "blue")  # the first challenge drawn is blue, easy no. 6
            assert menu.query_one(OptionList).highlighted == listed.index(screen.challenge.entry)
            await pilot.press("home", "down", "down", key)
            assert app.screen is screen
            entry = listed[2]
            assert screen.challenge.entry == entry
            assert screen.game.black == entry.puzzle.fixed
            assert screen.game.placed == () and screen.play.moves == 0
            assert not screen.play.can_undo


async def test_the_menu_lists_an_edition_and_a_level_and_picks_at_random() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("n")
        menu = app.screen
        assert isinstance(menu, ChallengeMenu)
        menu.query_one("#level", Select).value = "master"
        menu.query_one("#edition", Select).value = "red"
        await pilot.pause()
        assert menu.shown == published("master", "red") and len(menu.shown) == 22
        await pilot.press("r")
        entry = screen.challenge.entry
        assert entry is not None and (entry.level, entry.edition) == ("Master", "Red")
        await pilot.press("n", "escape")
        assert screen.challenge.entry == entry


async def test_a_generated_challenge_of_a_level_has_one_solution() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("n", "g")  # the level of the challenge played: easy
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.challenge.title == "Generated, easy" and screen.challenge.entry is None
        assert is_unique(screen.challenge.puzzle)
        key = challenge_key(screen.challenge.puzzle)  # the machine form, shown as --black takes it
        assert screen.challenge.about == f"--black {typed_form(key)}"


async def test_a_stray_key_or_click_leaves_the_black_blocks_of_a_challenge_alone() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        game = screen.game
        black = game.black[0]
        await move_to(pilot, screen, (black.row, black.col))
        assert said(app, "hand") == "Choose a block: 1-8 or tab."  # what to do, first
        await pilot.press("space")
        assert "part of the challenge" in said(app, "message")  # why it does not move
        await pilot.press("enter")
        await pilot.click(screen.board, offset=cell_offset(screen.board, (black.row, black.col)))
        await pilot.click(
            screen.board, offset=cell_offset(screen.board, (black.row, black.col)), button=3
        )
        await pilot.press("r", "escape", "u", "y")
        assert screen.game.black == game.black and screen.game.placed == ()
        await move_to(pilot, screen, empty_cells(game)[0])
        await pilot.press("space")  # nothing in hand: nothing to put down
        assert said(app, "message") == "Choose a block first: 1-8 or tab."
        assert screen.game.position == game.position


async def test_a_block_that_would_overlap_is_refused_with_the_reason_at_once() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        game = screen.game
        one = next(p for p in game.black if p.block == BLACK_BLOCKS[0])  # the black 1x1
        big = game.coloured_blocks[0]  # the 3x4, lying: 3 rows high, 4 columns wide
        start = next(
            (row, col)
            for row in range(max(one.row - 2, 0), one.row + 1)
            for col in range(max(one.col - 3, 0), one.col + 1)
            if block_at(game, (row, col)) is None and row + 3 <= 8 and col + 4 <= 8
        )
        await pilot.press(key_of(game, big))
        await move_to(pilot, screen, start)
        preview = screen.board.picture.preview
        assert preview is not None and not preview.fits
        reason = said(app, "hand")
        assert reason.startswith("The 3x4 block would cover the black")
        await pilot.press("enter")
        assert said(app, "message") in ("", reason)  # said once, on the line above
        assert screen.game is game and screen.game.placed == ()


async def test_undo_and_redo_with_their_keys() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        first, second, *_ = solution_of(screen.game)
        await put_with_keys(pilot, screen, first)
        await put_with_keys(pilot, screen, second)
        placed = []
        for key in ("u", "ctrl+z", "y", "ctrl+y"):
            await pilot.press(key)
            placed.append(screen.game.placed)
        assert placed == [(first,), (), (first,), (first, second)]
        await pilot.press("y")
        assert said(app, "message") == "There is nothing to redo."


async def test_the_keys_play_the_steps_of_the_web_move_log() -> None:
    """Each change is a step of the log the web keeps, so the same steps replayed give the
    same game in play: its history, moves, help and version."""
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        puzzle = screen.challenge.puzzle
        first, *_ = solution_of(screen.game)
        corner = (first.row, first.col)
        await put_with_keys(pilot, screen, first)
        await pilot.press("enter", "enter", "u")  # lifted, put back, taken back
        await pilot.press("i")
        [hinted] = screen.game.placed
        await pilot.press("s", "escape")
        steps: list[Move | Rewind] = [
            Move(Action.PLACE, placement=first),
            Move(Action.LIFT, cell=corner),
            Move(Action.PLACE, placement=first),
            Rewind.UNDO,
            Move(Action.HINT, placement=hinted),
            Move(Action.HELP),
        ]
        assert screen.play == replayed(play_of(new_game(puzzle)), steps, Clock().now)
        assert (screen.play.moves, screen.play.version) == (4, 6)
        # The black blocks edited are a game in play of their own: the game's is untouched.
        played = screen.play
        black = screen.game.black[0]
        await move_to(pilot, screen, (black.row, black.col))
        await pilot.press("e", "enter", "u")
        lifted: list[Move | Rewind] = [
            Move(Action.LIFT, black=True, cell=(black.row, black.col)),
            Rewind.UNDO,
        ]
        assert screen.draft == replayed(play_of(new_game(puzzle)), lifted)
        await pilot.press("escape")
        assert screen.play is played


async def test_undo_after_a_hint_keeps_the_help_and_the_move_count() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        clock = screen.query_one("#clock")
        await pilot.press("i")
        [hinted] = screen.game.placed
        assert (screen.play.moves, screen.play.assisted) == (1, True)
        await pilot.press("u")
        assert not screen.game.placed
        assert (screen.play.moves, screen.play.assisted) == (1, True)
        assert str(clock.render()).endswith(", 1 move (with help)")
        await pilot.press("y")
        assert screen.game.placed == (hinted,) and screen.play.moves == 1
        assert str(clock.render()).endswith(", 1 move (with help)")


async def test_tab_takes_the_blocks_of_the_tray_in_turn() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        tray = screen.game.tray
        held = []
        for _ in tray:
            await pilot.press("tab")
            assert screen.hand is not None
            held.append(screen.hand.block)
        assert held == list(tray)
        await pilot.press("shift+tab")
        assert screen.hand is not None and screen.hand.block == tray[-2]


async def test_a_hint_puts_a_correct_block_down_and_the_game_then_sets_no_record(
    tmp_path: Path,
) -> None:
    store, clock = Store(tmp_path / "games.db"), Clock()
    app = mondrian_app(store, clock)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        solution = solution_of(screen.game)
        await pilot.press("i")
        [hinted] = screen.game.placed
        assert hinted in solution and screen.play.assisted
        assert said(app, "message").startswith("Hint: place the")
        for placement in solution:
            if placement not in screen.game.placed:
                await put_with_keys(pilot, screen, placement)
        assert screen.game.solved
        assert "You had help (a hint or the solutions): the game sets no record." in said(
            app, "message"
        )
        [finish] = store.mondrian_finishes()
        assert finish.assisted
        assert "this challenge: none yet" in str(screen.query_one("#records").render())
    store.close()


async def test_the_solutions_are_shown_and_the_game_is_assisted() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("s")
        shown = app.screen
        assert isinstance(shown, SolutionsScreen)
        assert shown.count == len(shown.pictures) == 1
        puzzle = screen.challenge.puzzle
        assert is_solution(puzzle, [s.placement for s in shown.pictures[0].blocks])
        assert "Solution 1 of 1" in str(shown.query_one("#caption").render())
        await pilot.press("escape")
        assert app.screen is screen and screen.play.assisted
        assert "(with help)" in str(screen.query_one("#clock").render())


async def test_editing_the_black_blocks_is_explicit_and_undone() -> None:
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        before = screen.challenge
        one = next(p for p in screen.game.black if p.block == BLACK_BLOCKS[0])
        await move_to(pilot, screen, (one.row, one.col))
        await pilot.press("e")
        assert screen.editing and "Enter lifts the black 1x1 block" in said(app, "hand")
        await pilot.press("enter")  # lifted: held under the cursor
        assert screen.draft is not None and len(screen.draft.state.black) == 2
        await pilot.press("u")
        assert screen.draft.state.black_tray == ()
        await pilot.press("escape")
        assert not screen.editing and screen.challenge == before
        assert screen.game.black == before.puzzle.fixed
        # Edit again and play the new black blocks.
        await pilot.press("e", "enter")
        free = next(
            cell
            for cell in empty_cells(screen.working)
            if leaves_a_solution(screen.working.black, cell)
        )
        await move_to(pilot, screen, free)
        await pilot.press("enter", "e")
        assert not screen.editing
        assert screen.challenge.puzzle.fixed != before.puzzle.fixed
        assert Placement(*free, BLACK_BLOCKS[0]) in screen.game.black
        assert screen.challenge.title.startswith(("Your challenge", "Challenge "))


def leaves_a_solution(black: tuple[Placement, ...], cell: Cell) -> bool:
    """Whether the black 1x1 at ``cell`` beside the other ``black`` blocks leaves a solution."""
    return first_solution(challenge((*black, Placement(*cell, BLACK_BLOCKS[0])))) is not None


async def test_your_own_black_blocks_from_the_menu() -> None:
    black = [
        Placement(3, 2, BLACK_BLOCKS[0]),
        Placement(1, 0, BLACK_BLOCKS[1], Orientation.VERTICAL),
        Placement(7, 4, BLACK_BLOCKS[2]),
    ]
    app = mondrian_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await pilot.press("n", "m")
        assert screen.draft is not None and screen.draft.state.black == ()
        assert said(app, "hand") == "Choose a block: 1-3 or tab."
        await pilot.press("i")
        assert said(app, "message").startswith("Finish editing first")
        await pilot.press("e")
        assert "the black 1x3, 1x2 and 1x1 are not on the board yet" in said(app, "message")
        for placement in black:
            await pilot.press(str(screen.draft.state.black_blocks.index(placement.block) + 1))
            await move_to(pilot, screen, (placement.row, placement.col))
            if placement.orientation is Orientation.VERTICAL:
                await pilot.press("r")
            await pilot.press("space")
        await pilot.press("e")
        assert not screen.editing and set(screen.game.black) == set(black)
        assert screen.challenge.about == "--black 4,3,h 2,1,v 8,5,h"  # row first, from 1
        assert screen.challenge.title.startswith("Your challenge, ")


async def test_f2_and_f3_switch_between_the_puzzles() -> None:
    app = GridPuzzlesApp(clock=Clock(), seeds=random.Random(0))
    async with app.run_test(size=(100, 30)) as pilot:
        assert type(app.screen).__name__ == "MinesweeperScreen"
        await pilot.press("f3")
        assert isinstance(app.screen, MondrianScreen)
        await pilot.press("f2")
        assert type(app.screen).__name__ == "MinesweeperScreen"
