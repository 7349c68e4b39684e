"""Command line of Minesweeper: `mines play` (the line-mode game of `terminal.minesweeper`,
or the TUI with --tui); `analyze` and `bench` come from their own modules."""

from __future__ import annotations

import argparse
import random

from gridpuzzles.bounds import BoundError
from gridpuzzles.cli.minesweeper import analyze as mines_analyze
from gridpuzzles.cli.minesweeper import bench as mines_bench
from gridpuzzles.cli.options import (
    CannotOpenStore,
    add_board_options,
    add_color_option,
    add_db_option,
    config_from,
    fail,
    open_store,
    rules_from,
    use_color,
)
from gridpuzzles.minesweeper.core.settings import ConfigError
from gridpuzzles.terminal.console import EncodingError, standard_console
from gridpuzzles.terminal.minesweeper import Session, run


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the `mines` sub-commands to ``parser``."""
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    play = commands.add_parser(
        "play", help="play in the terminal", description="Play Minesweeper in the terminal."
    )
    add_board_options(play)
    add_color_option(play)
    play.add_argument(
        "--tui",
        action="store_true",
        help="play in the full-screen app (mouse, hints, statistics) instead of line by line",
    )
    add_db_option(play, "where the games are kept: ")
    play.add_argument(
        "--no-keep",
        action="store_true",
        help="keep no game in the database (none is watched again or counted in `gridpuzzles "
        "stats`)",
    )
    play.set_defaults(handler=_play)
    mines_analyze.configure(commands)
    mines_bench.configure(commands)


def _play(args: argparse.Namespace) -> int:
    if args.tui:
        from gridpuzzles.cli.tui import launch  # Textual loads only when it is used

        return launch(args, "mines play")
    if args.no_keep and args.db is not None:
        return fail("mines play", "--no-keep keeps no game: it cannot go with --db")
    try:
        config = config_from(args)
        rules = rules_from(args)
    except (ConfigError, BoundError) as error:
        return fail("mines play", str(error))
    store = None
    if not args.no_keep:
        try:
            store = open_store(args.db)
        except CannotOpenStore as error:
            return fail("mines play", f"{error} (--no-keep plays without keeping the games)")
    seeds = random.Random(args.seed) if args.seed is not None else random.Random()
    session = Session(standard_console(use_color(args.color)), rules, seeds, store=store)
    try:
        return run(session, config, args.seed)
    except EncodingError as error:
        return fail("mines play", str(error))
    finally:
        if store is not None:
            store.close()
