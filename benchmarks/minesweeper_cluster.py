"""`mines bench` on a local Dask cluster against `--jobs`, side by side in one run.

Starts a cluster of ``--workers`` processes of one thread each on loopback, then runs the
same command in turns with ``--jobs N`` and with ``--cluster ADDRESS``, each as a new process
the way a user runs it (imports, the connection and the results file included), and prints
the median wall time of each, their ratio, and whether every run gave the same per-board
results.

    .venv/bin/python benchmarks/minesweeper_cluster.py --level beginner --games 2000 \\
        --workers 2 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from distributed import LocalCluster

MINES = Path(sys.executable).parent / "mines"


def per_board(path: Path) -> list[tuple[object, ...]]:
    """Each board's result in a results file, without its time."""
    lines = path.read_text().splitlines()[1:]
    return [tuple(v for k, v in json.loads(line).items() if k != "seconds") for line in lines]


def timed(args: list[str], results: Path) -> float:
    """Seconds of wall time of one `mines bench` run."""
    started = time.perf_counter()
    subprocess.run(
        [str(MINES), "bench", *args, "--results", str(results)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    board = ["--level", args.level, "--games", str(args.games), "--seed", str(args.seed)]
    with (
        tempfile.TemporaryDirectory() as folder,
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=args.workers,
            processes=True,
            threads_per_worker=1,
            host="127.0.0.1",
            dashboard_address=":0",
        ) as cluster,
    ):
        ways = {
            f"--jobs {args.workers}": ["--jobs", str(args.workers)],
            f"--cluster ({args.workers} workers)": ["--cluster", str(cluster.scheduler_address)],
        }
        times: dict[str, list[float]] = {name: [] for name in ways}
        boards = set()
        for round_ in range(args.rounds):
            for n, (name, extra) in enumerate(ways.items()):
                results = Path(folder) / f"{round_}-{n}.jsonl"
                times[name].append(timed([*board, *extra], results))
                boards.add(tuple(per_board(results)))
    print(f"{args.games} {args.level} games, seed {args.seed}, {args.rounds} rounds in turns")
    for name, seconds in times.items():
        shown = ", ".join(f"{s:.1f}" for s in seconds)
        print(f"  {name:<24} median {statistics.median(seconds):6.1f} s  ({shown})")
    first, second = (statistics.median(s) for s in times.values())
    print(f"  cluster / jobs: {second / first:.2f}")
    print(f"  same per-board results in every run: {'yes' if len(boards) == 1 else 'NO'}")


if __name__ == "__main__":
    main()
