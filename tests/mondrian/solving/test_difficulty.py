"""The logical player's difficulty: its search, its focus, and how it ranks the published
levels."""

from __future__ import annotations

import random

import pytest
from scipy.stats import spearmanr

from gridpuzzles.mondrian.core.challenges import LEVELS, published
from gridpuzzles.mondrian.core.grid import (
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    challenge,
    make_puzzle,
)
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.core.official import OfficialChallenge
from gridpuzzles.mondrian.solving.difficulty import (
    NO_SOLUTION,
    THRESHOLDS,
    difficulty_of,
    focus,
    level_of_score,
    logical_effort,
    rate,
)
from gridpuzzles.mondrian.solving.solutions import SearchLimitError, count_solutions

EXAMPLE = challenge(parse_fixed(t) for t in ("1x1:2,3,v", "1x2:0,1,v", "1x3:4,7,h"))


def test_the_published_levels_rank_in_order_on_a_sample(
    official: tuple[OfficialChallenge, ...],
) -> None:
    sample = random.Random(1).sample(official, 40)
    scores = [rate(entry.puzzle).score for entry in sample]
    levels = [LEVELS.index(entry.level.lower()) for entry in sample]
    assert spearmanr(scores, levels)[0] > 0.3


def test_a_forced_corridor_is_forced_all_the_way() -> None:
    # One row of four cells and the blocks 1x1, 1x3: the 1x3 has two places, then all is forced.
    puzzle = make_puzzle(Board(1, 4), (Block(1, 1), Block(1, 3)))
    effort = logical_effort(puzzle)
    assert effort.choices == 1 and effort.forced_first == 0
    fixed = make_puzzle(Board(1, 4), (Block(1, 1), Block(1, 3)), (parse_fixed("1x1:0,0,h"),))
    assert logical_effort(fixed) == type(effort)(
        positions=2, forced_first=1, choices=0, dead_ends=0, solutions=1
    )


def test_the_search_finds_the_solver_s_solutions_and_scores_per_solution() -> None:
    several = challenge(parse_fixed(t) for t in ("1x1:0,0,h", "1x2:1,0,h", "1x3:3,0,h"))
    for puzzle in (
        EXAMPLE,
        several,
        make_puzzle(Board(2, 3), (Block(1, 1), Block(1, 2), Block(1, 3))),
    ):
        effort = logical_effort(puzzle)
        assert effort.solutions == count_solutions(puzzle)
        assert effort.score * effort.solutions >= effort.positions
    assert rate(several).level == "easy" and "468 solutions" in rate(several).reason


def test_the_focus_is_the_most_constrained_cell_or_block() -> None:
    where = focus(STANDARD_BOARD, EXAMPLE.free_blocks, EXAMPLE.fixed)
    assert where.options and len(where.options) <= 3
    covering = [p for p in where.options if where.cell is not None and where.cell in p.cells()]
    placing = [p for p in where.options if p.block == where.block]
    assert len(covering) + len(placing) == len(where.options)
    full = focus(Board(1, 1), (), (parse_fixed("1x1:0,0,h"),))
    assert full.options == () and full.cell is None and full.block is None


def test_levels_follow_the_thresholds() -> None:
    assert [level_of_score(most) for _, most in THRESHOLDS] == list(LEVELS[:3])
    assert level_of_score(THRESHOLDS[-1][1] + 1) == "master"
    assert rate(EXAMPLE).level in LEVELS and str(rate(EXAMPLE).score) in rate(EXAMPLE).reason


def test_a_published_challenge_keeps_its_own_level() -> None:
    (entry, *_) = published("master", "red")
    assert difficulty_of(entry.puzzle) == "master"
    assert difficulty_of(EXAMPLE) == rate(EXAMPLE).level


def test_the_search_is_bounded() -> None:
    with pytest.raises(SearchLimitError, match="past 50 positions"):
        logical_effort(make_puzzle(STANDARD_BOARD, STANDARD_BLOCKS), max_nodes=50)


def test_black_blocks_that_leave_no_solution_have_no_level_but_say_so() -> None:
    none_left = challenge(parse_fixed(t) for t in ("1x1:1,1,h", "1x2:6,0,h", "1x3:0,7,h"))
    assert count_solutions(none_left) == 0
    rated = rate(none_left)
    assert rated.level == NO_SOLUTION == "no solution" and rated.level not in LEVELS
    assert rated.reason == "no way to fill the board: a logical player sees it in 23 positions"
    assert difficulty_of(none_left) == "no solution"
