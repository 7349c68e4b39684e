"""The solver's review of a Mondrian Blocks game, step by step.

After each step the review counts the solutions the board still allows (the blocks on it
held where they are). A step after which none remains, where some did before it, is a *dead
end*: every block put down after it is wasted until a later step (a lift, a turn, an undo)
leaves the dead end, and the review names that step too (and, under each step still in the
dead end, the step that led into it). It gives the time each step took and the hints used.
Pure: the games after each step and their times in, the review out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from gridpuzzles.history import Rewind
from gridpuzzles.mondrian.core.game import Game
from gridpuzzles.mondrian.core.grid import Placement, make_puzzle
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.solving.solutions import count_solutions


@dataclass(frozen=True)
class StepReview:
    """One step: the solutions the board allowed after it (None while the black blocks are
    not all down), whether it led into a dead end, and if so the number of the step that
    left it (None when the game never did); ``since``, the number of the step that led into
    the dead end the game is in after this one (this step's own for a step into one; None
    outside a dead end); ``seconds`` since the step before."""

    number: int
    step: Move | Rewind
    solutions: int | None
    dead_end: bool
    left_by: int | None
    seconds: float
    since: int | None = None


@dataclass(frozen=True)
class MondrianReview:
    """A game's steps reviewed, and the solutions its start allowed (`solutions_left`)."""

    steps: tuple[StepReview, ...]
    at_start: int | None = None

    @property
    def dead_ends(self) -> int:
        return sum(s.dead_end for s in self.steps)

    @property
    def hints(self) -> int:
        """The hints and other help taken (a hint's block, the solutions shown)."""
        return sum(
            isinstance(s.step, Move) and s.step.action in (Action.HINT, Action.HELP)
            for s in self.steps
        )

    @property
    def block_seconds(self) -> float:
        """The time spent on the coloured blocks: the seconds of every step taken once the
        challenge was complete (its black blocks all down before the step)."""
        before = [self.at_start, *(s.solutions for s in self.steps)][: len(self.steps)]
        return sum(
            s.seconds for s, ready in zip(self.steps, before, strict=True) if ready is not None
        )


def solutions_left(game: Game) -> int | None:
    """How many solutions the board allows with the blocks on it held where they are; None
    while black blocks are still to be placed (there is no challenge yet)."""
    if game.black_tray:
        return None
    blocks = (*game.black_blocks, *game.coloured_blocks)
    return count_solutions(make_puzzle(game.board, blocks, (*game.black, *game.placed)))


def review(
    start: Game, played: Iterable[tuple[Move | Rewind, Game, float]], *, started_at: float = 0.0
) -> MondrianReview:
    """The review of a game from its start and each step with the game after it and when it
    was made (seconds on the game's clock; ``started_at``, the game's creation). A position
    met again (a block put down and lifted, an undo) is counted once."""
    counted: dict[tuple[frozenset[Placement], frozenset[Placement]], int | None] = {}

    def left(game: Game) -> int | None:
        key = (frozenset(game.black), frozenset(game.placed))
        if key not in counted:
            counted[key] = solutions_left(game)
        return counted[key]

    before = at_start = left(start)
    before_at = started_at
    reviewed: list[StepReview] = []
    dead_from: int | None = None  # the step that led into the dead end the game is in
    for number, (step, game, at) in enumerate(played):
        after = left(game)
        dead_end = after == 0 and bool(before)
        if dead_end:
            dead_from = number
        elif dead_from is not None and after:
            reviewed[dead_from] = replace(reviewed[dead_from], left_by=number)
            dead_from = None
        since = dead_from if after == 0 else None
        seconds = max(0.0, at - before_at)
        reviewed.append(StepReview(number, step, after, dead_end, None, seconds, since))
        before, before_at = after, at
    return MondrianReview(tuple(reviewed), at_start)
