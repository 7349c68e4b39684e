"""`gridpuzzles replay ID`: a kept Minesweeper game watched again in the terminal, the board
after each step as Enter is pressed, or every step at once with ``--all``."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from gridpuzzles.bounds import shown
from gridpuzzles.cli.options import (
    CannotOpenStore,
    add_color_option,
    add_db_option,
    fail,
    open_store,
    use_color,
)
from gridpuzzles.storage import StorageError, default_db

PROG = "gridpuzzles replay"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a game id looks like (the store makes them of 22 such characters)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles replay` to ``parser``."""
    parser.add_argument("id", metavar="ID", help="the game's id, as the end of a game says it")
    parser.add_argument("--all", action="store_true", help="show every step at once")
    add_db_option(parser, "where the game is kept: ")
    add_color_option(parser)
    parser.set_defaults(handler=_replay)


def _replay(args: argparse.Namespace) -> int:
    game_id: str = args.id
    if not GAME_ID.fullmatch(game_id):
        return fail(PROG, f"a game id is letters, digits, '-' and '_', not {shown(game_id)}")
    path = args.db or default_db()
    if isinstance(path, Path) and not path.exists():
        return fail(PROG, f"no game is kept in {path} yet")
    try:
        store = open_store(path)
    except CannotOpenStore as error:
        return fail(PROG, str(error))
    try:
        puzzle = store.puzzle_of(game_id)
        saved = store.load_game(game_id) if puzzle == "minesweeper" else None
    except (StorageError, ValueError) as error:
        return fail(PROG, f"cannot read game {game_id} in {path}: {error}")
    finally:
        store.close()
    if puzzle is None:
        return fail(PROG, f"no game {game_id} is kept in {path}")
    if saved is None:
        return fail(PROG, f"game {game_id} is a Mondrian Blocks game: this replays Minesweeper")
    from gridpuzzles.midend.replay import ReplayError
    from gridpuzzles.terminal.replay import watch

    try:
        replay = saved.watched()
    except ReplayError as error:
        return fail(PROG, f"game {game_id} cannot be shown: {error}")
    if replay.in_play:
        return fail(PROG, f"game {game_id} is still being played: watch it once it ends")
    watch(replay, print, None if args.all else _ask, use_color(args.color))
    return 0


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
