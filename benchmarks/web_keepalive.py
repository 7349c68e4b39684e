"""One player as a browser meets the server: one kept-alive connection (Python's
``http.client``, which, like a browser, acknowledges late), request after request, against a
fresh `gridpuzzles serve` of this tree (and of a base revision, in turns, with ``--base``).

    .venv/bin/python benchmarks/web_keepalive.py --base 0fa130b --rounds 2

Prints, per server: the median and 90th percentile of ``GET /api/minesweeper/options`` and of
a move (random reveals on expert games, then Mondrian placements of published challenges'
solutions), and the server processes' processor time per move (`web_load.ServerTime`).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from gridpuzzles.cli.options import whole_number
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.solving.solutions import first_solution

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from benchmarks.server import ServerProcess, seen  # noqa: E402
from benchmarks.web_load import ServerTime, Tree, trees  # noqa: E402

OPTIONS = 300
"""Kept-alive GETs of the options per round."""


class Player:
    """One kept-alive connection to ``url``."""

    def __init__(self, url: str) -> None:
        where = urlsplit(url)
        self.connection = http.client.HTTPConnection(where.hostname or "", where.port, timeout=60)

    def send(
        self, method: str, path: str, body: object = None, token: str | None = None
    ) -> tuple[float, Any]:
        """The answer's time in ms and its JSON."""
        headers = {"Content-Type": "application/json"}
        if token is not None:
            headers["X-Game-Token"] = token
        started = time.perf_counter()
        self.connection.request(
            method, path, body=None if body is None else json.dumps(body), headers=headers
        )
        answer = self.connection.getresponse()
        data = answer.read()
        took = (time.perf_counter() - started) * 1000
        if answer.status >= 300:
            raise RuntimeError(f"{method} {path}: {answer.status} {data[:200]!r}")
        return took, json.loads(data)


def minesweeper_moves(player: Player, games: int) -> list[float]:
    """Random reveals (with the move count seen) on ``games`` seeded expert games."""
    times = []
    for seed in range(games):
        _, state = player.send("POST", "/api/minesweeper/games", {"level": "expert", "seed": seed})
        path, token, rng = (
            f"/api/minesweeper/games/{state['id']}/moves",
            state["token"],
            random.Random(seed),
        )
        while state["status"] == "playing":
            hidden = [
                (r, c) for r, row in enumerate(state["view"]) for c, s in enumerate(row) if s == "#"
            ]
            row, col = rng.choice(hidden)
            took, state = player.send("POST", path, {"move": f"r{row},{col}", **seen(state)}, token)
            times.append(took)
    return times


def mondrian_moves(player: Player, games: int) -> list[float]:
    """The coloured blocks of a solution placed, one by one, on ``games`` random published
    challenges."""
    times = []
    for _ in range(games):
        _, state = player.send("POST", "/api/mondrian/games", {"challenge": "random"})
        path, token = f"/api/mondrian/games/{state['id']}/moves", state["token"]
        puzzle = find_published(state["code"]).puzzle
        black = {(b["row"], b["col"]) for b in state["black"]}
        for placement in first_solution(puzzle) or ():
            if (placement.row, placement.col) in black:
                continue
            body = {
                "action": "place",
                "block": str(placement.block),
                "row": placement.row,
                "col": placement.col,
                "orientation": placement.orientation.value,
            }
            times.append(player.send("POST", path, body, token)[0])
    return times


def measured(server: ServerProcess, work: Callable[[], list[float]]) -> tuple[list[float], float]:
    """The times ``work`` gives and the server's processor time per request meanwhile (ms)."""
    assert server.process is not None
    before = ServerTime.of(server.process.pid, 1)
    times = work()
    spent = ServerTime.of(server.process.pid, 1) - before
    return times, 1000 * spent.serving / len(times)


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    return (
        f"p50 {statistics.median(ordered):6.2f} ms, p90 {ordered[int(0.9 * len(ordered))]:6.2f} ms"
    )


def run(tree: Tree, games: int, folder: Path, round_number: int) -> None:
    server = ServerProcess(
        folder / f"{round_number}-{len(tree.label)}.db", environment=tree.environment()
    )
    server.start()
    try:
        player = Player(server.url)
        for _ in range(20):  # the connection made, the code loaded
            player.send("GET", "/api/minesweeper/options")
        minesweeper_moves(player, 2)
        options, options_cpu = measured(
            server,
            lambda: [player.send("GET", "/api/minesweeper/options")[0] for _ in range(OPTIONS)],
        )
        mines, mines_cpu = measured(server, lambda: minesweeper_moves(player, games))
        blocks, blocks_cpu = measured(server, lambda: mondrian_moves(player, max(1, games // 4)))
    finally:
        server.stop()
    print(f"== {tree.label}, round {round_number}")
    print(
        f"options:           {figures(options)}, server {options_cpu:.2f} ms per request ({len(options)})"
    )
    print(f"minesweeper move:  {figures(mines)}, server {mines_cpu:.2f} ms per move ({len(mines)})")
    print(
        f"mondrian move:     {figures(blocks)}, server {blocks_cpu:.2f} ms per move ({len(blocks)})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--base", metavar="REV", help="also measure a server of this git revision, in turns"
    )
    parser.add_argument(
        "--games",
        type=whole_number("the number of games", 1, 10_000),
        default=100,
        help="expert games per round (a quarter as many Mondrian games), 1-10000 (100)",
    )
    parser.add_argument(
        "--rounds",
        type=whole_number("the number of rounds", 1, 10),
        default=1,
        help="rounds, each server in turn, 1-10 (1)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, trees(args.base) as servers:
        for round_number in range(1, args.rounds + 1):
            for tree in servers:
                run(tree, args.games, Path(folder), round_number)


if __name__ == "__main__":
    main()
