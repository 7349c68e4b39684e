"""The one small interface each puzzle gives the mid-end (`PuzzleRules`), met by the modules
`gridpuzzles.midend.minesweeper` and `gridpuzzles.midend.mondrian`: a game in play from the
core's start, the text of each step of a move log and back, and the game after a step.

Each puzzle's module says it in its own words; this Protocol says it once, so that mypy checks
both modules against it and the same contract tests run on every puzzle
(tests/midend/test_contract.py).
"""

from __future__ import annotations

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
