"""The auto-player's win chance from a view, by playouts: checked against the exact chance of
small views (every layout played) and the benchmark's own win rate on fresh boards."""

from __future__ import annotations

import itertools
import math
import random
from collections import deque
from collections.abc import Iterable
from fractions import Fraction

import pytest

from gridpuzzles.minesweeper import parse_view
from gridpuzzles.minesweeper.core.settings import ConfigError, FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import Board, play_board, random_boards, summarize
from gridpuzzles.minesweeper.solving.probabilities import InconsistentViewError
from gridpuzzles.minesweeper.solving.win_chance import ExactWinChance, WinChance, playouts
from gridpuzzles.minesweeper.solving.win_chance import exact as exact_win_chance
from gridpuzzles.minesweeper.solving.win_loss import exact_loss
from tests.minesweeper.solving.test_sampling import fitting_layouts

# A 1 in the corner of a 3x3 board with 2 mines: 3 cells around it hold one mine, the other
# is among the 5 cells beyond. The auto-player wins 11 of the 15 layouts from here.
CORNER = "1##\n###\n###\n"


def final(tallies: Iterable[WinChance]) -> WinChance:
    """The last of ``tallies`` (of `playouts`): all the playouts; no playout when empty."""
    last = deque(tallies, maxlen=1)
    return last[0] if last else WinChance(0, 0)


def exact_chance(text: str, mines: int) -> float:
    """The share of the fitting layouts that the auto-player wins from ``text`` (it plays the
    same way on the same layout, so this is its exact win chance)."""
    board = parse_view(text)
    shown = [i for i, s in enumerate(board.cells) if s.isdigit()]
    layouts = fitting_layouts(board, mines)
    won = sum(play_board(Board(layout, shown[0]), then=shown[1:]).won for layout in layouts)
    return won / len(layouts)


def test_the_estimate_agrees_with_the_exact_chance_of_a_small_view() -> None:
    exact = exact_chance(CORNER, 2)
    assert exact == 11 / 15
    tally = final(playouts(parse_view(CORNER), 2, random.Random(1), 1500))
    spread = math.sqrt(exact * (1 - exact) / tally.playouts)
    assert abs(tally.rate - exact) < 4 * spread


def test_a_fresh_beginner_board_is_won_as_often_as_the_benchmark_wins() -> None:
    games = 300
    config = level("beginner")
    bench = summarize(play_board(board) for board in random_boards(config, games, 3))
    empty = parse_view("#########\n" * 9)
    tally = final(playouts(empty, config.mines, random.Random(3), games))
    assert 0.75 < bench.rate < 0.99
    # The two 95% intervals overlap: a first click that could hit a mine (12% of the time)
    # would take the estimate out of the benchmark's interval.
    low, high = tally.interval
    assert low <= bench.high and bench.low <= high


def test_the_first_click_promise_is_kept_on_a_fresh_board() -> None:
    """Nine mines on a 10-cell board: only a safe first click wins, and it always does."""
    empty = parse_view("#####\n#####\n")
    safe = final(playouts(empty, 9, random.Random(1), 20, rule=FirstClick.SAFE))
    anywhere = final(playouts(empty, 9, random.Random(1), 200, rule=FirstClick.NONE))
    assert safe == WinChance(20, 20)
    assert 0 < anywhere.wins < 50  # about 1 in 10


def test_a_no_guess_board_is_always_won() -> None:
    empty = parse_view("########\n" * 8)
    assert final(playouts(empty, 10, random.Random(2), 5, rule=FirstClick.NO_GUESS)).wins == 5


def test_a_won_view_is_won_in_every_playout_and_a_lost_one_in_none() -> None:
    assert final(playouts(parse_view("#1\n11\n"), 1, random.Random(0), 30)) == WinChance(30, 30)
    assert final(playouts(parse_view("F1\n11\n"), 1, random.Random(0), 30)) == WinChance(30, 30)
    assert final(playouts(parse_view("*1#\n11#\n###\n"), 1, random.Random(0), 30)) == WinChance(
        0, 30
    )


def test_playouts_give_the_tally_after_each_one_and_the_seed_repeats_them() -> None:
    board = parse_view(CORNER)
    tallies = list(playouts(board, 2, random.Random(9), 25))
    assert [t.playouts for t in tallies] == list(range(1, 26))
    assert all(0 <= b.wins - a.wins <= 1 for a, b in itertools.pairwise(tallies))
    assert tallies == list(playouts(board, 2, random.Random(9), 25))
    assert tallies != list(playouts(board, 2, random.Random(10), 25))


def test_the_interval_is_wilsons_and_narrows_with_playouts() -> None:
    assert WinChance(0, 0).interval == (0.0, 1.0)
    low, high = WinChance(600, 1000).interval
    assert low == pytest.approx(0.5693, abs=1e-4) and high == pytest.approx(0.6300, abs=1e-4)
    assert WinChance(60, 100).interval[0] < low


def test_a_view_no_layout_fits_or_a_board_too_full_is_refused_before_any_playout() -> None:
    with pytest.raises(InconsistentViewError):
        next(playouts(parse_view("1#\n##\n"), 3, random.Random(0), 10))
    with pytest.raises(ConfigError):
        next(playouts(parse_view("##\n##\n"), 4, random.Random(0), 10))


def test_the_exact_chance_is_perfect_play_as_the_review_weighs_it() -> None:
    """`exact` is the best move's chance of the review's exact weighing (perfect play over
    every layout); a view settled to one layout is a certain win; none on a large board."""
    view = parse_view(CORNER)
    found = exact_win_chance(view, 2)
    assert found is not None and found.layouts == 15
    best = exact_loss(view, 2, [1])
    assert best is not None and Fraction(100 * found.wins, found.layouts) == best.best
    assert found.wins >= 11  # perfect play wins at least what the auto-player wins
    assert exact_win_chance(parse_view("1F1\n111\n000\n"), 1) == ExactWinChance(1, 1)
    assert exact_win_chance(parse_view("#" * 30 + "\n" + ("#" * 30 + "\n") * 15), 99) is None
