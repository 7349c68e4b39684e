"""The solver's review of a kept game, over the mid-end's replay: each move judged from the
game as it stood before it (`minesweeper.solving.review`), undo and redo passed over, and the
time the player took over each move, from the step before it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gridpuzzles.midend.minesweeper import Replay, parse_step, step_words
from gridpuzzles.minesweeper import Game, Move
from gridpuzzles.minesweeper.solving.review import MoveReview, Review, review


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


def verdict_words(judged: MoveReview) -> str:
    """A move's verdict as every shell says it: "a needless guess (a cell was certainly
    safe); 23% risk, the least there was 0%"."""
    if judged.risk is None or judged.least_risk is None:
        return judged.verdict.words
    risk, least = percent(judged.risk), percent(judged.least_risk)
    return f"{judged.verdict.words}; {risk} risk, the least there was {least}"


def summary_words(judged: Review) -> str:
    """A review's summary in one line: the moves, the guesses and the needless ones, the risk
    taken against the least possible, and the accuracy."""
    moves, guesses = counted(len(judged.moves), "move"), counted(judged.guesses, "guess")
    return (
        f"{moves}, {guesses}, {judged.needless_guesses} needless; risk taken "
        f"{judged.pluck:.2f} (the least possible {judged.least_pluck:.2f}, in -log10 of the "
        f"chance to survive); accuracy {judged.accuracy:.0%}"
    )


def percent(chance: Fraction) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not."""
    value = 100 * float(chance)
    if chance in (0, 1) or 1 <= value <= 99:
        return f"{value:.0f}%"
    return "<1%" if value < 1 else ">99%"


def counted(number: int, noun: str) -> str:
    """``3 moves``, ``1 guess``, ``0 guesses``."""
    plural = noun + ("es" if noun.endswith("s") else "s")
    return f"{number} {noun if number == 1 else plural}"


def review_json(replay: Replay, judged: Review) -> dict[str, Any]:
    """The review of ``replay`` as JSON, as the API answers it and `gridpuzzles review --json`
    prints it: its ``id``, its ``moves`` (each its step's ``number`` and ``move`` in the log,
    the move in words, its verdict by name and in words, whether it is a fault, the risk and
    the least risk as numbers from 0 to 1 where it was no certain move, and the seconds the
    player was thinking) and its ``summary``."""
    texts = {frame.number: frame.text for frame in replay.frames}
    return {
        "id": replay.game_id,
        "moves": [
            {
                "number": m.number,
                "move": str(m.move),
                "said": step_words(texts[m.number]),
                "verdict": m.verdict.value,
                "words": m.verdict.words,
                "fault": m.verdict.fault,
                "risk": None if m.risk is None else float(m.risk),
                "least_risk": None if m.least_risk is None else float(m.least_risk),
                "thinking": round(m.thinking, 3),
            }
            for m in judged.moves
        ],
        "summary": {
            "moves": len(judged.moves),
            "guesses": judged.guesses,
            "needless_guesses": judged.needless_guesses,
            "pluck": round(judged.pluck, 4),
            "least_pluck": round(judged.least_pluck, 4),
            "accuracy": round(judged.accuracy, 4),
        },
    }
