"""`mines bench`: the auto-player's win rate and speed over many reproducible games, a boards
file or a sweep of mine densities (a shell around `solving.benchmark`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gridpuzzles.bounds import BoundError, check_range, check_seed, read_decimal, shown
from gridpuzzles.cli.inputs import UsageError, read_text
from gridpuzzles.cli.options import (
    add_first_click_options,
    add_size_options,
    fail,
    first_click_from,
    size_from,
    whole,
)
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    check_playable,
    check_sides,
    level_of,
    mines_for_density,
)
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    BoardFileError,
    Result,
    board_stream,
    play_boards,
    read_boards,
    summarize,
)
from gridpuzzles.minesweeper.solving.probabilities import (
    SolverLimitError,
)

MAX_GAMES = 1_000_000
"""The most games of one `mines bench` run (or of each sweep point); the results of a million
games take about 100 MB."""
MAX_JOBS = 64
"""The most worker processes of `mines bench`."""
MAX_SWEEP_POINTS = 100
"""The most densities of one `mines bench --sweep`."""
MAX_BOARDS_BYTES = 64 * 1024 * 1024
"""The longest boards file `mines bench --boards` reads: 64 MiB (about 100,000 expert
boards)."""


def configure(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `bench` to the `mines` sub-commands."""
    text = "Play many games with the auto-player and print its win rate and speed."
    bench = commands.add_parser("bench", help=text.lower().rstrip("."), description=text)
    board = bench.add_argument_group("boards")
    add_size_options(board, "a built-in level (default expert)")
    add_first_click_options(board)
    board.add_argument(
        "--boards",
        metavar="FILE",
        help="play exactly these boards (JSON lines: w, h, mines, start; - reads stdin), "
        f"at most {MAX_BOARDS_BYTES // 1024 // 1024} MiB",
    )
    bench.add_argument(
        "--games", type=whole, default=100, help=f"games to play, 1 to {MAX_GAMES:,} (default 100)"
    )
    bench.add_argument(
        "--seed", type=whole, default=0, help="seed of the boards, 0 to 2**63 - 1 (default 0)"
    )
    bench.add_argument(
        "--jobs", type=whole, default=1, help=f"worker processes, 1 to {MAX_JOBS} (default 1)"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    sweep = bench.add_argument_group("sweep")
    sweep.add_argument(
        "--sweep", action="store_true", help="plot the win rate against mine density (PNG)"
    )
    sweep.add_argument(
        "--densities",
        default="0.05:0.25:0.02",
        metavar="FROM:TO:STEP",
        help=f"densities of the sweep, both ends included, at most {MAX_SWEEP_POINTS} "
        "(default 0.05:0.25:0.02)",
    )
    sweep.add_argument(
        "--out", default="mines-sweep.png", help="the PNG file of the sweep (its folder must exist)"
    )
    bench.set_defaults(handler=_bench)


@dataclass(frozen=True)
class Run:
    """Games to play: a title, the boards (made as they are needed) and how many."""

    title: str
    boards: Iterable[Board]
    count: int
    config: Config | None = None
    """The board of every game, unless they come from a boards file."""
    density: float = 0.0
    """The mine density of a sweep point."""


def _bench(args: argparse.Namespace) -> int:
    try:
        check_range(args.games, "--games", 1, MAX_GAMES)
        check_range(args.jobs, "--jobs", 1, MAX_JOBS)
        check_seed(args.seed, "--seed")
        rule = first_click_from(args)
        runs = sweep_runs(args, rule) if args.sweep else [bench_run(args, rule)]
    except (UsageError, ConfigError, BoardFileError, BoundError) as error:
        return fail("mines bench", error, 2)
    try:
        played = [(run, _play(run, rule, args.jobs)) for run in runs]
    except SolverLimitError as error:
        return fail("mines bench", f"the auto-player cannot go on: {error}", 1)
    if args.sweep:
        return _report_sweep(played, args, rule)
    results = played[0][1]
    if args.json:
        print(json.dumps(bench_json(results, listed=args.boards is not None)))
    else:
        print(format_bench(played[0][0].title, results))
    return 0


def _play(run: Run, rule: FirstClick, jobs: int) -> list[Result]:
    with _progress(run.count, run.title) as advance:
        return play_boards(run.boards, rule, jobs, advance, run.count)


def bench_run(args: argparse.Namespace, rule: FirstClick) -> Run:
    """The games the options ask for: the boards of a file, or ``--games`` random boards."""
    if args.boards is None:
        config = bench_config(args, rule)
        title = f"{describe(config)}, {args.games} games, seed {args.seed}"
        return Run(title, board_stream(config, args.games, args.seed), args.games, config)
    if any(value is not None for value in (args.level, args.width, args.height, args.mines)):
        raise UsageError("--boards plays the boards of the file: leave out the board size")
    lines = read_text(args.boards, MAX_BOARDS_BYTES).splitlines()
    count = count_boards(lines, args.boards)
    return Run(f"{count} boards from {args.boards}", read_boards(lines), count)


def count_boards(lines: list[str], name: str) -> int:
    """How many boards ``lines`` hold, every one checked; `UsageError` for none or more than
    `MAX_GAMES`, `BoardFileError` for a bad line."""
    count = 0
    for _ in read_boards(lines):
        count += 1
        if count > MAX_GAMES:
            raise UsageError(f"{name} holds more than {MAX_GAMES:,} boards, the most of one run")
    if not count:
        raise UsageError(f"{name} holds no boards")
    return count


def bench_config(args: argparse.Namespace, rule: FirstClick) -> Config:
    """The board the bench options ask for (expert when none is named), within the bounds of
    boards the shells play (`check_playable`)."""
    return check_playable(Config(*(size_from(args) or LEVELS["expert"]), rule))


def describe(config: Config) -> str:
    name = level_of(config)
    size = f"{config.width}x{config.height}, {config.mines} mines"
    board = f"{name} ({size})" if name else size
    return f"{board}, first click {config.first_click.value}"


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
    """``FROM:TO:STEP`` as the list of densities, both ends included: at most
    `MAX_SWEEP_POINTS`, counted before the list is made."""
    match [read_decimal(part) for part in text.split(":")]:
        case [float(start), float(stop), float(step)]:
            pass
        case _:
            raise UsageError(
                f"--densities must be FROM:TO:STEP, e.g. 0.05:0.25:0.02, not {shown(text)}"
            )
    if not (step > 0 and 0 < start <= stop < 1):
        raise UsageError(
            f"--densities needs 0 < FROM <= TO < 1 and STEP > 0, not {shown(text)}"
        )
    steps = (stop - start) / step + 1e-9
    if steps + 1 > MAX_SWEEP_POINTS:
        raise UsageError(
            f"--densities {shown(text)} makes more than {MAX_SWEEP_POINTS} sweep points: "
            "use a larger STEP"
        )
    return [round(start + k * step, 10) for k in range(int(steps) + 1)]


def sweep_runs(args: argparse.Namespace, rule: FirstClick) -> list[Run]:
    """One run of ``--games`` boards per density, every board size checked and the output
    file found writable before any game is played."""
    if any(value is not None for value in (args.boards, args.mines, args.density)):
        raise UsageError(
            "--sweep sets the mine count from --densities: leave out --mines, --density and "
            "--boards"
        )
    if args.level is not None:
        if args.width is not None or args.height is not None:
            raise UsageError("give either --level or --width and --height, not both")
        args.width, args.height, _ = LEVELS[args.level]
    elif args.width is None or args.height is None:
        raise UsageError("--sweep needs a board size: --width and --height, or --level")
    check_sides(args.width, args.height)
    densities = parse_densities(args.densities)
    check_output(Path(args.out))
    runs = []
    for density in densities:
        mines = mines_for_density(args.width, args.height, density)
        config = check_playable(Config(args.width, args.height, mines, rule))
        boards = board_stream(config, args.games, args.seed)
        runs.append(Run(f"density {density:.3f}", boards, args.games, config, density))
    return runs


def check_output(path: Path) -> None:
    """Refuse (`UsageError`) an output file that cannot be written: not a ``.png`` name, in a
    folder that does not exist or cannot be written, or a folder itself."""
    if path.suffix.lower() != ".png":
        raise UsageError(f"--out must name a .png file, not {shown(str(path), 60)}")
    folder = path.parent
    if not folder.is_dir():
        raise UsageError(f"--out {path}: there is no folder {folder}")
    if path.is_dir():
        raise UsageError(f"--out {path} is a folder, not a file")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"--out {path} cannot be written")


def _report_sweep(
    played: list[tuple[Run, list[Result]]], args: argparse.Namespace, rule: FirstClick
) -> int:
    rows = [(run.density, run.config.mines if run.config else 0, summarize(r)) for run, r in played]
    try:
        plot_sweep(rows, args.width, args.height, rule, Path(args.out))
    except OSError as error:
        return fail("mines bench", f"cannot write {args.out}: {error.strerror}", 1)
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
