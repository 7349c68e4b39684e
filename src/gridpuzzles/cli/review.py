"""`gridpuzzles review ID`: the solver's review of a kept game, one line a step, then the game's
summary; ``--json`` prints it all as one JSON object. `gridpuzzles review FILE...`: the review
of each Minesweeper video file (`midend.video_import`) in one line, or one JSON object a line
with ``--json``; a file that cannot be read is one line on standard error, and the others are
still reviewed.

A Minesweeper game: each move's verdict, judged from the position before it, with the risk it
took beside the least there was, then the summary and the game's standard statistics (3BV,
clicks, IOE, ZiNi, RQP, STNB, ...). A Mondrian Blocks game: the solutions each step left, a
step into a dead end with the step that left it, the time each step took and the help taken,
then the summary (the time per block, the hints, the dead ends).

With ``--deep``, each guess of a Minesweeper game is weighed too: how much of the chance to win
it gave away against the solver's best move (`midend.review.weighings_of`). Not by default: an
estimate takes seconds a guess on an expert board, a minute or more for a whole game."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from gridpuzzles.cli.options import add_db_option, fail, whole_number
from gridpuzzles.cli.replay import GAME_ID_HELP, kept_game
from gridpuzzles.minesweeper.solving.win_loss import PLAYOUTS

if TYPE_CHECKING:
    from gridpuzzles.midend.minesweeper import Replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay
    from gridpuzzles.minesweeper.solving.review import Review

PROG = "gridpuzzles review"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles review` to ``parser``."""
    parser.add_argument(
        "targets",
        metavar="ID | FILE",
        nargs="+",
        help=f"{GAME_ID_HELP}; or video files of Minesweeper games (.evf, .rawvf, .avf, "
        ".rmv, .mvf), each reviewed in one line without a store",
    )
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    add_deep_options(parser)
    add_db_option(parser, "where the game is kept: ")
    parser.set_defaults(handler=_review)


def _review(args: argparse.Namespace) -> int:
    from gridpuzzles.midend.video_import import format_of

    targets: list[str] = args.targets
    if any(format_of(target) for target in targets):
        return _review_files(targets, args.json, args.deep, args.playouts)
    if len(targets) > 1:
        return fail(PROG, "review one kept game by its id, or video files by their names")
    replay = kept_game(PROG, targets[0], args.db)
    if isinstance(replay, int):
        return replay
    from gridpuzzles.midend.mondrian import Replay as MondrianReplay

    if isinstance(replay, MondrianReplay):
        return _review_mondrian(replay, args.json)
    from gridpuzzles.midend.review import (
        review_json,
        reviewed,
        statistics_words,
        summary_words,
        verdict_words,
    )

    judged = reviewed(replay)
    if args.deep:
        judged = weighed(replay, judged, args.playouts)
    if args.json:
        print(json.dumps(review_json(replay, judged)))
        return 0
    frames = {frame.number: frame for frame in replay.frames}
    print(replay.heading)
    for m in judged.moves:
        print(f"{replay.said(frames[m.number])}: {verdict_words(m)}")
    print(f"Summary: {summary_words(judged)}")
    if judged.statistics is not None:
        print(f"Statistics: {statistics_words(judged.statistics)}")
    return 0


def add_deep_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--deep`` and ``--playouts``: what each guess of a Minesweeper game gave away of
    the chance to win."""
    parser.add_argument(
        "--deep",
        action="store_true",
        help="weigh each guess of a Minesweeper game too: how much of the chance to win it "
        "gave away against the solver's best move (seconds a guess on a large board; Ctrl-C "
        "stops it and keeps what is weighed)",
    )
    parser.add_argument(
        "--playouts",
        type=whole_number("--playouts", 1, MOST_PLAYOUTS),
        default=PLAYOUTS,
        help=f"games played out on each side of a guess the solver cannot weigh exactly "
        f"(default {PLAYOUTS})",
    )


MOST_PLAYOUTS = 100_000
"""The most playouts of ``--playouts``."""


def weighed(replay: Replay, judged: Review, playouts: int) -> Review:
    """``judged`` with each guess weighed (`midend.review.weighings_of`), a progress bar on
    standard error when it is a terminal; Ctrl-C stops and keeps what is weighed."""
    from gridpuzzles.midend.review import weighings_of

    due = len(judged.weighable)
    bar = sys.stderr.isatty() and due > 0
    done = 0
    if bar:
        _progress(done, due)
    try:
        for number, win_loss in weighings_of(replay, judged, playouts=playouts):
            judged = judged.with_weighed(number, win_loss)
            done += 1
            if bar:
                _progress(done, due)
    except KeyboardInterrupt:
        pass
    if bar:
        print(file=sys.stderr)
    return judged


def _progress(done: int, due: int, width: int = 30) -> None:
    """The progress bar of `weighed`, drawn over itself: "Weighing the guesses [#####    ]
    3 of 10"."""
    filled = width * done // due
    bar = "#" * filled + " " * (width - filled)
    print(f"\rWeighing the guesses [{bar}] {done} of {due}", end="", file=sys.stderr, flush=True)


def _review_mondrian(replay: MondrianReplay, as_json: bool) -> int:
    from gridpuzzles.midend.mondrian_review import (
        review_json,
        reviewed,
        summary_words,
        verdict_words,
    )

    judged = reviewed(replay.game_id, replay.start, replay.frames, replay.created_at)
    if as_json:
        print(json.dumps(review_json(judged)))
        return 0
    print(replay.heading)
    for index, frame in enumerate(replay.frames):
        print(f"{replay.said(frame)}: {verdict_words(judged, index)}")
    print(f"Summary: {summary_words(judged)}")
    return 0


def _review_files(names: list[str], as_json: bool, deep: bool, playouts: int) -> int:
    """Review each video file of ``names`` in one line (a JSON object with ``--json``: the
    file, the game in words and `review_json`); a file that cannot be read or replayed is
    one line on standard error. 1 when any was, else 0."""
    from pathlib import Path

    from gridpuzzles.midend.replay import ReplayError
    from gridpuzzles.midend.review import review_json, reviewed, statistics_words, summary_words
    from gridpuzzles.midend.video_import import VideoError, read_video_file

    status = 0
    for name in names:
        try:
            video = read_video_file(Path(name))
            replay = video.replay()
        except (VideoError, ReplayError) as error:
            status = fail(PROG, error, 1)
            continue
        judged = reviewed(replay)
        if deep:
            judged = weighed(replay, judged, playouts)
        if as_json:
            said = {"file": video.source, "game": video.description}
            print(json.dumps(said | review_json(replay, judged)))
            continue
        line = f"{video.source}: {video.description}: {summary_words(judged)}"
        if judged.statistics is not None:
            line += f"; {statistics_words(judged.statistics)}"
        print(line)
    return status
