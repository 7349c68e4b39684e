"""Command-line options shared by `mines play`, `mines bench` and `gridpuzzles tui`: which
board (a level or a custom size), the first-click and win rules, the seed and the database."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gridpuzzles.bounds import MAX_SEED, BoundError, check_seed, parse_whole, read_decimal, shown
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    MAX_SIDE,
    PLAY_FIRST_CLICK,
    Config,
    ConfigError,
    FirstClick,
    WinRule,
    check_playable,
    check_sides,
    mines_for_density,
)
from gridpuzzles.storage import MAX_LOCATION, StorageError, default_db, is_url
from gridpuzzles.terminal.minesweeper import Rules

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from gridpuzzles.storage import Location, Store

Size = tuple[int, int, int]
"""Width, height and mine count."""


_WHOLE = re.compile(r"-?[0-9]{1,40}")


def whole(text: str) -> int:
    """An option's whole number (an argparse ``type``): ASCII digits 0-9, at most 40 of them,
    with an optional minus sign; the command checks its range. Unlike ``int``, it takes no
    other script's digits (``٣``), underscores or spaces."""
    if _WHOLE.fullmatch(text) is None:
        raise argparse.ArgumentTypeError(
            f"expected a whole number (at most 40 digits 0-9), not {shown(text)}"
        )
    return int(text)


def whole_number(what: str, low: int, high: int, why: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits from ``low`` to ``high``
    (`bounds.parse_whole`), else a one-line error naming ``what`` and the range."""

    def parse(text: str) -> int:
        try:
            return parse_whole(text, what, low, high, why)
        except BoundError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def number(text: str) -> float:
    """An option's decimal number (an argparse ``type``), e.g. ``0.15`` or ``1e-3``, in ASCII
    digits; the command checks its range."""
    value = read_decimal(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"expected a number such as 0.15 (digits 0-9), not {shown(text)}"
        )
    return value


def add_size_options(group: argparse._ArgumentGroup, level_help: str = "a built-in level") -> None:
    """``--level``, or ``--width``, ``--height`` and ``--mines`` or ``--density``."""
    group.add_argument("--level", choices=list(LEVELS), help=level_help)
    group.add_argument(
        "--width", type=whole, help=f"custom board width, 1 to {MAX_SIDE} (with --height)"
    )
    group.add_argument(
        "--height", type=whole, help=f"custom board height, 1 to {MAX_SIDE} (with --width)"
    )
    count = group.add_mutually_exclusive_group()
    count.add_argument("--mines", type=whole, help="custom mine count")
    count.add_argument("--density", type=number, help="custom mine density, 0 < D < 1")


def add_first_click_options(group: argparse._ArgumentGroup) -> None:
    """``--first-click`` and its short form for no-guess boards, ``--no-guess``."""
    group.add_argument(
        "--first-click",
        choices=[rule.value for rule in FirstClick],
        help="opening: the first cell opens an area (the default of a game); safe: it is "
        "never a mine (the default of mines bench, as in the published win rates); no-guess: "
        "it opens an area and logic alone clears the rest; none: no promise",
    )
    group.add_argument(
        "--no-guess",
        action="store_true",
        help="boards that open at the first click and never need a guess "
        "(short for --first-click no-guess)",
    )


def size_from(args: argparse.Namespace) -> Size | None:
    """The board size the options ask for, or None when they name none; raises `ConfigError`
    on a level given with a custom size, or an incomplete custom size."""
    custom = [args.width, args.height, args.mines, args.density]
    if args.level is not None:
        if any(value is not None for value in custom):
            raise ConfigError(
                "give either --level or a custom size (--width, --height, --mines/--density), "
                "not both"
            )
        return LEVELS[args.level]
    if all(value is None for value in custom):
        return None
    if args.width is None or args.height is None or (args.mines is None and args.density is None):
        raise ConfigError("a custom board needs --width, --height and either --mines or --density")
    check_sides(args.width, args.height)
    if args.mines is not None:
        return args.width, args.height, args.mines
    return args.width, args.height, mines_for_density(args.width, args.height, args.density)


def first_click_from(args: argparse.Namespace, default: FirstClick = FirstClick.SAFE) -> FirstClick:
    """The first-click rule the options ask for (``default`` when they name none); raises
    `ConfigError` on ``--no-guess`` with a rule that promises nothing."""
    rule = FirstClick(args.first_click) if args.first_click else default
    if not args.no_guess:
        return rule
    if rule is FirstClick.NONE:
        raise ConfigError(
            "--no-guess opens an area at the first click; it cannot go with --first-click none"
        )
    return FirstClick.NO_GUESS


def database(text: str) -> Path | URL:
    """The value of ``--db``: a SQLite file's name, or a ``postgresql://`` URL (checked, at
    most `MAX_LOCATION` characters and no NUL; shown without its password)."""
    if len(text) > MAX_LOCATION:
        raise argparse.ArgumentTypeError(
            f"a database file name or URL has at most {MAX_LOCATION:,} characters, not "
            f"{len(text):,}"
        )
    if "\0" in text:  # no file can be named so, and os.stat would raise ValueError
        raise argparse.ArgumentTypeError("a database file name cannot hold a NUL character")
    if not is_url(text):
        return Path(text)
    from gridpuzzles.storage.engine import server_url  # SQLAlchemy, only for a URL

    try:
        return server_url(text)
    except StorageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


class CannotOpenStore(Exception):
    """The database given (or the default one) cannot be opened: the one line to print."""


def open_store(where: Location | None) -> Store:
    """The store at ``where`` (a ``--db`` value; None: `default_db`), made if it does not
    exist; `CannotOpenStore` saying why not in one line. Every command that keeps or reads
    games opens its store here."""
    import sqlite3

    from gridpuzzles.storage import Store  # SQLAlchemy, only to keep games

    path = where or default_db()
    try:
        return Store(path)
    except (OSError, sqlite3.Error, StorageError) as error:
        raise CannotOpenStore(f"cannot open the database {path}: {error}") from None


def add_db_option(parser: argparse.ArgumentParser, when: str = "") -> None:
    """``--db``: the database of finished games and per-level statistics, a SQLite file or a
    PostgreSQL server by URL."""
    parser.add_argument(
        "--db",
        type=database,
        metavar="PATH|URL",
        help=f"{when}the database of games and statistics, shared with the web app: a SQLite "
        f"file (default {default_db()}) or postgresql://USER:PASSWORD@HOST:PORT/DATABASE "
        "(with gridpuzzles[server])",
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


def rules_from(args: argparse.Namespace, first_click: FirstClick = PLAY_FIRST_CLICK) -> Rules:
    """The rules the options ask for, ``first_click`` when they name no first-click rule
    (`ConfigError` on ``--no-guess --first-click none``)."""
    return Rules(first_click_from(args, first_click), WinRule(args.win_rule), args.question_marks)


def config_from(
    args: argparse.Namespace, first_click: FirstClick = PLAY_FIRST_CLICK
) -> Config | None:
    """The board the options ask for, or None when they name none (then the game asks);
    raises `ConfigError` for a board the shells do not play (`check_playable`), and
    `BoundError` for a seed outside 0 to `MAX_SEED`."""
    if args.seed is not None:
        check_seed(args.seed, "--seed")
    rules = rules_from(args, first_click)
    size = size_from(args)
    return None if size is None else check_playable(rules.config(*size))


def add_color_option(parser: argparse._ActionsContainer) -> None:
    """``--color auto|always|never``, read by `use_color`."""
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="ANSI colour: auto (the default) uses it on a terminal unless NO_COLOR is set",
    )


def use_color(choice: str) -> bool:
    """Whether to write ANSI colour to standard output for ``--color`` ``choice``."""
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def one_line(message: str) -> str:
    """``message`` as one printable line: a control character in it (a new line, a carriage
    return in a file name the player typed) is written as its escape, ``\\r``."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in message)


def fail(prog: str, message: object, status: int = 2) -> int:
    """Report a failure in one line on stderr (`one_line`: whatever names it holds); returns
    ``status`` (2, a usage error, unless told otherwise)."""
    print(f"{prog}: error: {one_line(str(message))}", file=sys.stderr)
    return status
