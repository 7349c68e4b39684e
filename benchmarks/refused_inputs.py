"""Oversized inputs are refused before any work: the peak memory and time of each refusal.

Each input runs `python -m gridpuzzles ...` as a child process; its peak resident memory
comes from the kernel (``wait4``), its time from the wall clock. Every refusal must end with
a non-zero status and a message, under `MEMORY_BOUND`; the tests run the same list.

    .venv/bin/python benchmarks/refused_inputs.py [--only TEXT]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MEMORY_BOUND = 1024**3
"""No refused input may make the process use more than this (bytes)."""
TIME_LIMIT = 60.0
"""A child still running after this long is killed: it was not refused."""
GUARD = 4 * 1024**3
"""The address space a child may take, so that an input that is not refused cannot take the
machine's memory."""
HUGE = "1" + "0" * 30


@dataclass(frozen=True)
class Refused:
    """An input the program must refuse: the arguments of `gridpuzzles` and standard input."""

    label: str
    argv: tuple[str, ...]
    stdin: bytes = b""
    files: tuple[tuple[str, bytes], ...] = ()
    """Files written in the working folder first (name, content)."""


@dataclass(frozen=True)
class Refusal:
    """How the program answered: exit status, what it wrote on stderr, peak memory, time."""

    status: int
    stderr: str
    peak_bytes: int
    seconds: float


BOARD_LINE = json.dumps({"w": 100000, "h": 100000, "mines": [5, 17], "start": 0}).encode()
REFUSED = (
    Refused(
        "mines play: a 100000x100000 board",
        ("mines", "play", "--width", "100000", "--height", "100000", "--mines", "10"),
    ),
    Refused(
        "mines play: a seed past 2**63-1", ("mines", "play", "--level", "beginner", "--seed", HUGE)
    ),
    Refused(
        "mines analyze: a 6000x6000 view on stdin",
        ("mines", "analyze", "--mines", "10"),
        stdin=("#" * 6000 + "\n").encode() * 6000,
    ),
    Refused(
        "mines analyze: 500x500 past --max-seconds 1",
        ("mines", "analyze", "--mines", "20000", "--max-seconds", "1"),
        stdin=("#" * 500 + "\n").encode() * 500,
    ),
    Refused(
        "mines bench: a 100000x100000 board in --boards",
        ("mines", "bench", "--boards", "boards.jsonl"),
        files=(("boards.jsonl", BOARD_LINE + b"\n"),),
    ),
    Refused("mines bench: 10**30 games", ("mines", "bench", "--games", HUGE)),
    Refused("mines bench: 100000 jobs", ("mines", "bench", "--jobs", "100000")),
    Refused(
        "mines bench: millions of sweep points",
        ("mines", "bench", "--sweep", "--level", "expert", "--densities", "0.1:0.5:0.0000001"),
    ),
    Refused(
        "mines bench: a 100000x100000 sweep",
        ("mines", "bench", "--sweep", "--width", "100000", "--height", "100000"),
    ),
    Refused(
        "tui: a 100000x100000 board",
        ("tui", "--width", "100000", "--height", "100000", "--mines", "10"),
    ),
    Refused("tui: a seed past 2**63-1", ("tui", "--seed", HUGE)),
    Refused(
        "mondrian solve: a 100000x1 board",
        ("mondrian", "solve", "--board", "100000x1", "--blocks", "100000x1"),
    ),
    Refused(
        "mondrian solve: 20000 blocks",
        ("mondrian", "solve", "--board", "8x8", "--blocks", ",".join(["1x1"] * 20000)),
    ),
    Refused(
        "mondrian census: a 1000x1000 board",
        ("mondrian", "census", "--board", "1000x1000", "--blocks", "1000x1000"),
    ),
    Refused("mondrian generate: 10**30 challenges", ("mondrian", "generate", "--count", HUGE)),
    Refused("mondrian generate: a seed past 2**63-1", ("mondrian", "generate", "--seed", HUGE)),
    Refused("serve: port 99999", ("serve", "--port", "99999")),
)


def refuse(case: Refused, folder: Path) -> Refusal:
    """Run ``case`` in ``folder``; its status, standard error, peak memory and time.

    A child's peak memory counts the pages it shares with its parent right after the fork,
    so the command is started by a small launcher process (this file, run with ``--launch``)
    rather than by a large caller such as pytest.
    """
    for name, content in case.files:
        (folder / name).write_bytes(content)
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stderr:
        stdin.write(case.stdin)
        stdin.seek(0)
        launched = subprocess.run(
            [sys.executable, __file__, "--launch", "-m", "gridpuzzles", *case.argv],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=stderr,
            cwd=folder,
            check=True,
        )
        stderr.seek(0)
        text = stderr.read().decode("utf-8", "replace")
    status, peak, seconds = json.loads(launched.stdout)
    return Refusal(status, text, peak, seconds)


def launch(arguments: list[str]) -> None:
    """Run Python with ``arguments`` under the memory guard and the time limit, sharing this
    process's standard input and error; print its status, peak bytes and seconds as JSON."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, *arguments], stdout=subprocess.DEVNULL, preexec_fn=_guard
    )
    _, status, usage = _wait(process, start + TIME_LIMIT)
    seconds = time.perf_counter() - start
    print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss * 1024, seconds]))


def _guard() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (GUARD, GUARD))


def _wait(process: subprocess.Popen[bytes], deadline: float) -> tuple[int, int, Any]:
    """``os.wait4`` of ``process``, killing it first if it runs past ``deadline``."""
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            return pid, status, usage
        if time.perf_counter() > deadline:
            process.kill()
            return os.wait4(process.pid, 0)
        time.sleep(0.01)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", metavar="TEXT", default="", help="only the inputs whose label holds TEXT"
    )
    cases = [case for case in REFUSED if parser.parse_args().only in case.label]
    if not cases:
        parser.error("--only matches no input's label")
    print(f"Refused inputs: peak memory (bound {MEMORY_BOUND / 2**20:.0f} MiB) and time")
    print(f"{'input':<48} {'status':>6} {'peak MiB':>9} {'seconds':>8}  message")
    with tempfile.TemporaryDirectory() as folder:
        for case in cases:
            answer = refuse(case, Path(folder))
            message = answer.stderr.strip().splitlines()[-1] if answer.stderr.strip() else "-"
            print(
                f"{case.label:<48} {answer.status:>6} {answer.peak_bytes / 2**20:>9.1f} "
                f"{answer.seconds:>8.2f}  {message[:90]}"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--launch"]:
        launch(sys.argv[2:])
    else:
        main()
