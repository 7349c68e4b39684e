"""Random challenges with exactly one solution, each with its difficulty
(`difficulty.rate`), of any level or of the level asked for."""

from __future__ import annotations

import random
from dataclasses import dataclass

from gridpuzzles.bounds import LimitError
from gridpuzzles.mondrian.core.challenges import LEVELS, ChallengeError
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    Placement,
    Puzzle,
    make_puzzle,
)
from gridpuzzles.mondrian.solving.difficulty import Difficulty, rate
from gridpuzzles.mondrian.solving.solutions import is_unique


@dataclass(frozen=True)
class GeneratedChallenge:
    puzzle: Puzzle
    difficulty: Difficulty


class GenerationError(LimitError, MondrianError):
    """No challenge with one solution was found within the allowed attempts (or no placement
    within the allowed draws): a limit of the work, which another draw may fit."""


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
    level: str | None = None,
) -> GeneratedChallenge:
    """A random placement of ``fixed_blocks`` leaving exactly one solution, with its difficulty,
    of ``level`` (one of `LEVELS`) when one is asked for.

    Placements are drawn uniformly until one has a unique solution (14,800 of the 583,864 in
    the standard game, one in forty) of the level asked; raises :class:`GenerationError` after
    ``attempts`` draws, and `ChallengeError` for a level that does not exist.
    """
    if level is not None and level not in LEVELS:
        raise ChallengeError(f"no level {level!r}: the levels are {', '.join(LEVELS)}")
    for _ in range(attempts):
        puzzle = make_puzzle(board, blocks, random_placement(rng, board, fixed_blocks))
        if is_unique(puzzle):
            difficulty = rate(puzzle)
            if level is None or difficulty.level == level:
                return GeneratedChallenge(puzzle, difficulty)
    wanted = "" if level is None else f" of level {level}"
    raise GenerationError(f"no challenge{wanted} with exactly one solution in {attempts} attempts")
