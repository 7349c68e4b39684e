"""Run one benchmark on two revisions of the package, alternately, in one run.

A change that should not change speed (a move of files, a refactoring) is checked by running
the same benchmark on the revision before it and on the working tree, in turns, so that the
load of a shared machine falls on both alike. The base revision is checked out into a
temporary git worktree; each run imports the package from its own ``src`` (PYTHONPATH) and
uses that revision's copy of the benchmark script.

    .venv/bin/python benchmarks/side_by_side.py --base REV [--rounds N] SCRIPT [ARGS...]

e.g. ``--base HEAD~3 --rounds 2 minesweeper_solver.py --games 1000 --expert-games 2000``
prints each run's output under a heading naming its revision and round.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_in(tree: Path, script: str, args: list[str]) -> str:
    """The output of ``benchmarks/script`` of ``tree``, importing the package from its src."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    done = subprocess.run(
        [sys.executable, str(tree / "benchmarks" / script), *args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout + (f"[exit {done.returncode}] {done.stderr}" if done.returncode else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each (default 2)")
    parser.add_argument("script", help="a file name in benchmarks/, e.g. mondrian_bench.py")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="the benchmark's own options")
    options = parser.parse_args()
    if not 1 <= options.rounds <= 20:
        parser.error("--rounds must be from 1 to 20")
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), options.base],
            check=True,
        )
        try:
            for round_number in range(1, options.rounds + 1):
                for name, tree in ((options.base, base), ("working tree", ROOT)):
                    print(f"== {name}, round {round_number}", flush=True)
                    print(run_in(tree, options.script, options.args), flush=True)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=True
            )


if __name__ == "__main__":
    main()
