"""Help for a player who is stuck: the next block to place, the blocks to lift, the solutions.

Everything here asks the solver of `solutions` (the blocks the player has placed become fixed
blocks of the puzzle it solves) and looks where a logical player would (`difficulty.focus`).
Help makes a game in play assisted, so that it sets no record; that mark is the mid-end's
(`gridpuzzles.midend.mondrian`), since an undo must not take it back.

Every search is bounded: each stops past ``max_positions`` positions with `SearchLimitError`
(a published challenge needs a few hundred), and a hint makes at most ``3 * placed + 2``
searches, where ``placed`` is the number of coloured blocks on the board.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import (
    Game,
    block_phrase,
    place,
    placement_phrase,
    puzzle_of,
)
from gridpuzzles.mondrian.core.grid import Placement, Puzzle, make_puzzle
from gridpuzzles.mondrian.core.words import Words, joined, words
from gridpuzzles.mondrian.solving.difficulty import Focus, focus
from gridpuzzles.mondrian.solving.solutions import (
    MAX_POSITIONS,
    Solution,
    count_solutions,
    first_solution,
    solutions,
)

HINT_POSITIONS = 100_000
"""The most positions each search of a hint visits (a published challenge needs hundreds)."""
SHOWN_SOLUTIONS = 3
"""How many solutions `reveal_solutions` lists unless told otherwise."""


class NoHintError(MondrianError, ValueError):
    """There is nothing to hint: the board is full."""


@dataclass(frozen=True)
class Hint:
    """A block to place, or, when no solution goes on from the board, the blocks to lift."""

    place: Placement | None
    """A placement that a solution of the board as it is makes (None when there is none)."""
    lift: tuple[Placement, ...]
    """Placed blocks to lift so that a solution goes on from the board (when ``place`` is None;
    empty too when the challenge itself has no solution)."""
    message: Words
    """The hint in the player's words, its cells kept for each shell to say (`Words.say`)."""

    @property
    def text(self) -> str:
        """The hint, its cells counted from 1 as the core says them."""
        return str(self.message)


def hint(game: Game, max_positions: int = HINT_POSITIONS) -> Hint:
    """One correct block for the board as it is, or the blocks to lift when no solution goes
    on from it.  `MoveError` while black blocks are off the board, `NoHintError` on a full
    board, `SearchLimitError` past the bound."""
    puzzle = puzzle_of(game)
    if game.solved:
        raise NoHintError("the board is full: there is nothing left to place")
    solution = first_solution(_with(puzzle, game.placed), max_positions)
    if solution is not None:
        looked = focus(game.board, game.tray, (*game.black, *game.placed))
        chosen = next(
            (p for p in looked.options if p in solution),
            next(p for p in solution if p not in (*game.black, *game.placed)),
        )
        return Hint(
            chosen, (), words("place ", placement_phrase(chosen), ": ", _why(looked, chosen))
        )
    if first_solution(puzzle, max_positions) is None:
        return Hint(
            None,
            (),
            words(
                "these black blocks leave no way to fill the board: the challenge has no solution"
            ),
        )
    lifted = _to_lift(puzzle, game.placed, max_positions)
    named = joined((block_phrase(p) for p in lifted), " and ")
    return Hint(None, lifted, words("no solution goes on from this board: lift ", named))


def _why(looked: Focus, chosen: Placement) -> Words:
    """Why a logical player would put ``chosen`` down now, from where they look first."""
    ways = len(looked.options)
    if looked.block is not None:
        if ways == 1:
            return words(f"it is the only place left for the {looked.block} block")
        return words(
            f"the {looked.block} block fits in {ways} places, and this one leads to a solution"
        )
    if looked.cell is not None and chosen in looked.options:
        if ways == 1:
            return words("it is the only block that can cover ", looked.cell)
        return words(
            looked.cell, f" can be covered in {ways} ways, and this one leads to a solution"
        )
    return words("it leads to a solution")


def _with(puzzle: Puzzle, placed: Sequence[Placement]) -> Puzzle:
    """``puzzle`` with the ``placed`` blocks fixed too."""
    return make_puzzle(puzzle.board, puzzle.blocks, (*puzzle.fixed, *placed))


def _to_lift(
    puzzle: Puzzle, placed: tuple[Placement, ...], max_positions: int
) -> tuple[Placement, ...]:
    """Placed blocks whose lifting lets a solution go on (``puzzle`` has one): the latest
    single block that does it, else the blocks after the longest beginning of ``placed`` that
    a solution extends, less those that can stay."""

    def extends(kept: Sequence[Placement]) -> bool:
        return first_solution(_with(puzzle, kept), max_positions) is not None

    for gone in reversed(placed):
        if extends([p for p in placed if p != gone]):
            return (gone,)
    start = next(k for k in range(len(placed) - 1, -1, -1) if extends(placed[:k]))
    kept = list(placed[:start])
    lifted: list[Placement] = []
    for candidate in placed[start:]:
        if extends([*kept, candidate]):
            kept.append(candidate)
        else:
            lifted.append(candidate)
    return tuple(lifted)


def take_hint(game: Game, max_positions: int = HINT_POSITIONS) -> tuple[Game, Hint]:
    """Ask for a hint: the game with the hinted block placed (unchanged when the hint is to
    lift), and the hint."""
    given = hint(game, max_positions)
    return (game if given.place is None else place(game, given.place)), given


@dataclass(frozen=True)
class Revealed:
    """The solutions shown to the player."""

    solutions: tuple[Solution, ...]
    """The first solutions of the challenge (every block, black ones included)."""
    count: int
    """How many solutions the challenge has in all."""


def reveal_solutions(
    game: Game, limit: int = SHOWN_SOLUTIONS, max_positions: int = MAX_POSITIONS
) -> Revealed:
    """The first ``limit`` solutions of the challenge and their number.  `MoveError` while
    black blocks are off the board, `SearchLimitError` past the bound."""
    puzzle = puzzle_of(game)
    shown = tuple(itertools.islice(solutions(puzzle, max_positions), limit))
    return Revealed(shown, count_solutions(puzzle, max_positions))
