"""What a guess gave away of the chance to win (`win_loss`): exact on small positions, as a
brute-force perfect player counts it; estimated elsewhere, its interval holding the exact
loss; labelled with lichess's bands carried to 0-100, and never where the estimate cannot tell.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from gridpuzzles.minesweeper import Action, Game, Layout, Move, game_from_layout, play
from gridpuzzles.minesweeper.core.grid import neighbours
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.probabilities import analyze
from gridpuzzles.minesweeper.solving.review import Verdict, judge, review, weigh_move, weighings
from gridpuzzles.minesweeper.solving.win_loss import (
    BANDS,
    Label,
    WinLoss,
    band,
    estimated_loss,
    exact_loss,
    paired_interval,
)

Layouts = frozenset[frozenset[int]]


class Perfect:
    """A brute-force perfect player of one small position: every layout that fits it (as
    sets of mine cells), and how many of them the best play wins after any reveals."""

    def __init__(self, game: Game) -> None:
        self.width, self.height = game.width, game.height
        shown = view(game)
        self.revealed = frozenset(i for i, s in enumerate(shown.cells) if s.isdigit())
        hidden = [i for i in range(game.width * game.height) if i not in self.revealed]
        numbers = {i: int(shown.cells[i]) for i in self.revealed}
        self.layouts: Layouts = frozenset(
            frozenset(mines)
            for mines in combinations(hidden, game.config.mines)
            if all(self.number(frozenset(mines), i) == n for i, n in numbers.items())
        )

    def number(self, mines: frozenset[int], cell: int) -> int:
        return sum(n in mines for n in neighbours(self.width, self.height, cell))

    def after(self, layouts: Layouts, revealed: frozenset[int], opened: tuple[int, ...]) -> int:
        """Layouts won by opening ``opened`` at once, then playing perfectly."""
        told: dict[tuple[int, ...], set[frozenset[int]]] = {}
        for mines in layouts:
            if not mines.intersection(opened):
                told.setdefault(tuple(self.number(mines, c) for c in opened), set()).add(mines)
        return sum(self.wins(frozenset(part), revealed | set(opened)) for part in told.values())

    @cache  # noqa: B019 (one position per instance, dropped with it)
    def wins(self, layouts: Layouts, revealed: frozenset[int]) -> int:
        """Layouts won from here with perfect play."""
        if len(layouts) == 1:
            return 1
        cells = set(range(self.width * self.height)) - revealed
        return max(self.after(layouts, revealed, (c,)) for c in cells)

    def chance(self, opened: tuple[int, ...] | None = None) -> Fraction:
        """The chance to win (in points) after ``opened`` (after the best move: None)."""
        if opened is None:
            won = self.wins(self.layouts, self.revealed)
        else:
            won = self.after(self.layouts, self.revealed, opened)
        return Fraction(100 * won, len(self.layouts))


@cache
def small_positions(count: int, seed: int = 5) -> list[Game]:
    """Positions on 4x3 boards of 3 mines after a first reveal of a safe cell, each with a
    cell that is not certain either way."""
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        mines = rng.sample(range(12), 3)
        game = game_from_layout(Layout.from_cells(4, 3, mines))
        safe = rng.choice([i for i in range(12) if i not in mines])
        game = play(game, Move(Action.REVEAL, *divmod(safe, 4)))
        analysis = analyze(view(game), 3)
        if any(w is not None and 0 < w < analysis.layouts for w in analysis.weights):
            found.append(game)
    return found


def uncertain(game: Game) -> list[int]:
    analysis = analyze(view(game), game.config.mines)
    return [i for i, w in enumerate(analysis.weights) if w is not None and 0 < w < analysis.layouts]


def test_the_exact_loss_is_the_brute_force_perfect_players() -> None:
    for game in small_positions(4):
        perfect = Perfect(game)
        best = perfect.chance()
        for cell in uncertain(game):
            weighed = exact_loss(view(game), 3, [cell])
            assert weighed is not None and weighed.exact
            assert (weighed.best, weighed.played) == (best, perfect.chance((cell,)))
            assert weighed.loss >= 0 and weighed.interval == (float(weighed.loss),) * 2
            assert weighed.label is band(weighed.loss) and not weighed.too_close
            best_cell = weighed.best_cell[0] * game.width + weighed.best_cell[1]
            assert perfect.chance((best_cell,)) == best


def test_a_chord_is_weighed_as_every_cell_it_opens_at_once() -> None:
    game = small_positions(1, seed=11)[0]
    cells = uncertain(game)
    perfect = Perfect(game)
    for opened in combinations(cells, 2):
        weighed = exact_loss(view(game), 3, list(opened))
        assert weighed is not None
        assert weighed.played == perfect.chance(opened)


def test_an_estimate_holds_the_exact_loss_in_its_interval() -> None:
    held = weighed_count = 0
    for game in small_positions(3, seed=2):
        for cell in uncertain(game)[:3]:
            exact = exact_loss(view(game), 3, [cell])
            guess = estimated_loss(view(game), 3, [cell], random.Random(cell), playouts=80)
            assert exact is not None and guess is not None and not guess.exact
            weighed_count += 1
            held += guess.low <= exact.loss <= guess.high
            assert guess.low <= float(guess.loss) <= guess.high
    assert held >= weighed_count - 1, (held, weighed_count)


def test_a_move_that_is_the_solvers_own_choice_gave_away_nothing() -> None:
    game = small_positions(1, seed=3)[0]
    own = estimated_loss(view(game), 3, uncertain(game)[:1], random.Random(1), playouts=20)
    assert own is not None
    chosen = own.best_cell[0] * game.width + own.best_cell[1]
    same = estimated_loss(view(game), 3, [chosen], random.Random(1), playouts=20)
    assert same is not None and same.same
    assert same.loss == 0 and same.interval == (0.0, 0.0) and same.label is None
    assert 0 < same.best <= 100


def test_the_bands_are_lichesss_halved() -> None:
    assert BANDS == ((15, Label.BLUNDER), (10, Label.MISTAKE), (5, Label.INACCURACY))
    assert band(Fraction(499, 100)) is None and band(5) is Label.INACCURACY
    assert band(Fraction(999, 100)) is Label.INACCURACY and band(10) is Label.MISTAKE
    assert band(15) is Label.BLUNDER and band(80) is Label.BLUNDER and band(-3) is None


def estimate(best: float, played: float, low: float, high: float) -> WinLoss:
    return WinLoss((0, 0), Fraction(best), Fraction(played), False, low, high, 100)


def test_an_estimate_is_labelled_by_the_lower_end_of_its_interval() -> None:
    # The interval reaches below 5 points: the estimate cannot tell; no label.
    unsure = estimate(60, 48, 4.9, 19)
    assert unsure.label is None and unsure.too_close
    # Wholly past 5 but reaching past 10: at least an inaccuracy.
    least = estimate(60, 48, 5, 19)
    assert least.label is Label.INACCURACY and least.too_close
    # Wholly within one band.
    assert estimate(60, 48, 10.5, 14).label is Label.MISTAKE
    assert not estimate(60, 48, 10.5, 14).too_close
    assert estimate(70, 40, 16, 44).label is Label.BLUNDER
    # Wholly below 5 points: no label, and none is in doubt.
    small = estimate(60, 59, -3, 4.5)
    assert small.label is None and not small.too_close
    # An exact loss is its own interval.
    exact = WinLoss((0, 0), Fraction(60), Fraction(50), True, 10.0, 10.0)
    assert exact.label is Label.MISTAKE and not exact.too_close


def test_the_paired_interval_holds_the_difference_and_narrows_with_more_trials() -> None:
    low, high = paired_interval(40, 12, 3, 45)
    assert -1 <= low < 0.09 < high <= 1
    wider = paired_interval(4, 1, 0, 5)
    narrower = paired_interval(400, 100, 0, 500)
    assert wider[1] - wider[0] > 3 * (narrower[1] - narrower[0])
    assert paired_interval(0, 0, 0, 0) == (-1.0, 1.0)
    same_low, same_high = paired_interval(30, 0, 0, 20)  # never told apart: about 0
    assert same_low < 0 < same_high < 0.1
    # Pairing pays: the same two win rates measured on the same trials, which mostly agree,
    # are told apart far more narrowly than on trials that agree only by chance.
    paired, apart = paired_interval(45, 5, 5, 45), paired_interval(25, 25, 25, 25)
    assert paired[1] - paired[0] < 0.6 * (apart[1] - apart[0])


def test_the_paired_interval_holds_the_true_difference_about_95_times_in_100() -> None:
    rng = random.Random(4)
    # Two correlated win rates, 0.7 and 0.55: both win 0.5, the first alone 0.2, the second
    # alone 0.05, neither 0.25; 60 trials a time.
    held = 0
    for _ in range(1000):
        tally = [0, 0, 0, 0]
        for _ in range(60):
            draw = rng.random()
            tally[(draw >= 0.5) + (draw >= 0.7) + (draw >= 0.75)] += 1
        low, high = paired_interval(*tally)
        held += low <= 0.15 <= high
    assert 930 <= held <= 985, held


def test_a_needless_guess_gives_away_about_its_risk_against_a_safe_reveal() -> None:
    for game in small_positions(30, seed=9):
        analysis = analyze(view(game), 3)
        if any(w == 0 for w in analysis.weights):
            break
    else:
        raise AssertionError("no position with a certainly safe cell")
    cell = uncertain(game)[0]
    move = Move(Action.REVEAL, *divmod(cell, game.width))
    assert judge(game, move)[0] is Verdict.NEEDLESS_GUESS
    weighed = weigh_move(game, move, random.Random(0))
    assert weighed is not None and weighed.exact
    safe = weighed.best_cell[0] * game.width + weighed.best_cell[1]
    assert analysis.weights[safe] == 0 and weighed.loss > 0
    assert weighed.best == Perfect(game).chance()


def test_weighings_yield_each_risky_move_in_order_one_at_a_time() -> None:
    game = small_positions(1, seed=4)[0]
    cells = uncertain(game)
    played = [
        (n, game, Move(Action.REVEAL, *divmod(c, game.width)), 1.0) for n, c in enumerate(cells)
    ]
    flag = (len(played), game, Move(Action.FLAG, *divmod(cells[0], game.width)), 1.0)
    played.append(flag)
    judged = review(played)
    assert [m.number for m in judged.weighable] == list(range(len(cells)))
    found = weighings(played, judged, random.Random(8))
    number, first = next(found)  # one judgment, before the others are computed
    assert number == 0 and first is not None
    rest = list(found)
    assert [n for n, _ in rest] == list(range(1, len(cells)))
    again = dict(weighings(played, judged, random.Random(8)))
    assert again == {0: first, **dict(rest)}  # the same seed weighs the same
    for number, weighed in rest:
        judged = judged.with_weighed(number, weighed)
    assert judged.weighed_count == len(cells) - 1 and not judged.moves[0].weighed
    assert not judged.moves[-1].weighable and judged.moves[-1].win_loss is None


def test_a_known_mine_revealed_gives_away_every_chance_to_win() -> None:
    for game in small_positions(40, seed=6):
        analysis = analyze(view(game), 3)
        mine = next((i for i, w in enumerate(analysis.weights) if w == analysis.layouts), None)
        if mine is not None and uncertain(game):
            break
    else:
        raise AssertionError("no position with a certain mine")
    weighed = exact_loss(view(game), 3, [mine])
    assert weighed is not None and weighed.played == 0 and weighed.loss == weighed.best
    guess = estimated_loss(view(game), 3, [mine], random.Random(2), playouts=30)
    assert guess is not None and guess.played == 0


@pytest.mark.parametrize("cells", [0, 1])
def test_nothing_is_weighed_before_anything_is_revealed(cells: int) -> None:
    game = game_from_layout(Layout.from_cells(4, 3, [0, 5, 7]))
    assert estimated_loss(view(game), 3, [11], random.Random(0), playouts=cells) is None
