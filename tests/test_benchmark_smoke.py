"""Every benchmark script runs: its smallest real form exits 0 and prints its figures.

The figures themselves are measurements (speed, win rates on a few games) and are not
checked here; a word of each script's report is, so that a script that runs but reports
nothing fails. Scripts that start servers or a cluster start them for real, on loopback.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"

SMOKE: dict[str, tuple[list[str], str]] = {
    "idle_memory.py": (["--workers", "1", "--solver-workers", "1", "--settle", "1"], "PSS"),
    "minesweeper_cluster.py": (
        ["--level", "beginner", "--games", "3", "--workers", "1", "--rounds", "1"],
        "same per-board results",
    ),
    "minesweeper_core.py": (["--games", "2", "--floods", "1"], "games/s"),
    "minesweeper_cpu_time.py": (["--games", "1", "--evaluation", "lookahead"], "CPU per game"),
    "minesweeper_endgame_regret.py": (
        ["--games", "2", "--layouts", "300", "--cells", "40", "--budget", "1000"],
        "exact play would add",
    ),
    "minesweeper_guess_variants.py": (
        ["--seeds", "2", "--games", "2", "--variant", "fifty_fifty_weight=1.5"],
        "fifty_fifty_weight=1.5: wins per seed",
    ),
    "minesweeper_losses.py": (["--games", "2"], "guess chosen by"),
    "minesweeper_noguess_randomness.py": (["--boards", "2"], "distinct layouts"),
    "minesweeper_opening.py": (["--games", "2"], "second click"),
    "minesweeper_solver.py": (
        ["--games", "1", "--expert-games", "1", "--no-guess-boards", "1"],
        "per game: median",
    ),
    "minesweeper_win_chance.py": (["--positions", "1", "--playouts", "1"], "win chance"),
    "mondrian_bench.py": (["--quick", "--no-census"], "speed-up"),
    "mondrian_difficulty.py": (["--every", "20"], "Spearman"),
    "mondrian_facts.py": (
        ["--board", "4x4", "--blocks", "1x1,1x2,1x3,1x4,2x3", "--published", "3"],
        "Placements with exactly one solution",
    ),
    "refused_inputs.py": (["--only", "port 99999"], "serve: port 99999"),
    "review_speed.py": (["--level", "beginner", "--games", "2"], "review per game median"),
    "tui_redraw.py": (["--side", "8", "--keys", "4", "--size", "40x12"], "processor time a key"),
    "watch_step.py": (["--quick"], "the 95th percentile of every kind of press"),
    "web_keepalive.py": (["--games", "1"], "minesweeper move:"),
    "web_load.py": (
        ["--clients", "1", "--hinters", "0", "--games", "1", "--seconds", "1", "--attackers", "0"],
        "req/s",
    ),
}
"""Per script: its smallest arguments and a word its report must print. The two scripts that
need more than arguments (files to compare, a git history) have tests of their own below."""

OWN_TESTS = {"minesweeper_paired_results.py", "side_by_side.py"}

MODULES = {"__init__.py", "server.py", "chromium.py"}
"""What the scripts (and the web tests) import, not scripts themselves: server.py starts
`gridpuzzles serve` as a child process, chromium.py says how the browser is launched."""


def run(script: Path, args: list[str], cwd: Path) -> str:
    """The output of ``script`` run with ``args`` by this Python; it must exit 0."""
    done = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_every_benchmark_script_has_a_smoke_test() -> None:
    scripts = {path.name for path in BENCHMARKS.glob("*.py")} - MODULES
    assert scripts == set(SMOKE) | OWN_TESTS


@pytest.mark.parametrize("script", sorted(SMOKE))
def test_a_benchmark_runs_with_tiny_arguments(script: str, tmp_path: Path) -> None:
    args, word = SMOKE[script]
    assert word in run(BENCHMARKS / script, args, tmp_path)


def test_paired_results_compares_two_results_files(tmp_path: Path) -> None:
    files = [tmp_path / "before.jsonl", tmp_path / "after.jsonl"]
    bench = [sys.executable, "-m", "gridpuzzles", "mines", "bench", "--level", "beginner"]
    for path in files:
        subprocess.run(
            [*bench, "--games", "3", "--seed", "1", "--results", str(path)],
            cwd=tmp_path,
            capture_output=True,
            check=True,
            timeout=120,
        )
    out = run(BENCHMARKS / "minesweeper_paired_results.py", [str(p) for p in files], tmp_path)
    assert "gained 0" in out


def test_side_by_side_runs_a_script_on_a_base_revision_and_the_working_tree(
    tmp_path: Path,
) -> None:
    # A throwaway repository of its own, so that the project's git state is never touched
    # (the script adds and removes a worktree of the repository it lives in).
    repo = tmp_path / "repo"
    (repo / "benchmarks").mkdir(parents=True)
    (repo / "src").mkdir()
    (repo / "benchmarks" / "side_by_side.py").write_bytes(
        (BENCHMARKS / "side_by_side.py").read_bytes()
    )
    (repo / "benchmarks" / "figure.py").write_text("print('figure', 41)\n")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    for step in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "base"]):
        subprocess.run([*git, *step], check=True, capture_output=True, timeout=60)
    (repo / "benchmarks" / "figure.py").write_text("print('figure', 42)\n")
    out = run(
        repo / "benchmarks" / "side_by_side.py",
        ["--base", "HEAD", "--rounds", "1", "figure.py"],
        tmp_path,
    )
    assert out.split("\n") == [
        "== HEAD, round 1",
        "figure 41",
        "",
        "== working tree, round 1",
        "figure 42",
        "",
        "",
    ]
