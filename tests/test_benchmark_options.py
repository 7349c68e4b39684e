"""The solver benchmarks refuse options outside their bounds in one line, before any work."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

REFUSED = [
    ("minesweeper_losses.py", ["--games", "10000000"], "--games"),
    ("minesweeper_losses.py", ["--seed", "-1"], "--seed"),
    ("minesweeper_guess_variants.py", ["--seeds", "2", "-5"], "--seed"),
    ("minesweeper_guess_variants.py", ["--jobs", "65"], "--jobs"),
    ("minesweeper_opening.py", ["--games", "0"], "--games"),
    ("minesweeper_endgame_regret.py", ["--games", "2000000"], "--games"),
    ("minesweeper_endgame_regret.py", ["--layouts", "0"], "--layouts"),
    ("minesweeper_solver.py", ["--expert-games", "0"], "--expert-games"),
    ("minesweeper_solver.py", ["--no-guess-boards", "99999999"], "--no-guess-boards"),
]


@pytest.mark.parametrize(("script", "argv", "named"), REFUSED)
def test_a_benchmark_refuses_an_option_out_of_bounds(
    script: str, argv: list[str], named: str
) -> None:
    answer = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    lines = answer.stderr.strip().splitlines()
    assert answer.returncode == 2
    assert "Traceback" not in answer.stderr
    assert named in lines[-1] and "error:" in lines[-1]
    assert answer.stdout == ""
