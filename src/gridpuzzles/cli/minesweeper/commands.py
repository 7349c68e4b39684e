"""Command line of Minesweeper: `mines play` (the line-mode game of `terminal.minesweeper`,
or the TUI with --tui); `analyze` and `bench` come from their own modules."""

from __future__ import annotations

import argparse
import random

from gridpuzzles.bounds import BoundError
from gridpuzzles.cli.inputs import UsageError, input_name, read_bytes
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
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.exchange import MAX_MBF_BYTES, parse_mbf, starts_as_mine_text
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.settings import ConfigError, check_sides
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
        "--board",
        metavar="FILE",
        help="play first on the board in FILE, an MBF file (JSMinesweeper's board format: "
        "where the mines are), in line mode; the first click may hit a mine, and the game is "
        "kept but not counted in the statistics",
    )
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


BOARD_FIXES = ("level", "width", "height", "mines", "density", "seed", "first_click", "no_guess")
"""The options that `--board` leaves nothing to choose: its board has its size and mines, and
the first click may hit one of them."""


def read_board(args: argparse.Namespace) -> Layout:
    """The board of ``--board FILE``: an MBF file (at most `MAX_MBF_BYTES`); `UsageError` in
    one line for standard input, an option the board fixes, a ``.mine`` position (it holds no
    mines) or bytes that are no MBF board; `ConfigError` for a side the shells do not play."""
    name = args.board
    if name == "-":
        raise UsageError("--board takes a file name: standard input holds the commands")
    fixed = [option for option in BOARD_FIXES if getattr(args, option) not in (None, False)]
    if fixed:
        named = "--" + fixed[0].replace("_", "-")
        raise UsageError(f"--board gives the board and its rules: it cannot go with {named}")
    data = read_bytes(name, MAX_MBF_BYTES)
    if starts_as_mine_text(data[:64].decode("latin-1")):
        raise UsageError(
            f"{input_name(name)} is a .mine position, which holds no mines: --board takes an "
            "MBF board (mines analyze --write-mbf writes one from a position that shows them)"
        )
    try:
        board = parse_mbf(data)
    except NotationError as error:
        raise UsageError(f"{input_name(name)}: {error}") from None
    check_sides(board.width, board.height)  # the sides the shells play (ConfigError)
    return board


def _play(args: argparse.Namespace) -> int:
    if args.tui and args.board is not None:
        return fail("mines play", "--board plays in line mode: it cannot go with --tui")
    if args.tui:
        from gridpuzzles.cli.tui import launch  # Textual loads only when it is used

        return launch(args, "mines play")
    if args.no_keep and args.db is not None:
        return fail("mines play", "--no-keep keeps no game: it cannot go with --db")
    try:
        config = config_from(args)
        rules = rules_from(args)
        board = None if args.board is None else read_board(args)
    except (ConfigError, BoundError, UsageError) as error:
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
        return run(session, config, args.seed, board)
    except EncodingError as error:
        return fail("mines play", str(error))
    finally:
        if store is not None:
            store.close()
