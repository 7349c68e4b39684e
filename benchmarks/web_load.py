"""Load on the web app: many clients at once play Minesweeper games against a running server.

    .venv/bin/python benchmarks/web_load.py                  # starts a server on a temporary db
    .venv/bin/python benchmarks/web_load.py --url http://127.0.0.1:8023 --clients 100

Each client is its own HTTP client (its own connection and token) that creates games and
reveals random hidden cells until the game ends, for a bounded number of games and time.
Prints requests per second and the p50/p90/p99 latency of a move. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from gridpuzzles.web.process import ServerProcess

GAMES = "/api/minesweeper/games"


@dataclass
class Tally:
    """What all clients did: requests sent, games finished, move latencies in seconds."""

    requests: int = 0
    games: int = 0
    errors: int = 0
    move_latencies: list[float] = field(default_factory=list)


def hidden_cells(rows: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == "#"]


async def play_game(
    client: httpx.AsyncClient, level: str, rng: random.Random, tally: Tally
) -> None:
    """One game: create it, then reveal random hidden cells until it ends."""
    created = await client.post(GAMES, json={"level": level})
    tally.requests += 1
    created.raise_for_status()
    state = created.json()
    path = f"{GAMES}/{state['id']}/moves"
    headers = {"X-Game-Token": state["token"]}
    while state["status"] == "playing":
        row, col = rng.choice(hidden_cells(state["view"]))
        started = time.perf_counter()
        answer = await client.post(path, json={"move": f"r{row},{col}"}, headers=headers)
        tally.move_latencies.append(time.perf_counter() - started)
        tally.requests += 1
        if answer.status_code != 200:
            tally.errors += 1
            return
        state = answer.json()
    tally.games += 1


async def client_loop(
    url: str, level: str, games: int, deadline: float, seed: int, tally: Tally
) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=30.0) as client:
        for _ in range(games):
            if time.perf_counter() > deadline:
                return
            await play_game(client, level, rng, tally)


async def run(url: str, clients: int, games: int, seconds: float, level: str) -> Tally:
    tally = Tally()
    deadline = time.perf_counter() + seconds
    await asyncio.gather(
        *(client_loop(url, level, games, deadline, seed, tally) for seed in range(clients))
    )
    return tally


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0-1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(tally: Tally, clients: int, elapsed: float) -> str:
    ms = [latency * 1000 for latency in tally.move_latencies]
    return "\n".join(
        [
            f"clients {clients}, games finished {tally.games}, requests {tally.requests}, "
            f"errors {tally.errors}, in {elapsed:.1f} s",
            f"requests per second: {tally.requests / elapsed:.0f}",
            f"move latency (ms): p50 {percentile(ms, 0.50):.1f}, p90 {percentile(ms, 0.90):.1f}, "
            f"p99 {percentile(ms, 0.99):.1f}, mean {statistics.fmean(ms):.1f}, max {max(ms):.1f}",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one on a temporary db)")
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (50)")
    parser.add_argument("--games", type=int, default=10, help="games per client at most (10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop starting games after")
    parser.add_argument("--level", default="intermediate", help="level of every game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = ServerProcess(Path(folder) / "load.db") if args.url is None else None
        url = args.url if server is None else server.start()
        try:
            started = time.perf_counter()
            tally = asyncio.run(run(url, args.clients, args.games, args.seconds, args.level))
            print(report(tally, args.clients, time.perf_counter() - started))
        finally:
            if server is not None:
                server.stop()


if __name__ == "__main__":
    main()
