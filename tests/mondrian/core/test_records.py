"""Mondrian records from solved games: best times per challenge and per difficulty, assisted
games apart, and times in words."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.mondrian.core.records import (
    BEST_TIMES,
    Finish,
    challenge_records,
    difficulty_records,
    duration_words,
    new_bests,
    solved_sentences,
)

GAME = Finish("001040531", "easy", 80.0, False, 9, 0.0)


def solved(*finishes: Finish) -> list[Finish]:
    """``finishes`` solved one second apart, in this order."""
    return [replace(f, ended_at=float(n)) for n, f in enumerate(finishes)]


def test_best_times_per_challenge_and_per_difficulty() -> None:
    other = replace(GAME, challenge="2,3,h 0,1,v 4,7,h", seconds=50.0)
    hard = replace(GAME, challenge="313620031", difficulty="hard", seconds=300.0)
    games = solved(GAME, replace(GAME, seconds=70.0), other, hard)
    by_challenge = {r.key: r for r in challenge_records(games)}
    assert [t.seconds for t in by_challenge["001040531"].best_times] == [70.0, 80.0]
    assert by_challenge["001040531"].average_seconds == 75.0
    easy, hardest = difficulty_records(games)
    assert (easy.key, easy.solved, easy.best) == ("easy", 3, 50.0)
    assert easy.best_times[0].challenge == "2,3,h 0,1,v 4,7,h"
    assert (hardest.key, hardest.best) == ("hard", 300.0)


def test_assisted_games_are_counted_apart_and_set_no_best_time() -> None:
    helped = replace(GAME, assisted=True, seconds=1.0)
    (record,) = challenge_records(solved(helped, GAME))
    assert (record.solved, record.assisted, record.best) == (1, 1, 80.0)
    (only_helped,) = difficulty_records([helped])
    assert only_helped.best is None and only_helped.average_seconds is None
    assert new_bests([GAME], helped) == ()


def test_a_new_best_is_named_by_what_it_beats() -> None:
    faster = replace(GAME, seconds=60.0)
    assert new_bests([], GAME) == ("challenge", "difficulty")
    assert new_bests([GAME], faster) == ("challenge", "difficulty")
    assert new_bests([GAME], GAME) == ()  # a tie is no new best
    quick_other = replace(GAME, challenge="x", seconds=10.0)
    assert new_bests([quick_other], faster) == ("challenge",)
    assert new_bests([replace(quick_other, assisted=True)], faster) == ("challenge", "difficulty")


@given(st.lists(st.floats(0, 10_000), max_size=30))
def test_best_times_are_the_fastest_unassisted_in_order(times: list[float]) -> None:
    games = solved(*(replace(GAME, seconds=t) for t in times))
    records = challenge_records(games)
    if not times:
        assert records == []
        return
    (record,) = records
    assert [t.seconds for t in record.best_times] == sorted(times)[:BEST_TIMES]


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (0.0, "0.0 s"),
        (8.47, "8.4 s"),
        (42.9, "42 s"),
        (83.0, "1 min 23 s"),
        (3725.0, "1 h 2 min 5 s"),
    ],
)
def test_times_in_words(seconds: float, words: str) -> None:
    assert duration_words(seconds) == words


def test_a_time_that_is_not_one_is_refused() -> None:
    with pytest.raises(ValueError, match="finite number of seconds"):
        duration_words(float("nan"))


def test_a_solved_board_says_its_time_moves_difficulty_and_records() -> None:
    finish = Finish("001040531", "easy", 83.4, False, 8, 0.0)
    assert solved_sentences(finish) == ("Solved in 1 min 23 s (8 moves, an easy challenge).",)
    assert solved_sentences(finish, ("challenge", "difficulty"))[1] == (
        "A new best time for this challenge and for easy challenges!"
    )
    helped = Finish("001040531", "hard", 5.0, True, 1, 0.0)
    assert solved_sentences(helped, ("challenge",)) == (
        "Solved in 5.0 s (1 move, a hard challenge).",
        "You had help (a hint or the solutions): the game sets no record.",
    )
