"""`gridpuzzles stats`: the player's Minesweeper records from the store, in the terminal.

The same records the full-screen app's statistics screen shows: per level and first-click
rule, then each level's best times, then the latest games of both puzzles with their ids
(`gridpuzzles replay ID` shows one again); ``--json`` prints them all as data.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from gridpuzzles.cli.options import CannotOpenStore, add_db_option, fail, open_store, whole_number
from gridpuzzles.minesweeper.core.records import LevelRecord
from gridpuzzles.storage import StorageError, default_db
from gridpuzzles.tui.records import records_view

if TYPE_CHECKING:
    from gridpuzzles.storage import PlayedGame
    from gridpuzzles.storage.mondrian_play import SolvedGame

PROG = "gridpuzzles stats"
MAX_HISTORY = 1000
"""The most games `--history` lists."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of `gridpuzzles stats` to ``parser``."""
    add_db_option(parser)
    parser.add_argument("--json", action="store_true", help="print the records as JSON")
    parser.add_argument(
        "--history",
        type=whole_number("the number of games listed", 0, MAX_HISTORY),
        default=10,
        metavar="N",
        help=f"list the latest N games of each puzzle, 0 to {MAX_HISTORY:,} (default 10)",
    )
    parser.set_defaults(handler=_stats)


def _stats(args: argparse.Namespace) -> int:
    path = args.db or default_db()
    records: list[LevelRecord] = []
    history: list[PlayedGame] = []
    solved: list[SolvedGame] = []
    kept = not isinstance(path, Path) or path.exists()  # a server, or a file already made
    if kept:  # else no game was kept yet, and no database is made to say so
        from gridpuzzles.storage.mondrian_play import solved_games

        try:
            store = open_store(path)
        except CannotOpenStore as error:
            return fail(PROG, str(error))
        try:
            records, history = store.minesweeper_records(), store.minesweeper_history(args.history)
            solved = solved_games(store, args.history)
        except StorageError as error:  # a database that fails while it is read
            return fail(PROG, f"cannot read the database {path}: {error}")
        finally:
            store.close()
    if args.json:
        from gridpuzzles.storage import records_json
        from gridpuzzles.storage.mondrian_play import solved_json

        print(
            json.dumps({**records_json(records, history), "mondrian_history": solved_json(solved)})
        )
        return 0
    shown = path if isinstance(path, Path) and kept else None
    Console().print(records_view(records, history, shown, solved))
    return 0
