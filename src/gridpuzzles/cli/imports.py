"""`gridpuzzles import FILE...`: Minesweeper games brought in from video files of the community
(EVF and RAWVF read here, AVF, RMV, MVF and older EVF through ms-toollib: `midend.video_import`)
and kept in the store as games of their own, marked imported and never counted in the records;
each can then be watched (`gridpuzzles replay ID`), reviewed and exported like a game played
here. A file that cannot be read or replayed is one line on standard error and nothing of it
is kept; the other files are still imported."""

from __future__ import annotations

import argparse
from pathlib import Path

from gridpuzzles.cli.options import CannotOpenStore, add_db_option, fail, open_store

PROG = "gridpuzzles import"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles import` to ``parser``."""
    parser.add_argument(
        "files",
        metavar="FILE",
        nargs="+",
        type=Path,
        help="video files of Minesweeper games: .evf, .rawvf, .avf, .rmv or .mvf",
    )
    add_db_option(parser, "where the games are kept: ")
    parser.set_defaults(handler=_import)


def _import(args: argparse.Namespace) -> int:
    import time

    from gridpuzzles.midend.video_import import VideoError, read_video_file

    files: list[Path] = args.files
    read = []
    status = 0
    for path in files:  # every file read before the store opens: a refusal keeps nothing
        try:
            video = read_video_file(path)
        except VideoError as error:
            status = fail(PROG, error, 1)
            continue
        read.append(video)
    if not read:
        return status
    try:
        store = open_store(args.db)
    except CannotOpenStore as error:
        return fail(PROG, str(error), 1)
    from gridpuzzles.storage import StorageError

    try:
        for video in read:
            kept = store.add_imported(video, now=time.time())
            print(f"{video.origin.file}: kept as game {kept.id}: {kept.watched().description}")
    except StorageError as error:
        return fail(PROG, f"cannot keep the games in {store.where}: {error}", 1)
    finally:
        store.close()
    print("Watch one with gridpuzzles replay ID, or review it with gridpuzzles review ID.")
    return status
