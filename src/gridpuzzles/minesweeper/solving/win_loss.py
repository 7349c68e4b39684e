"""How much of the chance to win a guess gave away: the review's deeper judgment (issue 40).

A guess (a reveal or a chord that opened a cell that might hold a mine) is weighed against the
solver's best move in the same position, on a 0-100 scale of the chance to win: the *win
chance* after the solver's best move, less the win chance after the player's move, both from
the position before the move as the player saw it (flags are the player's guesses, not facts),
never from what happened after. Each side plays on as the solver would.

- **Exact** where Play Move itself plays the position exactly (`endgame`): at most
  `SolverSettings.endgame_layouts` layouts over at most `SolverSettings.endgame_cells` unknown
  cells, and a search within its budget. Every layout is listed, the best move is the reveal
  that wins the most of them with perfect play after it (`endgame.best_reveal`), and the
  player's move is played the same way (`endgame.reveal_wins`; a chord: every cell it opened
  at once, then perfect play). Both chances are exact fractions of the layouts.
- **Estimated** elsewhere, by paired playouts: the solver's best move is Play Move's choice
  (`autoplay.decide`), and on each of ``playouts`` layouts drawn exactly at random among those
  that fit the view (`sampling`), Play Move plays the game to its end once after its own
  choice and once after the player's move (`benchmark.play_board`). Playing both on the same
  layouts takes most of the luck out of the difference, and weighing the layouts by whether
  each move's cells were safe, whose shares are counted exactly, takes out the luck of the
  mines under them (`estimated_loss`). Its 95% interval is built from Newcombe's for a
  difference of paired proportions and from Wilson's (`benchmark.wilson`). A player's move
  that is Play Move's own choice gave away nothing: its loss is 0 exactly, and its win chance
  is still estimated.

The loss is labelled with lichess's bands, carried to the 0-100 scale (`BANDS`): at least 5
points an inaccuracy, 10 a mistake, 15 a blunder. An estimate is labelled by the lower end of
its interval, the highest band the whole interval clears: where the interval reaches below
5 points, the estimate cannot tell the loss from a small one and no label is given; where it
reaches into a higher band than its lower end, the label stands as the least it can be
(`WinLoss.too_close`). An exact loss is its own interval.

Pure: the randomness comes from the ``random.Random`` passed in; no clock is read (the
benchmark's `Result` times its game, unused here).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from gridpuzzles.minesweeper.core.grid import Cell
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import ADVICE_ERRORS, decide
from gridpuzzles.minesweeper.solving.benchmark import Board, play_board, wilson
from gridpuzzles.minesweeper.solving.endgame import best_reveal, enumerate_layouts, reveal_wins
from gridpuzzles.minesweeper.solving.probabilities import (
    CLEAR,
    MINE,
    UNKNOWN,
    ComponentCache,
    InconsistentViewError,
    Position,
    cell_values,
    constraints,
    position,
    solve,
)
from gridpuzzles.minesweeper.solving.sampling import sample_layout, sampler
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings

PLAYOUTS = 100
"""Layouts played out for an estimate, by default (twice each: once after each move). On
expert positions it takes about 5 to 9 s of processor a guess, and the 95% interval of the
loss is about 13 points wide (`benchmarks/review_speed.py --deep-games 3`)."""


class Label(Enum):
    """How much a guess gave away, in lichess's words (its value is its JSON name)."""

    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def article(self) -> str:
        """The label with its article: "an inaccuracy", "a mistake"."""
        return f"{'an' if self is Label.INACCURACY else 'a'} {self.value}"


BANDS = ((15, Label.BLUNDER), (10, Label.MISTAKE), (5, Label.INACCURACY))
"""The least loss of each label, in points of the chance to win (0-100), the largest first:
lichess's 30 / 20 / 10 points of its winning-chances scale (-100 to 100), halved."""


def band(points: Fraction | float) -> Label | None:
    """The label of a loss of ``points`` (None below 5 points)."""
    return next((label for least, label in BANDS if points >= least), None)


@dataclass(frozen=True)
class WinLoss:
    """What a guess gave away: the chance to win after the solver's best move (``best``, a
    reveal of ``best_cell``) and after the player's move (``played``), in points (0-100), and
    the 95% interval of the loss between them (``low`` to ``high``: the loss itself when it is
    ``exact``); an estimate played ``playouts`` layouts out. ``same`` when the player's move
    was the solver's own choice: its loss is 0, exactly."""

    best_cell: Cell
    best: Fraction
    played: Fraction
    exact: bool
    low: float
    high: float
    playouts: int = 0
    same: bool = False

    @property
    def loss(self) -> Fraction:
        """The chance to win the move gave away, in points (negative when an estimate found
        the player's move the better)."""
        return Fraction(0) if self.same else self.best - self.played

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the loss, in points."""
        return self.low, self.high

    @property
    def label(self) -> Label | None:
        """The label of the loss: the band of the lower end of its interval (see the
        module)."""
        return band(self.loss if self.exact or self.same else self.low)

    @property
    def too_close(self) -> bool:
        """Whether the interval reaches into a higher band than its lower end: the label is
        the least the loss can be (or no label, where it may be below 5 points)."""
        return band(self.low) is not band(self.high)


def exact_win_loss(
    best_cell: Cell, best: Fraction, played: Fraction, same: bool = False
) -> WinLoss:
    """An exact `WinLoss`: its interval is the loss itself."""
    loss = float(best - played)
    return WinLoss(best_cell, best, played, True, loss, loss, same=same)


def paired_interval(
    both: int, first_only: int, second_only: int, neither: int, z: float = 1.959964
) -> tuple[float, float]:
    """The 95% interval of p1 - p2, two win rates measured on the same trials (``both`` won
    by both, ``first_only`` by the first alone, ...): Newcombe's hybrid score interval for
    paired proportions (method 10 of Newcombe 1998), from the Wilson interval of each."""
    n = both + first_only + second_only + neither
    if n == 0:
        return -1.0, 1.0
    first, second = both + first_only, both + second_only
    p1, p2 = first / n, second / n
    l1, u1 = wilson(first, n, z)
    l2, u2 = wilson(second, n, z)
    spread = first * (n - first) * second * (n - second)
    phi = (both * neither - first_only * second_only) / math.sqrt(spread) if spread else 0.0
    delta = p1 - p2
    below = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    above = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    low = delta - math.sqrt(max(below, 0.0))
    high = delta + math.sqrt(max(above, 0.0))
    return max(-1.0, low), min(1.0, high)


def weigh(
    seen: View,
    mines: int,
    opened: Sequence[int],
    rng: random.Random,
    *,
    rule: FirstClick = FirstClick.SAFE,
    playouts: int = PLAYOUTS,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> WinLoss | None:
    """What revealing the hidden cells ``opened`` at once (a reveal: one cell; a chord: those
    it opens) in the view ``seen`` gave away against the solver's best move: exact where the
    position is small enough, else an estimate by ``playouts`` pairs of playouts (see the
    module); ``rule`` is the game's first-click rule. None when the solver cannot weigh it (a
    view it cannot take, `autoplay.ADVICE_ERRORS`, or nothing revealed yet)."""
    try:
        exact = exact_loss(seen, mines, opened, settings)
        if exact is not None:
            return exact
        return estimated_loss(seen, mines, opened, rng, rule, playouts, settings)
    except ADVICE_ERRORS:
        return None


def exact_loss(
    seen: View, mines: int, opened: Sequence[int], settings: SolverSettings = DEFAULT_SETTINGS
) -> WinLoss | None:
    """The exact loss of revealing ``opened`` in ``seen``, where Play Move plays the position
    exactly (see the module); None where it does not (too many layouts or cells, or over the
    search's budget)."""
    listing = listed(seen, mines, settings)
    if listing is None or len(listing.layouts) < 2:
        return None
    whole, hidden, layouts = listing.whole, listing.hidden, listing.layouts
    best = best_reveal(whole, hidden, layouts, settings)
    if best is None:
        return None
    if len(opened) == 1:
        played = reveal_wins(whole, hidden, layouts, opened[0], settings)
    else:
        played = _opened_wins(whole, hidden, layouts, opened, settings)
    if played is None:
        return None
    cell, wins = best
    count = len(layouts)
    best_chance, played_chance = Fraction(100 * wins, count), Fraction(100 * played, count)
    return exact_win_loss(
        divmod(cell, seen.width), best_chance, played_chance, list(opened) == [cell]
    )


@dataclass(frozen=True)
class Listing:
    """Every layout of a position's hidden cells that fits it, for perfect play over them."""

    whole: Position
    hidden: list[int]
    """Every hidden cell, those that single numbers settle too: a certainly safe cell's
    number is a free look that the best move may take."""
    layouts: list[int]
    """The layouts that fit, as bit masks over ``hidden`` (all equally likely)."""


def listed(seen: View, mines: int, settings: SolverSettings = DEFAULT_SETTINGS) -> Listing | None:
    """Every layout that fits ``seen`` and ``mines``, where Play Move plays the position
    exactly (at most `SolverSettings.endgame_cells` unknown cells and
    `SolverSettings.endgame_layouts` layouts); None where it does not."""
    width, height = seen.width, seen.height
    values = cell_values(seen)
    reduced = position(width, height, values, mines)
    if len(reduced.unknown) > settings.endgame_cells:
        return None
    hidden = [i for i, v in enumerate(values) if v == UNKNOWN]
    free = mines - values.count(MINE)
    rest = constraints(width, height, values)
    layouts = enumerate_layouts(hidden, rest, free, settings.endgame_layouts, settings)
    if layouts is None:
        return None
    whole = Position(width, height, mines, frozenset(hidden), {}, rest, free)
    return Listing(whole, hidden, layouts)


def _opened_wins(
    whole: Position,
    cells: Sequence[int],
    layouts: Sequence[int],
    opened: Sequence[int],
    settings: SolverSettings,
) -> int | None:
    """How many of ``layouts`` perfect play wins after the ``opened`` cells are all revealed
    at once (a chord): perfect play over the layouts where all are safe, in which each cell
    opened is a certainly safe cell whose number the search takes as the free look it is;
    None when the search is over its budget."""
    slot = {c: k for k, c in enumerate(cells)}
    mask = sum(1 << slot[c] for c in opened)
    left = [layout for layout in layouts if not layout & mask]
    if len(left) < 2:
        return len(left)
    best = best_reveal(whole, cells, left, settings)
    return None if best is None else best[1]


def estimated_loss(
    seen: View,
    mines: int,
    opened: Sequence[int],
    rng: random.Random,
    rule: FirstClick = FirstClick.SAFE,
    playouts: int = PLAYOUTS,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> WinLoss | None:
    """The loss of revealing ``opened`` in ``seen`` estimated on ``playouts`` layouts (see the
    module); None when nothing is revealed yet (no playout can start).

    Each layout falls in one of four groups: the best move's cell and the player's cells all
    safe, only the one, only the other, neither. Each group's share of all layouts is known
    exactly (the solver counts them), so the estimate weighs each group's results by it
    rather than by how many of the drawn layouts fell in it (post-stratification): the luck
    of which cells held a mine is out of the estimate, only the luck of the play after is
    left. The groups' intervals (Newcombe's for the first, Wilson's for the next two) are put
    together by Zou and Donner's method for a sum (MOVER)."""
    width, height = seen.width, seen.height
    values = cell_values(seen)
    shown = [i for i, v in enumerate(values) if v >= 0]
    if not shown or playouts < 1:
        return None
    move = decide(seen, mines, rule, settings=settings).moves[0]
    best = move.row * width + move.col
    same = list(opened) == [best]
    cache: ComponentCache = {}

    def layouts(*safe: int) -> int:
        """How many layouts fit the view with the cells ``safe`` safe."""
        assumed = list(values)
        for cell in safe:
            assumed[cell] = CLEAR
        try:
            return solve(width, height, assumed, mines, cache).layouts
        except InconsistentViewError:
            return 0

    total, best_layouts, played_layouts = layouts(), layouts(best), layouts(*opened)
    both_layouts = layouts(best, *opened)
    shares = (
        Fraction(both_layouts, total),
        Fraction(best_layouts - both_layouts, total),
        Fraction(played_layouts - both_layouts, total),
    )
    source = sampler(seen, mines)
    start, then = shown[0], tuple(shown[1:])
    after = (*then, *opened)
    paired = _Paired()
    best_alone, played_alone = _Tally(), _Tally()
    for _ in range(playouts):
        layout = sample_layout(source, rng, cache)
        board = Board(layout, start)
        best_safe = not layout.mines[best]
        played_safe = not any(layout.mines[c] for c in opened)
        best_won = best_safe and play_board(board, rule, then, settings=settings).won
        played_won = played_safe and (
            best_won if same else play_board(board, rule, after, settings=settings).won
        )
        if best_safe and played_safe:
            paired.add(best_won, played_won)
        elif best_safe:
            best_alone.add(best_won)
        elif played_safe:
            played_alone.add(played_won)
    return _estimate((move.row, move.col), shares, paired, best_alone, played_alone, playouts, same)


@dataclass
class _Tally:
    """Playouts won out of playouts played, in one group of layouts."""

    won: int = 0
    played: int = 0

    def add(self, won: bool) -> None:
        self.won += won
        self.played += 1

    @property
    def rate(self) -> Fraction:
        """The share won; 1/2, the middle of all it could be, when none was played."""
        return Fraction(self.won, self.played) if self.played else Fraction(1, 2)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.won, self.played)


@dataclass
class _Paired:
    """Pairs of playouts on the same layouts: how many each side won, both, neither."""

    both: int = 0
    first_only: int = 0
    second_only: int = 0
    neither: int = 0

    def add(self, first: bool, second: bool) -> None:
        self.both += first and second
        self.first_only += first and not second
        self.second_only += second and not first
        self.neither += not first and not second

    @property
    def played(self) -> int:
        return self.both + self.first_only + self.second_only + self.neither

    @property
    def rates(self) -> tuple[Fraction, Fraction]:
        """The share each side won (1/2 each when none was played)."""
        if not self.played:
            return Fraction(1, 2), Fraction(1, 2)
        first, second = self.both + self.first_only, self.both + self.second_only
        return Fraction(first, self.played), Fraction(second, self.played)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the first side's rate less the second's."""
        return paired_interval(self.both, self.first_only, self.second_only, self.neither)


def _estimate(
    best_cell: Cell,
    shares: tuple[Fraction, Fraction, Fraction],
    paired: _Paired,
    best_alone: _Tally,
    played_alone: _Tally,
    playouts: int,
    same: bool,
) -> WinLoss:
    """The `WinLoss` of the groups' results weighed by their exact shares (see
    `estimated_loss`)."""
    both, best_only, played_only = shares
    first, second = paired.rates
    best = 100 * (both * first + best_only * best_alone.rate)
    played = 100 * (both * second + played_only * played_alone.rate)
    if same:
        return WinLoss(best_cell, best, best, False, 0.0, 0.0, playouts, same=True)
    loss = float(best - played)
    parts = (
        (float(both), float(first - second), paired.interval),
        (float(best_only), float(best_alone.rate), best_alone.interval),
        (-float(played_only), float(played_alone.rate), played_alone.interval),
    )
    below = above = 0.0
    for share, value, (low, high) in parts:
        down, up = share * (value - low), share * (high - value)
        if share < 0:
            down, up = -up, -down
        below += down * down
        above += up * up
    low, high = loss - 100 * math.sqrt(below), loss + 100 * math.sqrt(above)
    return WinLoss(best_cell, best, played, False, low, high, playouts)
