"""The benchmark's machinery: figures kept compactly, boards skipped, results in order from
any workers."""

from __future__ import annotations

import statistics
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.bounds import MAX_SEED, BoundError
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import (
    MAX_GAMES,
    MAX_JOBS,
    Board,
    Result,
    Summary,
    Tally,
    Workers,
    board_stream,
    check_run,
    play_boards,
    play_chunk,
    random_boards,
    result_chunks,
    summarize,
    wilson,
)

results = st.lists(
    st.builds(
        Result,
        st.booleans(),
        st.floats(0, 100, allow_nan=False),
        st.integers(0, 50),
        st.integers(0, 500),
    ),
    max_size=40,
)


def by_statistics(played: list[Result]) -> Summary:
    """The figures as `statistics` computes them on lists of Python numbers."""
    wins = sum(r.won for r in played)
    times = [r.seconds * 1000 for r in played] or [0.0]
    return Summary(
        len(played),
        wins,
        *wilson(wins, len(played)),
        statistics.fmean(times),
        statistics.median(times),
        statistics.fmean([r.guesses for r in played]) if played else 0.0,
    )


@given(results)
def test_the_tally_gives_exactly_the_figures_of_statistics(played: list[Result]) -> None:
    assert summarize(played) == by_statistics(played)
    tally = Tally(played[:3])
    tally.extend(played[3:])
    assert tally.summary() == by_statistics(played) and len(tally) == len(played)


def test_skipped_boards_are_the_first_ones_of_the_same_stream() -> None:
    config = level("beginner")
    whole = list(board_stream(config, 12, seed=9))
    assert list(board_stream(config, 12, seed=9, skip=5)) == whole[5:]
    assert list(board_stream(config, 12, seed=9, skip=12)) == []


def without_times(played: list[Result]) -> list[tuple[bool, int, int]]:
    return [(r.won, r.guesses, r.moves) for r in played]


def test_results_come_in_board_order_from_any_executor() -> None:
    boards = random_boards(level("beginner"), 30, seed=4)
    alone = play_boards(boards)
    sent: list[list[tuple[Board, FirstClick]]] = []

    def counted(chunk: list[tuple[Board, FirstClick]]) -> list[Result]:
        sent.append(chunk)
        return play_chunk(chunk)

    with ThreadPoolExecutor(3) as executor:
        chunks = list(
            result_chunks(iter(boards), FirstClick.SAFE, Workers(3, executor, counted), 30)
        )
    assert [b for done, _ in chunks for b in done] == boards
    assert without_times([r for _, played in chunks for r in played]) == without_times(alone)
    assert [b for chunk in sent for b, _ in chunk] == boards and len(sent) > 1
    assert all(rule is FirstClick.SAFE for chunk in sent for _, rule in chunk)


def test_play_boards_reports_progress_for_every_board() -> None:
    boards = random_boards(level("beginner"), 9, seed=2)
    for jobs in (1, 2):
        seen: list[int] = []
        played = play_boards(iter(boards), jobs=jobs, progress=seen.append, count=9)
        assert sum(seen) == len(played) == 9


@pytest.mark.parametrize(
    ("games", "jobs", "seeds", "named"),
    [
        (0, 1, [], "--games"),
        (MAX_GAMES + 1, 1, [], "--games"),
        (1, 0, [], "--jobs"),
        (1, MAX_JOBS + 1, [], "--jobs"),
        (1, 1, [3, -1], "--seed"),
        (1, 1, [MAX_SEED + 1], "--seed"),
    ],
)
def test_check_run_refuses_each_bound_by_name(
    games: int, jobs: int, seeds: list[int], named: str
) -> None:
    with pytest.raises(BoundError, match=named):
        check_run(games, jobs, seeds)


def test_check_run_takes_the_bounds_themselves() -> None:
    check_run(1, 1, [0])
    check_run(MAX_GAMES, MAX_JOBS, [MAX_SEED])
