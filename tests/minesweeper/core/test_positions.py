"""Every form a shell shows a position in reads back as the same position: a view (with ``.``
or ``0`` for an opened empty cell), the line mode's printed board (its status line giving the
mines), and the web API's JSON game state (its ``mines`` too)."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.midend.minesweeper import play_of
from gridpuzzles.minesweeper import (
    LEVELS,
    Config,
    FirstClick,
    Game,
    MoveError,
    Status,
    View,
    format_view,
    new_game,
    reveal,
    toggle_flag,
    view,
)
from gridpuzzles.minesweeper.core.game import figures
from gridpuzzles.minesweeper.core.notation import NotationError
from gridpuzzles.minesweeper.core.positions import Form, Position, read_position
from gridpuzzles.minesweeper.core.rendering import render_board, render_status
from gridpuzzles.minesweeper.core.view import SYMBOLS
from gridpuzzles.web.minesweeper.games import Held, state_of
from tests.minesweeper.boards import board


@st.composite
def views(draw: st.DrawFn, max_side: int = 12) -> View:
    """Any small view, of every symbol, up to two-digit row and column numbers."""
    width = draw(st.integers(1, max_side))
    height = draw(st.integers(1, max_side))
    cells = draw(st.text(alphabet=SYMBOLS, min_size=width * height, max_size=width * height))
    return View(width, height, cells)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game as a shell shows it: a level or a custom board, some cells flagged, some
    revealed (so it may be won or lost)."""
    name = draw(st.sampled_from([*LEVELS, "custom"]))
    if name == "custom":
        width, height = draw(st.integers(1, 12)), draw(st.integers(1, 12))
        mines = draw(st.integers(0, width * height - 1))
    else:
        width, height, mines = LEVELS[name]
    config = Config(width, height, mines, FirstClick.SAFE, question_marks=draw(st.booleans()))
    game = new_game(config, draw(st.integers(0, 2**63 - 1)))
    cells = st.tuples(st.integers(0, height - 1), st.integers(0, width - 1))
    for opens, (row, col) in draw(st.lists(st.tuples(st.booleans(), cells), max_size=12)):
        if game.status is not Status.PLAYING:
            break
        with contextlib.suppress(MoveError):  # an open cell, a flagged one to open: no move
            game = (reveal if opens else toggle_flag)(game, row, col, now=1.0)
    return game


@given(views())
def test_a_view_reads_back_with_dots_or_zeros_for_opened_empty_cells(board: View) -> None:
    text = format_view(board)
    assert read_position(text) == Position(board, None, Form.VIEW)
    assert read_position(text.replace("0", ".")) == Position(board, None, Form.VIEW)


@given(views(), st.booleans(), st.sampled_from(["\n", "\r\n"]))
def test_a_printed_board_reads_back_coloured_or_not(board: View, color: bool, end: str) -> None:
    text = render_board(board, color=color)
    assert read_position(end.join(text.split("\n"))) == Position(board, None, Form.PRINTED)


@given(views())
def test_a_printed_board_copied_without_the_indent_of_its_first_line_reads_back(
    board: View,
) -> None:
    # A terminal selection often starts at the first number, not at the edge of the window.
    text = render_board(board).lstrip(" ")
    assert read_position(f"\n{text}  \n\n") == Position(board, None, Form.PRINTED)


@given(games(), st.booleans())
def test_a_printed_board_and_its_status_line_give_the_mines(game: Game, color: bool) -> None:
    printed = render_board(view(game), color=color, exploded=game.exploded)
    text = f"{printed}\n{render_status(game, figures(game, 2.0))}\n"
    assert read_position(text) == Position(view(game), game.config.mines, Form.PRINTED)


@given(games())
def test_the_mines_left_alone_give_the_mines_with_the_flags_on_the_board(game: Game) -> None:
    status = render_status(game, figures(game, 2.0)).split("   ")[0]
    assert status.startswith("Mines left: ")
    text = f"{render_board(view(game))}\n{status}"
    assert read_position(text) == Position(view(game), game.config.mines, Form.PRINTED)


@given(games())
def test_the_web_api_game_state_reads_back_with_its_mines(game: Game) -> None:
    text = state_of("id", Held(play_of(game), ""), 2.0).model_dump_json(indent=2)
    assert read_position(text) == Position(view(game), game.config.mines, Form.GAME_STATE)


def test_a_game_state_without_mines_reads_back_without_them() -> None:
    text = json.dumps({"view": ["##1", "#21"]})
    assert read_position(text) == Position(View(3, 2, "##1#21"), None, Form.GAME_STATE)


PRINTED = "  1 2 3\n1 # # 1\n2 # 2 .\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("##1 F\n", "line 1: '##1 F' is neither a row of a view (no spaces) nor the column"),
        ("  1 3\n1 # #\n", "line 1: '1 3' is neither a row of a view"),
        ("  1 2 3\n", "the printed board has its column numbers on line 1 but no rows"),
        ("  1 2 3\n1 # # 1\n\n2 # 2 .\n", "line 3 is blank inside the printed board"),
        ("  1 2 3\n2 # # 1\n", "line 2: '2 # # 1' is not row 1 of the printed board (its "),
        ("  1 2 3\n1 # #\n", "line 2: row 1 has 2 cells but the header numbers 3 columns"),
        ("  1 2 3\n1 # #1 1\n", "line 2, row 1, column 2: unknown cell '#1'"),
        ("  1 2 3\n1 # Z 1\n", "line 2, row 1, column 2: unknown cell 'Z'"),
        ("  1 2 3\n1 # # \u00b9\n", "line 2, row 1, column 3: unknown cell '\u00b9'"),
        (PRINTED + "> r 1 1\n", "line 4: '> r 1 1' is not row 3 of the printed board"),
        (PRINTED + "Mines left: lots\n", "line 4: 'Mines left: lots' is not a status line"),
        (PRINTED + "Mines left: \u00b2\n", "line 4: 'Mines left: \u00b2' is not a status line"),
        (PRINTED + "Mines left: 1" + "0" * 5000, "is not a status line as mines play prints it"),
        (PRINTED + "\nMines left: 3\n", "line 4 is blank inside the printed board"),
        (
            PRINTED + "Mines left: 3   Time: 0 s   (hard, seed 1)",
            "line 4: unknown level 'hard' in the status line",
        ),
        (
            PRINTED + "Mines left: 10   Time: 0 s   (beginner, seed 7)",
            "line 4: the status line's board is 9x9, but the printed board is 3x2",
        ),
        (
            PRINTED + "Mines left: 1   Time: 0 s   (3x2, 3 mines, seed 7)",
            "line 4: the status line says 1 mines left, but 3 mines less the 0 flags on the "
            "board leave 3",
        ),
        ("{", "the JSON game state cannot be read: Expecting property name"),
        ('{"view": ' + "[" * 100_000, "the JSON game state"),
        ('{"rows": ["##"]}', "the JSON is not a game state of the web API"),
        ('{"view": "##"}', "the JSON is not a game state of the web API"),
        ('{"view": []}', "the JSON is not a game state of the web API"),
        ('{"view": ["##", 12]}', "the JSON is not a game state of the web API"),
        ('{"view": ["##", ""]}', "row 2 of the game state's view is empty"),
        ('{"view": ["##\\n##"]}', "row 1 of the game state's view holds a line break"),
        ('{"view": ["##", "#Z"]}', "view line 2, column 2: unknown symbol 'Z'"),
        ('{"view": ["##"], "width": 3}', "the game state's width is 3, but its view is 2x1"),
        ('{"view": ["##"], "height": [1]}', "the game state's height is a list, but its view"),
        ('{"view": ["##"], "mines": -1}', "the game state's mines must be a whole number from"),
        ('{"view": ["##"], "mines": true}', "the game state's mines must be a whole number"),
        ('{"view": ["##"], "mines": 1.0}', "mines must be a whole number from 0, not 1.0"),
        ('{"view": ["##"], "mines": ' + "9" * 5000 + "}", "the JSON game state cannot be read"),
    ],
)
def test_what_fits_no_form_is_refused_in_one_line_naming_the_place(text: str, message: str) -> None:
    with pytest.raises(NotationError) as refused:
        read_position(text)
    assert message in str(refused.value) and "\n" not in str(refused.value)
    assert len(str(refused.value)) < 250


def test_after_a_loss_the_wrong_flags_count_among_the_flags_of_mines_left() -> None:
    game = toggle_flag(toggle_flag(board(), 0, 0), 1, 1)  # a flag on the mine, one beside it
    lost = reveal(game, 2, 3, now=1.0)
    text = f"{render_board(view(lost))}\n{render_status(lost, figures(lost, 2.0))}"
    assert "X" in text and "F" in text and "Mines left: 0 " in text
    assert read_position(text) == Position(view(lost), 2, Form.PRINTED)
