from __future__ import annotations

import random

import pytest

from gridpuzzles.mondrian.core.challenges import LEVELS, ChallengeError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    check_placements,
)
from gridpuzzles.mondrian.solving.generation import (
    GenerationError,
    generate_challenge,
    random_placement,
)
from gridpuzzles.mondrian.solving.solutions import count_solutions


def test_generated_challenges_have_one_solution() -> None:
    rng = random.Random(7)
    for _ in range(5):
        item = generate_challenge(rng)
        assert count_solutions(item.puzzle) == 1
        assert sorted(p.block for p in item.puzzle.fixed) == sorted(BLACK_BLOCKS)
        assert item.difficulty.level in LEVELS
        assert str(item.difficulty.score) in item.difficulty.reason


def test_generation_depends_only_on_the_seed() -> None:
    first = [generate_challenge(random.Random(3)).puzzle for _ in range(2)]
    assert first[0] == first[1]
    assert generate_challenge(random.Random(4)).puzzle != first[0]


def test_random_placements_never_overlap() -> None:
    rng = random.Random(1)
    for _ in range(200):
        check_placements(STANDARD_BOARD, random_placement(rng, STANDARD_BOARD, BLACK_BLOCKS))


def test_impossible_generation_gives_up() -> None:
    with pytest.raises(GenerationError):
        generate_challenge(
            random.Random(0),
            Board(2, 2),
            (Block(1, 1), Block(1, 1), Block(1, 2)),
            (Block(1, 1),),
            attempts=3,
        )


@pytest.mark.parametrize("level", ["easy", "master"])
def test_a_challenge_of_the_level_asked_for(level: str) -> None:
    item = generate_challenge(random.Random(5), level=level)
    assert item.difficulty.level == level
    assert count_solutions(item.puzzle) == 1


def test_a_level_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ChallengeError, match="no level 'impossible': the levels are easy"):
        generate_challenge(random.Random(5), level="impossible")


@pytest.mark.parametrize(
    ("board", "blocks"),
    [(Board(1, 2), (Block(1, 2), Block(1, 1))), (Board(2, 2), (Block(1, 3),))],
    ids=["always overlapping", "no place at all"],
)
def test_random_placement_gives_up_after_its_draws(board: Board, blocks: tuple[Block, ...]) -> None:
    with pytest.raises(GenerationError, match="in 50 random draws"):
        random_placement(random.Random(1), board, blocks, draws=50)
