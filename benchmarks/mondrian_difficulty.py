"""How well the measured difficulty ranks the 352 published challenges by their own levels.

Run ``.venv/bin/python benchmarks/mondrian_difficulty.py``.  For each published challenge it
computes the logical player's search (`solving.difficulty.logical_effort`: positions per
solution, the score of `rate`) and, side by side, the fast solver's search tree (`solutions.search_effort`), then
prints the Spearman and Kendall rank correlations of each with the levels Easy < Medium <
Hard < Master, the median score of every level, how many challenges of each level `rate`
puts in each level, and the time per challenge. The scores count search steps, not time, so
the correlations are the same on every run and machine (tests/mondrian pins them).
``--every N`` takes every Nth challenge only (a quick run; the correlations then differ).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

from scipy.stats import kendalltau, spearmanr

from gridpuzzles.mondrian.core.challenges import LEVELS
from gridpuzzles.mondrian.core.grid import Puzzle
from gridpuzzles.mondrian.core.official import OfficialChallenge, published_challenges
from gridpuzzles.mondrian.solving.difficulty import level_of_score, logical_effort
from gridpuzzles.mondrian.solving.solutions import search_effort

Measure = Callable[[Puzzle], int]
MEASURES: dict[str, Measure] = {
    "logical player (rate)": lambda puzzle: logical_effort(puzzle).score,
    "fast solver's tree": lambda puzzle: search_effort(puzzle).positions,
}


def level_numbers(challenges: Sequence[OfficialChallenge]) -> list[int]:
    """Each challenge's published level as a rank: 0 for Easy up to 3 for Master."""
    return [LEVELS.index(entry.level.lower()) for entry in challenges]


def correlations(scores: Sequence[int], levels: Sequence[int]) -> tuple[float, float]:
    """The Spearman and the Kendall tau-b rank correlations of ``scores`` with ``levels``."""
    return float(spearmanr(scores, levels)[0]), float(kendalltau(scores, levels)[0])


def report(name: str, measure: Measure, challenges: Sequence[OfficialChallenge]) -> list[int]:
    """Print the rank correlations of ``measure`` with the published levels; its scores."""
    started = time.perf_counter()
    scores = [measure(entry.puzzle) for entry in challenges]
    seconds = time.perf_counter() - started
    levels = level_numbers(challenges)
    rho, tau = correlations(scores, levels)
    medians = "  ".join(
        f"{level} {statistics.median(s for s, n in zip(scores, levels, strict=True) if n == i):g}"
        for i, level in enumerate(LEVELS)
    )
    print(f"{name}:")
    print(f"  Spearman {rho:.3f}   Kendall tau-b {tau:.3f}   over {len(scores)} challenges")
    print(f"  median score per level: {medians}")
    print(f"  {seconds / len(scores) * 1e3:.1f} ms per challenge")
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--every", type=int, default=1, metavar="N", help="every Nth challenge only (1: all)"
    )
    every = parser.parse_args().every
    if not 1 <= every <= 20:
        parser.error("--every must be from 1 to 20")
    challenges = published_challenges()[::every]
    scores: list[int] = []
    for name, measure in MEASURES.items():
        found = report(name, measure, challenges)
        scores = scores or found
    print("Levels rated (rows: published level; columns: rated easy, medium, hard, master):")
    for level in LEVELS:
        rated = Counter(
            level_of_score(score)
            for score, entry in zip(scores, challenges, strict=True)
            if entry.level.lower() == level
        )
        print(f"  {level:<7}" + "".join(f"{rated[name]:>8}" for name in LEVELS))


if __name__ == "__main__":
    main()
