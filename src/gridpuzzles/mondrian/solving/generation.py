"""Random challenges with exactly one solution, and an estimate of how hard they are.

Difficulty is measured by the size of the solver's search tree (see
:func:`solving.search_effort`): the positions it visits while branching on the most
constrained corner.  The level thresholds sit between the medians of the published
challenges of each level (Easy 61, Medium 133, Hard 217, Master 280 positions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gridpuzzles.mondrian.core.rules import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    MondrianError,
    Placement,
    Puzzle,
    make_puzzle,
)
from gridpuzzles.mondrian.solving.solutions import is_unique, search_effort

LEVELS = (("easy", 95), ("medium", 175), ("hard", 250), ("master", None))
"""Difficulty levels with the largest number of searched positions each allows."""


@dataclass(frozen=True)
class Difficulty:
    """A level, the score it comes from, and the reason in words."""

    level: str
    score: int
    reason: str


@dataclass(frozen=True)
class GeneratedChallenge:
    puzzle: Puzzle
    difficulty: Difficulty


def rate(puzzle: Puzzle) -> Difficulty:
    """The difficulty of ``puzzle`` from the size of its search tree."""
    effort = search_effort(puzzle)
    level = next(name for name, most in LEVELS if most is None or effort.positions <= most)
    reason = (
        f"the solver visits {effort.positions} positions: {effort.forced} forced moves, "
        f"{effort.choices} choices between blocks, {effort.dead_ends} dead ends"
    )
    return Difficulty(level, effort.positions, reason)


class GenerationError(MondrianError):
    """No challenge with one solution was found within the allowed attempts."""


PLACEMENT_DRAWS = 10_000
"""How many random placements :func:`random_placement` draws before giving up (in the 8x8
game six in seven draws do not overlap)."""


def random_placement(
    rng: random.Random, board: Board, blocks: tuple[Block, ...], draws: int = PLACEMENT_DRAWS
) -> tuple[Placement, ...]:
    """Non-overlapping placements of ``blocks``, uniform over all such placements.

    Raises :class:`GenerationError` when ``draws`` random placements all overlap (or a block
    has no place on the board).
    """
    choices = [board.placements(block) for block in blocks]
    if all(choices):
        for _ in range(draws):
            chosen = tuple(rng.choice(options) for options in choices)
            cells = [cell for placement in chosen for cell in placement.cells()]
            if len(cells) == len(set(cells)):
                return chosen
    raise GenerationError(
        f"no placement of {', '.join(map(str, blocks))} without overlap on the {board} board "
        f"in {draws} random draws"
    )


def generate_challenge(
    rng: random.Random,
    board: Board = STANDARD_BOARD,
    blocks: tuple[Block, ...] = STANDARD_BLOCKS,
    fixed_blocks: tuple[Block, ...] = BLACK_BLOCKS,
    attempts: int = 100_000,
) -> GeneratedChallenge:
    """A random placement of ``fixed_blocks`` leaving exactly one solution, with its difficulty.

    Placements are drawn uniformly until one has a unique solution (14,800 of the 583,864 in
    the standard game, one in forty); raises :class:`GenerationError` after ``attempts`` draws.
    """
    for _ in range(attempts):
        puzzle = make_puzzle(board, blocks, random_placement(rng, board, fixed_blocks))
        if is_unique(puzzle):
            return GeneratedChallenge(puzzle, rate(puzzle))
    raise GenerationError(f"no challenge with exactly one solution in {attempts} attempts")
