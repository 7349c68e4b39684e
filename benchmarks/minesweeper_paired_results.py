"""Two solver versions on the same boards, from their ``mines bench --results`` files.

Run the same ``mines bench`` command (same level, games, seed and first click) once per
version, each with its own ``--results`` file (e.g. the older version with ``PYTHONPATH``
pointed at a worktree of it; running both at once with ``--jobs 1`` puts them under the
same load, so their times compare). This prints, over the boards both files hold, each
version's wins with the 95% (Wilson) interval and its median and mean time per game, then
the boards the second version gained and lost and the sign-test z (below about 2 it is
noise). The boards must be the same, line by line: a file of another run is refused. Several
pairs of files (other seeds) are compared each on its own, then all together.

    .venv/bin/python benchmarks/minesweeper_paired_results.py BEFORE.jsonl AFTER.jsonl \
        [BEFORE2.jsonl AFTER2.jsonl ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from gridpuzzles.minesweeper.solving.benchmark import Result, sign_test, wilson
from gridpuzzles.minesweeper.solving.results import ResultsFileError, parse_result


def read(path: Path) -> tuple[dict[str, object], list[tuple[str, Result]]]:
    """The run a results file names (its header, less the solver) and its complete lines:
    each board's digest and result. A line cut off mid-write (a run still going) ends it."""
    with path.open(encoding="utf-8") as lines:
        run = dict(json.loads(next(lines))["run"])
        run.pop("solver", None)
        results = []
        for index, line in enumerate(lines):
            if not line.endswith("\n"):
                break
            results.append((json.loads(line)["board"], parse_result(line, index, path.name)))
    return run, results


def describe(name: str, results: list[Result]) -> str:
    won = sum(r.won for r in results)
    low, high = wilson(won, len(results))
    times = [r.seconds * 1000 for r in results]
    return (
        f"{name}: {won} won of {len(results)} ({won / len(results):.2%}, 95% CI "
        f"{low:.2%}-{high:.2%}); median {statistics.median(times):.1f} ms, mean "
        f"{statistics.mean(times):.1f} ms per game"
    )


def paired(before_path: Path, after_path: Path) -> tuple[list[Result], list[Result]]:
    """The results of the boards both files hold, in board order; `SystemExit` when the
    files are not of the same run."""
    try:
        (run_before, before), (run_after, after) = read(before_path), read(after_path)
    except (OSError, ValueError, KeyError, StopIteration, ResultsFileError) as error:
        raise SystemExit(
            f"error: {before_path} or {after_path} is not a results file of mines bench "
            f"({type(error).__name__}: {error})"
        ) from None
    if run_before != run_after:
        raise SystemExit(f"error: the two files hold other runs: {run_before} and {run_after}")
    count = min(len(before), len(after))
    if count == 0 or any(before[i][0] != after[i][0] for i in range(count)):
        raise SystemExit(f"error: {before_path} and {after_path} do not hold the same boards")
    return [result for _, result in before[:count]], [result for _, result in after[:count]]


def compare(name: str, first: list[Result], second: list[Result]) -> None:
    print(describe(f"{name}, before", first))
    print(describe(f"{name}, after", second))
    gained, lost, z = sign_test([r.won for r in first], [r.won for r in second])
    print(
        f"{name}: after against before: gained {gained}, lost {lost}, net {gained - lost:+d} "
        f"(sign-test z {z:+.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", type=Path, nargs="+", help="BEFORE AFTER [BEFORE AFTER ...]")
    args = parser.parse_args()
    if len(args.files) % 2:
        parser.error("give the files in pairs: BEFORE AFTER [BEFORE AFTER ...]")
    every_before: list[Result] = []
    every_after: list[Result] = []
    for before_path, after_path in zip(args.files[::2], args.files[1::2], strict=True):
        first, second = paired(before_path, after_path)
        compare(f"{before_path.name} / {after_path.name}", first, second)
        every_before += first
        every_after += second
    if len(args.files) > 2:
        compare("all pairs", every_before, every_after)


if __name__ == "__main__":
    main()
