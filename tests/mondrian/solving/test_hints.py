"""Hints from the solver: a correct next block, the blocks to lift when stuck, the solutions;
every answer checked against the solver's own solutions and the independent checker."""

from __future__ import annotations

import random

import pytest

from gridpuzzles.mondrian.core.game import (
    Game,
    MoveError,
    custom_game,
    new_game,
    place,
)
from gridpuzzles.mondrian.core.grid import challenge, make_puzzle
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.solving.hints import (
    NoHintError,
    hint,
    reveal_solutions,
    take_hint,
)
from gridpuzzles.mondrian.solving.solutions import (
    SearchLimitError,
    count_solutions,
    first_solution,
)
from tests.mondrian.checks import is_solution

EXAMPLE = challenge(parse_fixed(t) for t in ("1x1:2,3,v", "1x2:0,1,v", "1x3:4,7,h"))
SOLUTION = first_solution(EXAMPLE) or ()
WRONG = (parse_fixed("1x5:3,1,v"), parse_fixed("2x3:6,0,v"))
"""Two blocks placed where the one solution does not have them."""


def extends(game: Game) -> bool:
    puzzle = make_puzzle(game.board, EXAMPLE.blocks, (*game.black, *game.placed))
    return count_solutions(puzzle) > 0


def test_hints_alone_solve_a_challenge() -> None:
    game = new_game(EXAMPLE)
    while not game.solved:
        game, given = take_hint(game)
        assert given.place is not None and given.place in SOLUTION
        assert given.text.startswith(f"place the {given.place.block} block at row ")
    assert is_solution(EXAMPLE, (*game.black, *game.placed))
    with pytest.raises(NoHintError, match="the board is full"):
        hint(game)


def test_the_first_hint_is_where_the_fewest_blocks_fit() -> None:
    given = hint(new_game(EXAMPLE))
    assert "leads to a solution" in given.text or "the only" in given.text
    assert " ways" in given.text or " places" in given.text or "the only" in given.text


def test_a_wrong_block_is_named_to_lift() -> None:
    game = place(place(new_game(EXAMPLE), WRONG[0]), parse_fixed("3x4:5,0,v"))
    given = hint(game)
    assert (given.place, given.lift) == (None, (WRONG[0],))
    assert given.text == (
        "no solution goes on from this board: lift the 1x5 block at row 2, column 4"
    )


def test_two_wrong_blocks_are_both_named() -> None:
    game = place(place(new_game(EXAMPLE), WRONG[0]), WRONG[1])
    assert hint(game).lift == WRONG
    assert "and the 2x3 block at row 1, column 7" in hint(game).text


def test_a_challenge_without_solution_says_so() -> None:
    black = [parse_fixed(t) for t in ("1x1:5,7,h", "1x2:3,6,h", "1x3:2,3,v")]
    given = hint(new_game(challenge(black)))
    assert given.place is None and given.lift == ()
    assert "has no solution" in given.text


def test_no_hint_before_the_black_blocks_are_placed() -> None:
    with pytest.raises(MoveError, match="place the black blocks first"):
        hint(custom_game())


def test_every_hint_on_random_boards_is_right(official: tuple[OfficialChallenge, ...]) -> None:
    rng = random.Random(3)
    for entry in rng.sample(official, 12):
        game = new_game(entry.puzzle)
        for _ in range(rng.randrange(1, 5)):  # a few blocks, wherever they fit
            options = [p for b in game.tray for p in game.board.placements(b)]
            fitting = [
                p
                for p in options
                if not any(p.cells() & q.cells() for q in (*game.black, *game.placed))
            ]
            if fitting:
                game = place(game, rng.choice(fitting))
        given = hint(game)
        if given.place is not None:
            assert extends(place(game, given.place))
        else:
            assert given.lift and set(given.lift) <= set(game.placed)
            kept = tuple(p for p in game.placed if p not in given.lift)
            assert extends(
                Game(
                    game.board,
                    game.black_blocks,
                    game.coloured_blocks,
                    type(game.position)(game.black, kept),
                )
            )


def test_the_solutions_shown_and_their_count() -> None:
    shown = reveal_solutions(new_game(EXAMPLE))
    assert shown.count == 1 and shown.solutions == (SOLUTION,)
    several = challenge(parse_fixed(t) for t in ("1x1:0,0,h", "1x2:1,0,h", "1x3:3,0,h"))
    shown = reveal_solutions(new_game(several), limit=2)
    assert len(shown.solutions) == 2 and shown.count > 2
    assert all(is_solution(several, solution) for solution in shown.solutions)


def test_the_search_of_a_hint_is_bounded() -> None:
    with pytest.raises(SearchLimitError):
        hint(new_game(EXAMPLE), max_positions=1)
