"""The cost of `mines analyze --win-chance` on expert positions: drawing a layout, and a
playout of the auto-player from the position.

The positions are those of expert games of the benchmark (seed --seed) at their first guess
after the opening, where the question "how likely am I to win from here?" is asked. CPU time
(`time.process_time`), so that a busy shared machine changes the figures less:

    .venv/bin/python benchmarks/minesweeper_win_chance.py --positions 10 --playouts 30

Prints, per position, the hidden cells next to numbers, the median milliseconds to draw a
layout and to play one playout, and the estimate; then the medians over all positions.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridpuzzles.minesweeper.core.settings import level
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import Decision
from gridpuzzles.minesweeper.solving.benchmark import play_board, random_boards
from gridpuzzles.minesweeper.solving.probabilities import cell_values, cells_of, constraints
from gridpuzzles.minesweeper.solving.sampling import sample_layout, sampler
from gridpuzzles.minesweeper.solving.win_chance import WinChance, playouts

MAX_POSITIONS = 1000
MAX_PLAYOUTS = 10_000


def first_guesses(count: int, seed: int) -> list[View]:
    """The view at the first guess after the opening of up to ``count`` expert games."""
    found: list[View] = []
    for board in random_boards(level("expert"), count * 3, seed):
        guesses = Guesses()
        play_board(board, on_guess=guesses.keep)
        if len(guesses.views) == 2:
            found.append(guesses.views[1])
        if len(found) == count:
            break
    return found


class Guesses:
    """The views of a game's first two guesses (the first click is one)."""

    def __init__(self) -> None:
        self.views: list[View] = []

    def keep(self, view: View, decision: Decision) -> None:
        if len(self.views) < 2:
            self.views.append(view)


def draw_ms(view: View, mines: int, rng: random.Random, draws: int) -> float:
    """The median CPU milliseconds of drawing one layout that fits ``view``."""
    source = sampler(view, mines)
    times = []
    for _ in range(draws):
        started = time.process_time()
        sample_layout(source, rng)
        times.append(1000 * (time.process_time() - started))
    return statistics.median(times)


def playout_ms(view: View, mines: int, rng: random.Random, count: int) -> tuple[float, WinChance]:
    """The median CPU milliseconds of one playout from ``view`` (its draw included), and the
    tally of ``count`` of them."""
    tallies = playouts(view, mines, rng, count)
    times = []
    tally = WinChance(0, 0)
    while tally.playouts < count:
        started = time.process_time()
        tally = next(tallies)
        times.append(1000 * (time.process_time() - started))
    return statistics.median(times), tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=10, help=f"1 to {MAX_POSITIONS:,}")
    parser.add_argument("--playouts", type=int, default=30, help=f"1 to {MAX_PLAYOUTS:,}")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not 1 <= args.positions <= MAX_POSITIONS or not 1 <= args.playouts <= MAX_PLAYOUTS:
        parser.error(f"--positions 1 to {MAX_POSITIONS:,}, --playouts 1 to {MAX_PLAYOUTS:,}")
    mines = level("expert").mines
    draws, games = [], []
    for view in first_guesses(args.positions, args.seed):
        frontier = len(cells_of(constraints(view.width, view.height, cell_values(view))))
        rng = random.Random(args.seed)
        draw = draw_ms(view, mines, rng, args.playouts)
        game, tally = playout_ms(view, mines, rng, args.playouts)
        draws.append(draw)
        games.append(game)
        print(
            f"frontier {frontier:3d} cells: draw {draw:6.1f} ms, playout {game:6.1f} ms, "
            f"win chance {tally.rate:.0%} of {tally.playouts}"
        )
    print(
        f"median over {len(draws)} positions: draw {statistics.median(draws):.1f} ms, "
        f"playout {statistics.median(games):.1f} ms (draw included)"
    )


if __name__ == "__main__":
    main()
