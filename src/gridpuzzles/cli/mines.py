"""Command line of Minesweeper: `mines play` (the line-mode game of `terminal.minesweeper`,
or the TUI with --tui); `analyze` and `bench` come from their own modules."""

from __future__ import annotations

import argparse
import random
import sys
import time

from gridpuzzles.bounds import BoundError
from gridpuzzles.cli import mines_analyze, mines_bench
from gridpuzzles.cli.options import (
    add_board_options,
    add_color_option,
    add_db_option,
    config_from,
    fail,
    rules_from,
    use_color,
)
from gridpuzzles.minesweeper.core.settings import ConfigError
from gridpuzzles.terminal.minesweeper import (
    Console,
    EncodingError,
    LineReader,
    Session,
    run,
)


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
    add_db_option(play, "with --tui: ")
    play.set_defaults(handler=_play)
    mines_analyze.configure(commands)
    mines_bench.configure(commands)


def _play(args: argparse.Namespace) -> int:
    if args.tui:
        from gridpuzzles.cli.tui import launch  # Textual loads only when it is used

        return launch(args, "mines play")
    if args.db is not None:
        return fail("mines play", "--db keeps the games of the full-screen app: use it with --tui")
    try:
        config = config_from(args)
        rules = rules_from(args)
    except (ConfigError, BoundError) as error:
        return fail("mines play", str(error))
    seeds = random.Random(args.seed) if args.seed is not None else random.Random()
    console = Console(
        LineReader(sys.stdin.buffer),
        sys.stdout.write,
        time.monotonic,
        use_color(args.color),
        echo=not sys.stdin.isatty(),
    )
    session = Session(console, rules, seeds)
    try:
        return run(session, config, args.seed)
    except EncodingError as error:
        print()  # end the prompt's line
        return fail("mines play", str(error))
