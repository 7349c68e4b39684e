"""How much would exact play of small positions add to the auto-player's win rate?

Plays expert games (safe corner start) with the auto-player. At every guess whose position
has at most ``--layouts`` layouts over at most ``--cells`` unknown cells, the exact search of
`endgame` counts the layouts won by the best first reveal and by the auto-player's reveal,
both with perfect play after it. The difference, as a share of the position's layouts, is the
guess's regret; summed over the games' guesses and divided by the games, it is the win rate
that exact play of such positions would add (the expected regret along the auto-player's own
games). Prints it for several layout limits, so the endgame threshold can be chosen on it.

    .venv/bin/python benchmarks/minesweeper_endgame_regret.py [--games N] [--seed S]
        [--layouts L] [--cells C] [--jobs J]
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from gridpuzzles.bounds import BoundError
from gridpuzzles.minesweeper.core.grid import index_of
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving import endgame
from gridpuzzles.minesweeper.solving.autoplay import Decision
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    check_run,
    play_board,
    random_boards,
)
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings

LIMITS = (300, 1000, 3000, 10000)


@dataclass(frozen=True)
class Regret:
    layouts: int
    regret: float | None
    """None when the exact search ran over its budget."""


def guess_regret(
    board: Board, max_layouts: int, max_cells: int, settings: SolverSettings
) -> tuple[bool, list[Regret]]:
    """Play one board; the regret of each guess in a small enough position. ``settings``
    bound the exact searches, the auto-player's own ones too."""
    regrets = []

    def judge(view: View, decision: Decision) -> None:
        pos, analysis = decision.position, decision.analysis
        assert pos is not None and analysis is not None  # every guess after the start is solved
        total = analysis.layouts
        move = decision.moves[0]
        cell = index_of(view.width, (move.row, move.col))
        if total <= max_layouts and len(pos.unknown) <= max_cells and cell in pos.unknown:
            cells = sorted(pos.unknown)
            found = endgame.enumerate_layouts(cells, pos.rest, pos.free, max_layouts, settings)
            layouts = found or []
            best = endgame.best_reveal(pos, cells, layouts, settings)
            chosen = endgame.reveal_wins(pos, cells, layouts, cell, settings)
            regret = None if best is None or chosen is None else (best[1] - chosen) / total
            regrets.append(Regret(total, regret))

    return play_board(board, FirstClick.SAFE, on_guess=judge, settings=settings).won, regrets


def _play(args: tuple[Board, int, int, SolverSettings]) -> tuple[bool, list[Regret]]:
    return guess_regret(*args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--layouts", type=int, default=10000, help="the most layouts searched")
    parser.add_argument("--cells", type=int, default=70, help="the most unknown cells searched")
    parser.add_argument("--budget", type=int, default=300000, help="search budget per position")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if min(args.layouts, args.cells, args.budget) < 1:
        parser.error("--layouts, --cells and --budget must be at least 1")
    try:
        check_run(args.games, args.jobs, [args.seed])
    except BoundError as error:
        parser.error(str(error))
    # The budget bounds the auto-player's own endgame searches too, as it always has here.
    settings = replace(DEFAULT_SETTINGS, search_budget=args.budget)
    boards = random_boards(level("expert", FirstClick.SAFE), args.games, args.seed)
    work = [(board, args.layouts, args.cells, settings) for board in boards]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_play, work, chunksize=4))
    wins = sum(won for won, _ in results)
    regrets = [r for _, game in results for r in game]
    over = sum(1 for r in regrets if r.regret is None)
    print(
        f"expert seed {args.seed}: {wins}/{args.games} won; {len(regrets)} guesses with at most "
        f"{args.layouts} layouts and {args.cells} unknown cells ({over} over the search budget)"
    )
    print(f"the auto-player's endgame search: at most {settings.endgame_layouts} layouts")
    for limit in (x for x in LIMITS if x <= args.layouts):
        chosen = [r.regret for r in regrets if r.layouts <= limit and r.regret is not None]
        worse = sum(1 for x in chosen if x > 1e-12)
        print(
            f"  at most {limit:>6} layouts: {len(chosen):>5} guesses, {worse:>4} not the best; "
            f"exact play would add {sum(chosen) / args.games:.3%} to the win rate"
        )


if __name__ == "__main__":
    main()
