"""How likely the auto-player is to win from a view: playouts on layouts drawn exactly.

Each playout draws a layout among all that fit the view and the mine count (`sampling`),
reveals what the view shows (a shown mine loses at once) and lets the auto-player of
`mines bench` (`benchmark.play_board`, default settings) play it to the end. On an untouched
view the layout is dealt as the game deals it at the first click: uniformly among the layouts
that keep the first-click promise (its cells taken as safe), or a no-guess board under
`FirstClick.NO_GUESS`, whose boards are not uniform.

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
from gridpuzzles.minesweeper.solving.noguess import generate
from gridpuzzles.minesweeper.solving.probabilities import UNKNOWN, ComponentCache, cell_values
from gridpuzzles.minesweeper.solving.sampling import sample_layout, sampler


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
