from __future__ import annotations

import json

import pytest

from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import (
    new_game,
    place,
)
from gridpuzzles.mondrian.core.grid import (
    STANDARD_BLOCKS,
    Block,
    Board,
    InvalidPuzzleError,
    Orientation,
    Placement,
)
from gridpuzzles.mondrian.core.notation import (
    format_fixed,
    format_position,
    game_from_json,
    game_to_json,
    label_grid,
    parse_block,
    parse_blocks,
    parse_board,
    parse_fixed,
    parse_position,
    parse_puzzle_toml,
    parse_typed_cell,
    parse_typed_fixed,
    parse_typed_position,
    solutions_to_json,
    typed_fixed,
    typed_form,
    typed_position,
)
from tests.mondrian.checks import puzzle_to_toml


def test_positions_are_column_then_row() -> None:
    placement = parse_position("4,7,h", Block(1, 3))
    assert (placement.row, placement.col, placement.orientation) == (7, 4, Orientation.HORIZONTAL)
    assert format_position(placement) == "4,7,h"


@pytest.mark.parametrize(
    "text", ["", "4,7", "4,7,x", "a,7,h", "-1,2,v", "4;7;h", "4,7,H", "4,7,h,1"]
)
def test_bad_positions_are_rejected(text: str) -> None:
    with pytest.raises(NotationError, match="X,Y,O"):
        parse_position(text, Block(1, 1))


def test_the_person_form_is_row_first_counting_from_1() -> None:
    placement = parse_typed_position("8,5,h", Block(1, 3))
    assert placement == parse_position("4,7,h", Block(1, 3))  # the machine form's 4,7,h
    assert (placement.row, placement.col) == (7, 4)
    assert typed_position(placement) == "8,5,h"
    assert parse_typed_fixed("1x3:8,5,h") == placement
    assert typed_fixed(placement) == "1x3:8,5,h"
    assert parse_typed_cell("8,5") == (7, 4)
    assert parse_typed_position("12,12,v", Block(1, 1)) == Placement(11, 11, Block(1, 1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0,5,h", "the row must be a whole number from 1 to 12"),
        ("5,0,h", "the column must be a whole number from 1 to 12"),
        ("13,1,h", "the row must be a whole number from 1 to 12"),
        ("4,7", "expected ROW,COL,O"),
        ("\u0664,7,h", "expected ROW,COL,O"),
        ("4,7,H", "expected ROW,COL,O"),
    ],
)
def test_the_person_form_refuses_what_it_cannot_read(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_typed_position(text, Block(1, 1))


@pytest.mark.parametrize(
    ("machine", "typed"),
    [
        ("2,3,h 0,1,v 4,7,h", "4,3,h 2,1,v 8,5,h"),  # a challenge's key: its --black
        ("001040531", "001040531"),  # a published code
        ("6x5 1x1,1x2,2x3 1x3:0,0,h", "6x5 1x1,1x2,2x3 1x3:1,1,h"),  # another game's key
        ("place 2x3:4,0,h", "place 2x3:1,5,h"),  # a move's text
        ("lift black 4,7", "lift black 8,5"),
    ],
)
def test_the_machine_form_is_shown_in_the_person_form(machine: str, typed: str) -> None:
    assert typed_form(machine) == typed


def test_a_key_shown_in_the_person_form_is_what_black_takes() -> None:
    black = [parse_fixed(text) for text in ("1x1:2,3,h", "1x2:0,1,v", "1x3:4,7,h")]
    shown = typed_form(" ".join(format_position(p) for p in black)).split()
    assert [parse_typed_position(t, p.block) for t, p in zip(shown, black, strict=True)] == black


def test_sizes() -> None:
    assert parse_block("3x2") == Block(2, 3)
    assert parse_blocks("1x1,2x3") == (Block(1, 1), Block(2, 3))
    assert parse_board("5x3") == Board(3, 5)


@pytest.mark.parametrize("text", ["0x3", "2*3", "x3", "2x", "2x3x4", "two"])
def test_bad_sizes_are_rejected(text: str) -> None:
    with pytest.raises(NotationError):
        parse_block(text)


def test_fixed_blocks_round_trip() -> None:
    placement = parse_fixed("1x3:4,7,h")
    assert placement == Placement(7, 4, Block(1, 3), Orientation.HORIZONTAL)
    assert format_fixed(placement) == "1x3:4,7,h"
    for text in ["1x3", "1x3:4,7", ":4,7,h", "1x3-4,7,h"]:
        with pytest.raises(NotationError):
            parse_fixed(text)


def test_toml_puzzle_files_round_trip() -> None:
    text = 'board = "4x2"\nblocks = ["1x1", "1x3", "2x2"]\nfixed = ["1x1:1,1,h"]\n'
    puzzle = parse_puzzle_toml(text)
    assert puzzle.board == Board(2, 4)
    assert puzzle.fixed == (Placement(0, 0, Block(1, 1)),)
    assert parse_puzzle_toml(puzzle_to_toml(puzzle)) == puzzle


def test_toml_defaults_to_the_game() -> None:
    puzzle = parse_puzzle_toml('fixed = ["1x1:4,3,v", "1x2:2,1,v", "1x3:8,5,h"]')
    assert puzzle.blocks == STANDARD_BLOCKS
    assert set(puzzle.fixed) == {
        parse_fixed(text) for text in ("1x1:2,3,h", "1x2:0,1,v", "1x3:4,7,h")
    }  # a person writes the file: row first, from 1


@pytest.mark.parametrize(
    "text",
    ["board = ", 'size = "8x8"', "board = 8", 'blocks = "1x1"', "fixed = [1]", 'board = "8by8"'],
)
def test_bad_toml_is_rejected(text: str) -> None:
    with pytest.raises(NotationError):
        parse_puzzle_toml(text)


def test_toml_with_an_impossible_puzzle_is_rejected() -> None:
    with pytest.raises(InvalidPuzzleError):
        parse_puzzle_toml('board = "2x2"\nblocks = ["1x1"]')


def test_text_grid_and_json() -> None:
    placements = (Placement(0, 0, Block(1, 2)), Placement(1, 0, Block(1, 2)))
    assert label_grid(Board(2, 3), placements) == (("A", "A", "."), ("B", "B", "."))
    document = solutions_to_json(1, [placements])
    assert document["count"] == 1
    assert document["solutions"][0][1] == {
        "block": "1x2",
        "row": 1,
        "col": 0,
        "orientation": "horizontal",
        "height": 1,
        "width": 2,
    }
    assert solutions_to_json(3, None) == {"count": 3}


def test_a_game_round_trips_through_json() -> None:
    game = place(new_game(find_published("001040531").puzzle), parse_fixed("2x2:6,6,h"))
    document = game_to_json(game)
    assert sorted(document) == ["black_blocks", "blocks", "board", "position"]
    read, positions = game_from_json(json.loads(json.dumps(document)))
    assert read == game
    assert positions.read(document["position"]) == game.position
