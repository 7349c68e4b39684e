"""The solver's review of a kept game, over the mid-end's replay: each move judged from the
game as it stood before it (`minesweeper.solving.review`), undo and redo passed over, and the
time the player took over each move, from the step before it; and the finished game's
standard statistics (`minesweeper.core.statistics`)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from gridpuzzles.history import Rewind
from gridpuzzles.midend.minesweeper import Replay, clock_at, parse_step, step_words
from gridpuzzles.minesweeper import Game, Move
from gridpuzzles.minesweeper.core.statistics import Statistics, game_statistics
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
    return replace(review(played), statistics=replay_statistics(replay))


def replay_statistics(replay: Replay) -> Statistics | None:
    """The standard statistics of the game ``replay`` as it ended: the moves that stand (an
    undone move is taken out, a redone one put back) played on its layout, in the time its
    clock showed at its last step; None when no mine was laid (no reveal was made)."""
    last = replay.last
    if last.layout is None:
        return None
    seconds = clock_at(replay.frames[-1]) if replay.frames else 0.0
    config = last.config
    return game_statistics(
        last.layout,
        standing_moves(replay),
        seconds,
        win_rule=config.win_rule,
        question_marks=config.question_marks,
    )


def standing_moves(replay: Replay) -> list[Move]:
    """The moves of ``replay`` that stand at its end: its log with each undone move taken
    out (and put back when redone)."""
    line: list[Move] = []
    undone: list[Move] = []
    for frame in replay.frames:
        step = parse_step(frame.text)
        if step is Rewind.UNDO:
            undone.append(line.pop())
        elif step is Rewind.REDO:
            line.append(undone.pop())
        else:
            line.append(step)
            undone.clear()
    return line


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


def statistics_words(figures: Statistics) -> str:
    """The standard statistics in one line: "3BV 30, 28 solved in 12.3 s, 3BV/s 2.28, 41
    clicks (30 left, 8 right, 3 double), 36 effective, IOE 0.68, correctness 88%, throughput
    0.78, ZiNi 25, HZiNi 27, RQP 5.40, STNB 61.5" (a figure with no value left out)."""
    parts = [
        f"3BV {figures.three_bv}, {figures.three_bv_solved} solved in {figures.seconds:.1f} s",
        _shown("3BV/s {:.2f}", figures.three_bv_per_second),
        f"{counted(figures.clicks, 'click')} ({figures.left_clicks} left, "
        f"{figures.right_clicks} right, {figures.double_clicks} double)",
        f"{figures.effective_clicks} effective",
        _shown("IOE {:.2f}", figures.ioe),
        _shown("correctness {:.0%}", figures.correctness),
        _shown("throughput {:.2f}", figures.throughput),
        _shown("ZiNi {}", figures.zini),
        _shown("HZiNi {}", figures.hzini),
        _shown("RQP {:.2f}", figures.rqp),
        _shown("STNB {:.1f}", figures.stnb),
    ]
    return ", ".join(part for part in parts if part)


def _shown(form: str, value: float | None) -> str:
    """``value`` in ``form``, or nothing when it has none."""
    return "" if value is None else form.format(value)


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
    player was thinking) and its ``summary``, with the game's standard ``statistics``
    (`statistics_json`; null when no mine was laid)."""
    texts = {frame.number: frame.text for frame in replay.frames}
    figures = judged.statistics
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
            "statistics": None if figures is None else statistics_json(figures),
        },
    }


def statistics_json(figures: Statistics) -> dict[str, Any]:
    """The standard statistics as JSON: the board's ``three_bv``, the ``three_bv_solved`` by
    the clicks, the ``seconds`` from the first reveal to the end, the ``clicks`` (and the
    ``left_clicks``, ``right_clicks``, ``double_clicks`` they add up from), the
    ``effective_clicks``, and ``three_bv_per_second``, ``ioe``, ``correctness``,
    ``throughput``, ``rqp``, ``stnb``, ``zini`` and ``hzini``: null where a figure has no value
    (a division by zero, STNB off its three boards, ZiNi past its board size)."""

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 4)

    return {
        "three_bv": figures.three_bv,
        "three_bv_solved": figures.three_bv_solved,
        "seconds": round(figures.seconds, 3),
        "clicks": figures.clicks,
        "left_clicks": figures.left_clicks,
        "right_clicks": figures.right_clicks,
        "double_clicks": figures.double_clicks,
        "effective_clicks": figures.effective_clicks,
        "three_bv_per_second": rounded(figures.three_bv_per_second),
        "ioe": rounded(figures.ioe),
        "correctness": rounded(figures.correctness),
        "throughput": rounded(figures.throughput),
        "rqp": rounded(figures.rqp),
        "stnb": rounded(figures.stnb),
        "zini": figures.zini,
        "hzini": figures.hzini,
    }
