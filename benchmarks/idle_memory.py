"""The memory an idle web server holds: `gridpuzzles serve` with many server processes and
solver workers allowed, once it has answered one request of each API (issue 35: under 1 GiB).

    .venv/bin/python benchmarks/idle_memory.py            # --workers 2 --solver-workers 32
    .venv/bin/python benchmarks/idle_memory.py --workers 4 --solver-workers 8 --settle 3

Starts `gridpuzzles serve --workers N --solver-workers M` on a SQLite file in a temporary
folder (`ServerProcess`, as the tests and `web_load.py` start theirs), waits until it
answers, starts one Minesweeper game and one Mondrian game, waits until its tree is whole
(each server process with its fork server and the one solver worker it starts at once) and no
process of it has started or ended for ``--settle`` seconds, then reads the memory of every
process of the tree (the supervisor, the server processes, their fork servers and solver
workers) from ``/proc``.

PSS (proportional set size, ``/proc/PID/smaps_rollup``) is the figure to quote: a page shared
by several processes (the fork server's preloaded modules in its workers) counts once in
their sum, split between them. RSS (``VmRSS``) counts a shared page in every process that
maps it, so the RSS total overstates what the tree takes. Prints one line per process, then
the process count and both totals in MiB; ends with status 1 when the PSS total is over the
target. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from gridpuzzles.cli.options import whole_number
from gridpuzzles.cli.serve import SOLVER_WORKERS, WORKERS

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file: import `benchmarks` from the repository root
    sys.path.insert(0, str(ROOT))
from benchmarks.server import ServerProcess  # noqa: E402

TARGET_MIB = 1024
"""The issue's bound on the idle server tree's memory (PSS), in MiB."""
KIB_PER_MIB = 1024


SETTLE_LIMIT = 120.0
"""The most seconds to wait for the tree to stop changing (the fork servers and the first
solver workers start in the background, after the server first answers)."""
POLL_SECONDS = 0.25
SERVER = "server process"
FORK_SERVER = "fork server (of solver workers)"
SOLVER_WORKER = "solver worker"


@dataclass(frozen=True)
class ProcessMemory:
    """One process of the tree: its id, its role, and its memory in KiB."""

    pid: int
    role: str
    rss_kib: int
    pss_kib: int


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (every thread's children, as the kernel lists them)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
    return found


def tree(root: int) -> dict[int, int]:
    """``root`` and every process below it, parents first: each one's parent (0 for root)."""
    parents = {root: 0}
    waiting = [root]
    while waiting:  # breadth first
        pid = waiting.pop(0)
        for child in children(pid):
            parents[child] = pid
            waiting.append(child)
    return parents


def settled_tree(root: int, settle: float) -> dict[int, int]:
    """`tree` of ``root`` once it is whole (`whole`) and has not changed for ``settle``
    seconds, or as it is after `SETTLE_LIMIT` seconds."""
    deadline = time.monotonic() + SETTLE_LIMIT
    seen = tree(root)
    since = time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        now = tree(root)
        if now != seen or not whole(now):
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= settle:
            break
    return seen


def whole(parents: dict[int, int]) -> bool:
    """Whether each server process has its fork server, and each fork server the solver
    worker it starts at once (`Workers.start`): an idle server's tree. (The fork server
    imports the solvers before it forks the worker, seconds in which nothing changes.)"""
    roles = {pid: role_of(pid, parents) for pid in parents}
    servers = sum(role == SERVER for role in roles.values()) or 1  # else the root serves
    fork_servers = [pid for pid, role in roles.items() if role == FORK_SERVER]
    with_worker = {parents[pid] for pid, role in roles.items() if role == SOLVER_WORKER}
    return len(fork_servers) == servers and with_worker >= set(fork_servers)


def role_of(pid: int, parents: dict[int, int]) -> str:
    """What a process of the server's tree is, from its command line and its parent's."""
    if parents[pid] == 0:
        return "supervisor (gridpuzzles serve)"
    command = Path(f"/proc/{pid}/cmdline").read_bytes()
    if b"resource_tracker" in command:
        return "multiprocessing resource tracker"
    if b"forkserver" in command:
        parent = Path(f"/proc/{parents[pid]}/cmdline").read_bytes()
        return SOLVER_WORKER if b"forkserver" in parent else FORK_SERVER
    if b"spawn_main" in command:
        return SERVER
    return command.split(b"\0")[0].decode(errors="replace")


def field_kib(path: Path, name: str) -> int:
    """The ``name:  N kB`` line of a ``/proc`` file, in KiB (0 when it has none)."""
    for line in path.read_text().splitlines():
        if line.startswith(f"{name}:"):
            return int(line.split()[1])
    return 0


def memory_of(pid: int, parents: dict[int, int]) -> ProcessMemory:
    proc = Path(f"/proc/{pid}")
    return ProcessMemory(
        pid,
        role_of(pid, parents),
        field_kib(proc / "status", "VmRSS"),
        field_kib(proc / "smaps_rollup", "Pss"),
    )


def play_once(url: str) -> None:
    """One request of each API that starts a game (the server's first real work)."""
    with httpx.Client(base_url=url, timeout=30.0) as client:
        for path, body in (
            ("/api/minesweeper/games", {"level": "beginner"}),
            ("/api/mondrian/games", {"challenge": "random"}),
        ):
            client.post(path, json=body).raise_for_status()


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--workers",
        type=whole_number("the number of server processes", *WORKERS),
        default=2,
        metavar="N",
        help=f"serve --workers, {WORKERS[0]}-{WORKERS[1]} (2)",
    )
    parser.add_argument(
        "--solver-workers",
        type=whole_number("the number of solver workers", *SOLVER_WORKERS),
        default=32,
        metavar="N",
        help=f"serve --solver-workers, {SOLVER_WORKERS[0]}-{SOLVER_WORKERS[1]} (32, the most)",
    )
    parser.add_argument(
        "--settle",
        type=whole_number("the seconds to wait", 0, 60),
        default=1,
        metavar="S",
        help="seconds the server's processes must stay the same (none started or ended) "
        "after the requests before memory is read, 0-60 (1)",
    )
    return parser.parse_args()


def main() -> int:
    args = arguments()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(
            Path(folder) / "games.db",
            workers=args.workers,
            options=("--solver-workers", str(args.solver_workers)),
        )
        url = server.start()
        try:
            play_once(url)
            assert server.process is not None  # started
            parents = settled_tree(server.process.pid, args.settle)
            processes = [memory_of(pid, parents) for pid in parents]
        finally:
            server.stop()
    print(
        f"gridpuzzles serve --workers {args.workers} --solver-workers {args.solver_workers}, "
        f"idle {args.settle} s (no process started or ended) after one game of each puzzle:"
    )
    for process in processes:
        print(
            f"  {process.pid:>7}  RSS {process.rss_kib / KIB_PER_MIB:7.1f} MiB  "
            f"PSS {process.pss_kib / KIB_PER_MIB:7.1f} MiB  {process.role}"
        )
    pss = sum(process.pss_kib for process in processes) / KIB_PER_MIB
    rss = sum(process.rss_kib for process in processes) / KIB_PER_MIB
    met = pss < TARGET_MIB
    print(
        f"{len(processes)} processes: PSS {pss:.1f} MiB in all (RSS {rss:.1f} MiB, shared pages "
        f"counted in each process); target under {TARGET_MIB} MiB: {'met' if met else 'MISSED'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
