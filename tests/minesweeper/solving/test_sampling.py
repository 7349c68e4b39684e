"""Layouts drawn exactly at random among those that fit a view, checked against every layout
listed by brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from gridpuzzles.minesweeper import View, parse_view
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.solving.probabilities import InconsistentViewError
from gridpuzzles.minesweeper.solving.sampling import sample_layout, sampler
from tests.minesweeper.solving_helpers import brute_force, random_position

# Two 1s sharing two cells: either one mine in the shared pair (two layouts of the frontier,
# one mine) or one mine at each end (one layout, two mines). With 3 mines the 6 cells below
# hold the rest: 2 x comb(6, 2) = 30 layouts of the first kind, comb(6, 1) = 6 of the other,
# so a draw that weighted the frontier's layouts alike would give the second kind 1/3, not 1/6.
TWO_ONES = "1#1\n###\n###\n###\n"


def fitting_layouts(board: View, mines: int, trust_flags: bool = False) -> list[Layout]:
    """Every layout of ``mines`` mines that fits ``board``, by trying them all."""
    cells = board.cells
    hidden = [i for i, s in enumerate(cells) if s in "#?" or (s == "F" and not trust_flags)]
    shown = [i for i, s in enumerate(cells) if s == "*" or (s == "F" and trust_flags)]
    found = []
    for chosen in itertools.combinations(hidden, mines - len(shown)):
        layout = Layout.from_cells(board.width, board.height, [*shown, *chosen])
        if fits(board, layout, trust_flags):
            found.append(layout)
    return found


def fits(board: View, layout: Layout, trust_flags: bool = False) -> bool:
    """Whether ``layout`` agrees with everything ``board`` shows."""
    for symbol, mine, count in zip(board.cells, layout.mines, layout.counts, strict=True):
        if symbol.isdigit() and (mine or count != int(symbol)):
            return False
        if (symbol == "*" or (symbol == "F" and trust_flags)) and not mine:
            return False
        if symbol == "X" and mine:
            return False
    return True


def chi_square(counts: Counter[bytes], layouts: list[Layout], draws: int) -> float:
    """Pearson's statistic of the draws against the uniform law over ``layouts``."""
    expected = draws / len(layouts)
    return sum((counts[layout.mines] - expected) ** 2 / expected for layout in layouts)


def test_the_example_has_the_layouts_its_comment_says() -> None:
    layouts = fitting_layouts(parse_view(TWO_ONES), 3)
    ends = [layout for layout in layouts if layout.mines[3] and layout.mines[5]]
    assert (len(layouts), len(ends)) == (36, 6)


@pytest.mark.parametrize(
    ("text", "mines"),
    [
        (TWO_ONES, 3),
        ("1##\n###\n###\n", 2),
        ("#2#\n#3#\n###\n1##\n", 4),
        ("01#\n12#\n###\n###\n", 3),
    ],
)
def test_every_fitting_layout_is_drawn_equally_often(text: str, mines: int) -> None:
    board = parse_view(text)
    layouts = fitting_layouts(board, mines)
    source = sampler(board, mines)
    rng = random.Random(5)
    draws = 100 * len(layouts)
    counts = Counter(sample_layout(source, rng).mines for _ in range(draws))
    assert set(counts) <= {layout.mines for layout in layouts}
    dof = len(layouts) - 1
    # The statistic has mean dof and standard deviation sqrt(2 dof) under the uniform law.
    assert chi_square(counts, layouts, draws) < dof + 6 * (2 * dof) ** 0.5


def test_weighting_the_frontier_layouts_alike_would_be_caught() -> None:
    """The bound of the test above refuses the draw of the comment on `TWO_ONES`."""
    layouts = fitting_layouts(parse_view(TWO_ONES), 3)
    ends = [layout for layout in layouts if layout.mines[3] and layout.mines[5]]
    draws = 100 * len(layouts)
    wrong = Counter({layout.mines: draws // 90 for layout in layouts if layout not in ends})
    wrong.update({layout.mines: draws // 18 for layout in ends})
    assert chi_square(wrong, layouts, draws) > 35 + 6 * 70**0.5


def test_each_cell_is_a_mine_as_often_as_its_exact_probability() -> None:
    rng = random.Random(11)
    checked = 0
    while checked < 20:
        board, mines = random_position(rng)
        exact = brute_force(board, mines)
        if exact is None:
            continue
        checked += 1
        source = sampler(board, mines)
        draws = 300
        hits = [0] * len(board.cells)
        for _ in range(draws):
            layout = sample_layout(source, rng)
            assert fits(board, layout) and layout.mine_count == mines
            for i, mine in enumerate(layout.mines):
                hits[i] += mine
        for i, p in enumerate(exact):
            if p is not None:
                spread = (float(p) * (1 - float(p)) / draws) ** 0.5
                assert abs(hits[i] / draws - float(p)) <= 5 * spread + 1e-9, (board, i)


def test_trusted_flags_are_mines_in_every_layout_and_untrusted_ones_are_hidden_cells() -> None:
    board = parse_view("F1#\n##1\n###\n")
    rng = random.Random(3)
    trusted = sampler(board, 2, trust_flags=True)
    untrusted = sampler(board, 2)
    drawn = [sample_layout(trusted, rng) for _ in range(200)]
    assert all(layout.mines[0] and fits(board, layout, trust_flags=True) for layout in drawn)
    seen = {sample_layout(untrusted, rng).mines[0] for _ in range(200)}
    assert seen == {0, 1}


def test_cells_kept_clear_are_never_mines() -> None:
    board = parse_view("###\n###\n###\n")
    source = sampler(board, 8, clear=[4])
    rng = random.Random(1)
    assert all(sample_layout(source, rng).mines[4] == 0 for _ in range(50))


def test_shown_mines_and_a_won_view_leave_one_layout() -> None:
    board = parse_view("*1#\n11#\n###\n")
    assert fitting_layouts(board, 1) == [Layout.from_cells(3, 3, [0])]
    source = sampler(board, 1)
    assert sample_layout(source, random.Random(0)) == Layout.from_cells(3, 3, [0])


def test_the_same_seed_draws_the_same_layouts() -> None:
    board = parse_view(TWO_ONES)
    source = sampler(board, 3)

    def draws(seed: int) -> list[bytes]:
        rng = random.Random(seed)
        return [sample_layout(source, rng).mines for _ in range(20)]

    assert draws(4) == draws(4)
    assert draws(4) != draws(5)


def test_a_view_no_layout_fits_is_refused_before_any_draw() -> None:
    with pytest.raises(InconsistentViewError):
        sampler(parse_view("1#\n##\n"), 3)
    with pytest.raises(InconsistentViewError):
        sampler(parse_view("3#\n##\n"), 3, clear=[1])
