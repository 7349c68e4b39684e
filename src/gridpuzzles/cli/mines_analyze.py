"""`mines analyze`: every hidden cell's exact mine probability for a view (a shell around
`solving.probabilities`), within bounds of size and time."""

from __future__ import annotations

import argparse
import json
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from types import FrameType
from typing import Any

from gridpuzzles.bounds import BoundError, check_range
from gridpuzzles.cli.inputs import UsageError, read_text
from gridpuzzles.cli.options import (
    fail,
    number,
    whole,
)
from gridpuzzles.minesweeper.core.notation import NotationError, parse_view
from gridpuzzles.minesweeper.core.rules import Action
from gridpuzzles.minesweeper.core.settings import (
    FirstClick,
)
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import decide
from gridpuzzles.minesweeper.solving.probabilities import (
    Analysis,
    InconsistentViewError,
    SolverLimitError,
    analyze,
)

MAX_VIEW_BYTES = 1024 * 1024
"""The longest view `mines analyze` reads: 1 MiB of text (read no further)."""
MAX_VIEW_CELLS = 250_000
"""The most cells of a view `mines analyze` takes (e.g. 500x500): the solver's tables of a
view grow with its cells (about 200 MB at this size)."""
DEFAULT_SECONDS = 60.0
"""How long `mines analyze` may work on a view unless --max-seconds says otherwise."""
MAX_SECONDS = 86_400.0
"""The longest --max-seconds: a day."""


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
        help="the first-click rule, for the suggested move on an untouched board",
    )
    analyze_.add_argument(
        "--max-seconds",
        type=number,
        default=DEFAULT_SECONDS,
        metavar="S",
        help=f"give up (status 2) after S seconds of work, at most {MAX_SECONDS:.0f} "
        f"(default {DEFAULT_SECONDS:.0f})",
    )
    analyze_.set_defaults(handler=_analyze)


def _analyze(args: argparse.Namespace) -> int:
    try:
        check_range(args.mines, "--mines", 0, MAX_VIEW_CELLS)
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
    except OutOfTime:
        return fail("mines analyze",
            f"the analysis took longer than --max-seconds {args.max_seconds:g}; "
            "give it more time, or a view with fewer undecided cells",
            2,
        )
    print(output)
    return 0


def _analysis(board: View, args: argparse.Namespace) -> str:
    """The text `mines analyze` prints for ``board``: the grid or the JSON."""
    analysis = analyze(board, args.mines, trust_flags=args.trust_flags)
    move = suggested_move(board, args.mines, FirstClick(args.first_click))
    if args.json:
        return json.dumps(analysis_json(analysis, move))
    return format_analysis(board, analysis, move)


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


def suggested_move(board: View, mines: int, rule: FirstClick) -> tuple[int, int] | None:
    """The auto-player's next cell to reveal, or None when there is none."""
    try:
        decision = decide(board, mines, rule)
    except (ValueError, InconsistentViewError):
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
