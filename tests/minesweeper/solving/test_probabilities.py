"""Exact mine probabilities, checked against a brute-force count of every layout."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

from gridpuzzles.minesweeper import Config, View, level, new_game, parse_view, reveal, view
from gridpuzzles.minesweeper.core.game import Status
from gridpuzzles.minesweeper.core.moves import play
from gridpuzzles.minesweeper.solving.autoplay import Player
from gridpuzzles.minesweeper.solving.probabilities import (
    InconsistentViewError,
    KnownOutcomes,
    SolverLimitError,
    analyze,
    numbers_around,
    outcomes,
)
from tests.minesweeper.boards import striped_game
from tests.minesweeper.solving_helpers import brute_force, positions, random_position


def probabilities(board: View, mines: int, trust_flags: bool = False) -> list[Fraction | None]:
    analysis = analyze(board, mines, trust_flags=trust_flags)
    return [p for row in analysis.probabilities() for p in row]


def test_agrees_exactly_with_brute_force_on_hundreds_of_game_positions() -> None:
    rng = random.Random(2024)
    checked = flagged = 0
    for _ in range(400):
        board, mines = random_position(rng)
        assert probabilities(board, mines) == brute_force(board, mines)
        if "F" in board.cells:
            flagged += 1
            expected = brute_force(board, mines, trust_flags=True)
            if expected is None:
                with pytest.raises(InconsistentViewError):
                    analyze(board, mines, trust_flags=True)
            else:
                assert probabilities(board, mines, trust_flags=True) == expected
        checked += 1
    assert checked == 400 and flagged > 50


def test_agrees_with_brute_force_on_random_numbers_consistent_or_not() -> None:
    """Random symbols, most of them impossible: inconsistent exactly when no layout fits."""
    rng = random.Random(7)
    consistent = 0
    for _ in range(400):
        width, height = rng.randint(1, 5), rng.randint(1, 4)
        cells = "".join(rng.choice("####F?*0123") for _ in range(width * height))
        board = View(width, height, cells)
        mines = rng.randint(0, width * height)
        expected = brute_force(board, mines)
        if expected is None:
            with pytest.raises(InconsistentViewError):
                analyze(board, mines)
        else:
            consistent += 1
            assert probabilities(board, mines) == expected
    assert consistent > 30


def test_the_readme_example() -> None:
    board = parse_view("##1F\n#210\n1100")
    analysis = analyze(board, 2)
    assert analysis.layouts == 1
    assert analysis.safe == [(0, 0), (0, 3)]
    assert analysis.certain_mines == [(0, 1), (1, 0)]
    assert analysis.probability(1, 1) is None


def test_off_frontier_cells_are_weighted_by_binomials() -> None:
    # The 1 has two hidden neighbours; the other 4 hidden cells touch no number.
    board = parse_view("1##\n###\n###")
    analysis = analyze(board, 2)
    # Layouts: one mine among the 3 neighbours and one among the 5 others: 3 * 5 = 15.
    assert analysis.layouts == 15
    assert analysis.probability(0, 1) == Fraction(1, 3)
    assert analysis.probability(2, 2) == Fraction(1, 5)


def test_flags_are_guesses_unless_trusted() -> None:
    board = parse_view("F1\n11")
    assert analyze(board, 1).probability(0, 0) == 1
    wrong = parse_view("1F\n##")
    with pytest.raises(InconsistentViewError):
        analyze(parse_view("1F\n1F"), 2, trust_flags=True)
    assert analyze(wrong, 1).probability(0, 1) == Fraction(1, 3)


@pytest.mark.parametrize(
    ("text", "mines", "message"),
    [
        ("4#\n##", 3, "the 4 at row 1, column 1 cannot be met"),
        ("1#\n##", 5, "no layout of 5 mines fits the view"),
        ("*#\n#1", 0, "shows 1 mines but the board has only 0"),
        ("1#1\n###\n101", 1, "contradict"),
    ],
)
def test_inconsistent_views_say_why(text: str, mines: int, message: str) -> None:
    with pytest.raises(InconsistentViewError, match=message):
        analyze(parse_view(text), mines)


def test_large_expert_frontiers_stay_fast() -> None:
    """Whole expert games, analysed at every step: each analysis well under a second of
    processor time (not of the clock, which a loaded machine stretches: a guard against an
    analysis that blows up, not a speed target, which benchmarks/ measures)."""
    slowest = 0.0
    for seed in range(3):
        game = reveal(new_game(level("expert"), seed), 0, 0)
        player = Player()
        while game.status is Status.PLAYING:
            board = view(game)
            started = time.process_time()
            analyze(board, 99)
            slowest = max(slowest, time.process_time() - started)
            game = play(game, player.next_move(board, 99))
    assert slowest < 1.0


def test_a_frontier_part_of_too_many_groups_is_refused_before_any_search() -> None:
    game = striped_game()
    started = time.process_time()
    with pytest.raises(SolverLimitError, match=r"5,000 groups of cells .* at most 500"):
        analyze(view(game), game.config.mines)
    assert time.process_time() - started < 5


def test_too_many_separate_parts_to_combine_are_refused_before_the_combination() -> None:
    rows = [
        "".join("1" if r % 3 == 1 and c % 3 == 1 else "#" for c in range(100)) for r in range(100)
    ]
    with pytest.raises(SolverLimitError, match=r"1,089 separate parts .* at most 100,000,000"):
        analyze(parse_view("\n".join(rows)), 2000)


def test_a_component_table_past_its_bound_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    board = parse_view("1##\n###\n###\n")
    assert analyze(board, 2).layouts == 15
    monkeypatch.setattr("gridpuzzles.minesweeper.solving.probabilities.MAX_TABLE", 2)
    with pytest.raises(SolverLimitError, match="needs a table of more than 2 entries"):
        analyze(board, 2)


def test_games_stay_far_within_the_solver_bounds() -> None:
    """Real play on the largest board the shells play keeps every part small: the bounds
    only ever stop made-up or scattered views."""
    player = Player()
    game = new_game(Config(100, 100, 2000), 5)
    game = reveal(game, 50, 50, 0.0)
    for _ in range(40):
        if game.status is not Status.PLAYING:
            break
        for move in player.decide(view(game), 2000).moves:
            game = play(game, move, 0.0)
    assert game.clicks > 1


def test_known_outcomes_are_the_outcomes_each_analysed_once() -> None:
    for pos in positions(40, 13, 12):
        known = KnownOutcomes(pos)
        for cell in sorted(pos.unknown):
            first = list(known.of(cell))
            expected = list(outcomes(pos, cell))
            assert [(p.rest, a.weights) for p, a in first] == [
                (p.rest, a.weights) for p, a in expected
            ]
            again = list(known.of(cell))
            assert all(x is y for x, y in zip(first, again, strict=True))
            shown = [number for number in numbers_around(pos, cell) if known.outcome(cell, number)]
            assert len(shown) == len(first)
