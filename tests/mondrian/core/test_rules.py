from __future__ import annotations

import itertools

import pytest

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    MAX_BLOCKS,
    MAX_SIDE,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    InvalidPuzzleError,
    Orientation,
    Placement,
    challenge,
    make_puzzle,
)

H, V = Orientation.HORIZONTAL, Orientation.VERTICAL
EXAMPLE = (
    Placement(3, 2, Block(1, 1), V),
    Placement(1, 0, Block(1, 2), V),
    Placement(7, 4, Block(1, 3), H),
)


def test_standard_game_fills_the_board() -> None:
    assert len(STANDARD_BLOCKS) == 11
    assert sum(block.area for block in STANDARD_BLOCKS) == STANDARD_BOARD.area == 64
    assert len(set(STANDARD_BLOCKS)) == 11


def test_block_sides_are_unordered() -> None:
    assert Block.of(3, 2) == Block.of(2, 3) == Block(2, 3)
    assert str(Block.of(4, 1)) == "1x4"


@pytest.mark.parametrize(("short", "long"), [(0, 1), (3, 2), (-1, 4)])
def test_bad_blocks_raise(short: int, long: int) -> None:
    with pytest.raises(MondrianError):
        Block(short, long)


def test_orientation_decides_the_extent() -> None:
    assert Placement(0, 0, Block(2, 5), H).cells() == {(r, c) for r in range(2) for c in range(5)}
    assert (Placement(1, 2, Block(1, 3), V).height, Placement(1, 2, Block(1, 3), V).width) == (3, 1)


def test_square_blocks_have_one_orientation() -> None:
    assert Block(3, 3).orientations() == (H,)
    assert Placement(0, 0, Block(2, 2), V) == Placement(0, 0, Block(2, 2), H)


def test_board_placements_stay_inside() -> None:
    board = Board(3, 4)
    placements = board.placements(Block(1, 3))
    assert len(placements) == 3 * 2 + 1 * 4
    assert all(board.contains(p) for p in placements)


def test_challenge_fixes_the_black_blocks() -> None:
    puzzle = challenge(EXAMPLE)
    assert puzzle.free_blocks == tuple(b for b in STANDARD_BLOCKS if b not in BLACK_BLOCKS)
    assert len(puzzle.fixed_cells()) == 6


@pytest.mark.parametrize(
    ("fixed", "message"),
    [
        (
            (Placement(3, 2, Block(1, 1)), Placement(3, 1, Block(1, 2)), EXAMPLE[2]),
            "^the 1x1 block at row 4, column 3 overlaps another block, "
            "the 1x2 block at row 4, column 2$",
        ),
        (
            (EXAMPLE[0], EXAMPLE[1], Placement(7, 6, Block(1, 3))),
            "^the 1x3 block at row 8, column 7, horizontal, leaves the 8x8 board$",
        ),
        ((EXAMPLE[0], EXAMPLE[1]), "1x1, 1x2 and 1x3"),
        ((*EXAMPLE, Placement(0, 7, Block(1, 1))), "1x1, 1x2 and 1x3"),
    ],
)
def test_invalid_challenges_raise(fixed: tuple[Placement, ...], message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        challenge(fixed)


def test_fixed_block_must_be_in_the_set() -> None:
    with pytest.raises(InvalidPuzzleError, match="not in the block set"):
        make_puzzle(Board(2, 2), [Block(1, 2), Block(1, 2)], [Placement(0, 0, Block(2, 2))])


def test_area_must_match() -> None:
    with pytest.raises(InvalidPuzzleError, match="cover 6 cells but 4"):
        make_puzzle(Board(2, 2), [Block(2, 3)])
    with pytest.raises(InvalidPuzzleError, match="cover 2 cells but 3"):
        make_puzzle(Board(2, 2), [Block(1, 1), Block(1, 2)], [Placement(0, 0, Block(1, 1))])


@pytest.mark.parametrize(("height", "width"), [(13, 1), (1, 13), (100_000, 1), (10**50, 10**50)])
def test_boards_are_at_most_12_a_side(height: int, width: int) -> None:
    with pytest.raises(MondrianError, match=f"1 to {MAX_SIDE} columns and 1 to {MAX_SIDE} rows"):
        Board(height, width)
    assert Board(MAX_SIDE, MAX_SIDE).area == MAX_BLOCKS == 144


def test_blocks_are_at_most_12_long() -> None:
    with pytest.raises(MondrianError, match="a block side is at most 12"):
        Block.of(1, 13)
    assert Block.of(12, 12).area == 144


def test_a_game_reads_at_most_144_blocks_from_any_iterable() -> None:
    endless = (Block(1, 1) for _ in itertools.count())
    with pytest.raises(InvalidPuzzleError, match="at most 144 blocks"):
        make_puzzle(Board(12, 12), endless)
    with pytest.raises(InvalidPuzzleError, match="at most 144 blocks"):
        make_puzzle(
            Board(12, 12), [Block(1, 1)] * 144, itertools.repeat(Placement(0, 0, Block(1, 1)))
        )
    assert len(make_puzzle(Board(12, 12), [Block(1, 1)] * 144).blocks) == 144
