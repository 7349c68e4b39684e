"""The solver's review of a kept game, over the mid-end's replay: each move judged from the
game as it stood before it (`minesweeper.solving.review`), undo and redo passed over, and the
time the player took over each move, from the step before it."""

from __future__ import annotations

from gridpuzzles.midend.minesweeper import Replay, parse_step
from gridpuzzles.minesweeper import Game, Move
from gridpuzzles.minesweeper.solving.review import Review, review


def reviewed(replay: Replay, created_at: float | None = None) -> Review:
    """The review of the finished game ``replay``; the first move's thinking time counts from
    ``created_at`` (the game's creation, on the clock of its steps' times), else it is 0."""
    played: list[tuple[int, Game, Move, float]] = []
    before = replay.start
    before_at = created_at
    for frame in replay.frames:
        step = parse_step(frame.text)
        if isinstance(step, Move):
            thinking = 0.0 if before_at is None else frame.at - before_at
            played.append((frame.number, before, step, thinking))
        before, before_at = frame.state, frame.at
    return review(played)
