"""`mines analyze`: every hidden cell's exact mine probability for a position (a shell around
`solving.probabilities`), within bounds of size and time, and with ``--win-chance`` the
auto-player's chance of winning from it (`solving.win_chance`).

The position is read in any form a shell shows it (`core.positions`): a view, the line mode's
printed board, the web API's game state; and in JSMinesweeper's formats (`core.exchange`): a
``.mine`` position, or an MBF board (a file named ``*.mbf``, read as bytes: the board before
any move). ``--write-mine FILE`` writes the position analysed as ``.mine``, and ``--write-mbf
FILE`` its board as MBF when its mines are known (an MBF board, or a position whose every
hidden cell the analysis settles, as a finished game's: a ``.mine`` position holds no mines,
its ``M`` being a flag). The grid and the
lines under it speak to a person, so they count rows and columns from 1 (`gridpuzzles.cells`);
the ``--json`` form is for programs and keeps the code's 0-based ``[row, col]``, as the web
API's machine forms do."""

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
from gridpuzzles.cells import Cell, cell_words, typed_numbers
from gridpuzzles.cli.inputs import UsageError, input_name, read_bytes, read_text
from gridpuzzles.cli.options import (
    fail,
    number,
    whole,
)
from gridpuzzles.minesweeper.core.exchange import MAX_MBF_BYTES, format_mbf, format_mine
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.moves import Action
from gridpuzzles.minesweeper.core.notation import OPEN_ZERO, NotationError
from gridpuzzles.minesweeper.core.positions import (
    MAX_ANALYSED_CELLS,
    Position,
    PositionTooLargeError,
    check_analysed_size,
    mine_count,
    read_mbf_position,
    read_position,
)
from gridpuzzles.minesweeper.core.settings import ConfigError, FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving import probabilities
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

MINES_OPTION = ("--mines", "--mines N")
"""How the command names the mine count it is given (`positions.mine_count`)."""
MAX_VIEW_BYTES = 1024 * 1024
"""The longest view `mines analyze` reads: 1 MiB of text (read no further)."""
MAX_VIEW_CELLS = MAX_ANALYSED_CELLS
"""The most cells of a view `mines analyze` takes (`positions.MAX_ANALYSED_CELLS`)."""
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
MBF_SUFFIX = ".mbf"
"""The end of the name of a file read as an MBF board (in any case), as JSMinesweeper tells
one: MBF is bytes, and its bytes alone do not tell it from text for sure."""


class OutOfTime(Exception):
    """Raised by the alarm of `time_limit` in the main thread."""


def configure(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `analyze` to the `mines` sub-commands."""
    text = "Print every hidden cell's exact mine probability for a position."
    analyze_ = commands.add_parser(
        "analyze",
        help=text.lower().rstrip("."),
        description=f"{text} The position is read as any shell shows it: a view in the text "
        "format (. or 0 an opened empty cell), the board as mines play prints it (with its "
        "numbers, and its 'Mines left' line if copied too), or the web API's JSON game state; "
        "or as JSMinesweeper saves it: a .mine position (first line WxHxM), or an MBF board "
        f"(a file named *{MBF_SUFFIX}: the board before any move). "
        "Rows and columns are counted from 1, except in --json.",
    )
    analyze_.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE|-",
        help=f"the position, at most {MAX_VIEW_BYTES // 1024 // 1024} MiB and "
        f"{MAX_VIEW_CELLS:,} cells (- or none: stdin); a file named *{MBF_SUFFIX} is an MBF board",
    )
    analyze_.add_argument(
        "--mines",
        type=whole,
        help="total mines on the board, flagged or not (needed unless the position says it: "
        "the 'Mines left' line of mines play, the web API's game state, a .mine or MBF file)",
    )
    analyze_.add_argument(
        "--json",
        action="store_true",
        help="print JSON instead of a grid, for programs: cells as [row, col] counted from 0",
    )
    analyze_.add_argument(
        "--write-mine",
        metavar="FILE",
        help="also write the position analysed to FILE as JSMinesweeper's .mine text (before "
        "the analysis; a file there is replaced)",
    )
    analyze_.add_argument(
        "--write-mbf",
        metavar="FILE",
        help="also write the position's board (where its mines are) to FILE as an MBF board, "
        "for mines play --board: only when its mines are known (an MBF board, or a position "
        "that settles every hidden cell, as a finished game's); a file there is replaced",
    )
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
        if args.mines is not None:  # refused before any input is read
            check_range(args.mines, "--mines", 0, MAX_VIEW_CELLS)
        _check_win_chance(args)
        if not 0 < args.max_seconds <= MAX_SECONDS:
            raise UsageError(
                f"--max-seconds must be more than 0 and at most {MAX_SECONDS:.0f}, "
                f"not {args.max_seconds:g}"
            )
        for option, name in (("--write-mine", args.write_mine), ("--write-mbf", args.write_mbf)):
            if name == "-":
                raise UsageError(f"{option} takes a file name: standard output holds the analysis")
        position = read_view(args.file)
        args.layout = position.layout
        board = position.view
        args.mines = mine_count(position, args.mines, MINES_OPTION, MAX_VIEW_CELLS)
        if args.write_mine is not None:
            write_mine(args.write_mine, board, args.mines)
    except (UsageError, NotationError, BoundError) as error:
        return fail("mines analyze", error, 2)
    try:
        with time_limit(args.max_seconds):
            output = _analysis(board, args)
    except InconsistentViewError as error:
        return fail("mines analyze", f"inconsistent view: {error}", 1)
    except UsageError as error:
        return fail("mines analyze", error, 2)
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
    if args.write_mbf is not None:
        write_mbf(args.write_mbf, args.layout or known_layout(board, analysis))
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
    return text if chance is None else f"{text}\n{format_win_chance(*chance, args.max_seconds)}"


def _decision(board: View, mines: int, rule: FirstClick) -> Decision | None:
    """What the auto-player plays on ``board``, or None when it has no move."""
    try:
        return decide(board, mines, rule)
    except ADVICE_ERRORS:
        return None


def _advice(board: View, mines: int, rule: FirstClick, decision: Decision | None) -> Hint | None:
    """The auto-player's ``decision`` as advice (why, in a person's words: "row 2, column 2"),
    or None when it has none."""
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


WHOLE_PERCENTS_FROM = 0.1
"""An interval this wide (10 points) or wider is shown in whole percents: a tenth of a point
would claim a precision the estimate does not have."""


def format_win_chance(tally: WinChance, asked: int, seconds: float) -> str:
    """The line of --win-chance: "Win chance from here: 63.2% (95% CI 60.1-66.2%, 1,000
    playouts)"; when ``seconds`` ran out before all ``asked`` playouts, the estimate of those
    played and the time they had: "41% (95% CI 35-47%, 272 playouts in 15 s)"."""
    low, high = tally.interval
    digits = 0 if high - low >= WHOLE_PERCENTS_FROM else 1
    done = "" if tally.playouts == asked else f" in {seconds:g} s"
    return (
        f"Win chance from here: {100 * tally.rate:.{digits}f}% "
        f"(95% CI {100 * low:.{digits}f}-{100 * high:.{digits}f}%, "
        f"{tally.playouts:,} playouts{done})"
    )


def read_view(name: str) -> Position:
    """The position in file ``name`` (``-``: standard input), in any form a shell shows it or
    as a ``.mine`` position, within `MAX_VIEW_BYTES` and `MAX_VIEW_CELLS`; or, when ``name``
    ends in `MBF_SUFFIX`, the MBF board in it (within `MAX_MBF_BYTES`) before any move. What
    cannot be read is a `UsageError` that names the file."""
    try:
        if name != "-" and name.lower().endswith(MBF_SUFFIX):
            position = read_mbf_position(read_bytes(name, MAX_MBF_BYTES))
        else:
            position = read_position(read_text(name, MAX_VIEW_BYTES))
    except NotationError as error:
        raise UsageError(f"{input_name(name)}: {error}") from None
    try:
        check_analysed_size(position.view)
    except PositionTooLargeError as error:
        raise UsageError(str(error)) from None
    return position


def write_mine(name: str, board: View, mines: int) -> None:
    """Write ``board`` on a board of ``mines`` mines to file ``name`` as ``.mine`` text (a
    file there is replaced); a `UsageError` naming the file when it cannot be."""
    where = input_name(name)
    try:
        text = format_mine(board, mines)
    except NotationError as error:
        raise UsageError(f"cannot write the position to {where} as .mine: {error}") from None
    write_file(name, text.encode("ascii"))


def write_file(name: str, data: bytes) -> None:
    """Write ``data`` to file ``name`` (a file there is replaced); a `UsageError` naming the
    file when it cannot be."""
    where = input_name(name)
    try:
        with open(name, "wb") as file:
            file.write(data)
    except OSError as error:
        raise UsageError(f"cannot write {where}: {error.strerror}") from None
    except ValueError:  # a NUL character in the name
        raise UsageError(f"cannot write {where}: not a file name") from None


def known_layout(board: View, analysis: Analysis) -> Layout:
    """Where the mines of ``board`` are (`probabilities.known_layout`); `UsageError` saying
    how many hidden cells ``analysis`` leaves undecided when it does not settle them all."""
    layout = probabilities.known_layout(board, analysis)
    if layout is None:
        raise UsageError(
            f"--write-mbf needs the position's mines, but {analysis.undecided:,} hidden cells "
            "may or may not be mines: give an MBF board, or a position that settles every cell"
        )
    return layout


def write_mbf(name: str, layout: Layout) -> None:
    """Write ``layout`` to file ``name`` as an MBF board (a file there is replaced); a
    `UsageError` naming the file when it cannot be."""
    try:
        data = format_mbf(layout)
    except NotationError as error:
        raise UsageError(f"cannot write the board to {input_name(name)} as MBF: {error}") from None
    write_file(name, data)


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise `OutOfTime` in the block once it has run ``seconds`` (SIGALRM: call from the
    main thread). An alarm set before, and its handler, are kept: the one due first fires,
    and an earlier alarm that fired in the block is then due again after its interval only
    (as it would have been without the block), not at once."""
    started = time.monotonic()
    earlier_handler = signal.getsignal(signal.SIGALRM)
    earlier, interval = signal.getitimer(signal.ITIMER_REAL)
    ours_first = not earlier or seconds < earlier
    fired: list[float] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        if ours_first or not callable(earlier_handler):
            raise OutOfTime
        fired.append(time.monotonic())
        earlier_handler(signum, frame)

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds if ours_first else earlier)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, earlier_handler)
        if fired and interval:
            left = max(interval - (time.monotonic() - fired[-1]), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, left, interval)
        elif earlier and not fired:
            left = max(earlier - (time.monotonic() - started), 1e-3)
            signal.setitimer(signal.ITIMER_REAL, left, interval)


def suggested_move(board: View, decision: Decision | None) -> Cell | None:
    """The cell the auto-player's ``decision`` reveals next, or None when there is none."""
    if decision is None:
        return None
    move = decision.moves[0]
    if move.action is Action.FLAG and board.at(move.row, move.col) != "F":
        return None
    return (move.row, move.col)


def analysis_json(analysis: Analysis, move: Cell | None) -> dict[str, Any]:
    """The ``--json`` form: probabilities, certain cells and the suggested move, cells as
    0-based ``[row, col]`` (a machine form, as the web API's)."""
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


def format_analysis(board: View, analysis: Analysis, move: Cell | None) -> str:
    """The grid of percentages (shown cells keep their symbol, an opened 0 is ``.``) under
    column numbers and beside row numbers counted from 1, and a summary."""
    width = max(4, len(str(board.width)) + 1)
    label = len(str(board.height))
    lines = [" " * label + "".join(f"{c:>{width + 1}}" for c in range(1, board.width + 1))]
    percent = cache(lambda weight: _percent(weight, analysis.layouts))
    for r in range(board.height):
        cells = []
        for c in range(board.width):
            weight = analysis.weights[r * board.width + c]
            if weight is None:
                cells.append(f"{_shown(board.at(r, c)):>{width}}")
            else:
                cells.append(f"{percent(weight):>{width}}")
        lines.append(f"{r + 1:>{label}} " + " ".join(cells))
    safe, mines = analysis.safe, analysis.certain_mines
    lines.append(f"Layouts that fit: {analysis.layouts:,}")
    lines.append(f"Certainly safe ({len(safe)}): {_cells(safe)}")
    lines.append(f"Certainly mines ({len(mines)}): {_cells(mines)}")
    if move is not None:
        p = analysis.probability(*move)
        chance = "certainly safe" if p == 0 else f"{float(p or 0):.1%} mine"
        lines.append(f"Move: reveal {cell_words(move)} ({chance})")
    return "\n".join(lines)


def _shown(symbol: str) -> str:
    """A shown cell in the grid: an opened 0 is ``.``, as the line mode draws it, so that it
    stands apart from a hidden cell's ``0%``."""
    return OPEN_ZERO if symbol == "0" else symbol


def _percent(weight: int, total: int) -> str:
    if weight == 0:
        return "0%"
    if weight == total:
        return "100%"
    value = 100 * weight / total
    return f"{value:.0f}%" if 1 <= value <= 99 else ("<1%" if value < 1 else ">99%")


def _cells(cells: list[Cell]) -> str:
    """Cells as a person types them, ``(ROW,COL)`` counted from 1."""
    return " ".join(f"({typed_numbers(cell)})" for cell in cells) if cells else "-"
