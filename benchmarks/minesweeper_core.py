"""Speed of the Minesweeper rules core.

Prints games per second for creating and fully revealing expert boards, and the time of one
reveal that floods an empty 1000x1000 board (target: under 0.5 s).

    .venv/bin/python benchmarks/minesweeper_core.py [--games N] [--floods N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from gridpuzzles.minesweeper import Config, Mark, Status, level, new_game, reveal


def clear_board(seed: int) -> Status:
    """Create an expert game and reveal every safe cell, as a perfect player would."""
    game = reveal(new_game(level("expert"), seed), 8, 15)
    assert game.layout is not None
    for index in range(game.layout.size):
        if game.over:
            break
        if not game.layout.is_mine(index) and game.marks[index] != Mark.REVEALED:
            game = reveal(game, *divmod(index, game.width))
    return game.status


def flood_seconds(seed: int) -> float:
    """Seconds for one reveal that opens a whole 1000x1000 board without mines."""
    game = new_game(Config(1000, 1000, 0), seed)
    start = time.perf_counter()
    game = reveal(game, 500, 500)
    seconds = time.perf_counter() - start
    assert game.status is Status.WON
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--floods", type=int, default=5)
    args = parser.parse_args()

    start = time.perf_counter()
    results = [clear_board(seed) for seed in range(args.games)]
    seconds = time.perf_counter() - start
    assert all(status is Status.WON for status in results)
    print(
        f"expert boards created and fully revealed: {args.games / seconds:.1f} games/s "
        f"({1000 * seconds / args.games:.2f} ms per game, {args.games} games)"
    )

    floods = [flood_seconds(seed) for seed in range(args.floods)]
    print(
        f"flood of an empty 1000x1000 board: median {statistics.median(floods):.3f} s, "
        f"max {max(floods):.3f} s over {args.floods} reveals (target < 0.5 s)"
    )


if __name__ == "__main__":
    main()
