"""`gridpuzzles review ID`: the solver's review of a kept Minesweeper game, one line a move
(its verdict, judged from the position before it, with the risk it took beside the least
there was), then the game's summary and its standard statistics (3BV, clicks, IOE, ZiNi, RQP,
STNB, ...); ``--json`` prints it all as one JSON object."""

from __future__ import annotations

import argparse
import json

from gridpuzzles.cli.options import add_db_option
from gridpuzzles.cli.replay import GAME_ID_HELP, kept_replay

PROG = "gridpuzzles review"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of `gridpuzzles review` to ``parser``."""
    parser.add_argument("id", metavar="ID", help=GAME_ID_HELP)
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    add_db_option(parser, "where the game is kept: ")
    parser.set_defaults(handler=_review)


def _review(args: argparse.Namespace) -> int:
    replay = kept_replay(PROG, args.id, args.db)
    if isinstance(replay, int):
        return replay
    from gridpuzzles.midend.review import (
        review_json,
        reviewed,
        statistics_words,
        summary_words,
        verdict_words,
    )

    judged = reviewed(replay)
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
