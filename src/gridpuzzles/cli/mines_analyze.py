"""`mines analyze`: every hidden cell's exact mine probability for a view (a shell around
`solving.probabilities`), within bounds of size and time, and with ``--win-chance`` the
auto-player's chance of winning from it (`solving.win_chance`)."""

from __future__ import annotations

import argparse
import json
import random
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import FrameType
from typing import Any

from gridpuzzles.bounds import BoundError, check_range, check_seed
from gridpuzzles.cli.inputs import UsageError, read_text
from gridpuzzles.cli.options import (
    fail,
    number,
    whole,
)
from gridpuzzles.minesweeper.core.game import Action
from gridpuzzles.minesweeper.core.notation import NotationError, parse_view
from gridpuzzles.minesweeper.core.settings import ConfigError, FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import ADVICE_ERRORS, Decision, Hint, advice, decide
from gridpuzzles.minesweeper.solving.insight import Insight, insight
from gridpuzzles.minesweeper.solving.noguess import NoGuessError
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    InconsistentViewError,
    SolverLimitError,
    analyze,
)
from gridpuzzles.minesweeper.solving.win_chance import WinChance, playouts

MAX_VIEW_BYTES = 1024 * 1024
"""The longest view `mines analyze` reads: 1 MiB of text (read no further)."""
MAX_VIEW_CELLS = 250_000
"""The most cells of a view `mines analyze` takes (e.g. 500x500): the solver's tables of a
view grow with its cells (about 200 MB at this size)."""
DEFAULT_SECONDS = 15.0
"""How long `mines analyze` may work on a view unless --max-seconds says otherwise: past it,
the command says so and how to allow more (a person waits that long without a word)."""
MAX_SECONDS = 86_400.0
"""The longest --max-seconds: a day."""
DEFAULT_PLAYOUTS = 1000
"""The playouts of --win-chance unless --playouts says otherwise (a 95% interval of about
plus or minus 3 points)."""
MAX_PLAYOUTS = 1_000_000
"""The most --playouts: about a day of expert games, which --max-seconds cuts short anyway."""


class OutOfTime(Exception):
    """Raised by the alarm of `time_limit` in the main thread."""


def configure(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `analyze` to the `mines` sub-commands."""
    text = "Print every hidden cell's exact mine probability for a view."
    analyze_ = commands.add_parser("analyze", help=text.lower().rstrip("."), description=text)
    analyze_.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE|-",
        help=f"a view in the text format, at most {MAX_VIEW_BYTES // 1024 // 1024} MiB and "
        f"{MAX_VIEW_CELLS:,} cells (- or none: stdin)",
    )
    analyze_.add_argument("--mines", type=whole, required=True, help="total mines on the board")
    analyze_.add_argument("--json", action="store_true", help="print JSON instead of a grid")
    analyze_.add_argument(
        "--trust-flags", action="store_true", help="count flags as mines (by default, as hidden)"
    )
    analyze_.add_argument(
        "--first-click",
        choices=[r.value for r in FirstClick],
        default=FirstClick.SAFE.value,
        help="the first-click rule, for the suggested move and --win-chance on an untouched board",
    )
    analyze_.add_argument(
        "--max-seconds",
        type=number,
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"give up (status 2) after S seconds of work, at most {MAX_SECONDS:.0f} "
        f"(default {DEFAULT_SECONDS:.0f}); --win-chance reports the playouts done by then",
    )
    analyze_.add_argument(
        "--win-chance",
        action="store_true",
        help="also estimate the auto-player's chance of winning from here, by playouts on "
        "layouts drawn at random among those that fit",
    )
    analyze_.add_argument(
        "--playouts",
        type=whole,
        metavar="N",
        help=f"playouts of --win-chance, 1 to {MAX_PLAYOUTS:,} (default {DEFAULT_PLAYOUTS:,})",
    )
    analyze_.add_argument(
        "--seed",
        type=whole,
        help="seed of the --win-chance playouts, 0 to 2**63 - 1 (default 0)",
    )
    analyze_.set_defaults(handler=_analyze)


def _analyze(args: argparse.Namespace) -> int:
    try:
        check_range(args.mines, "--mines", 0, MAX_VIEW_CELLS)
        _check_win_chance(args)
        if not 0 < args.max_seconds <= MAX_SECONDS:
            raise UsageError(
                f"--max-seconds must be more than 0 and at most {MAX_SECONDS:.0f}, "
                f"not {args.max_seconds:g}"
            )
        board = read_view(args.file)
    except (UsageError, NotationError, BoundError) as error:
        return fail("mines analyze", error, 2)
    try:
        with time_limit(args.max_seconds):
            output = _analysis(board, args)
    except InconsistentViewError as error:
        return fail("mines analyze", f"inconsistent view: {error}", 1)
    except SolverLimitError as error:
        return fail("mines analyze", f"the view is beyond the exact solver: {error}", 2)
    except (ConfigError, NoGuessError) as error:
        return fail("mines analyze", f"no playout can be dealt: {error}", 2)
    except OutOfTime as error:
        return fail(
            "mines analyze",
            str(error)
            or f"the analysis took longer than --max-seconds {args.max_seconds:g}; "
            f"allow more with --max-seconds (up to {MAX_SECONDS:.0f}), or give a view with fewer "
            "undecided cells",
            2,
        )
    print(output)
    return 0


def _analysis(board: View, args: argparse.Namespace) -> str:
    """The text `mines analyze` prints for ``board``: the grid or the JSON."""
    analysis = analyze(board, args.mines, trust_flags=args.trust_flags)
    rule = FirstClick(args.first_click)
    decision = _decision(board, args.mines, rule)
    move = suggested_move(board, decision)
    seen = insight(board, args.mines, trust_flags=args.trust_flags)
    why = _advice(board, args.mines, rule, decision) if move is not None else None
    chance = _win_chance(board, args) if args.win_chance else None
    if args.json:
        found = analysis_json(analysis, move)
        found["insight"] = seen.as_json()
        if found["move"] is not None and why is not None:
            found["move"] |= {"why": why.because, "secondary_safety": why.safety}
        if chance is not None:
            found["win_chance"] = win_chance_json(*chance)
        return json.dumps(found)
    text = "\n".join([format_analysis(board, analysis, move), *insight_lines(seen, why)])
    return text if chance is None else f"{text}\n{format_win_chance(*chance)}"


def _decision(board: View, mines: int, rule: FirstClick) -> Decision | None:
    """What the auto-player plays on ``board``, or None when it has no move."""
    try:
        return decide(board, mines, rule)
    except ADVICE_ERRORS:
        return None


def _advice(board: View, mines: int, rule: FirstClick, decision: Decision | None) -> Hint | None:
    """The auto-player's ``decision`` as advice (why, in words counting from 0 like the grid's
    headers), or None when it has none."""
    if decision is None:
        return None
    try:
        return advice(board, mines, rule, decision)
    except ADVICE_ERRORS:
        return None


def insight_lines(seen: Insight, reason: Hint | None) -> list[str]:
    """What the solver sees beyond the chances: the dead cells, the unavoidable 50/50s and
    why the move is played."""
    dead = [c.cell for c in seen.cells if c.dead]
    lines = [
        f"Dead, telling nothing new ({len(dead)}): {_cells(dead)}",
        f"Unavoidable 50/50s ({len(seen.fifty_fifties)}): "
        + ("; ".join(_cells(list(group)) for group in seen.fifty_fifties) or "-"),
    ]
    if reason is not None:
        lines.append(f"Why: {reason.because}")
    return lines


def _check_win_chance(args: argparse.Namespace) -> None:
    """Check --playouts and --seed (each only with --win-chance) and fill in their defaults."""
    if not args.win_chance:
        if args.playouts is not None or args.seed is not None:
            raise UsageError("--playouts and --seed go with --win-chance")
        return
    if args.playouts is None:
        args.playouts = DEFAULT_PLAYOUTS
    check_range(args.playouts, "--playouts", 1, MAX_PLAYOUTS)
    args.seed = check_seed(0 if args.seed is None else args.seed, "--seed")


def _win_chance(board: View, args: argparse.Namespace) -> tuple[WinChance, int]:
    """The tally of the --win-chance playouts and the number asked for: all of them, or
    those done when `time_limit` ran out (`OutOfTime` again when none was)."""
    done = None
    rule = FirstClick(args.first_click)
    games = playouts(
        board,
        args.mines,
        random.Random(args.seed),
        args.playouts,
        rule=rule,
        trust_flags=args.trust_flags,
    )
    try:
        for tally in games:
            done = tally
    except OutOfTime:
        if done is None:
            raise OutOfTime(
                f"no --win-chance playout ended within --max-seconds {args.max_seconds:g}; "
                f"allow more with --max-seconds (up to {MAX_SECONDS:.0f})"
            ) from None
    assert done is not None
    return done, args.playouts


def win_chance_json(tally: WinChance, asked: int) -> dict[str, Any]:
    """The ``win_chance`` of the ``--json`` form: the estimate, its 95% interval, the
    playouts won and played, and whether all those asked for were played in time."""
    low, high = tally.interval
    return {
        "estimate": tally.rate,
        "low": low,
        "high": high,
        "wins": tally.wins,
        "playouts": tally.playouts,
        "complete": tally.playouts == asked,
    }


def format_win_chance(tally: WinChance, asked: int) -> str:
    """The line of --win-chance: "Win chance from here: 63.2% (95% CI 60.1-66.2%, 1,000
    playouts)", saying so when time ran out before all ``asked`` playouts."""
    low, high = tally.interval
    short = "" if tally.playouts == asked else f" of {asked:,}: --max-seconds ran out"
    return (
        f"Win chance from here: {tally.rate:.1%} (95% CI {100 * low:.1f}-{100 * high:.1f}%, "
        f"{tally.playouts:,} playouts{short})"
    )


def read_view(name: str) -> View:
    """The view in file ``name`` (``-``: standard input), within `MAX_VIEW_BYTES` and
    `MAX_VIEW_CELLS`."""
    board = parse_view(read_text(name, MAX_VIEW_BYTES))
    if board.width * board.height > MAX_VIEW_CELLS:
        raise UsageError(
            f"the view is {board.width}x{board.height}: at most {MAX_VIEW_CELLS:,} cells "
            "are analysed"
        )
    return board


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise `OutOfTime` in the block once it has run ``seconds`` (SIGALRM: call from the
    main thread). An alarm set before, and its handler, are kept: the one due first fires."""
    started = time.monotonic()
    earlier_handler = signal.getsignal(signal.SIGALRM)
    earlier, interval = signal.getitimer(signal.ITIMER_REAL)
    ours_first = not earlier or seconds < earlier

    def stop(signum: int, frame: FrameType | None) -> None:
        if ours_first or not callable(earlier_handler):
            raise OutOfTime
        earlier_handler(signum, frame)

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds if ours_first else earlier)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, earlier_handler)
        if earlier:
            left = max(earlier - (time.monotonic() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def suggested_move(board: View, decision: Decision | None) -> tuple[int, int] | None:
    """The cell the auto-player's ``decision`` reveals next, or None when there is none."""
    if decision is None:
        return None
    move = decision.moves[0]
    if move.action is Action.FLAG and board.at(move.row, move.col) != "F":
        return None
    return (move.row, move.col)


def analysis_json(analysis: Analysis, move: tuple[int, int] | None) -> dict[str, Any]:
    """The ``--json`` form: probabilities, certain cells and the suggested move."""
    width = analysis.width
    share = cache(lambda weight: weight / analysis.layouts)  # cells share weights; long division
    rows = [
        [None if w is None else share(w) for w in analysis.weights[r * width : (r + 1) * width]]
        for r in range(analysis.height)
    ]
    return {
        "probabilities": rows,
        "safe": [list(cell) for cell in analysis.safe],
        "mines": [list(cell) for cell in analysis.certain_mines],
        "move": None if move is None else {"action": "reveal", "row": move[0], "col": move[1]},
    }


def format_analysis(board: View, analysis: Analysis, move: tuple[int, int] | None) -> str:
    """The grid of percentages (shown cells keep their symbol) and a summary."""
    width = max(4, len(str(board.width - 1)) + 1)
    label = len(str(board.height - 1))
    lines = [" " * label + "".join(f"{c:>{width + 1}}" for c in range(board.width))]
    percent = cache(lambda weight: _percent(weight, analysis.layouts))
    for r in range(board.height):
        cells = []
        for c in range(board.width):
            weight = analysis.weights[r * board.width + c]
            if weight is None:
                cells.append(f"{board.at(r, c):>{width}}")
            else:
                cells.append(f"{percent(weight):>{width}}")
        lines.append(f"{r:>{label}} " + " ".join(cells))
    safe, mines = analysis.safe, analysis.certain_mines
    lines.append(f"Layouts that fit: {analysis.layouts:,}")
    lines.append(f"Certainly safe ({len(safe)}): {_cells(safe)}")
    lines.append(f"Certainly mines ({len(mines)}): {_cells(mines)}")
    if move is not None:
        p = analysis.probability(*move)
        chance = "certainly safe" if p == 0 else f"{float(p or 0):.1%} mine"
        lines.append(f"Move: reveal row {move[0]}, column {move[1]} ({chance})")
    return "\n".join(lines)


def _percent(weight: int, total: int) -> str:
    if weight == 0:
        return "0%"
    if weight == total:
        return "100%"
    value = 100 * weight / total
    return f"{value:.0f}%" if 1 <= value <= 99 else ("<1%" if value < 1 else ">99%")


def _cells(cells: list[tuple[int, int]]) -> str:
    return " ".join(f"({r},{c})" for r, c in cells) if cells else "-"
