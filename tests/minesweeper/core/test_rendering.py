from gridpuzzles.minesweeper import parse_view, reveal, toggle_flag
from gridpuzzles.minesweeper.core.game import figures
from gridpuzzles.minesweeper.core.rendering import render_board, render_result, render_status
from gridpuzzles.minesweeper.core.view import view
from tests.minesweeper.boards import board


def test_board_has_row_and_column_headers_and_dots_for_zeros() -> None:
    text = render_board(parse_view("#F\n01\n*X"))
    assert text.split("\n") == ["  1 2", "1 # F", "2 . 1", "3 * X"]  # counted from 1


def test_wide_boards_get_wider_cells() -> None:
    lines = render_board(parse_view("#" * 12)).split("\n")
    assert lines[0] == "   1  2  3  4  5  6  7  8  9 10 11 12"
    assert lines[1] == "1  #  #  #  #  #  #  #  #  #  #  #  #"
    tall = render_board(parse_view("#\n" * 10)).split("\n")
    assert (tall[0], tall[1], tall[10]) == ("   1", " 1 #", "10 #")


def test_no_ansi_codes_without_colour_and_some_with_it() -> None:
    plain = parse_view("12\n#F")
    assert "\x1b[" not in render_board(plain)
    coloured = render_board(plain, color=True)
    assert "\x1b[94m1" in coloured and "\x1b[32m2" in coloured


def test_the_exploded_mine_is_highlighted() -> None:
    game = reveal(board(), 0, 0)
    text = render_board(view(game), color=True, exploded=game.exploded)
    assert "\x1b[1;97;41m*" in text


def test_status_and_result_lines() -> None:
    game = toggle_flag(board(), 1, 1)
    assert render_status(game, figures(game, 0.0)).startswith(
        "Mines left: 1   Time: 0 s   (5x4, 2 mines"
    )
    lost = reveal(board(), 0, 0, now=3.0)
    result = render_result(lost, figures(lost, 4.0))
    assert result.startswith("Boom! You revealed a mine at row 1, column 1.")
    assert "3BV 5" in result and "clicks 1" in result
