"""`gridpuzzles export ID --format evf|rawvf -o FILE`: a kept Minesweeper game written as a video
file of the community (EVF or RAWVF), through the mid-end's replay (`midend.videos`). A game
still being played, or one no video can show (an undo or a redo, the flags win rule), is
refused in one line, as is a file that cannot be written."""

from __future__ import annotations

import argparse
from pathlib import Path

from gridpuzzles.cli.options import add_db_option, fail
from gridpuzzles.cli.replay import GAME_ID_HELP, kept_replay

PROG = "gridpuzzles export"
FORMATS = ("evf", "rawvf")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles export` to ``parser``."""
    parser.add_argument("id", metavar="ID", help=GAME_ID_HELP)
    parser.add_argument(
        "--format",
        required=True,
        choices=FORMATS,
        help="evf (Metasweeper's binary video) or rawvf (the plain-text video)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        type=Path,
        help="the file to write (default: gridpuzzles-ID.FORMAT in the current directory)",
    )
    add_db_option(parser, "where the game is kept: ")
    parser.set_defaults(handler=_export)


def _export(args: argparse.Namespace) -> int:
    replay = kept_replay(PROG, args.id, args.db)
    if isinstance(replay, int):
        return replay
    from gridpuzzles.midend.videos import ExportError, VideoFormat, exported, video_of

    video_format = VideoFormat(args.format)
    try:
        data = exported(replay, video_format)
    except ExportError as error:
        return fail(PROG, error)
    path: Path = args.output or Path(video_of(replay).file_name(video_format))
    try:
        path.write_bytes(data)
    except OSError as error:
        return fail(PROG, f"cannot write {path}: {error.strerror or error}", 1)
    print(f"Game {args.id} written to {path} as {video_format.value.upper()} ({len(data)} bytes)")
    return 0
