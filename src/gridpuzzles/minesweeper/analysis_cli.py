"""The `mines analyze` and `mines bench` commands (shells around `solver` and `benchmark`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gridpuzzles.minesweeper.autoplay import decide
from gridpuzzles.minesweeper.benchmark import (
    Board,
    BoardFileError,
    Result,
    play_boards,
    random_boards,
    read_boards,
    summarize,
)
from gridpuzzles.minesweeper.notation import NotationError, parse_view
from gridpuzzles.minesweeper.options import (
    add_first_click_options,
    add_size_options,
    first_click_from,
    size_from,
)
from gridpuzzles.minesweeper.rules import Action
from gridpuzzles.minesweeper.settings import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    level_of,
    mines_for_density,
)
from gridpuzzles.minesweeper.solver import Analysis, InconsistentViewError, analyze
from gridpuzzles.minesweeper.view import View


class UsageError(ValueError):
    """Options or input the command cannot use (exit status 2)."""


def configure(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `analyze` and `bench` to the `mines` sub-commands."""
    text = "Print every hidden cell's exact mine probability for a view."
    analyze_ = commands.add_parser("analyze", help=text.lower().rstrip("."), description=text)
    analyze_.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE|-",
        help="a view in the text format (- or none: stdin)",
    )
    analyze_.add_argument("--mines", type=int, required=True, help="total mines on the board")
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
    analyze_.set_defaults(handler=_analyze)

    text = "Play many games with the auto-player and print its win rate and speed."
    bench = commands.add_parser("bench", help=text.lower().rstrip("."), description=text)
    board = bench.add_argument_group("boards")
    add_size_options(board, "a built-in level (default expert)")
    add_first_click_options(board)
    board.add_argument(
        "--boards",
        metavar="FILE",
        help="play exactly these boards (JSON lines: w, h, mines, start)",
    )
    bench.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    bench.add_argument("--seed", type=int, default=0, help="seed of the boards (default 0)")
    bench.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    sweep = bench.add_argument_group("sweep")
    sweep.add_argument(
        "--sweep", action="store_true", help="plot the win rate against mine density (PNG)"
    )
    sweep.add_argument(
        "--densities",
        default="0.05:0.25:0.02",
        metavar="FROM:TO:STEP",
        help="densities of the sweep, both ends included (default 0.05:0.25:0.02)",
    )
    sweep.add_argument("--out", default="mines-sweep.png", help="the PNG file of the sweep")
    bench.set_defaults(handler=_bench)


# ---- analyze -------------------------------------------------------------------------------


def _analyze(args: argparse.Namespace) -> int:
    try:
        if args.mines < 0:
            raise UsageError(f"--mines cannot be negative ({args.mines})")
        text = _read_text(args.file)
        board = parse_view(text)
    except (UsageError, NotationError) as error:
        return _fail("analyze", error, 2)
    try:
        analysis = analyze(board, args.mines, trust_flags=args.trust_flags)
    except InconsistentViewError as error:
        return _fail("analyze", f"inconsistent view: {error}", 1)
    move = suggested_move(board, args.mines, FirstClick(args.first_click))
    if args.json:
        print(json.dumps(analysis_json(analysis, move)))
    else:
        print(format_analysis(board, analysis, move))
    return 0


def _read_text(name: str) -> str:
    if name == "-":
        return sys.stdin.read()
    try:
        return Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not UTF-8 text"
        raise UsageError(f"cannot read {name}: {reason}") from None


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
    rows = [
        [
            None if w is None else w / analysis.layouts
            for w in analysis.weights[r * width : (r + 1) * width]
        ]
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
    for r in range(board.height):
        cells = []
        for c in range(board.width):
            weight = analysis.weights[r * board.width + c]
            if weight is None:
                cells.append(f"{board.at(r, c):>{width}}")
            else:
                cells.append(f"{_percent(weight, analysis.layouts):>{width}}")
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


# ---- bench ---------------------------------------------------------------------------------


def _bench(args: argparse.Namespace) -> int:
    try:
        if args.games < 1:
            raise UsageError(f"--games must be at least 1, not {args.games}")
        if args.jobs < 1:
            raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
        rule = first_click_from(args)
        if args.sweep:
            return _sweep(args, rule)
        if args.boards is not None:
            config = None
            boards = _read_boards(args.boards)
            title = f"{len(boards)} boards from {args.boards}"
        else:
            config = bench_config(args, rule)
            boards = random_boards(config, args.games, args.seed)
            title = f"{describe(config)}, {args.games} games, seed {args.seed}"
    except (UsageError, ConfigError, BoardFileError) as error:
        return _fail("bench", error, 2)
    with _progress(len(boards), title) as advance:
        results = play_boards(boards, rule, args.jobs, advance)
    if args.json:
        print(json.dumps(bench_json(results, listed=args.boards is not None)))
    else:
        print(format_bench(title, results))
    return 0


def bench_config(args: argparse.Namespace, rule: FirstClick) -> Config:
    """The board the bench options ask for (expert when none is named)."""
    return Config(*(size_from(args) or LEVELS["expert"]), rule)


def describe(config: Config) -> str:
    name = level_of(config)
    size = f"{config.width}x{config.height}, {config.mines} mines"
    board = f"{name} ({size})" if name else size
    return f"{board}, first click {config.first_click.value}"


def _read_boards(name: str) -> list[Board]:
    text = _read_text(name)
    boards = read_boards(text.splitlines())
    if not boards:
        raise UsageError(f"{name} holds no boards")
    return boards


def bench_json(results: list[Result], listed: bool) -> dict[str, Any]:
    s = summarize(results)
    data: dict[str, Any] = {
        "games": s.games,
        "wins": s.wins,
        "win_rate": s.rate,
        "ci95": [s.low, s.high],
        "mean_ms": s.mean_ms,
        "median_ms": s.median_ms,
        "guesses_per_game": s.guesses,
    }
    if listed:
        data["results"] = ["won" if r.won else "lost" for r in results]
    return data


def format_bench(title: str, results: list[Result]) -> str:
    s = summarize(results)
    return "\n".join(
        [
            title,
            f"won {s.wins} of {s.games}: {s.rate:.1%} (95% CI {s.low:.1%} - {s.high:.1%})",
            f"time per game: mean {s.mean_ms:.1f} ms, median {s.median_ms:.1f} ms",
            f"guesses per game: {s.guesses:.2f}",
        ]
    )


def parse_densities(text: str) -> list[float]:
    """``FROM:TO:STEP`` as the list of densities, both ends included."""
    try:
        start, stop, step = (float(part) for part in text.split(":"))
    except ValueError:
        raise UsageError(
            f"--densities must be FROM:TO:STEP, e.g. 0.05:0.25:0.02, not {text!r}"
        ) from None
    if step <= 0 or not 0 < start <= stop < 1:
        raise UsageError(f"--densities needs 0 < FROM <= TO < 1 and STEP > 0, not {text!r}")
    count = int((stop - start) / step + 1e-9) + 1
    return [round(start + k * step, 10) for k in range(count)]


def _sweep(args: argparse.Namespace, rule: FirstClick) -> int:
    if args.width is None or args.height is None:
        if args.level is None:
            raise UsageError("--sweep needs a board size: --width and --height, or --level")
        args.width, args.height, _ = LEVELS[args.level]
    densities = parse_densities(args.densities)
    rows = []
    for density in densities:
        config = Config(
            args.width, args.height, mines_for_density(args.width, args.height, density), rule
        )
        boards = random_boards(config, args.games, args.seed)
        with _progress(len(boards), f"density {density:.3f}") as advance:
            results = play_boards(boards, rule, args.jobs, advance)
        rows.append((density, config.mines, summarize(results)))
    plot_sweep(rows, args.width, args.height, rule, Path(args.out))
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "density": d,
                        "mines": m,
                        "win_rate": s.rate,
                        "ci95": [s.low, s.high],
                        "games": s.games,
                    }
                    for d, m, s in rows
                ]
            )
        )
    else:
        for d, m, s in rows:
            print(f"density {d:.3f} ({m} mines): {s.rate:.1%} (95% CI {s.low:.1%} - {s.high:.1%})")
        print(f"plot written to {args.out}")
    return 0


def plot_sweep(
    rows: list[tuple[float, int, Any]], width: int, height: int, rule: FirstClick, out: Path
) -> None:
    """The win rate with its 95% interval against mine density, as a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4.5))
    x = [d for d, _, _ in rows]
    y = [s.rate for _, _, s in rows]
    below = [s.rate - s.low for _, _, s in rows]
    above = [s.high - s.rate for _, _, s in rows]
    axes.errorbar(x, y, yerr=[below, above], marker="o", capsize=3)
    axes.set_xlabel("mine density")
    axes.set_ylabel("win rate")
    axes.set_ylim(0, 1)
    axes.grid(alpha=0.3)
    games = rows[0][2].games if rows else 0
    axes.set_title(
        f"Auto-player win rate, {width}x{height}, first click {rule.value}, {games} games per point"
    )
    figure.tight_layout()
    figure.savefig(out, dpi=100)
    plt.close(figure)


@contextmanager
def _progress(total: int, title: str) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on standard error when it is a terminal; else nothing."""
    if not sys.stderr.isatty():
        yield lambda _: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(title, total=total)
        yield lambda n: bar.advance(task, n)


def _fail(command: str, error: object, status: int) -> int:
    print(f"mines {command}: error: {error}", file=sys.stderr)
    return status
