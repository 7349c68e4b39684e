"""The board of a game: the tray, placing, lifting and turning, the refusals in the board's
words, editing the black blocks, and a full board (undo, redo, the move count and help are the
mid-end's: tests/midend/test_mondrian_play.py)."""

from __future__ import annotations

import pytest

from gridpuzzles.mondrian.core.game import (
    Game,
    MoveError,
    block_at,
    cell_words,
    custom_game,
    lift,
    lift_black,
    new_game,
    place,
    place_black,
    placement_words,
    puzzle_of,
    turn,
    turned,
    why_not,
)
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    COLOURED_BLOCKS,
    Block,
    Board,
    InvalidPuzzleError,
    Placement,
    challenge,
)
from gridpuzzles.mondrian.core.notation import parse_fixed

# The README's example challenge: 1x1 at column 2, row 3 (vertical), 1x2 at column 0, row 1
# (vertical), 1x3 at column 4, row 7; its one solution, as SIZE:X,Y,O.
BLACK = [parse_fixed(text) for text in ("1x1:2,3,v", "1x2:0,1,v", "1x3:4,7,h")]
SOLUTION = [
    parse_fixed(text)
    for text in (
        "1x5:0,0,h",
        "3x4:5,0,v",
        "2x2:1,1,h",
        "2x3:3,1,v",
        "2x5:0,3,v",
        "2x4:2,4,v",
        "3x3:4,4,h",
        "1x4:7,4,v",
    )
]


def fresh() -> Game:
    return new_game(challenge(BLACK))


def test_a_new_game_has_every_coloured_block_in_the_tray() -> None:
    game = fresh()
    assert game.tray == COLOURED_BLOCKS
    assert game.black == tuple(sorted(BLACK, key=Placement.sort_key))
    assert (game.placed, game.solved) == ((), False)


def test_the_solution_placed_block_by_block_solves_the_game() -> None:
    game = fresh()
    for placement in SOLUTION:
        assert not game.solved
        game = place(game, placement)
        assert placement.block not in game.tray
    assert game.solved and game.tray == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2x3:6,0,h", "the 2x3 block would stick out past the right edge"),
        ("2x3:7,6,v", "the 2x3 block would stick out past the right and bottom edges"),
        ("1x5:0,4,v", "the 1x5 block would stick out past the bottom edge"),
        ("2x2:2,3,h", "the 2x2 block would cover the black 1x1 block at row 4, column 3"),
        ("2x7:0,0,h", "no 2x7 block in the tray (it holds 3x4, 2x5, 3x3, 2x4, 2x3, 1x5, 1x4, 2x2)"),
        ("1x2:6,0,h", "the 1x2 block is black: it belongs to the challenge"),
        ("1x4:9,9,h", "row 10, column 10 is off the board, which has 8 rows and 8 columns"),
    ],
)
def test_a_refused_placement_says_why_in_the_boards_terms(text: str, message: str) -> None:
    game = fresh()
    with pytest.raises(MoveError, match=message.replace("(", r"\(").replace(")", r"\)")):
        place(game, parse_fixed(text))
    assert why_not(game, parse_fixed(text)) is not None
    assert why_not(game, SOLUTION[0]) is None


def test_a_block_over_a_placed_one_names_it_and_a_second_copy_is_refused() -> None:
    game = place(fresh(), parse_fixed("1x4:0,7,h"))
    with pytest.raises(
        MoveError, match="the 2x2 block would cover the 1x4 block at row 8, column 1"
    ):
        place(game, parse_fixed("2x2:0,6,h"))
    with pytest.raises(
        MoveError,
        match="that block is already on the board: the 1x4 block at row 8, column 1; lift it first",
    ):
        place(game, parse_fixed("1x4:4,0,h"))


def test_lift_by_cell_or_by_size_returns_the_block_to_the_tray() -> None:
    game = place(place(fresh(), SOLUTION[0]), SOLUTION[1])
    by_cell = lift(game, (2, 6))  # a cell of the vertical 3x4 at column 5, row 0
    assert by_cell.placed == (SOLUTION[0],) and Block(3, 4) in by_cell.tray
    assert lift(game, Block(3, 4)).placed == by_cell.placed


@pytest.mark.parametrize(
    ("at", "message"),
    [
        ((7, 7), "no block at row 8, column 8"),
        ((3, 2), "the black 1x1 block at row 4, column 3 is part of the challenge"),
        (Block(2, 2), "no 2x2 block on the board"),
    ],
)
def test_lift_refuses_an_empty_cell_a_black_block_or_a_size_not_placed(
    at: tuple[int, int] | Block, message: str
) -> None:
    with pytest.raises(MoveError, match=message):
        lift(fresh(), at)


def test_turn_turns_a_placed_block_about_its_top_left_cell_or_says_why_not() -> None:
    game = place(fresh(), parse_fixed("1x4:4,0,h"))
    turned_game = turn(game, (0, 6))
    assert turned_game.placed == (parse_fixed("1x4:4,0,v"),)
    assert turn(turned_game, Block(1, 4)).placed == game.placed
    with pytest.raises(
        MoveError, match="the 1x4 block would cover the 1x5 block at row 3, column 4"
    ):
        turn(place(game, parse_fixed("1x5:3,2,h")), Block(1, 4))
    with pytest.raises(MoveError, match="square"):
        turn(place(fresh(), parse_fixed("2x2:1,1,h")), (1, 1))
    assert turned(parse_fixed("2x3:4,0,h")) == parse_fixed("2x3:4,0,v")


def test_a_custom_challenge_places_its_black_blocks_with_the_same_checks() -> None:
    game = custom_game()
    assert game.black_tray == tuple(sorted(BLACK_BLOCKS, key=lambda b: -b.area))
    with pytest.raises(MoveError, match="place the black blocks first"):
        puzzle_of(game)
    game = place_black(game, BLACK[0])
    with pytest.raises(MoveError, match="the 1x2 block would cover the black 1x1 block at row 4"):
        place_black(game, parse_fixed("1x2:2,2,v"))
    with pytest.raises(MoveError, match="the 1x3 block would stick out past the bottom edge"):
        place_black(game, parse_fixed("1x3:0,6,v"))
    with pytest.raises(MoveError, match="the 2x3 block is not black"):
        place_black(game, parse_fixed("2x3:0,0,h"))
    for placement in BLACK[1:]:
        game = place_black(game, placement)
    assert puzzle_of(game) == challenge(BLACK)
    moved = lift_black(game, (7, 5))
    assert moved.black_tray == (Block(1, 3),)
    assert place_black(moved, BLACK[2]).black_tray == ()
    with pytest.raises(MoveError, match="no 1x3 black block on the board"):
        lift_black(moved, Block(1, 3))


def test_editing_a_picked_challenge_moves_its_black_blocks() -> None:
    game = fresh()
    edited = place_black(lift_black(game, Block(1, 1)), parse_fixed("1x1:7,7,h"))
    assert puzzle_of(edited) != puzzle_of(game)
    assert puzzle_of(place_black(lift_black(edited, (7, 7)), BLACK[0])) == puzzle_of(game)
    with pytest.raises(MoveError, match="coloured, not a black block"):
        lift_black(place(game, SOLUTION[0]), (0, 0))


def test_a_custom_game_whose_blocks_do_not_fill_the_board_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError):
        custom_game(Board(2, 2), (Block(1, 1),), ())
    with pytest.raises(MoveError, match="the black 1x3 is not among the game's blocks"):
        custom_game(Board(1, 2), (Block(1, 2),), (Block(1, 3),))


def test_words_count_from_one() -> None:
    assert cell_words((0, 4)) == "row 1, column 5"
    assert placement_words(parse_fixed("2x3:4,0,h")) == (
        "the 2x3 block at row 1, column 5, 2 rows high and 3 columns wide"
    )
    assert placement_words(parse_fixed("3x3:0,0,h")) == "the 3x3 block at row 1, column 1"
    assert block_at(fresh(), (3, 2)) == BLACK[0] and block_at(fresh(), (0, 0)) is None
