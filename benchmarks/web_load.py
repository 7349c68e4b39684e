"""Load on the web app as browsers meet it: players and hint-heavy clients at once, each on
its own kept-alive connection, against a fresh server per configuration (SQLite or
PostgreSQL, 1 or more `serve --workers`, this tree or a base revision), then beside a few
attackers who send the most expensive requests they can craft.

    .venv/bin/python benchmarks/web_load.py                  # sqlite, 1 worker; then attackers
    .venv/bin/python benchmarks/web_load.py --base 0fa130b --workers 1 2 --rounds 2
    .venv/bin/python benchmarks/web_load.py --workers 1 2 --db both --attackers 0
    .venv/bin/python benchmarks/web_load.py --attackers 0 --hinters 0 --pause 0.1
    .venv/bin/python benchmarks/web_load.py --url http://127.0.0.1:8023 --clients 100

Each configuration (``--db`` times ``--workers``, one after the other in one run) gets a
fresh `gridpuzzles serve --workers N` on a fresh database: a SQLite file in a temporary
folder, or a new database on a throwaway PostgreSQL server (Debian's ``postgresql``, started
once for the run in a temporary folder by `tests.storage.postgres`, as the tests start theirs).
With ``--base REV`` every configuration runs twice in turn, on a server of the revision REV
(checked out into a temporary git worktree) and on one of this tree, so that the load of a
shared machine falls on both alike. Every configuration gets the same load, on the same
seeded boards:

- players, each its own HTTP client (one kept-alive connection and its token, as a browser),
  create games and reveal random hidden cells, sending the move count they saw with each
  move, after a pause of ``--pause`` seconds on average (0 by default: as fast as the server
  answers, so 50 players measure how many requests it takes, and their latency is their
  number over that rate); a move refused as stale (409) makes them fetch the game again;
- hint-heavy clients play intermediate and expert games (in turns) by asking, again and
  again, for a hint, the probabilities and Play Move (the "help" requests).

Both stop starting requests after ``--seconds`` (or ``--games`` games each). Each attacker
repeats one expensive request until the others are done: a hint, the probabilities or Play
Move on a seeded 100x100 board whose view it crafted so that exact analysis runs for minutes,
or the first reveal of a dense no-guess board of the largest size the server makes.

Prints, for each phase, the requests per second, the latency of every request and of the
moves and help (p50/p99), the server's processor time per request answered (its server
processes, read from ``/proc``; the solver workers apart) and how the attackers were
answered; then a table of every phase side by side, each under the phase it is compared
with: this tree's under the base's, else each later worker count under the first.

This machine has 2 cores, shared with other work: the server processes, their solver
workers, PostgreSQL and all the clients run on the same two cores, so quote ratios measured
side by side in one run, not absolute times. A second worker gains mostly where hint work and
request handling compete (each server process has its own solver worker). Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from gridpuzzles.cli.options import whole_number
from gridpuzzles.cli.serve import WORKERS, seconds
from gridpuzzles.minesweeper import Config, FirstClick, Mark, new_game, reveal

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file: import `benchmarks` from the repository root
    sys.path.insert(0, str(ROOT))
from benchmarks.server import ServerProcess, seen  # noqa: E402

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

HELP = (("GET", "hint"), ("GET", "probabilities"), ("POST", "auto-move"))
"""What a hint-heavy client asks on its game, in turn, until the game ends."""
HELP_LEVELS = ("intermediate", "expert")
"""The levels of the hint-heavy clients' games, in turns."""
WARM_UP = 6
"""Clients per server process that warm it up before a phase (`warm_up`)."""
SEEDS_PER_CLIENT = 1_000_000
"""Client i plays the games seeded from ``i * SEEDS_PER_CLIENT`` on (helpers after players)."""

DATABASES = {"sqlite": ("sqlite",), "postgresql": ("postgresql",), "both": ("sqlite", "postgresql")}
CLIENTS = (0, 1000)
GAMES_PER_CLIENT = (1, 10_000)
SECONDS = (1.0, 600.0)
"""Bounds of ``--clients`` and ``--hinters``, ``--games``, ``--seconds``."""
ATTACKERS = (0, 32)
ROUNDS = (1, 10)


@dataclass
class Tally:
    """What the players and the hint-heavy clients did: requests sent, games finished, moves
    played, latencies in seconds and the answers that were not 2xx."""

    requests: int = 0
    games: int = 0
    moves: int = 0
    """Player moves the server played (answered 200)."""
    latencies: list[float] = field(default_factory=list)
    """Of every request of the players and the hint-heavy clients."""
    move_latencies: list[float] = field(default_factory=list)
    help_latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    """Answers other than 2xx by status, and requests that got no answer."""
    seconds: float = 0.0
    """From the first request to the last answer."""
    client_seconds: float = 0.0
    """The CPU time this process (all the clients) used meanwhile."""
    server_seconds: float = 0.0
    """The CPU time the server processes used over the phase (`ServerTime`)."""
    solver_seconds: float = 0.0
    """The CPU time their solver workers used over the phase."""
    server_requests: int = 0
    """Every request the server answered in the phase, the attackers' included."""

    @property
    def errors(self) -> int:
        return sum(self.refused.values())

    def answered(self, answer: Answer) -> bool:
        """Count ``answer``; whether it was a success (2xx)."""
        self.requests += 1
        if answer.ok:
            return True
        self.refused[str(answer.status)] += 1
        return False

    def add(self, other: Tally) -> None:
        """Count ``other`` (a round of the same phase) in this tally."""
        self.requests += other.requests
        self.games += other.games
        self.moves += other.moves
        self.latencies += other.latencies
        self.move_latencies += other.move_latencies
        self.help_latencies += other.help_latencies
        self.refused += other.refused
        self.seconds += other.seconds
        self.client_seconds += other.client_seconds
        self.server_seconds += other.server_seconds
        self.solver_seconds += other.solver_seconds
        self.server_requests += other.server_requests

    @property
    def server_ms_per_request(self) -> float:
        """The server processes' CPU time per request answered, in ms."""
        return 1000 * self.server_seconds / self.server_requests if self.server_requests else 0.0


@dataclass(frozen=True)
class Load:
    """What each phase sends: ``clients`` players and ``hinters`` hint-heavy clients, each
    for ``games`` games at most and ``seconds`` at most."""

    clients: int
    hinters: int
    games: int
    seconds: float
    level: str
    pause: float = 0.0
    """A player's mean pause before each move, in seconds (0: each move as soon as the last
    is answered)."""


@dataclass
class AttackTally:
    """How the attackers were answered: a count per HTTP status (or client-side outcome)."""

    answers: Counter[str] = field(default_factory=Counter)
    setup_requests: int = 0

    @property
    def requests(self) -> int:
        """The requests the server answered: to set up the games and to attack."""
        answered = sum(count for what, count in self.answers.items() if what.isdigit())
        return self.setup_requests + answered


@dataclass(frozen=True)
class Attack:
    """One expensive request, ready to send again and again."""

    method: str
    path: str
    token: str
    body: dict[str, str] | None = None


@dataclass(frozen=True)
class Answer:
    """An answer of the server: its status and its JSON body (None when it has none)."""

    status: int
    body: Any

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    def json(self) -> Any:
        return self.body


def session(url: str, timeout: float) -> aiohttp.ClientSession:
    """A client as a browser tab: requests one after another on one kept-alive connection.
    (aiohttp, whose client spends about a sixth of the processor time of httpx's per request:
    the load generator shares the server's two cores.)"""
    return aiohttp.ClientSession(
        base_url=url,
        timeout=aiohttp.ClientTimeout(total=timeout),
        connector=aiohttp.TCPConnector(limit=1),
    )


async def request(
    client: aiohttp.ClientSession,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    """``method`` on ``path`` with the JSON ``body``, answered (`aiohttp.ClientError` or
    `TimeoutError` when not)."""
    async with client.request(method, path, json=body, headers=headers) as response:
        data = await response.read()
        return Answer(response.status, json.loads(data) if data else None)


async def send(
    client: aiohttp.ClientSession,
    tally: Tally,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    """A request of a player or a hint-heavy client, its latency noted in ``tally``."""
    started = time.perf_counter()
    try:
        return await request(client, method, path, body, headers)
    finally:
        tally.latencies.append(time.perf_counter() - started)


def hidden_cells(rows: list[str]) -> list[tuple[int, int]]:
    return [(r, c) for r, row in enumerate(rows) for c, symbol in enumerate(row) if symbol == "#"]


async def create(
    client: aiohttp.ClientSession, body: dict[str, Any], tally: Tally
) -> tuple[dict[str, Any], str, dict[str, str]] | None:
    """A new game of ``body``: its state, its path and the headers that carry its token;
    None when it is refused."""
    created = await send(client, tally, "POST", GAMES, body)
    if not tally.answered(created):
        return None
    game: dict[str, Any] = created.json()
    return game, f"{GAMES}/{game['id']}", {"X-Game-Token": game["token"]}


async def play_game(
    client: aiohttp.ClientSession,
    body: dict[str, Any],
    rng: random.Random,
    deadline: float,
    tally: Tally,
    pause: float = 0.0,
) -> None:
    """One game: create it, then reveal random hidden cells until it ends or ``deadline``
    passes, each move with the move count seen and after a pause of ``pause`` seconds on
    average (from none to twice as long); after a 409, fetch the game and go on."""
    created = await create(client, body, tally)
    if created is None:
        return
    state, path, headers = created
    while state["status"] == "playing":
        if pause:
            await asyncio.sleep(rng.uniform(0, 2 * pause))
        if time.perf_counter() > deadline:
            return
        row, col = rng.choice(hidden_cells(state["view"]))
        move = {"move": f"r{row},{col}", **seen(state)}
        answer = await send(client, tally, "POST", f"{path}/moves", move, headers)
        tally.move_latencies.append(tally.latencies[-1])
        if tally.answered(answer):
            tally.moves += 1
        elif answer.status == 409:
            answer = await send(client, tally, "GET", path, headers=headers)
            if not tally.answered(answer):
                return
        else:
            return
        state = answer.json()
    tally.games += 1


async def help_game(
    client: aiohttp.ClientSession, body: dict[str, Any], deadline: float, tally: Tally
) -> None:
    """One game played by asking for help: a hint, the probabilities and Play Move in turn
    until the game ends, ``deadline`` passes or an answer is not a success."""
    created = await create(client, body, tally)
    if created is None:
        return
    game, path, headers = created
    status = game["status"]
    while status == "playing":
        for method, what in HELP:
            if time.perf_counter() > deadline:
                return
            answer = await send(client, tally, method, f"{path}/{what}", headers=headers)
            tally.help_latencies.append(tally.latencies[-1])
            if not tally.answered(answer):
                return
        status = answer.json()["status"]
    tally.games += 1


async def client_loop(url: str, number: int, load: Load, deadline: float, tally: Tally) -> None:
    """Client ``number``: a player below ``load.clients``, a hint-heavy client above."""
    rng = random.Random(number)
    helper = number >= load.clients
    async with session(url, 30.0) as client:
        for game in range(load.games):
            if time.perf_counter() > deadline:
                return
            seed = number * SEEDS_PER_CLIENT + game
            level = HELP_LEVELS[(number + game) % len(HELP_LEVELS)] if helper else load.level
            body = {"level": level, "seed": seed}
            try:
                if helper:
                    await help_game(client, body, deadline, tally)
                else:
                    await play_game(client, body, rng, deadline, tally, load.pause)
            except (aiohttp.ClientError, TimeoutError) as error:
                tally.refused[f"no answer ({type(error).__name__})"] += 1


async def warm_up(url: str, workers: int) -> None:
    """Unmeasured: `WARM_UP` clients per server process, one after the other, each on a new
    connection, create a game, reveal its middle and ask for a hint, so that every process
    (the kernel hands each new connection to one of them) has loaded its code and started its
    solver worker before the measure (a cold process takes a second or more over its first
    requests)."""
    for _ in range(WARM_UP * max(1, workers)):
        async with session(url, 60.0) as client:
            created = await create(client, {"level": "intermediate", "seed": 0}, Tally())
            if created is None:
                raise RuntimeError(f"the server at {url} refused a new game")
            _, path, headers = created
            await request(client, "POST", f"{path}/moves", {"move": "r8,8"}, headers)
            await request(client, "GET", f"{path}/hint", headers=headers)


async def run(url: str, load: Load) -> Tally:
    tally = Tally()
    started, cpu = time.perf_counter(), time.process_time()
    deadline = started + load.seconds
    await asyncio.gather(
        *(
            client_loop(url, number, load, deadline, tally)
            for number in range(load.clients + load.hinters)
        )
    )
    tally.seconds = time.perf_counter() - started
    tally.client_seconds = time.process_time() - cpu
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


async def prepare(
    client: aiohttp.ClientSession, kind: str, seed: int, tally: AttackTally
) -> Attack:
    """A new game set up for attack ``kind`` (one of `ATTACKS`)."""
    body = NO_GUESS_ATTACK if kind == "no-guess" else attack_board(seed)
    created = await request(client, "POST", GAMES, body)
    tally.setup_requests += 1
    if not created.ok:
        raise RuntimeError(f"an attacker's game was refused: {created.status} {created.body}")
    game = created.json()
    path = f"{GAMES}/{game['id']}"
    if kind == "no-guess":
        return Attack("POST", f"{path}/moves", game["token"], {"move": "r25,25"})
    for move in exploding_reveals(seed):
        answer = await request(
            client, "POST", f"{path}/moves", {"move": move}, {"X-Game-Token": game["token"]}
        )
        tally.setup_requests += 1
        if not answer.ok:
            raise RuntimeError(f"an attacker's move was refused: {answer.status} {answer.body}")
    method = "POST" if kind == "auto-move" else "GET"
    return Attack(method, f"{path}/{kind}", game["token"])


async def attacker(
    client: aiohttp.ClientSession,
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
            answer = await request(
                client, attack.method, attack.path, attack.body, {"X-Game-Token": attack.token}
            )
        except TimeoutError:
            tally.answers[f"no answer within {ATTACK_TIMEOUT:g} s"] += 1
            continue
        except aiohttp.ClientError as error:  # e.g. a kept-alive connection the server closed
            tally.answers[f"connection lost ({type(error).__name__})"] += 1
            continue
        tally.answers[str(answer.status)] += 1
        if answer.status != 503:
            attack = await prepare(client, kind, seed + 1000 * (number + 1), tally)


async def run_with_attackers(url: str, load: Load, attackers: int) -> tuple[Tally, AttackTally]:
    """`run` while ``attackers`` attack. They set up their games first; once the players are
    done, they finish the request they are waiting for (`ATTACK_WIND_DOWN` at most)."""
    attacks = AttackTally()
    stop = asyncio.Event()
    kinds = [ATTACKS[i % len(ATTACKS)] for i in range(attackers)]
    async with contextlib.AsyncExitStack() as stack:
        sessions = [await stack.enter_async_context(session(url, ATTACK_TIMEOUT)) for _ in kinds]
        ready = await asyncio.gather(
            *(prepare(sessions[i], kinds[i], 1 + i, attacks) for i in range(attackers))
        )
        tasks = [
            asyncio.create_task(attacker(sessions[i], kinds[i], 1 + i, ready[i], stop, attacks))
            for i in range(attackers)
        ]
        tally = await run(url, load)
        stop.set()
        for outcome in await wound_down(tasks):
            if isinstance(outcome, asyncio.CancelledError):
                attacks.answers["cut off at the end"] += 1
            elif isinstance(outcome, aiohttp.ClientError | TimeoutError):
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


CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name (none once it has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started that still run."""
    found: list[int] = []
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError):
                found += [int(child) for child in (task / "children").read_text().split()]
    return found


@dataclass(frozen=True)
class ServerTime:
    """The processor time a `gridpuzzles serve` has used so far (Linux, from ``/proc``), in
    seconds: its server processes (the command itself with one worker; it and the processes
    it started with ``--workers N``) and the solver workers below them (the ended ones too,
    once their parent has reaped them)."""

    serving: float
    solving: float

    @classmethod
    def of(cls, pid: int, workers: int) -> ServerTime:
        supervisor = _stat(pid) if workers > 1 else []
        serving = solving = 0.0
        if len(supervisor) > 12:
            serving += (int(supervisor[11]) + int(supervisor[12])) / CLOCK_TICKS
        for server in _children(pid) if workers > 1 else [pid]:
            fields = _stat(server)
            if len(fields) > 14:
                serving += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
                solving += (int(fields[13]) + int(fields[14])) / CLOCK_TICKS  # reaped children
            below = _children(server)
            while below:
                process = below.pop()
                fields = _stat(process)
                if len(fields) > 12:
                    solving += (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
                below += _children(process)
        return cls(serving, solving)

    def __sub__(self, earlier: ServerTime) -> ServerTime:
        return ServerTime(self.serving - earlier.serving, self.solving - earlier.solving)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile (0-1) of ``values``, by the nearest rank; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def milliseconds(latencies: list[float]) -> list[float]:
    return [latency * 1000 for latency in latencies]


def refusals(tally: Tally) -> str:
    """The answers that were not 2xx, e.g. ``409 x2, 503 x1``, or ``none``."""
    return ", ".join(f"{what} x{count}" for what, count in sorted(tally.refused.items())) or "none"


def report(tally: Tally, load: Load) -> str:
    every_ms = milliseconds(tally.latencies)
    ms = milliseconds(tally.move_latencies)
    help_ms = milliseconds(tally.help_latencies)
    lines = [
        f"players {load.clients} (pausing {load.pause:g} s), hint-heavy clients "
        f"{load.hinters}, games finished "
        f"{tally.games}, requests {tally.requests}, not 2xx: {refusals(tally)}, "
        f"in {tally.seconds:.1f} s, the clients using {tally.client_seconds / tally.seconds:.0%} "
        "of a core",
        f"requests per second: {tally.requests / tally.seconds:.0f}, "
        f"player moves per second: {tally.moves / tally.seconds:.0f}",
        f"server processor time: {tally.server_ms_per_request:.2f} ms per request "
        f"({tally.server_requests} answered, the attackers' included; "
        f"{tally.server_seconds / tally.seconds:.0%} of a core), solver workers "
        f"{tally.solver_seconds / tally.seconds:.0%} of a core",
    ]
    if every_ms:
        lines.append(
            f"request latency (ms): p50 {percentile(every_ms, 0.50):.1f}, "
            f"p99 {percentile(every_ms, 0.99):.1f}, max {max(every_ms):.1f}"
        )
    if ms:
        lines.append(
            f"move latency (ms): p50 {percentile(ms, 0.50):.1f}, p90 {percentile(ms, 0.90):.1f}, "
            f"p99 {percentile(ms, 0.99):.1f}, mean {statistics.fmean(ms):.1f}, max {max(ms):.1f}"
        )
    if help_ms:
        lines.append(
            f"help latency (ms): p50 {percentile(help_ms, 0.50):.1f}, "
            f"p99 {percentile(help_ms, 0.99):.1f}, {len(help_ms)} requests"
        )
    return "\n".join(lines)


def attack_report(attacks: AttackTally, attackers: int) -> str:
    kinds = ", ".join(ATTACKS[i % len(ATTACKS)] for i in range(attackers))
    answers = ", ".join(f"{what} x{count}" for what, count in sorted(attacks.answers.items()))
    return (
        f"attackers {attackers} ({kinds}): {answers}; "
        f"{attacks.setup_requests} requests to set up their games"
    )


@dataclass(frozen=True)
class Tree:
    """A copy of the package a server runs: this checkout's, or a base revision's (with the
    packages it does not depend on hidden from it, `hidden`)."""

    label: str
    src: Path
    hidden: Path | None = None

    def environment(self) -> dict[str, str]:
        paths = [self.src] if self.hidden is None else [self.hidden, self.src]
        return {"PYTHONPATH": os.pathsep.join(map(str, paths))}


def dependencies(pyproject: Path) -> set[str]:
    """The names of the packages a ``pyproject.toml`` depends on (not its extras)."""
    listed = tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    return {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower() for requirement in listed}


def hide(names: set[str], folder: Path) -> Path:
    """A folder that, first on the import path, makes ``names`` fail to import: a base
    revision runs without the packages this tree added (uvicorn then does without httptools
    and uvloop, as the base revision did when installed)."""
    for name in names:
        package = folder / name.replace("-", "_")
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(
            f"raise ImportError('{name} is not a dependency of the base revision')\n"
        )
    return folder


@contextmanager
def trees(base: str | None) -> Iterator[list[Tree]]:
    """This checkout, after the revision ``base`` (checked out for the block into a
    temporary git worktree) when one is given: the servers to compare, side by side."""
    here = Tree("this tree", ROOT / "src")
    if base is None:
        yield [here]
        return
    found = subprocess.run(
        [
            "git",
            "-C",
            str(ROOT),
            "rev-parse",
            "--short",
            "--verify",
            "--quiet",
            f"{base}^{{commit}}",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode != 0:
        raise SystemExit(f"--base {base!r} is not a revision of this repository")
    short = found.stdout.strip()
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(copy), base],
            check=True,
        )
        added = dependencies(ROOT / "pyproject.toml") - dependencies(copy / "pyproject.toml")
        hidden = hide(added, Path(folder) / "hidden")
        try:
            yield [Tree(f"base {short}", copy / "src", hidden), here]
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(copy)], check=True
            )


@dataclass(frozen=True)
class Phase:
    """One measured phase: its server's tree, database kind, worker count and attackers, and
    its tally."""

    tree: str
    db: str
    workers: int
    attackers: int
    tally: Tally

    def label(self) -> str:
        workers = f", {self.workers} worker{'s' * (self.workers != 1)}" if self.workers else ""
        attackers = f" + {self.attackers} attackers" if self.attackers else ""
        return f"{self.tree}: {self.db}{workers}{attackers}"

    def figures(self) -> tuple[float, ...]:
        """Requests/s, request p50 and p99 ms, moves/s, move p50 and p99 ms, help requests/s
        and help p99 ms, the server's processor time per request in ms."""
        tally = self.tally
        every_ms, ms = milliseconds(tally.latencies), milliseconds(tally.move_latencies)
        help_ms = milliseconds(tally.help_latencies)
        return (
            tally.requests / tally.seconds,
            percentile(every_ms, 0.5),
            percentile(every_ms, 0.99),
            tally.moves / tally.seconds,
            percentile(ms, 0.5),
            percentile(ms, 0.99),
            len(help_ms) / tally.seconds,
            percentile(help_ms, 0.99),
            tally.server_ms_per_request,
        )


HEADINGS = (
    "req/s",
    "req p50",
    "req p99",
    "moves/s",
    "move p50",
    "move p99",
    "help/s",
    "help p99",
    "cpu/req",
)
"""The columns of `Phase.figures` (latencies and processor time in ms)."""


def reference(phase: Phase, phases: Sequence[Phase]) -> Phase:
    """What ``phase`` is compared with: the base revision's same phase (the base's phases
    come first), else the first worker count's phase of its tree, database and attackers."""
    same = [
        p
        for p in phases
        if (p.db, p.workers, p.attackers) == (phase.db, phase.workers, phase.attackers)
    ]
    if same[0].tree != phase.tree:
        return same[0]
    return next(
        p for p in phases if (p.tree, p.db, p.attackers) == (phase.tree, phase.db, phase.attackers)
    )


def summary(phases: Sequence[Phase]) -> str:
    """The phases side by side, each under the phase it is compared with (`reference`) with
    its figures divided by that phase's."""
    width = max(24, *(len(phase.label()) for phase in phases))
    lines = [f"{'':{width}} " + " ".join(f"{name:>8}" for name in HEADINGS) + "  not 2xx"]
    for phase in phases:
        cells = " ".join(f"{figure:8.2f}" for figure in phase.figures())
        lines.append(f"{phase.label():{width}} {cells}  {refusals(phase.tally)}")
        base = reference(phase, phases)
        if base is not phase:
            ratios = " ".join(
                f"{mine / theirs:7.2f}x" if theirs else f"{'-':>8}"
                for mine, theirs in zip(phase.figures(), base.figures(), strict=True)
            )
            label = (
                f"  / {base.tree}"
                if base.tree != phase.tree
                else f"  {phase.workers} workers / {base.workers}"
            )
            lines.append(f"{label:{width}} {ratios}")
    return "\n".join(lines)


def postgres_server() -> contextlib.AbstractContextManager[Any]:
    """A throwaway PostgreSQL server, started as the tests start theirs: its module lives in
    the tests (`tests/storage/postgres.py`, which the test command needs PostgreSQL for), so
    the repository root is put on the import path, as pytest puts it."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from tests.storage.postgres import running_server

    return running_server()


@contextmanager
def databases(kinds: Sequence[str], folder: Path) -> Iterator[Callable[[str, str], Path | str]]:
    """A maker of fresh databases for the time of the block: ``(kind, name)`` gives a new
    SQLite file in ``folder`` or a new database on one PostgreSQL server started for it."""
    with contextlib.ExitStack() as stack:
        postgres = stack.enter_context(postgres_server()) if "postgresql" in kinds else None

        def fresh(kind: str, name: str) -> Path | str:
            if kind == "postgresql":
                assert postgres is not None
                return str(postgres.database())
            return folder / f"{name}.db"

        yield fresh


@contextmanager
def server_at(
    url: str | None, db: Path | str, workers: int, tree: Tree
) -> Iterator[tuple[str, Callable[[], ServerTime] | None]]:
    """``url``, or a fresh `gridpuzzles serve --workers N` of ``tree`` on ``db``; with a
    reader of its processor time (None for a server given by its address)."""
    if url is not None:
        yield url, None
        return
    server = ServerProcess(db, workers=workers, environment=tree.environment())
    try:
        address = server.start()
        assert server.process is not None
        pid = server.process.pid
        yield address, lambda: ServerTime.of(pid, workers)
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


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--url", type=loopback, help="a running server (default: start one per phase)"
    )
    parser.add_argument(
        "--workers",
        type=whole_number("the number of server processes", *WORKERS),
        nargs="+",
        default=[1],
        metavar="N",
        help=f"serve --workers of each configuration, in turn, {WORKERS[0]}-{WORKERS[1]} (1)",
    )
    parser.add_argument(
        "--db",
        choices=DATABASES,
        default="sqlite",
        help="the store of each configuration: a SQLite file, a database on a throwaway "
        "PostgreSQL server, or each in turn (sqlite)",
    )
    parser.add_argument(
        "--clients",
        type=whole_number("the number of players", *CLIENTS),
        default=50,
        help=f"concurrent players, {CLIENTS[0]}-{CLIENTS[1]} (50)",
    )
    parser.add_argument(
        "--hinters",
        type=whole_number("the number of hint-heavy clients", *CLIENTS),
        default=4,
        help=f"concurrent hint-heavy clients, {CLIENTS[0]}-{CLIENTS[1]} (4; more than a "
        "server's solver worker and queue take are answered 503, busy)",
    )
    parser.add_argument(
        "--games",
        type=whole_number("the number of games", *GAMES_PER_CLIENT),
        default=100,
        help=f"games per client at most, {GAMES_PER_CLIENT[0]}-{GAMES_PER_CLIENT[1]} (100)",
    )
    parser.add_argument(
        "--seconds",
        type=seconds(*SECONDS),
        default=20.0,
        help=f"how long each phase sends requests, {SECONDS[0]:g}-{SECONDS[1]:g} (20)",
    )
    parser.add_argument("--level", default="intermediate", help="level of the players' games")
    parser.add_argument(
        "--pause",
        type=seconds(0.0, 10.0),
        default=0.0,
        metavar="S",
        help="a player's mean pause before each move, 0-10 s (0: the next move as soon as "
        "the last is answered, which measures how many the server can take; a person clicks "
        "a few times a second at most)",
    )
    parser.add_argument(
        "--attackers",
        type=whole_number("the number of attackers", *ATTACKERS),
        default=4,
        help=f"attackers in a second phase of each configuration, {ATTACKERS[0]}-"
        f"{ATTACKERS[1]} (4; 0: no such phase)",
    )
    parser.add_argument(
        "--base",
        metavar="REV",
        help="also run every configuration on a server of this git revision (checked out "
        "into a temporary worktree), in turns with this tree's, and divide this tree's "
        "figures by the base's",
    )
    parser.add_argument(
        "--rounds",
        type=whole_number("the number of rounds", *ROUNDS),
        default=1,
        help=f"run every configuration this many times, in turns, {ROUNDS[0]}-{ROUNDS[1]} (1); "
        "the table counts all rounds together",
    )
    args = parser.parse_args()
    if args.url is not None and (args.db != "sqlite" or args.workers != [1] or args.base):
        parser.error("--url measures the server given: --db, --workers and --base start servers")
    return args


def main() -> None:
    args = arguments()
    load = Load(args.clients, args.hinters, args.games, args.seconds, args.level, args.pause)
    kinds = DATABASES[args.db] if args.url is None else ("given server",)
    workers_list = args.workers if args.url is None else [0]
    every_attackers = [0] + [args.attackers] * (args.attackers > 0)
    with (
        tempfile.TemporaryDirectory() as folder,
        databases(kinds, Path(folder)) as fresh,
        trees(args.base) as servers,
    ):
        phases = {
            (tree.label, *key): Phase(tree.label, *key, Tally())
            for tree in servers
            for key in itertools.product(kinds, workers_list, every_attackers)
        }
        for round_number in range(1, args.rounds + 1):
            for kind, workers, attackers in itertools.product(kinds, workers_list, every_attackers):
                for number, tree in enumerate(servers):  # side by side: the base, then this
                    phase = phases[tree.label, kind, workers, attackers]
                    name = f"{kind}-{workers}-{attackers}-{round_number}-{number}"
                    with server_at(args.url, fresh(kind, name), workers, tree) as (url, used):
                        asyncio.run(warm_up(url, workers))
                        before = used() if used else None
                        tally, attacks = asyncio.run(run_with_attackers(url, load, attackers))
                        if used is not None and before is not None:
                            spent = used() - before
                            tally.server_seconds, tally.solver_seconds = (
                                spent.serving,
                                spent.solving,
                            )
                        tally.server_requests = tally.requests + attacks.requests
                    rounds = f", round {round_number}" * (args.rounds > 1)
                    print(f"{phase.label()}{rounds}:\n{report(tally, load)}", flush=True)
                    if attackers:
                        print(attack_report(attacks, attackers), flush=True)
                    phase.tally.add(tally)
        print(summary(list(phases.values())))


if __name__ == "__main__":
    main()
