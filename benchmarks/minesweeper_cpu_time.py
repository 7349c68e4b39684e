"""CPU time per expert game of the auto-player, in one process.

The time each game costs the process (`time.process_time`), not the time it takes on the clock:
on a busy shared machine a game's clock time grows with the load, its CPU time much less. So
two versions of the solver can be compared one after the other, for instance the working tree
against another revision checked out elsewhere (the script only uses the benchmark module's
`random_boards` and `play_board`, which older revisions have too):

    .venv/bin/python benchmarks/minesweeper_cpu_time.py --games 150 --seed 7
    PYTHONPATH=/tmp/old/src .venv/bin/python benchmarks/minesweeper_cpu_time.py --games 150 --seed 7
    .venv/bin/python benchmarks/minesweeper_cpu_time.py --games 150 --seed 7 --evaluation lookahead

Prints the wins, then the median and mean CPU milliseconds per game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import play_board, random_boards
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS

MAX_GAMES = 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=150, help=f"1 to {MAX_GAMES:,}")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--evaluation",
        choices=["lookahead", "secondary"],
        help="how rule 4 of the guess scores: by secondary safety first, or by the lookahead "
        "alone, the rule before (default: as the solver is)",
    )
    args = parser.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be from 1 to {MAX_GAMES:,}")
    settings = DEFAULT_SETTINGS
    if args.evaluation:
        settings = replace(settings, secondary_first=args.evaluation == "secondary")
    times = []
    wins = 0
    for board in random_boards(level("expert", FirstClick.SAFE), args.games, args.seed):
        started = time.process_time()
        wins += play_board(board, FirstClick.SAFE, settings=settings).won
        times.append((time.process_time() - started) * 1000)
    print(
        f"expert, seed {args.seed}: {wins}/{args.games} won; CPU per game: median "
        f"{statistics.median(times):.1f} ms, mean {statistics.fmean(times):.1f} ms",
        flush=True,
    )


if __name__ == "__main__":
    main()
