"""Command line of Minesweeper: `mines play` (the shell around `terminal`)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from gridpuzzles.bounds import MAX_SEED, BoundError, check_seed
from gridpuzzles.minesweeper import analysis_cli
from gridpuzzles.minesweeper.options import (
    add_first_click_options,
    add_size_options,
    first_click_from,
    size_from,
    whole,
)
from gridpuzzles.minesweeper.settings import Config, ConfigError, WinRule, check_playable
from gridpuzzles.minesweeper.terminal import (
    Console,
    EncodingError,
    LineReader,
    Rules,
    Session,
    run,
)
from gridpuzzles.storage import default_db


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the `mines` sub-commands to ``parser``."""
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    play = commands.add_parser(
        "play", help="play in the terminal", description="Play Minesweeper in the terminal."
    )
    add_board_options(play)
    play.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="ANSI colour: auto (the default) uses it on a terminal unless NO_COLOR is set",
    )
    play.add_argument(
        "--tui",
        action="store_true",
        help="play in the full-screen app (mouse, hints, statistics) instead of line by line",
    )
    add_db_option(play, "with --tui: ")
    play.set_defaults(handler=_play)
    analysis_cli.configure(commands)


def add_db_option(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--db``: the SQLite file of finished games and per-level statistics."""
    parser.add_argument(
        "--db",
        type=Path,
        metavar="PATH",
        help=f"{when}the database of games and statistics, shared with the web app "
        f"(default {default_db()})",
    )


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose a board: a level or a custom size, the rules and the seed."""
    board = parser.add_argument_group("board")
    add_size_options(board)
    board.add_argument(
        "--seed",
        type=whole,
        help=f"seed of the first game, 0 to {MAX_SEED} (the same seed gives the same game)",
    )
    add_first_click_options(board)
    board.add_argument(
        "--win-rule",
        choices=[r.value for r in WinRule],
        default=WinRule.REVEAL.value,
        help="reveal (default): reveal every safe cell; flags: flag exactly the mines",
    )
    board.add_argument(
        "--question-marks", action="store_true", help="flagging cycles through '?' too"
    )


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the options ask for (`ConfigError` on ``--no-guess --first-click none``)."""
    return Rules(first_click_from(args), WinRule(args.win_rule), args.question_marks)


def config_from(args: argparse.Namespace) -> Config | None:
    """The board the options ask for, or None when they name none (then the game asks);
    raises `ConfigError` for a board the shells do not play (`check_playable`), and
    `BoundError` for a seed outside 0 to `MAX_SEED`."""
    if args.seed is not None:
        check_seed(args.seed, "--seed")
    rules = rules_from(args)
    size = size_from(args)
    return None if size is None else check_playable(rules.config(*size))


def use_color(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def fail(prog: str, message: str) -> int:
    """Report a bad option in one line on stderr; the exit status of a usage error."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    return 2


def _play(args: argparse.Namespace) -> int:
    if args.tui:
        from gridpuzzles.tui.cli import launch  # Textual loads only when it is used

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
