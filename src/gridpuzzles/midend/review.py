"""The solver's review of a kept game, over the mid-end's replay: each move judged from the
game as it stood before it (`minesweeper.solving.review`), undo and redo passed over, and
help too (a ``help`` line: the game is assisted from there, as the replay shows), and the
time the player took over each move, from the move, undo or redo before it; and the finished game's
standard statistics (`minesweeper.core.statistics`).

The deeper judgment, what each guess gave away of the chance to win (`weighings_of`), comes
one move at a time after the review: `review_json` gives each move's place for it, and
`win_chance_json` each judgment as it comes, to be merged into the move of its ``number``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from itertools import islice
from typing import Any

from gridpuzzles.cells import cell_words
from gridpuzzles.history import Rewind
from gridpuzzles.midend.minesweeper import Replay, clock_at, step_words
from gridpuzzles.minesweeper import Action, Game, Help, Move
from gridpuzzles.minesweeper.core.moves import parse_step
from gridpuzzles.minesweeper.core.statistics import Statistics, game_statistics
from gridpuzzles.minesweeper.solving.review import (
    MoveReview,
    Review,
    review,
    weigh_move,
    weighing_generators,
    weighings,
)
from gridpuzzles.minesweeper.solving.win_loss import PLAYOUTS, Label, WinLoss


def reviewed(replay: Replay, created_at: float | None = None) -> Review:
    """The review of the finished game ``replay``; the first move's thinking time counts from
    ``created_at`` (the game's creation, on the clock of its steps' times), else it is 0."""
    played = played_moves(replay, created_at)
    return replace(review(played), statistics=replay_statistics(replay))


def played_moves(
    replay: Replay, created_at: float | None = None
) -> list[tuple[int, Game, Move, float]]:
    """The moves of ``replay`` as the review takes them: each step's number, the game before
    it, the move and the seconds since the step before (undo and redo left out; help left
    out and passed over: the player's thinking runs on through a hint)."""
    played: list[tuple[int, Game, Move, float]] = []
    before = replay.start
    before_at = created_at
    for frame in replay.frames:
        step = parse_step(frame.text)
        if isinstance(step, Help):
            continue
        if isinstance(step, Move):
            thinking = 0.0 if before_at is None else frame.at - before_at
            played.append((frame.number, before, step, thinking))
        before, before_at = frame.state, frame.at
    return played


def weighings_of(
    replay: Replay, judged: Review, *, seed: str | None = None, playouts: int = PLAYOUTS
) -> Iterator[tuple[int, WinLoss | None]]:
    """What each guess of ``replay`` (reviewed as ``judged``) gave away of the chance to win,
    one move at a time as the solver weighs it (`minesweeper.solving.review.weighings`): a
    shell shows ``done / len(judged.weighable)`` and stops when it likes. The playouts of an
    estimate are seeded by ``seed``, by default the game's id: a game is weighed the same way
    every time."""
    rng = random.Random(replay.game_id if seed is None else seed)
    return weighings(played_moves(replay), judged, rng, playouts=playouts)


def weighed_move(
    replay: Replay,
    judged: Review,
    number: int,
    *,
    seed: str | None = None,
    playouts: int = PLAYOUTS,
) -> MoveReview | None:
    """The move of step ``number`` of ``replay`` (reviewed as ``judged``) weighed alone, as
    `weighings_of` weighs it among the others, from the same seed: a shell that weighs one
    guess at a time (the web, a request each) says what `gridpuzzles review --deep` says.
    None when that step is no move due for weighing (`Review.weighable`)."""
    due = [m.number for m in judged.weighable]
    if number not in due:
        return None
    rng = random.Random(replay.game_id if seed is None else seed)
    own = next(islice(weighing_generators(rng), due.index(number), None))
    _, before, move, _ = next(p for p in played_moves(replay) if p[0] == number)
    win_loss = weigh_move(before, move, own, playouts=playouts)
    return next(m for m in judged.with_weighed(number, win_loss).moves if m.number == number)


def deep_reviewed(
    replay: Replay, created_at: float | None = None, *, playouts: int = PLAYOUTS
) -> Review:
    """The review of ``replay`` with every guess weighed (`weighings_of`), all at once."""
    judged = reviewed(replay, created_at)
    for number, win_loss in weighings_of(replay, judged, playouts=playouts):
        judged = judged.with_weighed(number, win_loss)
    return judged


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
    out (and put back when redone), help left out."""
    line: list[Move] = []
    undone: list[Move] = []
    for frame in replay.frames:
        step = parse_step(frame.text)
        if isinstance(step, Help):
            continue
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
    safe); 23% risk, the least there was 0%", and once it is weighed, what it gave away of
    the chance to win (`win_loss_words`)."""
    if judged.risk is None or judged.least_risk is None:
        return judged.verdict.words
    risk, least = percent(judged.risk), percent(judged.least_risk)
    said = f"{judged.verdict.words}; {risk} risk, the least there was {least}"
    return f"{said}; {weighed_words(judged)}" if judged.weighed else said


def weighed_words(judged: MoveReview) -> str:
    """What a weighed move gave away, in words (`win_loss_words`), or that the solver could
    not weigh it."""
    if judged.win_loss is None:
        return "its chance to win not weighed: the position is past what the solver takes"
    return win_loss_words(judged.win_loss)


def win_loss_words(weighed: WinLoss) -> str:
    """What a guess gave away of the chance to win, as every shell says it: "a mistake: gave
    away 12 points of the chance to win (61% → 49%)"; an estimate says "about" and its 95%
    interval, "at least" before a label its interval reaches past, and "too close to call"
    where it cannot tell a loss of 5 points or more from less."""
    chances = f"{_chance(weighed.best)} → {_chance(weighed.played)}"
    if weighed.same:
        return f"the solver's own choice: gave away nothing ({_chance(weighed.best)} to win)"
    loss = weighed.loss
    if weighed.exact and loss == 0:
        return f"as good as the solver's best move ({_chance(weighed.best)} to win)"
    if weighed.exact:
        said = f"gave away {_points(loss)} of the chance to win ({chances})"
    else:
        low, high = weighed.interval
        gained = loss < 0
        verb = "gained" if gained else "gave away"
        than = " over the solver's choice" if gained else ""
        said = (
            f"{verb} about {_points(abs(loss))} of the chance to win{than} ({chances}; "
            f"95% interval {round(low)} to {round(high)})"
        )
    label = weighed.label
    if label is None:
        return f"too close to call: {said}" if weighed.too_close else said
    least = "at least " if weighed.too_close else ""
    return f"{least}{label.article}: {said}"


def _chance(points: Fraction) -> str:
    """A chance to win in points (0-100) as a whole percentage (`percent`)."""
    return percent(points / 100)


def _points(points: Fraction) -> str:
    """``12 points``, ``1 point``, ``under 1 point`` (never rounded to nothing)."""
    if 0 < points < Fraction(1, 2):
        return "under 1 point"
    whole = round(points)
    return f"{whole} point{'' if whole == 1 else 's'}"


def summary_words(judged: Review) -> str:
    """A review's summary in one line: the moves, the guesses and the needless ones, the risk
    taken against the least possible, and the accuracy; and, once guesses are weighed, the
    inaccuracies, mistakes and blunders among them."""
    moves, guesses = counted(len(judged.moves), "move"), counted(judged.guesses, "guess")
    said = (
        f"{moves}, {guesses}, {judged.needless_guesses} needless; risk taken "
        f"{judged.pluck:.2f} (the least possible {judged.least_pluck:.2f}, in -log10 of the "
        f"chance to survive); accuracy {judged.accuracy:.0%}"
    )
    weighed = judged.weighed_count
    if not weighed:
        return said
    labels = ", ".join(
        counted(judged.labelled(label), noun)
        for label, noun in (
            (Label.INACCURACY, "inaccuracy"),
            (Label.MISTAKE, "mistake"),
            (Label.BLUNDER, "blunder"),
        )
    )
    due = len(judged.weighable)
    return f"{said}; {labels} ({weighed} of {counted(due, 'risky move')} weighed)"


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


def percent(chance: Fraction | float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not."""
    value = 100 * float(chance)
    if chance in (0, 1) or 1 <= value <= 99:
        return f"{value:.0f}%"
    return "<1%" if value < 1 else ">99%"


def counted(number: int, noun: str) -> str:
    """``3 moves``, ``1 guess``, ``0 guesses``, ``2 inaccuracies``."""
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        plural = noun[:-1] + "ies"
    else:
        plural = noun + ("es" if noun.endswith("s") else "s")
    return f"{number} {noun if number == 1 else plural}"


def review_json(replay: Replay, judged: Review) -> dict[str, Any]:
    """The review of ``replay`` as JSON, as the API answers it and `gridpuzzles review --json`
    prints it: its ``id``, its ``moves`` (each its step's ``number`` and ``move`` in the log,
    the move in words, its verdict by name and in words, whether it is a fault, the risk and
    the least risk as numbers from 0 to 1 where it was no certain move, and the seconds the
    player was thinking) and its ``summary``, with the game's standard ``statistics``
    (`statistics_json`; null when no mine was laid).

    Each move also says whether its chance to win is weighed (``win_chance_due``) and, once
    it is, holds the keys of `win_chance_json` (null, with ``win_chance_weighed`` false, until
    then); the summary's ``win_chance`` counts the moves ``due``, those ``weighed`` so far and
    the ``inaccuracies``, ``mistakes`` and ``blunders`` among them. A page may take the review
    at once and merge each judgment of `win_chance_json` as it comes, by its ``number``."""
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
                "win_chance_due": m.weighable,
            }
            | _weighed_json(m)
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
            "win_chance": {
                "due": len(judged.weighable),
                "weighed": judged.weighed_count,
                "inaccuracies": judged.labelled(Label.INACCURACY),
                "mistakes": judged.labelled(Label.MISTAKE),
                "blunders": judged.labelled(Label.BLUNDER),
            },
        },
    }


def _weighed_json(judged: MoveReview) -> dict[str, Any]:
    """The keys of `win_chance_json` for a move: null until it is weighed."""
    if judged.weighed:
        return {k: v for k, v in win_chance_json(judged).items() if k != "number"}
    return dict.fromkeys(WIN_CHANCE_KEYS) | {"win_chance_weighed": False}


WIN_CHANCE_KEYS = (
    "win_chance_weighed",
    "win_chance_best",
    "win_chance_played",
    "win_chance_loss",
    "win_chance_interval",
    "label",
    "too_close",
    "exact",
    "playouts",
    "best_move",
    "best_said",
    "win_chance_words",
)
"""The keys a weighed move adds to its JSON (`win_chance_json`)."""


def win_chance_json(judged: MoveReview) -> dict[str, Any]:
    """What the weighed move ``judged`` gave away of the chance to win, as JSON, to merge into
    the move of the same ``number`` in `review_json`: the chances to win after the solver's
    best move (``win_chance_best``) and after the player's (``win_chance_played``) and the
    ``win_chance_loss`` between them, in points from 0 to 100; the loss's 95%
    ``win_chance_interval`` (``[low, high]``, null when ``exact``); its ``label``
    (``inaccuracy``, ``mistake``, ``blunder`` or null: see `win_loss.BANDS`) and whether the
    interval reaches past it (``too_close``); the ``playouts`` of an estimate (0 when exact);
    the solver's best move (``best_move`` as the log writes it, ``best_said`` in words) and
    ``win_chance_words``. All null but ``win_chance_weighed`` and the words when the solver
    could not weigh it."""
    weighed = judged.win_loss
    found: dict[str, Any] = dict.fromkeys(WIN_CHANCE_KEYS)
    found |= {"number": judged.number, "win_chance_weighed": True}
    found["win_chance_words"] = weighed_words(judged)
    if weighed is None:
        return found
    label = weighed.label
    row, col = weighed.best_cell
    found |= {
        "win_chance_best": _rounded(weighed.best),
        "win_chance_played": _rounded(weighed.played),
        "win_chance_loss": _rounded(weighed.loss),
        "win_chance_interval": None
        if weighed.exact or weighed.same
        else [round(weighed.low, 1), round(weighed.high, 1)],
        "label": None if label is None else label.value,
        "too_close": weighed.too_close,
        "exact": weighed.exact,
        "playouts": weighed.playouts,
        "best_move": str(Move(Action.REVEAL, row, col)),
        "best_said": cell_words(weighed.best_cell),
    }
    return found


def _rounded(points: Fraction) -> float:
    """Points of the chance to win to a tenth."""
    return round(float(points), 1)


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
