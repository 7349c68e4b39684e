"""`gridpuzzles serve`: its options and where the database lives by default."""

from __future__ import annotations

from pathlib import Path

from gridpuzzles.cli import build_parser
from gridpuzzles.web.cli import DEFAULT_PORT, default_db, serve


def test_serve_has_host_port_and_database_options() -> None:
    args = build_parser().parse_args(["serve", "--port", "0", "--db", "x.db"])
    assert (args.host, args.port, args.db, args.handler) == ("127.0.0.1", 0, Path("x.db"), serve)
    defaults = build_parser().parse_args(["serve"])
    assert (defaults.port, defaults.db) == (DEFAULT_PORT, None)


def test_the_default_database_is_in_the_user_data_directory() -> None:
    assert default_db().name == "gridpuzzles.db"
    assert "gridpuzzles" in default_db().parent.parts[-1]
