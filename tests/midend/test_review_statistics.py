"""The standard statistics in the review of a kept game (`midend.review`): those of the moves
that stand at its end, on its layout, in the time its clock showed; in the review's JSON and
in words."""

from __future__ import annotations

from dataclasses import replace

from gridpuzzles.midend.minesweeper import Replay, clock_at, play_of
from gridpuzzles.midend.replay import LoggedStep, frames
from gridpuzzles.midend.review import (
    replay_statistics,
    review_json,
    reviewed,
    standing_moves,
    statistics_json,
    statistics_words,
)
from gridpuzzles.minesweeper import Action, Mark, Move, level, new_game
from gridpuzzles.minesweeper.core.statistics import Statistics, game_statistics
from gridpuzzles.storage.store import RULES as rules
from tests.minesweeper.core.test_statistics import Style, played

SEED = 3


def replay_of(texts: list[str], seed: int = SEED) -> Replay:
    """The replay of a game of the level "small" (8x8, 10 mines: STNB has a value there) whose
    log is ``texts``, a step every half second from 10 s on."""
    start = new_game(level("small"), seed)
    log = [LoggedStep(text, 10 + number / 2) for number, text in enumerate(texts)]
    return Replay("statisticsXXXXXXXXXXXX", start, tuple(frames(rules, play_of(start), log)))


def test_the_statistics_are_those_of_the_moves_on_the_layout_in_the_games_time() -> None:
    game, moves = played(level("small"), SEED, Style(chord=1.0, mark=0.9, unflag=0.2))
    assert game.over and any(move.action is Action.CHORD for move in moves)
    replay = replay_of([str(move) for move in moves])
    figures = replay_statistics(replay)
    assert replay.last.layout is not None and figures is not None
    seconds = (len(moves) - 1) / 2  # from the first reveal, the first step, to the last
    assert clock_at(replay.frames[-1]) == seconds
    assert figures == game_statistics(replay.last.layout, moves, seconds)
    assert figures.stnb is not None and figures.three_bv_per_second is not None
    judged = reviewed(replay)
    assert judged.statistics == figures
    assert review_json(replay, judged)["summary"]["statistics"] == statistics_json(figures)


def test_an_undone_move_is_taken_out_and_a_redone_one_put_back() -> None:
    game, moves = played(level("small"), SEED, Style(chord=1.0, mark=0.9))
    assert game.layout is not None and len(moves) > 3
    hidden = next(i for i, mark in enumerate(game.marks) if mark != Mark.REVEALED)
    stray = Move(Action.FLAG, *divmod(hidden, game.width))
    texts = [str(moves[0]), str(stray), "undo", str(moves[1]), "undo", "redo"]
    texts += [str(move) for move in moves[2:]]
    replay = replay_of(texts)
    assert standing_moves(replay) == moves and replay.last.status is game.status
    figures = replay_statistics(replay)
    assert figures == game_statistics(game.layout, moves, clock_at(replay.frames[-1]))


def test_a_game_with_no_mine_laid_has_no_statistics() -> None:
    replay = replay_of(["f0,0", "f0,1"])
    assert replay.last.layout is None and replay_statistics(replay) is None
    assert reviewed(replay).statistics is None
    assert review_json(replay, reviewed(replay))["summary"]["statistics"] is None


FIGURES = Statistics(
    width=8,
    height=8,
    mines=10,
    three_bv=20,
    three_bv_solved=20,
    seconds=10.0,
    left_clicks=15,
    right_clicks=8,
    double_clicks=2,
    effective_clicks=21,
    zini=14,
    hzini=16,
)


def test_the_statistics_in_words_and_as_json() -> None:
    assert statistics_words(FIGURES) == (
        "3BV 20, 20 solved in 10.0 s, 3BV/s 2.00, 25 clicks (15 left, 8 right, 2 double), "
        "21 effective, IOE 0.80, correctness 84%, throughput 0.95, ZiNi 14, HZiNi 16, "
        "RQP 5.00, STNB 14.4"
    )
    lost = replace(FIGURES, width=9, height=9, three_bv_solved=0, seconds=0.0, zini=None)
    assert statistics_words(lost) == (
        "3BV 20, 0 solved in 0.0 s, 25 clicks (15 left, 8 right, 2 double), 21 effective, "
        "IOE 0.00, correctness 84%, throughput 0.00, HZiNi 16"
    )
    assert statistics_json(FIGURES) == {
        "three_bv": 20,
        "three_bv_solved": 20,
        "seconds": 10.0,
        "clicks": 25,
        "left_clicks": 15,
        "right_clicks": 8,
        "double_clicks": 2,
        "effective_clicks": 21,
        "three_bv_per_second": 2.0,
        "ioe": 0.8,
        "correctness": 0.84,
        "throughput": 0.9524,
        "rqp": 5.0,
        "stnb": 14.3659,
        "zini": 14,
        "hzini": 16,
    }
    nothing = statistics_json(lost)
    assert [nothing[k] for k in ("three_bv_per_second", "rqp", "stnb", "zini")] == [None] * 4
