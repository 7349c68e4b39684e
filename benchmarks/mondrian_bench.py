"""Benchmark of the Mondrian Blocks solver and census against plain backtracking.

Run ``.venv/bin/python benchmarks/mondrian_bench.py`` (``--quick`` for a short run).  It
prints the median and mean time to find all solutions of each published challenge for our
solver and for a plain first-empty-cell backtracking search measured in the same run, then the
census time, with the baseline census estimated from a sample of placements.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Puzzle,
    make_puzzle,
)
from gridpuzzles.mondrian.core.official import published_challenges
from gridpuzzles.mondrian.solving.census import census
from gridpuzzles.mondrian.solving.generation import random_placement
from gridpuzzles.mondrian.solving.solutions import solutions

TARGET_CHALLENGE_MS = 1.0
TARGET_CENSUS_S = 10.0
PLACEMENTS = 583_864


def baseline_solutions(puzzle: Puzzle) -> list[list[int]]:
    """Plain backtracking: cover the first empty cell (row-major) with each remaining block.

    Bitboards and precomputed placements per cell, but no pruning, no memo and no choice of
    cell: the textbook search our solver is compared with.  Solutions are lists of block masks.
    """
    board = puzzle.board
    kinds = sorted(set(puzzle.free_blocks))
    left = [puzzle.free_blocks.count(kind) for kind in kinds]
    at_cell: list[list[tuple[int, int]]] = [[] for _ in range(board.area)]
    for number, kind in enumerate(kinds):
        for placement in board.placements(kind):
            mask = sum(
                ((1 << placement.width) - 1) << ((placement.row + dr) * board.width + placement.col)
                for dr in range(placement.height)
            )
            at_cell[placement.row * board.width + placement.col].append((number, mask))
    occupied = sum(1 << (row * board.width + col) for row, col in puzzle.fixed_cells())
    full = (1 << board.area) - 1
    found: list[list[int]] = []
    path: list[int] = []

    def fill(occupied: int) -> None:
        if occupied == full:
            found.append(list(path))
            return
        cell = (~occupied & (occupied + 1)).bit_length() - 1
        for number, mask in at_cell[cell]:
            if left[number] and not mask & occupied:
                left[number] -= 1
                path.append(mask)
                fill(occupied | mask)
                path.pop()
                left[number] += 1

    fill(occupied)
    return found


def _ours(puzzle: Puzzle) -> int:
    return sum(1 for _ in solutions(puzzle))


def _baseline(puzzle: Puzzle) -> int:
    return len(baseline_solutions(puzzle))


def _times(
    solve: Callable[[Puzzle], int], puzzles: Sequence[Puzzle], expected: Sequence[int], repeat: int
) -> list[float]:
    """Per puzzle, the best of ``repeat`` runs, in seconds; checks every count."""
    best = [float("inf")] * len(puzzles)
    for _ in range(repeat):
        for number, puzzle in enumerate(puzzles):
            start = time.perf_counter()
            count = solve(puzzle)
            best[number] = min(best[number], time.perf_counter() - start)
            if count != expected[number]:
                raise SystemExit(f"wrong count {count} != {expected[number]} for puzzle {number}")
    return best


def _report(name: str, times: Sequence[float]) -> None:
    median, mean = statistics.median(times) * 1e3, statistics.mean(times) * 1e3
    print(
        f"  {name:<9} median {median:7.3f} ms   mean {mean:7.3f} ms   max {max(times) * 1e3:7.2f} ms"
    )


def bench_challenges(step: int, repeat: int) -> None:
    official = published_challenges()[::step]
    puzzles = [entry.puzzle for entry in official]
    expected = [entry.solutions for entry in official]
    ours = _times(_ours, puzzles, expected, repeat)
    baseline = _times(_baseline, puzzles, expected, repeat)
    print(f"All solutions of {len(puzzles)} official challenges (best of {repeat} runs each):")
    _report("ours", ours)
    _report("baseline", baseline)
    ratio_median = statistics.median(baseline) / statistics.median(ours)
    ratio_mean = statistics.mean(baseline) / statistics.mean(ours)
    met = "met" if statistics.median(ours) * 1e3 <= TARGET_CHALLENGE_MS else "NOT met"
    print(f"  speed-up  {ratio_median:.1f}x on the median, {ratio_mean:.1f}x on the mean")
    print(f"  target: median <= {TARGET_CHALLENGE_MS} ms: {met}")


def bench_census(sample: int, seed: int) -> None:
    start = time.perf_counter()
    result = census()
    ours = time.perf_counter() - start
    rng = random.Random(seed)
    puzzles = [
        make_puzzle(
            STANDARD_BOARD, STANDARD_BLOCKS, random_placement(rng, STANDARD_BOARD, BLACK_BLOCKS)
        )
        for _ in range(sample)
    ]
    start = time.perf_counter()
    for puzzle in puzzles:
        _baseline(puzzle)
    per_placement = (time.perf_counter() - start) / sample
    baseline = per_placement * PLACEMENTS
    met = "met" if ours <= TARGET_CENSUS_S else "NOT met"
    print(f"Census of all {result.placements:,} placements ({result.tilings:,} solutions):")
    print(f"  ours      {ours:7.2f} s   target <= {TARGET_CENSUS_S:g} s: {met}")
    print(
        f"  baseline ~{baseline:7.1f} s   estimated: {per_placement * 1e3:.3f} ms per placement "
        f"on {sample} random placements x {PLACEMENTS:,}"
    )
    print(f"  speed-up ~{baseline / ours:.0f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="every 8th challenge, 1 run, small sample"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per challenge (best is kept)")
    parser.add_argument(
        "--sample", type=int, default=2000, help="placements for the baseline census"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the census sample")
    parser.add_argument("--no-census", action="store_true", help="skip the census")
    args = parser.parse_args()
    step, repeat, sample = (8, 1, 300) if args.quick else (1, args.repeat, args.sample)
    bench_challenges(step, repeat)
    if not args.no_census:
        bench_census(sample, args.seed)


if __name__ == "__main__":
    main()
