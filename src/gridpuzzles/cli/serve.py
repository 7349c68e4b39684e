"""`gridpuzzles serve`: run the web app on uvicorn and print its address.

With ``--workers N`` the port is bound once and N processes (started afresh, "spawn") serve
it, each with its own connections to the store and its own solver workers; the kernel shares
the connections out between them. The store keeps them consistent (`web.service`). A worker
that dies is started again; Ctrl+C or SIGTERM stops them all.
"""

from __future__ import annotations

import argparse
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import TYPE_CHECKING

from gridpuzzles.bounds import read_decimal
from gridpuzzles.cli.options import CannotOpenStore, database, open_store, whole_number
from gridpuzzles.storage import default_db

if TYPE_CHECKING:
    from gridpuzzles.storage import Location, Store
from gridpuzzles.web.workers import (
    DEFAULT_QUEUE,
    DEFAULT_SECONDS,
    DEFAULT_WORKERS,
    WEIGH_SECONDS,
)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8023
PORTS = (0, 65535)
SOLVER_SECONDS = (0.1, 600.0)
SOLVER_WORKERS = (1, 32)
SOLVER_QUEUE = (0, 100)
WORKERS = (1, 32)
RECORDS = ("shared", "per-player")
BACKLOG = 2048
"""Connections the kernel holds for the server processes before they accept them (uvicorn's
own default)."""
MAX_CONNECTIONS = 1000
"""Connections (and requests in progress) one server process holds at once; past it a new
request is answered 503 at once (the body's time limit, `web.limits.BODY_SECONDS`, keeps slow
clients from holding them long)."""
GRACE_SECONDS = 2
"""On Ctrl+C or SIGTERM, requests still running after this long are cancelled (and their
solver work killed), so that the server stops promptly."""


def seconds(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from ``low`` to ``high``, else a one-line error."""

    def parse(text: str) -> float:
        value = read_decimal(text)
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be a number of seconds from {low:g} to {high:g}, not {text!r}"
            )
        return value

    return parse


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of `serve` to ``parser``."""
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on ({DEFAULT_HOST})"
    )
    parser.add_argument(
        "--port",
        type=whole_number("the port", *PORTS),
        default=DEFAULT_PORT,
        help=f"port, {PORTS[0]}-{PORTS[1]} ({DEFAULT_PORT}; 0 picks a free one)",
    )
    parser.add_argument(
        "--db",
        type=database,
        default=None,
        metavar="PATH|URL",
        help=f"the database of games: a SQLite file (default {default_db()}) or "
        "postgresql://USER:PASSWORD@HOST:PORT/DATABASE (with gridpuzzles[server])",
    )
    parser.add_argument(
        "--workers",
        type=whole_number("the number of server processes", *WORKERS),
        default=1,
        metavar="N",
        help=f"server processes sharing the port and the database, {WORKERS[0]}-{WORKERS[1]} "
        "(1); each has its own solver workers",
    )
    parser.add_argument(
        "--solver-seconds",
        type=seconds(*SOLVER_SECONDS),
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"time budget of one hint, probability overlay, Play Move or no-guess board, "
        f"{SOLVER_SECONDS[0]:g}-{SOLVER_SECONDS[1]:g} s ({DEFAULT_SECONDS:g}); past it the "
        "work is stopped and the request answered 503",
    )
    parser.add_argument(
        "--weigh-seconds",
        type=seconds(*SOLVER_SECONDS),
        default=WEIGH_SECONDS,
        metavar="S",
        help=f"time budget of weighing one guess of a game's review (what it gave away of the "
        f"chance to win), {SOLVER_SECONDS[0]:g}-{SOLVER_SECONDS[1]:g} s ({WEIGH_SECONDS:g}); "
        "past it that guess is not weighed",
    )
    parser.add_argument(
        "--solver-workers",
        type=whole_number("the number of solver workers", *SOLVER_WORKERS),
        default=DEFAULT_WORKERS,
        metavar="N",
        help=f"worker processes for that work, {SOLVER_WORKERS[0]}-{SOLVER_WORKERS[1]} "
        f"({DEFAULT_WORKERS})",
    )
    parser.add_argument(
        "--solver-queue",
        type=whole_number("the length of the solver queue", *SOLVER_QUEUE),
        default=DEFAULT_QUEUE,
        metavar="N",
        help=f"requests that may wait for a busy worker, {SOLVER_QUEUE[0]}-{SOLVER_QUEUE[1]} "
        f"({DEFAULT_QUEUE}); more are answered 503 at once",
    )
    parser.add_argument(
        "--records",
        choices=RECORDS,
        default=RECORDS[0],
        help="shared: every game counts in one set of records (a server of one player); "
        "per-player: each browser sees the records of its own games, kept by a cookie "
        "(a site with many players)",
    )
    parser.set_defaults(handler=serve)


@dataclass(frozen=True)
class Settings:
    """What each server process needs to build the app (sent to a spawned worker)."""

    db: Location
    """A SQLite file or a server's URL (`str` of a URL hides its password)."""
    solver_seconds: float
    solver_workers: int
    solver_queue: int
    records_per_player: bool = False
    weigh_seconds: float = WEIGH_SECONDS


def serve(args: argparse.Namespace) -> int:
    """Open the database, bind the port, print the address and serve until interrupted."""
    settings = Settings(
        args.db or default_db(),
        args.solver_seconds,
        args.solver_workers,
        args.solver_queue,
        args.records == "per-player",
        args.weigh_seconds,
    )
    try:
        store = open_store(settings.db)  # created or migrated once, before any worker starts
    except CannotOpenStore as error:
        return _fail(str(error))
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((args.host, args.port))
        except (OSError, TypeError, UnicodeError) as error:
            store.close()
            return _fail(f"cannot listen on {args.host}:{args.port}: {error}")
        # Listening before the address is printed: a client that reads it connects at once
        # (the kernel holds the connection until a server process accepts it).
        listener.listen(BACKLOG)
        host, port = listener.getsockname()[:2]
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        processes = "" if args.workers == 1 else f", {args.workers} processes"
        records = ", records per player" if settings.records_per_player else ""
        print(
            f"gridpuzzles web app on http://{shown}:{port}/ (database "
            f"{store.where}{processes}{records})",
            flush=True,
        )
        if args.workers == 1:
            return run_server(settings, listener, store)
        store.close()
        return supervise(settings, listener, args.workers)


def run_server(settings: Settings, listener: socket.socket, store: Store | None = None) -> int:
    """Serve the app on ``listener`` in this process until told to stop (130) or the store
    cannot be opened (2)."""
    import uvicorn  # imported here so that the other commands start fast

    from gridpuzzles.web.app import create_app

    if store is None:
        try:
            store = open_store(settings.db)
        except CannotOpenStore as error:
            return _fail(str(error))
    app = create_app(
        store,
        solver_seconds=settings.solver_seconds,
        solver_workers=settings.solver_workers,
        solver_queue=settings.solver_queue,
        records_per_player=settings.records_per_player,
        weigh_seconds=settings.weigh_seconds,
    )
    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=GRACE_SECONDS,
        limit_concurrency=MAX_CONNECTIONS,
    )
    server = uvicorn.Server(config)
    server.run(sockets=[listener])
    # Told to stop (Ctrl+C, SIGTERM): status 130, whether or not uvicorn raises the signal
    # again once it has shut down (it may not when the shutdown itself is slow).
    return 130 if server.should_exit else 0


def worker(settings: Settings, listener: socket.socket) -> None:
    """A spawned server process: serve until told to stop, or until its supervisor ends, then
    exit with its status."""
    stop_with_supervisor()
    sys.exit(run_server(settings, listener))


def stop_with_supervisor() -> None:
    """Stop this process (SIGTERM, as a supervisor stopping it would) once the process that
    started it has ended, however it ended (even kill -9, which lets it tell no one): a
    server process left behind would go on serving the port alone."""
    supervisor = multiprocessing.parent_process()
    if supervisor is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([supervisor.sentinel])
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="supervisor watch", daemon=True).start()


def supervise(settings: Settings, listener: socket.socket, count: int) -> int:
    """Run ``count`` server processes on ``listener`` until Ctrl+C or SIGTERM (130), starting
    again any that dies; 2 when one cannot start at all (e.g. its database refuses)."""
    spawn = multiprocessing.get_context("spawn")
    stop = threading.Event()

    def start() -> BaseProcess:
        process = spawn.Process(target=worker, args=(settings, listener), daemon=False)
        process.start()
        return process

    def told_to_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, told_to_stop)
    processes = [start() for _ in range(count)]
    status = 130
    while not stop.wait(0.2):
        for index, process in enumerate(processes):
            if process.exitcode is None:
                continue
            if process.exitcode == 2:  # it said why on its standard error
                status = 2
                stop.set()
                break
            print(
                f"gridpuzzles serve: server process {index + 1} ended (status "
                f"{process.exitcode}): starting it again",
                file=sys.stderr,
                flush=True,
            )
            processes[index] = start()
    for process in processes:
        if process.exitcode is None:
            process.terminate()
    for process in processes:
        process.join(GRACE_SECONDS + 5)
        if process.exitcode is None:
            process.kill()
            process.join()
    return status


def _fail(message: str) -> int:
    print(f"gridpuzzles serve: error: {message}", file=sys.stderr)
    return 2
