"""`mines bench`: the auto-player's win rate and speed over many reproducible games, a boards
file or a sweep of mine densities (a shell around `solving.benchmark`), on this machine or on
a Dask cluster (`solving.cluster`), its results streamed to a file that a stopped run
resumes (`cli.bench_results`)."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from gridpuzzles.bounds import BoundError, read_decimal, shown
from gridpuzzles.cli.inputs import UsageError, read_text
from gridpuzzles.cli.minesweeper.bench_results import Record, RecordError
from gridpuzzles.cli.options import (
    add_first_click_options,
    add_size_options,
    fail,
    first_click_from,
    size_from,
    whole,
)
from gridpuzzles.minesweeper.core.grid import Cell, cell_words
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    MAX_SIDE,
    Config,
    ConfigError,
    FirstClick,
    check_playable,
    check_sides,
    level_of,
    mines_for_density,
)
from gridpuzzles.minesweeper.solving.benchmark import (
    MAX_GAMES,
    MAX_JOBS,
    Board,
    BoardFileError,
    Tally,
    Workers,
    board_stream,
    check_run,
    read_boards,
    result_chunks,
)
from gridpuzzles.minesweeper.solving.cluster import ClusterError, ClusterLost, connect
from gridpuzzles.minesweeper.solving.probabilities import (
    SolverLimitError,
)
from gridpuzzles.minesweeper.solving.results import (
    ResultsFileError,
    Settings,
    solver_fingerprint,
)

MAX_RECORDED_GAMES = 10_000_000
"""The most games of a run whose results stream to a ``--results`` file, which it resumes
from after a stop; its figures keep about 9 bytes a game in memory."""
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
        "--start",
        type=start_cell,
        metavar="ROW,COLUMN",
        help="the cell the auto-player clicks first, counted from 1 (default: the top-left "
        "corner, or row 3, column 3 when the first click opens an area), e.g. 4,4",
    )
    board.add_argument(
        "--boards",
        metavar="FILE",
        help="play exactly these boards (JSON lines: w, h, mines, start; - reads stdin), "
        f"at most {MAX_BOARDS_BYTES // 1024 // 1024} MiB",
    )
    bench.add_argument(
        "--games",
        type=whole,
        default=100,
        help=f"games to play, 1 to {MAX_GAMES:,}, or to {MAX_RECORDED_GAMES:,} with --results "
        "(default 100)",
    )
    bench.add_argument(
        "--seed", type=whole, default=0, help="seed of the boards, 0 to 2**63 - 1 (default 0)"
    )
    where = bench.add_mutually_exclusive_group()
    where.add_argument(
        "--jobs", type=whole, default=1, help=f"worker processes, 1 to {MAX_JOBS} (default 1)"
    )
    where.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://HOST:8786 "
        "(the same results as --jobs; needs gridpuzzles[cluster] on every host)",
    )
    bench.add_argument(
        "--results",
        metavar="FILE",
        help="write each game's result to FILE (JSON lines) as it ends; a new file, unless "
        "--resume",
    )
    bench.add_argument(
        "--resume",
        action="store_true",
        help="go on with the run recorded in the --results FILE (a stopped run): its games are "
        "not played again, and the figures count them",
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
    """Games to play: a title, the boards (made as they are needed, after the number given
    of boards left out), how many, and the settings that name them in a results file."""

    title: str
    boards: Callable[[int], Iterable[Board]]
    count: int
    settings: Settings
    config: Config | None = None
    """The board of every game, unless they come from a boards file."""
    density: float = 0.0
    """The mine density of a sweep point."""


_CELL = re.compile(r"([0-9]{1,3}),([0-9]{1,3})")


def start_cell(text: str) -> Cell:
    """``--start``'s cell (an argparse ``type``): "ROW,COLUMN", each counted from 1 and at most
    `MAX_SIDE`; the cell as (row, column) counted from 0."""
    found = _CELL.fullmatch(text)
    if found is None or not all(1 <= int(part) <= MAX_SIDE for part in found.groups()):
        raise argparse.ArgumentTypeError(
            f"expected ROW,COLUMN, each a whole number from 1 to {MAX_SIDE} (e.g. 4,4), "
            f"not {shown(text)}"
        )
    return int(found[1]) - 1, int(found[2]) - 1


def check_start(start: Cell | None, config: Config) -> None:
    """Refuse (`UsageError`) a ``--start`` cell off the board of ``config``."""
    if start is not None and not (start[0] < config.height and start[1] < config.width):
        raise UsageError(
            f"--start {cell_words(start)} is off the board of {config.height} rows and "
            f"{config.width} columns"
        )


def _bench(args: argparse.Namespace) -> int:
    try:
        check_results_options(args)
        most = MAX_GAMES if args.results is None else MAX_RECORDED_GAMES
        check_run(args.games, args.jobs, [args.seed], most_games=most)
        rule = first_click_from(args)
        runs = sweep_runs(args, rule) if args.sweep else [bench_run(args, rule)]
        record = None
        if args.results is not None:
            record = Record(Path(args.results), runs[0].settings, runs[0].count, args.resume)
    except (UsageError, ConfigError, BoardFileError, BoundError, ResultsFileError) as error:
        return fail("mines bench", error, 2)
    try:
        with _workers(args) as workers:
            played = [(run, _play(run, rule, workers, record)) for run in runs]
    except ClusterError as error:
        status = 1 if isinstance(error, ClusterLost) else 2
        return fail("mines bench", f"{error}{_kept(record)}", status)
    except SolverLimitError as error:
        return fail("mines bench", f"the auto-player cannot go on: {error}", 1)
    except RecordError as error:
        return fail("mines bench", error, 1)
    except KeyboardInterrupt:
        return fail("mines bench", f"stopped{_kept(record)}", 130)
    finally:
        if record is not None:
            record.close()
    if args.sweep:
        return _report_sweep(played, args, rule)
    tally = played[0][1]
    if args.json:
        print(json.dumps(bench_json(tally, listed=args.boards is not None)))
    else:
        print(format_bench(played[0][0].title, tally))
    return 0


def _kept(record: Record | None) -> str:
    """What a stopped run leaves: the games in its results file, once it is written."""
    if record is None or not record.started:
        return ""
    return f": {record.done:,} games are in {record.path}, --resume goes on"


def check_results_options(args: argparse.Namespace) -> None:
    """The options a results file goes with (more than `MAX_GAMES` games need one)."""
    if args.resume and args.results is None:
        raise UsageError("--resume needs --results FILE, the file of the run to go on with")
    if args.results is not None and args.sweep:
        raise UsageError("--results records one run: leave out --sweep")
    if args.results is None and MAX_GAMES < args.games <= MAX_RECORDED_GAMES:
        raise UsageError(
            f"more than {MAX_GAMES:,} --games need --results FILE, so that a stopped run "
            "can be resumed"
        )


@contextmanager
def _workers(args: argparse.Namespace) -> Iterator[Workers]:
    """The processes of ``--jobs``, or the cluster of ``--cluster`` while it is in use."""
    if args.cluster is None:
        yield Workers(args.jobs)
        return
    with connect(args.cluster) as workers:
        yield workers


def _play(run: Run, rule: FirstClick, workers: Workers, record: Record | None) -> Tally:
    """Play the games of ``run`` that ``record`` does not hold yet, each result written to it
    as it comes; the tally of every game of the run."""
    tally = Tally() if record is None else record.tally
    done = len(tally)
    if done and record is not None:
        print(f"mines bench: {done:,} of {run.count:,} games are in {record.path}", file=sys.stderr)
    with _progress(run.count, run.title) as advance:
        advance(done)
        if record is not None:
            record.start()
        for boards, results in result_chunks(run.boards(done), rule, workers, run.count - done):
            if record is None:
                tally.extend(results)
            else:
                record.add(boards, results)
            advance(len(results))
    return tally


def bench_run(args: argparse.Namespace, rule: FirstClick) -> Run:
    """The games the options ask for: the boards of a file, or ``--games`` random boards."""
    if args.boards is None:
        config = bench_config(args, rule)
        check_start(args.start, config)
        return random_run(config, args.games, args.seed, start=args.start)
    if any(
        value is not None for value in (args.level, args.width, args.height, args.mines, args.start)
    ):
        raise UsageError(
            "--boards plays the boards of the file: leave out the board size and --start"
        )
    text = read_text(args.boards, MAX_BOARDS_BYTES)
    lines = text.splitlines()
    count = count_boards(lines, args.boards)
    settings: Settings = {
        "boards_file": hashlib.sha256(text.encode()).hexdigest()[:16],
        "games": count,
        "first_click": rule.value,
        "solver": solver_fingerprint(),
    }
    return Run(
        f"{count} boards from {args.boards}",
        lambda skip: islice(read_boards(lines), skip, None),
        count,
        settings,
    )


def random_run(
    config: Config,
    games: int,
    seed: int,
    title: str = "",
    density: float = 0.0,
    start: Cell | None = None,
) -> Run:
    """``games`` boards of ``config`` from ``seed``, each started at ``start`` (row, column
    from 0) when given, else where the auto-player clicks first."""
    settings: Settings = {
        "width": config.width,
        "height": config.height,
        "mines": config.mines,
        "first_click": config.first_click.value,
        "games": games,
        "seed": seed,
        "solver": solver_fingerprint(),
    }
    where = ""
    if start is not None:
        settings["start"] = f"{start[0] + 1},{start[1] + 1}"
        where = f", first click at {cell_words(start)}"
    return Run(
        (title or f"{describe(config)}, {games} games, seed {seed}") + where,
        lambda skip: board_stream(config, games, seed, skip, start),
        games,
        settings,
        config,
        density,
    )


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


def bench_json(tally: Tally, listed: bool) -> dict[str, Any]:
    s = tally.summary()
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
        data["results"] = ["won" if won else "lost" for won in tally.won]
    return data


def format_bench(title: str, tally: Tally) -> str:
    s = tally.summary()
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
        raise UsageError(f"--densities needs 0 < FROM <= TO < 1 and STEP > 0, not {shown(text)}")
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
        check_start(args.start, config)
        title = f"density {density:.3f}"
        runs.append(random_run(config, args.games, args.seed, title, density, args.start))
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
    played: list[tuple[Run, Tally]], args: argparse.Namespace, rule: FirstClick
) -> int:
    rows = [(run.density, run.config.mines if run.config else 0, t.summary()) for run, t in played]
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
