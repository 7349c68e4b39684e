"""`gridpuzzles tui` and `mines play --tui`: start the full-screen app as the options ask.

Textual itself is imported only when the app starts, so that the other commands start fast.
"""

from __future__ import annotations

import argparse
import sqlite3

from gridpuzzles.bounds import BoundError
from gridpuzzles.cli.options import (
    CannotOpenStore,
    add_board_options,
    add_db_option,
    config_from,
    fail,
    open_store,
    rules_from,
)
from gridpuzzles.minesweeper.core.settings import LEVELS, Config, ConfigError
from gridpuzzles.storage import default_db

PROG = "gridpuzzles tui"
DEFAULT_LEVEL = "beginner"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of `gridpuzzles tui` to ``parser``."""
    add_board_options(parser)
    add_db_option(parser)
    parser.add_argument(
        "--mondrian", action="store_true", help="start in Mondrian Blocks (F2 and F3 switch)"
    )
    parser.set_defaults(handler=_tui)


def _tui(args: argparse.Namespace) -> int:
    return launch(args, PROG, "mondrian" if args.mondrian else "minesweeper")


def board_config(args: argparse.Namespace) -> Config:
    """The board the options ask for: beginner when they name no size. Raises `ConfigError`
    or `BoundError` (see `config_from`)."""
    return config_from(args) or rules_from(args).config(*LEVELS[DEFAULT_LEVEL])


def names_a_board(args: argparse.Namespace) -> bool:
    """Whether the options choose a size or a first-click rule (else the last game's are
    played again)."""
    sized = args.level is not None or args.width is not None or args.height is not None
    return sized or args.first_click is not None or args.no_guess


def launch(args: argparse.Namespace, prog: str, start: str = "minesweeper") -> int:
    """Run the app for parsed options (of `gridpuzzles tui` or `mines play --tui`) in mode
    ``start`` until it quits; a bad option or database is one line on stderr, status 2, and
    the database is neither created nor changed for a bad option."""
    try:
        config = board_config(args)
    except (ConfigError, BoundError) as error:
        return fail(prog, str(error))
    path = args.db or default_db()
    try:
        store = open_store(path)
    except CannotOpenStore as error:
        return fail(prog, str(error))
    from gridpuzzles.tui.app import GridPuzzlesApp, NoTerminalError  # Textual, when used
    from gridpuzzles.tui.minesweeper.screen import OWNER

    if not names_a_board(args):
        try:
            config = store.last_config(OWNER) or config
        except sqlite3.Error as error:
            store.close()
            return fail(prog, f"cannot read the database {path}: {error}")

    try:
        GridPuzzlesApp(config, args.seed, start=start, store=store).run()
    except NoTerminalError as error:
        return fail(
            prog,
            f"the full-screen app needs a terminal: {error} (the line-mode games work "
            "anywhere: mines play, mondrian play)",
        )
    finally:
        store.close()
    return 0
