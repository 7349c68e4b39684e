"""The one small interface each puzzle gives the mid-end (`PuzzleRules`), met by the modules
`gridpuzzles.midend.minesweeper` and `gridpuzzles.midend.mondrian`: a game in play from the
core's start, the text of each step of a move log and back, and the game after a step.

With it, what is the same for every puzzle is written once: a stored log replayed
(`replayed`), and the contract tests every puzzle passes (tests/midend/test_contract.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from typing import Protocol, TypeVar

from gridpuzzles.history import Rewind
from gridpuzzles.midend.play import Play

State = TypeVar("State")
Step = TypeVar("Step")


class PuzzleRules(Protocol[State, Step]):
    """What the mid-end asks of a puzzle (its module in `gridpuzzles.midend` meets it)."""

    def play_of(self, state: State, /) -> Play[State]:
        """A game in play starting at ``state``, as every shell starts one."""
        ...

    def parse_step(self, text: str, /) -> Step | Rewind:
        """The step a line of the move log names (the inverse of `step_text`); the puzzle's
        notation error for any other text."""
        ...

    def step_text(self, step: Step | Rewind, /) -> str:
        """The line of the move log for ``step``."""
        ...

    def stepped(self, play: Play[State], step: Step | Rewind, at: float, /) -> Play[State]:
        """``play`` after ``step`` made at time ``at`` (seconds); the puzzle's refusal when
        the rules refuse it, and then nothing changes."""
        ...


def replayed(
    rules: PuzzleRules[State, Step], play: Play[State], log: Iterable[tuple[str, float]]
) -> Play[State]:
    """``play`` after each line of ``log`` (its text and when it was made), in turn."""
    return reduce(
        lambda now, line: rules.stepped(now, rules.parse_step(line[0]), line[1]), log, play
    )
