"""`gridpuzzles replay ID`: a kept game of either puzzle watched again in the terminal, the
board after each step as Enter is pressed, or every step at once with ``--all``: a Minesweeper
game won, lost or left, a Mondrian Blocks game solved, each through the mid-end's replay."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from gridpuzzles.midend.minesweeper import Replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay

PROG = "gridpuzzles replay"
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a game id looks like (the store makes them of 22 such characters)."""
GAME_ID_HELP = "the game's id, as the end of a game and `gridpuzzles stats` say it"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles replay` to ``parser``."""
    parser.add_argument("id", metavar="ID", help=GAME_ID_HELP)
    parser.add_argument("--all", action="store_true", help="show every step at once")
    parser.add_argument(
        "--no-review",
        dest="review",
        action="store_false",
        help="leave out the solver's verdict under each step (gridpuzzles review ID lists them)",
    )
    add_db_option(parser, "where the game is kept: ")
    add_color_option(parser)
    parser.set_defaults(handler=_replay)


def _replay(args: argparse.Namespace) -> int:
    replay = kept_game(PROG, args.id, args.db)
    if isinstance(replay, int):
        return replay
    from gridpuzzles.midend import mondrian_review
    from gridpuzzles.midend.minesweeper import Replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay
    from gridpuzzles.midend.review import reviewed, summary_words, verdict_words
    from gridpuzzles.terminal.replay import watch

    verdicts = None
    summary = None
    if args.review and isinstance(replay, Replay):
        judged = reviewed(replay)
        verdicts = {m.number: verdict_words(m) for m in judged.moves}
        summary = summary_words(judged)
    elif args.review and isinstance(replay, MondrianReplay):
        game = mondrian_review.reviewed(
            replay.game_id, replay.start, replay.frames, replay.created_at
        )
        verdicts = {
            frame.number: mondrian_review.verdict_words(game, index)
            for index, frame in enumerate(replay.frames)
        }
        summary = mondrian_review.summary_words(game)
    watch(replay, print, None if args.all else _ask, use_color(args.color), verdicts)
    if summary is not None:
        print(f"Review: {summary}")
    return 0


def kept_replay(prog: str, game_id: str, db: Path | URL | None) -> Replay | int:
    """The finished Minesweeper game ``game_id`` kept in ``db`` (the default store when
    None), replayed; else the status of a command that said in one line why not (a malformed
    or unknown id, a store that cannot be opened or read, a Mondrian game, a log that cannot
    be replayed, a game still being played)."""
    from gridpuzzles.midend.minesweeper import Replay

    found = kept_game(prog, game_id, db, mondrian=False)
    assert isinstance(found, int | Replay)  # a Mondrian game is refused
    return found


def kept_game(
    prog: str, game_id: str, db: Path | URL | None, *, mondrian: bool = True
) -> Replay | MondrianReplay | int:
    """The finished game ``game_id`` of either puzzle kept in ``db`` (the default store when
    None), replayed through the mid-end; else the status of a command that said in one line
    why not (a malformed or unknown id, a store that cannot be opened or read, a log that
    cannot be replayed, a game still being played, a Mondrian game when not ``mondrian``)."""
    if not GAME_ID.fullmatch(game_id):
        return fail(prog, f"a game id is letters, digits, '-' and '_', not {shown(game_id)}")
    path = db or default_db()
    if isinstance(path, Path) and not path.exists():
        return fail(prog, f"no game is kept in {path} yet")
    try:
        store = open_store(db)
    except CannotOpenStore as error:
        return fail(prog, str(error))
    from gridpuzzles.storage.mondrian_play import watched  # SQLAlchemy, now
    from gridpuzzles.storage.playing import MINESWEEPER, MONDRIAN

    saved, stored = None, None
    try:
        puzzle = store.puzzle_of(game_id)
        if puzzle == MINESWEEPER:
            saved = store.load_game(game_id)
        elif puzzle == MONDRIAN and mondrian:
            stored = store.read(MONDRIAN, game_id)
    except (StorageError, ValueError) as error:
        return fail(prog, f"cannot read game {game_id} in {path}: {error}")
    finally:
        store.close()
    if puzzle == MONDRIAN and not mondrian:
        return fail(prog, f"game {game_id} is a Mondrian Blocks game: this shows Minesweeper games")
    if puzzle == MONDRIAN and stored is None:  # a result kept before the moves were
        return fail(
            prog,
            f"game {game_id} is a Mondrian Blocks result kept without its moves: there is "
            "nothing to watch",
        )
    if saved is None and stored is None:  # (or forgotten since the first read)
        return fail(prog, f"no game {game_id} is kept in {path}")
    if stored is not None and not stored.ended:  # nothing of it is read: its solution least
        return fail(
            prog,
            f"game {game_id} is a Mondrian Blocks game still being played: watch it once it "
            "is solved",
        )
    try:
        replay: Replay | MondrianReplay
        if saved is not None:
            replay = saved.watched()
        else:
            assert stored is not None
            replay = watched(game_id, stored)
    except (ValueError, KeyError, TypeError) as error:  # `ReplayError`, a setup changed by hand
        return fail(prog, f"game {game_id} cannot be shown: {error}")
    if replay.in_play:
        return fail(prog, f"game {game_id} is still being played: watch it once it ends")
    return replay


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None
