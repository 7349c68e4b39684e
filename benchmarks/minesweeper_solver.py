"""Win rate and speed of the Minesweeper auto-player, and no-guess generation time.

Prints, per level, the win rate with its 95% (Wilson) interval, the mean and median time per
game (solver and simulation, measured inside each game) and the guesses per game; then the
median time to generate a no-guess expert board.

    .venv/bin/python benchmarks/minesweeper_solver.py [--games N] [--expert-games N]
        [--seed S] [--jobs J] [--no-guess-boards N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gridpuzzles.bounds import BoundError, check_range
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import (
    check_run,
    play_boards,
    random_boards,
    summarize,
)
from gridpuzzles.minesweeper.solving.noguess import generate

MAX_NO_GUESS_BOARDS = 10_000
"""The most no-guess boards generated: about 100 ms each."""


def line(name: str, rule: FirstClick, games: int, seed: int, jobs: int) -> str:
    config = level(name, rule)
    started = time.perf_counter()
    results = play_boards(random_boards(config, games, seed), rule, jobs)
    wall = time.perf_counter() - started
    s = summarize(results)
    return (
        f"{name:<12} first click {rule.value:<7} {s.wins:>5}/{s.games:<5} won "
        f"{s.rate:6.1%} (95% CI {s.low:.1%}-{s.high:.1%})  per game: median "
        f"{s.median_ms:6.1f} ms, mean {s.mean_ms:6.1f} ms, {s.guesses:.2f} guesses  "
        f"[{wall:.0f} s wall, {jobs} jobs]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        default=1000,
        help="games per level (beginner, intermediate, expert opening)",
    )
    parser.add_argument(
        "--expert-games", type=int, default=1000, help="expert games, first click safe"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--no-guess-boards", type=int, default=50, help=f"0 to {MAX_NO_GUESS_BOARDS:,}"
    )
    args = parser.parse_args()
    try:
        check_run(args.games, args.jobs, [args.seed])
        check_run(args.expert_games, args.jobs, games_option="--expert-games")
        check_range(args.no_guess_boards, "--no-guess-boards", 0, MAX_NO_GUESS_BOARDS)
    except BoundError as error:
        parser.error(str(error))

    print(line("beginner", FirstClick.SAFE, args.games, args.seed, args.jobs), flush=True)
    print(line("intermediate", FirstClick.SAFE, args.games, args.seed, args.jobs), flush=True)
    print(line("expert", FirstClick.SAFE, args.expert_games, args.seed, args.jobs), flush=True)
    print(line("expert", FirstClick.OPENING, args.games, args.seed, args.jobs), flush=True)

    config = level("expert", FirstClick.OPENING)
    seeds = random.Random(args.seed)
    times = []
    for _ in range(args.no_guess_boards):
        rng = random.Random(seeds.randrange(2**63))
        started = time.perf_counter()
        generate(config, 2 * config.width + 2, rng)
        times.append(1000 * (time.perf_counter() - started))
    if not times:
        return  # --no-guess-boards 0: the solver's figures only
    print(
        f"no-guess expert board generation: median {statistics.median(times):.1f} ms, "
        f"mean {statistics.fmean(times):.1f} ms, max {max(times):.1f} ms "
        f"over {args.no_guess_boards} boards (target: median <= 100 ms)"
    )


if __name__ == "__main__":
    main()
