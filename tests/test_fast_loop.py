"""The fast loop (`scripts/test.sh --fast`) leaves out exactly the tests of real parts: no page in
Chromium, no PostgreSQL, no terminal shell, no install, no server process; and it keeps the
cores, the solvers, the mid-end, the store on SQLite and the web app in process."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAST = "not (browser or postgres or terminal or install or slow)"
"""The marker expression of the fast loop, as `scripts/test.sh --fast` gives it."""


def collected(expression: str, *paths: str) -> set[str]:
    """The ids of the tests under ``paths`` that ``-m expression`` selects."""
    collect = ["--collect-only", "-q", "-o", "addopts=", "-p", "no:cacheprovider"]
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", *collect, "-m", expression, *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {line for line in listed.splitlines() if "::" in line}


def test_the_fast_loop_leaves_out_the_real_parts_and_keeps_the_rest() -> None:
    assert FAST in (ROOT / "scripts" / "test.sh").read_text()
    web = [
        "tests/web/minesweeper/test_api.py",
        "tests/web/minesweeper/test_browser.py",
        "tests/web/test_processes.py",
    ]
    paths = ["tests/midend", *web, "tests/tui/test_watch.py", "tests/storage/test_engine.py"]
    fast = collected(FAST, *paths)
    modules = {test.split("::")[0] for test in fast}
    # kept: the mid-end, the web app in process, the store on SQLite (and the refusals of a
    # database URL, which name PostgreSQL but need no server)
    assert {"tests/midend/test_contract.py", "tests/web/minesweeper/test_api.py"} <= modules
    assert any(re.search(r"test_engine\.py::.*\[sqlite\]", test) for test in fast)
    assert any(re.search(r"test_engine\.py::.*\[.*postgresql://", test) for test in fast)
    # left out: the full-screen app, pages in Chromium, server processes, PostgreSQL
    assert not any(test.startswith("tests/tui/") for test in fast)
    assert not {"tests/web/minesweeper/test_browser.py", "tests/web/test_processes.py"} & modules
    assert not any(re.search(r"\[postgresql\]|postgres_url", test) for test in fast)
