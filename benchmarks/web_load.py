"""Load on the web app: many players at once play Minesweeper games against a running server,
first alone, then beside a few attackers who send the most expensive requests they can craft.

    .venv/bin/python benchmarks/web_load.py                  # a fresh server per phase, temporary db
    .venv/bin/python benchmarks/web_load.py --attackers 0    # the players alone
    .venv/bin/python benchmarks/web_load.py --url http://127.0.0.1:8023 --clients 100

Each player is its own HTTP client (its own connection and token) that creates games and
reveals random hidden cells until the game ends, for a bounded number of games and time.
Each attacker repeats one expensive request until the players are done: a hint, the
probabilities or Play Move on a seeded 100x100 board whose view it crafted so that exact
analysis runs for minutes, or the first reveal of a dense no-guess board of the largest size
the server makes. Prints, for each phase, the players' requests per second and move latency
(p50/p90/p99), and how the attackers were answered. Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import random
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from gridpuzzles.minesweeper import Config, FirstClick, Mark, new_game, reveal
from gridpuzzles.web.process import ServerProcess

GAMES = "/api/minesweeper/games"

ATTACK_CONFIG = Config(100, 100, 3000, FirstClick.SAFE)
"""The board of the advice attacks: the largest the web app plays, 30% mines."""
ATTACK_ROWS = (1, 3, 5, 7)
NO_GUESS_ATTACK = {"width": 50, "height": 50, "mines": 750, "first_click": "no-guess", "seed": 2}
"""The largest and densest no-guess board the web app makes (2500 cells, 30% mines), on a
seed for which generating it from the middle takes about twenty seconds."""
ATTACKS = ("hint", "probabilities", "auto-move", "no-guess")
"""What attacker number i sends: ``ATTACKS[i % 4]``."""
ATTACK_TIMEOUT = 60.0
"""An attacker gives up waiting for an answer after this long (the server may go on working)."""
ATTACK_REQUESTS = 1000
"""The most attack requests one attacker sends in a phase."""
ATTACK_WIND_DOWN = 15.0
"""Once the players are done, how long the attackers may wait for their last answers."""


@dataclass
class Tally:
    """What all players did: requests sent, games finished, move latencies in seconds."""

    requests: int = 0
    games: int = 0
    errors: int = 0
    move_latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    """From the first request to the last answer."""


@dataclass
class AttackTally:
    """How the attackers were answered: a count per HTTP status (or client-side outcome)."""

    answers: Counter[str] = field(default_factory=Counter)
    setup_requests: int = 0


@dataclass(frozen=True)
class Attack:
    """One expensive request, ready to send again and again."""

    method: str
    path: str
    token: str
    body: dict[str, str] | None = None


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
            try:
                await play_game(client, level, rng, tally)
            except httpx.HTTPError:
                tally.errors += 1


async def run(url: str, clients: int, games: int, seconds: float, level: str) -> Tally:
    tally = Tally()
    started = time.perf_counter()
    deadline = started + seconds
    await asyncio.gather(
        *(client_loop(url, level, games, deadline, seed, tally) for seed in range(clients))
    )
    tally.seconds = time.perf_counter() - started
    return tally


def exploding_reveals(seed: int) -> list[str]:
    """Reveal moves on the `ATTACK_CONFIG` game of ``seed`` after which exact analysis runs
    for minutes: the corner, then every other cell of rows 1, 3, 5 and 7 that is safe and
    shows a number. The numbers share hidden neighbours along and across the rows, so the
    frontier is one component of hundreds of boxes, whose mine counts are enumerated by
    backtracking. The attacker knows the mines because it chose the seed."""
    game = reveal(new_game(ATTACK_CONFIG, seed), 0, 0)
    layout = game.layout
    assert layout is not None
    moves = ["r0,0"]
    for row in ATTACK_ROWS:
        for col in range(1, ATTACK_CONFIG.width, 2):
            index = row * ATTACK_CONFIG.width + col
            if (
                game.marks[index] == Mark.HIDDEN
                and layout.counts[index]
                and not layout.is_mine(index)
            ):
                game = reveal(game, row, col)
                moves.append(f"r{row},{col}")
    return moves


def attack_board(seed: int) -> dict[str, Any]:
    """The body of a new `ATTACK_CONFIG` game on ``seed``."""
    config = ATTACK_CONFIG
    return {"width": config.width, "height": config.height, "mines": config.mines, "seed": seed}


async def prepare(client: httpx.AsyncClient, kind: str, seed: int, tally: AttackTally) -> Attack:
    """A new game set up for attack ``kind`` (one of `ATTACKS`)."""
    body = NO_GUESS_ATTACK if kind == "no-guess" else attack_board(seed)
    created = await client.post(GAMES, json=body)
    tally.setup_requests += 1
    created.raise_for_status()
    game = created.json()
    path = f"{GAMES}/{game['id']}"
    if kind == "no-guess":
        return Attack("POST", f"{path}/moves", game["token"], {"move": "r25,25"})
    for move in exploding_reveals(seed):
        answer = await client.post(
            f"{path}/moves", json={"move": move}, headers={"X-Game-Token": game["token"]}
        )
        tally.setup_requests += 1
        answer.raise_for_status()
    method = "POST" if kind == "auto-move" else "GET"
    return Attack(method, f"{path}/{kind}", game["token"])


async def attacker(
    client: httpx.AsyncClient,
    kind: str,
    seed: int,
    attack: Attack,
    stop: asyncio.Event,
    tally: AttackTally,
) -> None:
    """Send ``attack`` again and again until ``stop`` is set. A fresh game is set up
    whenever an answer may have changed the game (anything but 503 or no answer)."""
    for number in range(ATTACK_REQUESTS):
        if stop.is_set():
            return
        try:
            answer = await client.request(
                attack.method, attack.path, json=attack.body, headers={"X-Game-Token": attack.token}
            )
        except httpx.TimeoutException:
            tally.answers[f"no answer within {ATTACK_TIMEOUT:g} s"] += 1
            continue
        except httpx.TransportError as error:  # e.g. a kept-alive connection the server closed
            tally.answers[f"connection lost ({type(error).__name__})"] += 1
            continue
        tally.answers[str(answer.status_code)] += 1
        if answer.status_code != 503:
            attack = await prepare(client, kind, seed + 1000 * (number + 1), tally)


async def run_with_attackers(
    url: str, clients: int, games: int, seconds: float, level: str, attackers: int
) -> tuple[Tally, AttackTally]:
    """`run` while ``attackers`` attack. They set up their games first; once the players are
    done, they finish the request they are waiting for (`ATTACK_WIND_DOWN` at most)."""
    attacks = AttackTally()
    stop = asyncio.Event()
    kinds = [ATTACKS[i % len(ATTACKS)] for i in range(attackers)]
    async with contextlib.AsyncExitStack() as stack:
        sessions = [
            await stack.enter_async_context(httpx.AsyncClient(base_url=url, timeout=ATTACK_TIMEOUT))
            for _ in kinds
        ]
        ready = await asyncio.gather(
            *(prepare(sessions[i], kinds[i], 1 + i, attacks) for i in range(attackers))
        )
        tasks = [
            asyncio.create_task(attacker(sessions[i], kinds[i], 1 + i, ready[i], stop, attacks))
            for i in range(attackers)
        ]
        tally = await run(url, clients, games, seconds, level)
        stop.set()
        for outcome in await wound_down(tasks):
            if isinstance(outcome, asyncio.CancelledError):
                attacks.answers["cut off at the end"] += 1
            elif isinstance(outcome, httpx.HTTPError):
                attacks.answers[f"failed ({type(outcome).__name__})"] += 1
            elif isinstance(outcome, BaseException):
                raise outcome
    return tally, attacks


async def wound_down(tasks: list[asyncio.Task[None]]) -> list[BaseException | None]:
    """Wait `ATTACK_WIND_DOWN` seconds at most for ``tasks``, cancel the rest; their outcomes."""
    if tasks:
        await asyncio.wait(tasks, timeout=ATTACK_WIND_DOWN)
    for task in tasks:
        task.cancel()
    return await asyncio.gather(*tasks, return_exceptions=True)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0-1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def report(tally: Tally, clients: int) -> str:
    ms = [latency * 1000 for latency in tally.move_latencies]
    return "\n".join(
        [
            f"clients {clients}, games finished {tally.games}, requests {tally.requests}, "
            f"errors {tally.errors}, in {tally.seconds:.1f} s",
            f"requests per second: {tally.requests / tally.seconds:.0f}",
            f"move latency (ms): p50 {percentile(ms, 0.50):.1f}, p90 {percentile(ms, 0.90):.1f}, "
            f"p99 {percentile(ms, 0.99):.1f}, mean {statistics.fmean(ms):.1f}, max {max(ms):.1f}",
        ]
    )


def attack_report(attacks: AttackTally, attackers: int) -> str:
    kinds = ", ".join(ATTACKS[i % len(ATTACKS)] for i in range(attackers))
    answers = ", ".join(f"{what} x{count}" for what, count in sorted(attacks.answers.items()))
    return (
        f"attackers {attackers} ({kinds}): {answers}; "
        f"{attacks.setup_requests} requests to set up their games"
    )


def summary(rows: list[tuple[str, Tally]]) -> str:
    """The phases side by side: the players' move p50/p99 and requests per second."""
    lines = [f"{'':24} {'move p50 ms':>11} {'move p99 ms':>11} {'req/s':>6} {'errors':>6}"]
    for label, tally in rows:
        ms = [latency * 1000 for latency in tally.move_latencies]
        lines.append(
            f"{label:24} {percentile(ms, 0.5):11.1f} {percentile(ms, 0.99):11.1f} "
            f"{tally.requests / tally.seconds:6.0f} {tally.errors:6}"
        )
    return "\n".join(lines)


@contextmanager
def server_at(url: str | None, folder: Path, name: str) -> Iterator[str]:
    """``url``, or a fresh `gridpuzzles serve` on a database in ``folder`` for the phase."""
    if url is not None:
        yield url
        return
    server = ServerProcess(folder / f"{name}.db")
    try:
        yield server.start()
    finally:
        server.stop()


def loopback(url: str) -> str:
    """``url`` itself when its host is a loopback address (argparse type)."""
    host = urlsplit(url).hostname or ""
    try:
        looped = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        looped = False
    if not looped:
        raise argparse.ArgumentTypeError(f"only a loopback address is load-tested, not {url!r}")
    return url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--url", type=loopback, help="a running server (default: start one per phase)"
    )
    parser.add_argument("--clients", type=int, default=50, help="concurrent players (50)")
    parser.add_argument("--games", type=int, default=10, help="games per player at most (10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="stop starting games after")
    parser.add_argument("--level", default="intermediate", help="level of every game")
    parser.add_argument(
        "--attackers", type=int, default=4, help="attackers in the second phase (4; 0: no phase)"
    )
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for attackers in [0] + [args.attackers] * (args.attackers > 0):
            label = f"with {attackers} attackers" if attackers else "players alone"
            with server_at(args.url, Path(folder), f"phase{attackers}") as url:
                tally, attacks = asyncio.run(
                    run_with_attackers(
                        url, args.clients, args.games, args.seconds, args.level, attackers
                    )
                )
            print(f"{label}:\n{report(tally, args.clients)}", flush=True)
            if attackers:
                print(attack_report(attacks, attackers), flush=True)
            rows.append((label, tally))
    print(summary(rows))


if __name__ == "__main__":
    main()
