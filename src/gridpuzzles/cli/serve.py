"""`gridpuzzles serve`: run the web app on uvicorn and print its address."""

from __future__ import annotations

import argparse
import socket
import sqlite3
import sys
from collections.abc import Callable

from gridpuzzles.bounds import read_decimal
from gridpuzzles.cli.options import database, whole_number
from gridpuzzles.storage import StorageError, default_db
from gridpuzzles.web.workers import DEFAULT_QUEUE, DEFAULT_SECONDS, DEFAULT_WORKERS

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8023
PORTS = (0, 65535)
SOLVER_SECONDS = (0.1, 600.0)
SOLVER_WORKERS = (1, 32)
SOLVER_QUEUE = (0, 100)
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
        "--db", type=database, default=None, metavar="PATH|URL",
        help=f"the database of games: a SQLite file (default {default_db()}) or "
        "postgresql://USER:PASSWORD@HOST:PORT/DATABASE (with gridpuzzles[server])"
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
    parser.set_defaults(handler=serve)


def serve(args: argparse.Namespace) -> int:
    """Open the database, bind the port, print the address and serve until interrupted."""
    import uvicorn  # imported here so that the other commands start fast

    from gridpuzzles.web.app import create_app

    path = args.db or default_db()
    try:
        from gridpuzzles.storage import Store  # SQLAlchemy, only when serving

        store = Store(path)
    except (StorageError, sqlite3.Error, OSError) as error:
        return _fail(f"cannot use {str(path)!r} as the database: {error}")
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((args.host, args.port))
        except (OSError, TypeError, UnicodeError) as error:
            return _fail(f"cannot listen on {args.host}:{args.port}: {error}")
        host, port = listener.getsockname()[:2]
        shown = f"[{host}]" if family == socket.AF_INET6 else host
        print(f"gridpuzzles web app on http://{shown}:{port}/ (database {store.where})", flush=True)
        app = create_app(
            store,
            solver_seconds=args.solver_seconds,
            solver_workers=args.solver_workers,
            solver_queue=args.solver_queue,
        )
        config = uvicorn.Config(
            app, log_level="warning", access_log=False, timeout_graceful_shutdown=GRACE_SECONDS
        )
        server = uvicorn.Server(config)
        server.run(sockets=[listener])
    # Told to stop (Ctrl+C, SIGTERM): status 130, whether or not uvicorn raises the signal
    # again once it has shut down (it may not when the shutdown itself is slow).
    return 130 if server.should_exit else 0


def _fail(message: str) -> int:
    print(f"gridpuzzles serve: error: {message}", file=sys.stderr)
    return 2
