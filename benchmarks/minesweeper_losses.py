"""Where does the auto-player lose? Its guesses and deaths, by the rule that chose them.

Plays expert games (safe corner start) and sorts every guess by the rule of
`guessing.best_guess` that chose it; scored guesses are split into cells next to a number
and blind cells (next to no number: the opening, before an area opens, and fresh starts
later). Prints, per kind, the guesses, the mine chance they carried (the deaths expected),
how much of it the safest uncertain cell would not have carried (the chance above the
safest, summed) and the deaths: a game is lost on its last guess, since certain cells are
always safe.

    .venv/bin/python benchmarks/minesweeper_losses.py [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from gridpuzzles.bounds import BoundError
from gridpuzzles.minesweeper.core.grid import index_of
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import Decision
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    check_run,
    play_board,
    random_boards,
)
from gridpuzzles.minesweeper.solving.guessing import GuessRule
from gridpuzzles.minesweeper.solving.probabilities import cells_of

BLIND = "scored, blind"
NEXT_TO_A_NUMBER = "scored, next to a number"


def guesses(board: Board) -> tuple[bool, list[tuple[str, float, float]]]:
    """Play one board; each guess's kind, mine chance and the lowest mine chance of any
    uncertain cell, in order."""
    seen: list[tuple[str, float, float]] = []

    def record(view: View, decision: Decision) -> None:
        pos, analysis, rule = decision.position, decision.analysis, decision.rule
        assert pos is not None and analysis is not None and rule is not None  # solved guesses
        move = decision.moves[0]
        cell = index_of(view.width, (move.row, move.col))
        kind = rule.value
        if rule is GuessRule.SCORED:
            kind = NEXT_TO_A_NUMBER if cell in cells_of(pos.rest) else BLIND
        total, weights = analysis.layouts, analysis.weights
        lowest = min(w for c in pos.unknown if 0 < (w := weights[c] or 0) < total)
        seen.append((kind, analysis.chance(cell), lowest / total))

    return play_board(board, FirstClick.SAFE, on_guess=record).won, seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    try:
        check_run(args.games, args.jobs, [args.seed])
    except BoundError as error:
        parser.error(str(error))
    boards = random_boards(level("expert", FirstClick.SAFE), args.games, args.seed)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(guesses, boards, chunksize=8))
    count: dict[str, int] = defaultdict(int)
    expected: dict[str, float] = defaultdict(float)
    above: dict[str, float] = defaultdict(float)
    deaths: dict[str, int] = defaultdict(int)
    for won, seen in games:
        for kind, chance, safest in seen:
            count[kind] += 1
            expected[kind] += chance
            above[kind] += chance - safest
        if not won:
            deaths[seen[-1][0]] += 1
    lost = sum(deaths.values())
    print(f"expert seed {args.seed}: {args.games - lost}/{args.games} won, {lost} lost")
    print(
        f"{'guess chosen by':<28} {'guesses':>8} {'expected deaths':>16} "
        f"{'above the safest':>17} {'deaths':>7} {'of losses':>10}"
    )
    for kind in sorted(count, key=lambda k: -deaths[k]):
        print(
            f"{kind:<28} {count[kind]:>8} {expected[kind]:>16.1f} {above[kind]:>17.1f} "
            f"{deaths[kind]:>7} "
            f"{deaths[kind] / max(lost, 1):>10.1%}"
        )


if __name__ == "__main__":
    main()
