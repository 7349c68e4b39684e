"""`gridpuzzles serve`: run the web app on uvicorn and print its address."""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

from gridpuzzles.storage import Store
from gridpuzzles.storage import default_db as default_db  # still importable from here

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8023


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of `serve` to ``parser``."""
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to listen on ({DEFAULT_HOST})"
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port ({DEFAULT_PORT}; 0 picks a free one)"
    )
    parser.add_argument(
        "--db", type=Path, default=None, help=f"SQLite database of games (default {default_db()})"
    )
    parser.set_defaults(handler=serve)


def serve(args: argparse.Namespace) -> int:
    """Open the database, bind the port, print the address and serve until interrupted."""
    import uvicorn  # imported here so that the other commands start fast

    from gridpuzzles.web.app import create_app

    store = Store(args.db or default_db())
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((args.host, args.port))
    except OSError as error:
        print(
            f"gridpuzzles serve: error: cannot listen on {args.host}:{args.port}: {error}",
            file=sys.stderr,
        )
        return 2
    host, port = listener.getsockname()[:2]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    print(f"gridpuzzles web app on http://{shown}:{port}/ (database {store.path})", flush=True)
    config = uvicorn.Config(
        create_app(store),
        log_level="warning",
        access_log=False,
    )
    uvicorn.Server(config).run(sockets=[listener])
    return 0
