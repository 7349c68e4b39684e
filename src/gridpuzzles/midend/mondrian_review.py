"""The solver's review of a kept Mondrian Blocks game, as every shell says it: in words and as
JSON, over the mid-end's replay (the game after each step of its log, `replay.frames`).

The review itself (`mondrian.solving.review`) counts the solutions each step still allowed,
marks a step into a dead end (no solution left, where there was one before it) with the step
that left it, and times each step. Here each step gets its verdict in words ("3 solutions
left; took 4.2 s", "dead end: no solution remains after this step; step 9 (lift the 3x3
block at row 1, column 6) left it; took 2.5 s", "dead end: no solution remains since step 7
(put down ...)"), and the game its summary: the steps, the help taken, the dead ends and the
time per block. Steps, rows and columns are counted from 1 in words; the JSON's step numbers
are the log's, from 0, as a replay's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import parse_step, step_words
from gridpuzzles.midend.replay import Frame
from gridpuzzles.mondrian.core.game import Game, count_words
from gridpuzzles.mondrian.core.moves import Action
from gridpuzzles.mondrian.core.records import duration_words
from gridpuzzles.mondrian.solving.review import MondrianReview, StepReview, review

SOLUTIONS_LEFT = "solutions_left"
DEAD_END = "dead_end"
IN_DEAD_END = "in_dead_end"
NO_CHALLENGE = "no_challenge"
NO_SOLUTION = "no_solution"


@dataclass(frozen=True)
class Reviewed:
    """A kept game reviewed: its id, the game after each step (`Frame`), each step in the
    player's words (on the board before it), and the review."""

    game_id: str
    frames: tuple[Frame[Game], ...]
    said: tuple[str, ...]
    review: MondrianReview

    @property
    def last(self) -> Game | None:
        """The game after its last step (None for a game of no step)."""
        return self.frames[-1].state if self.frames else None

    @property
    def blocks(self) -> int:
        """The coloured blocks on the board at the end."""
        return 0 if self.last is None else len(self.last.placed)

    @property
    def seconds_per_block(self) -> float | None:
        """The time spent on the coloured blocks (`MondrianReview.block_seconds`) per block on
        the board at the end; None with none there."""
        return self.review.block_seconds / self.blocks if self.blocks else None


def reviewed(
    game_id: str, start: Game, shown: Iterable[Frame[Game]], created_at: float
) -> Reviewed:
    """The review of the game ``game_id`` from its ``start`` and the game after each step of
    its log (``shown``, the mid-end's replay, `midend.mondrian.Replay`'s frames); the first
    step's time counts from ``created_at``, the game's creation, on the clock of its steps'
    times."""
    frames = tuple(shown)
    before = (start, *(frame.state for frame in frames))[: len(frames)]  # before each step
    said = tuple(step_words(f.text, board) for f, board in zip(frames, before, strict=True))
    played = ((parse_step(frame.text), frame.state, frame.at) for frame in frames)
    judged = review(start, played, started_at=created_at)
    return Reviewed(game_id, frames, said, judged)


def helped(step: StepReview) -> bool:
    """Whether the step was help: a hint's block, or help that put none down."""
    return not isinstance(step.step, Rewind) and step.step.action in (Action.HINT, Action.HELP)


def verdict_of(step: StepReview) -> str:
    """The step's verdict by name: solutions still left; the step into a dead end (the one
    fault); a step still in one; the challenge's black blocks not all down yet; black blocks
    that leave no solution (the player's own challenge, before any block is put down)."""
    if step.dead_end:
        return DEAD_END
    if step.solutions is None:
        return NO_CHALLENGE
    if step.solutions:
        return SOLUTIONS_LEFT
    return NO_SOLUTION if step.since is None else IN_DEAD_END


def named(game: Reviewed, index: int) -> str:
    """Step ``index`` (from 0) named as a verdict names it: "step 7 (put down the 1x4 block
    at row 2, column 3)"."""
    return f"step {index + 1} ({game.said[index]})"


def verdict_words(game: Reviewed, index: int) -> str:
    """The verdict of step ``index`` (from 0) as every shell says it: what it left (the
    solutions, or the dead end it led into with the step that left it, or the one it is still
    in), whether it was help, and the time it took: "help taken; 1 solution left; took
    4.0 s"."""
    step = game.review.steps[index]
    verdict = verdict_of(step)
    if verdict == DEAD_END:
        left = (
            "the game never left it"
            if step.left_by is None
            else f"{named(game, step.left_by)} left it"
        )
        said = f"dead end: no solution remains after this step; {left}"
    elif verdict == IN_DEAD_END:
        assert step.since is not None  # `verdict_of`
        said = f"dead end: no solution remains since {named(game, step.since)}"
    elif verdict == NO_CHALLENGE:
        said = "no challenge yet: a black block is still to be put down"
    elif verdict == NO_SOLUTION:
        said = "no solution: the black blocks leave none"
    else:
        assert step.solutions is not None  # `verdict_of`
        said = f"{count_words(step.solutions, 'solution')} left"
    taken = "help taken; " if helped(step) else ""
    return f"{taken}{said}; took {duration_words(step.seconds)}"


def dead_end_steps(game: Reviewed) -> list[int]:
    """The steps (from 0) that led into a dead end."""
    return [index for index, step in enumerate(game.review.steps) if step.dead_end]


def summary_words(game: Reviewed) -> str:
    """The game's review in one line: its steps, the help taken, its dead ends (and where),
    and the time spent on the coloured blocks with the time per block: "14 steps, 1 hint,
    1 dead end (step 5); 8 blocks in 1 min 10 s since the challenge was complete, 8.8 s a
    block" (the game's clock, which the records keep, starts later: with the first block)."""
    judged = game.review
    dead = dead_end_steps(game)
    where = ""
    if dead:
        listed = ", ".join(str(index + 1) for index in dead)
        where = f" ({'step' if len(dead) == 1 else 'steps'} {listed})"
    said = (
        f"{count_words(len(judged.steps), 'step')}, {count_words(judged.hints, 'hint')}, "
        f"{count_words(len(dead), 'dead end')}{where}; "
        f"{count_words(game.blocks, 'block')} in {duration_words(judged.block_seconds)} since "
        "the challenge was complete"
    )
    per_block = game.seconds_per_block
    return said if per_block is None else f"{said}, {duration_words(per_block)} a block"


def review_json(game: Reviewed) -> dict[str, Any]:
    """The review as JSON, as the API answers it and `gridpuzzles review --json` prints it: its
    ``id``, its ``steps`` (each its ``number`` and ``move`` in the log, the step in words, its
    verdict by name and in words, whether it is a fault (a dead end), the ``solutions`` left
    (null before the challenge is complete), whether it was ``help``, the ``since`` and
    ``left_by`` of a dead end as log numbers, and its ``seconds``) and its ``summary``."""
    judged = game.review

    def number(index: int | None) -> int | None:
        return None if index is None else game.frames[index].number

    per_block = game.seconds_per_block
    return {
        "id": game.game_id,
        "steps": [
            {
                "number": frame.number,
                "move": frame.text,
                "said": game.said[index],
                "verdict": verdict_of(step),
                "words": verdict_words(game, index),
                "fault": step.dead_end,
                "solutions": step.solutions,
                "help": helped(step),
                "since": number(step.since),
                "left_by": number(step.left_by),
                "seconds": round(step.seconds, 3),
            }
            for index, (frame, step) in enumerate(zip(game.frames, judged.steps, strict=True))
        ],
        "summary": {
            "steps": len(judged.steps),
            "hints": judged.hints,
            "dead_ends": judged.dead_ends,
            "blocks": game.blocks,
            "seconds": round(judged.block_seconds, 3),
            "seconds_per_block": None if per_block is None else round(per_block, 3),
            "words": summary_words(game),
        },
    }
