"""How likely the auto-player is to win from a view: playouts on layouts drawn exactly.

Each playout draws a layout among all that fit the view and the mine count (`sampling`),
reveals what the view shows (a shown mine loses at once) and lets the auto-player of
`mines bench` (`benchmark.play_board`, default settings) play it to the end. On an untouched
view the layout is dealt as the game deals it at the first click: uniformly among the layouts
that keep the first-click promise (its cells taken as safe), or a no-guess board under
`FirstClick.NO_GUESS`, whose boards are not uniform.

Where the position is small enough that Play Move plays it exactly (`win_loss.listed`: few
unknown cells and layouts), `exact` gives the chance itself: perfect play over every layout
that fits, each equally likely (`endgame.best_reveal`), which is the solver's own play there.

Pure: the randomness comes from the ``random.Random`` passed in, and no clock is read here
(the benchmark's `Result` times its game, unused); `playouts` gives the tally after every
playout, so a shell may stop whenever its time is up and keep what was done.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.placement import kept_clear
from gridpuzzles.minesweeper.core.settings import Config, FirstClick, check_playable
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import first_click
from gridpuzzles.minesweeper.solving.benchmark import Board, play_board, wilson
from gridpuzzles.minesweeper.solving.endgame import best_reveal
from gridpuzzles.minesweeper.solving.noguess import generate
from gridpuzzles.minesweeper.solving.probabilities import (
    UNKNOWN,
    ComponentCache,
    cell_values,
)
from gridpuzzles.minesweeper.solving.sampling import sample_layout, sampler
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings
from gridpuzzles.minesweeper.solving.win_loss import listed


@dataclass(frozen=True)
class WinChance:
    """Playouts won out of playouts played."""

    wins: int
    playouts: int

    @property
    def rate(self) -> float:
        """The share of playouts won (0 when none was played)."""
        return self.wins / self.playouts if self.playouts else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% confidence interval of the win chance."""
        return wilson(self.wins, self.playouts)


@dataclass(frozen=True)
class ExactWinChance:
    """Layouts won by perfect play out of every layout that fits."""

    wins: int
    layouts: int

    @property
    def rate(self) -> float:
        """The chance to win."""
        return self.wins / self.layouts


def exact(
    view: View, mines: int, settings: SolverSettings = DEFAULT_SETTINGS
) -> ExactWinChance | None:
    """The exact chance to win from ``view`` with perfect play, where the position is small
    enough (see the module); None where it is not, or the search is over its budget, or the
    view shows a mine (a lost game: its playouts lose at once), or no layout fits (`playouts`
    then raises `InconsistentViewError` naming the numbers at fault)."""
    if "*" in view.cells:
        return None
    listing = listed(view, mines, settings)
    if listing is None:
        return None
    count = len(listing.layouts)
    if count == 0:  # inconsistent: the solver's analysis says where, in words
        return None
    if count == 1:  # every cell is known: the win is certain
        return ExactWinChance(1, 1)
    best = best_reveal(listing.whole, listing.hidden, listing.layouts, settings)
    return None if best is None else ExactWinChance(best[1], count)


def playouts(
    view: View,
    mines: int,
    rng: random.Random,
    count: int,
    *,
    rule: FirstClick = FirstClick.SAFE,
    trust_flags: bool = False,
) -> Iterator[WinChance]:
    """The tally after each of ``count`` playouts from ``view`` (see the module); ``rule``
    is the game's first-click rule, which matters on an untouched view only.

    Raises `InconsistentViewError` when no layout fits, before the first playout; on an
    untouched view, `ConfigError` when the board cannot hold the mines under ``rule`` (and
    `NoGuessError` when no no-guess board is found)."""
    deal, start, then = _dealer(view, mines, rule, trust_flags)
    wins = 0
    for played in range(1, count + 1):
        board = Board(deal(rng), start)
        wins += play_board(board, rule, then).won
        yield WinChance(wins, played)


Dealer = Callable[[random.Random], Layout]
"""Draws one layout of a playout."""


def _dealer(
    view: View, mines: int, rule: FirstClick, trust_flags: bool
) -> tuple[Dealer, int, tuple[int, ...]]:
    """How a playout's layouts are drawn, the cell it reveals first and the cells it reveals
    next (what the view shows: numbers, then shown mines)."""
    width, height = view.width, view.height
    values = cell_values(view)  # flags are hidden cells to the auto-player
    shown = [i for i, v in enumerate(values) if v != UNKNOWN]
    shown.sort(key=lambda i: view.cells[i] == "*")
    clear: list[int] = []
    if not shown:
        row, col = first_click(width, height, rule)
        shown = [row * width + col]
        config = Config(width, height, mines, rule)
        if rule is FirstClick.NO_GUESS:
            check_playable(config)
            return (lambda rng: generate(config, shown[0], rng)), shown[0], ()
        clear = kept_clear(config, shown[0])
    source = sampler(view, mines, trust_flags=trust_flags, clear=clear)
    cache: ComponentCache = {}
    return (lambda rng: sample_layout(source, rng, cache)), shown[0], tuple(shown[1:])
