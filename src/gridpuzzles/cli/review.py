"""`gridpuzzles review ID`: the solver's review of a kept Minesweeper game, one line a move
(its verdict, judged from the position before it, with the risk it took beside the least
there was), then the game's summary; ``--json`` prints it all as one JSON object."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

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
    from gridpuzzles.midend.review import reviewed

    judged = reviewed(replay)
    frames = {frame.number: frame for frame in replay.frames}
    if args.json:
        moves: list[dict[str, Any]] = [
            {
                "number": m.number,
                "move": str(m.move),
                "said": replay.said(frames[m.number]),
                "verdict": m.verdict.value,
                "risk": _number(m.risk),
                "least_risk": _number(m.least_risk),
                "thinking": round(m.thinking, 3),
            }
            for m in judged.moves
        ]
        summary = {
            "moves": len(judged.moves),
            "guesses": judged.guesses,
            "needless_guesses": judged.needless_guesses,
            "pluck": round(judged.pluck, 4),
            "least_pluck": round(judged.least_pluck, 4),
            "accuracy": round(judged.accuracy, 4),
        }
        print(json.dumps({"id": replay.game_id, "moves": moves, "summary": summary}))
        return 0
    print(replay.heading)
    for m in judged.moves:
        risk = ""
        if m.risk is not None and m.least_risk is not None:
            risk = f"; {_percent(m.risk)} risk, the least there was {_percent(m.least_risk)}"
        print(f"{replay.said(frames[m.number])}: {m.verdict.words}{risk}")
    print(
        f"Summary: {_count(len(judged.moves), 'move')}, {_count(judged.guesses, 'guess')}, "
        f"{judged.needless_guesses} needless; risk taken {judged.pluck:.2f} "
        f"(the least possible {judged.least_pluck:.2f}, in -log10 of the chance to survive); "
        f"accuracy {judged.accuracy:.0%}"
    )
    return 0


def _count(number: int, noun: str) -> str:
    plural = noun + ("es" if noun.endswith("s") else "s")
    return f"{number} {noun if number == 1 else plural}"


def _number(chance: Fraction | None) -> float | None:
    return None if chance is None else round(float(chance), 6)


def _percent(chance: Fraction) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not."""
    value = 100 * float(chance)
    if chance in (0, 1):
        return f"{value:.0f}%"
    return f"{value:.0f}%" if 1 <= value <= 99 else ("<1%" if value < 1 else ">99%")
