"""The auto-player's benchmark: play many games and collect what happened.

Boards come from the core's `place_mines` with per-game seeds drawn from
``random.Random(seed)``, so a seed always gives the same boards and the same results, with
one process or many. Games are simulated on the layout directly (a plain flood fill) for
speed; the auto-player only ever sees the view.
"""

from __future__ import annotations

import json
import math
import random
import time
from array import array
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from functools import partial
from itertools import islice

import numpy as np

from gridpuzzles.bounds import check_range, check_seed
from gridpuzzles.minesweeper.core.errors import NotationError
from gridpuzzles.minesweeper.core.grid import Cell, Layout
from gridpuzzles.minesweeper.core.moves import Action
from gridpuzzles.minesweeper.core.settings import MAX_SIDE, Config, FirstClick
from gridpuzzles.minesweeper.core.view import View
from gridpuzzles.minesweeper.solving.autoplay import Decision, Player, first_click
from gridpuzzles.minesweeper.solving.noguess import placement
from gridpuzzles.minesweeper.solving.probabilities import neighbour_table
from gridpuzzles.minesweeper.solving.settings import DEFAULT_SETTINGS, SolverSettings

MAX_GAMES = 1_000_000
"""The most games of one run kept in memory (of `mines bench` without a results file, or of
a benchmark script): a million expert games take about a day of one core."""
MAX_JOBS = 64
"""The most worker processes of one run."""


def check_run(
    games: int,
    jobs: int,
    seeds: Iterable[int] = (),
    games_option: str = "--games",
    most_games: int = MAX_GAMES,
) -> None:
    """Raise `gridpuzzles.bounds.BoundError` unless ``games`` is from 1 to ``most_games``,
    ``jobs`` from 1 to `MAX_JOBS` and every seed from 0 to `gridpuzzles.bounds.MAX_SEED`
    (the message names the option of each)."""
    check_range(games, games_option, 1, most_games)
    check_range(jobs, "--jobs", 1, MAX_JOBS)
    for seed in seeds:
        check_seed(seed, "--seed")


@dataclass(frozen=True)
class Board:
    """One benchmark board: its layout and the first cell to reveal (never a mine)."""

    layout: Layout
    start: int

    def to_json(self) -> str:
        return json.dumps(
            {
                "w": self.layout.width,
                "h": self.layout.height,
                "mines": self.layout.mine_indices(),
                "start": self.start,
            }
        )


class BoardFileError(NotationError):
    """A line of a boards file that is not a valid board."""


MAX_BOARD_LINE = 128 * 1024
"""The longest line of a boards file, in characters: a 100x100 board with every cell
listed as a mine takes about 60,000."""


def parse_board(line: str, number: int = 1) -> Board:
    """One JSON line ``{"w": 30, "h": 16, "mines": [i, ...], "start": i}``: "w" and "h" from 1
    to `MAX_SIDE`, "mines" distinct cell indices, "start" a cell index that is not a mine.
    Every field is checked (JSON booleans are not numbers here) before the board is built;
    anything else raises `BoardFileError` naming the line and what was expected."""
    where = f"boards line {number}"
    if len(line) > MAX_BOARD_LINE:
        raise BoardFileError(f"{where} is longer than {MAX_BOARD_LINE:,} characters")
    data = _json(line, where)
    if not isinstance(data, dict) or set(data) != {"w", "h", "mines", "start"}:
        raise BoardFileError(f'{where}: expected an object with keys "w", "h", "mines", "start"')
    w, h, mines, start = data["w"], data["h"], data["mines"], data["start"]
    if not (_is_whole(w) and _is_whole(h) and 1 <= w <= MAX_SIDE and 1 <= h <= MAX_SIDE):
        raise BoardFileError(f'{where}: "w" and "h" must be whole numbers from 1 to {MAX_SIDE}')
    size = w * h
    if not isinstance(mines, list) or not all(_is_whole(i) and 0 <= i < size for i in mines):
        raise BoardFileError(
            f'{where}: "mines" must be a list of cell indices from 0 to {size - 1}'
        )
    if len(set(mines)) != len(mines):
        raise BoardFileError(f'{where}: "mines" lists a cell twice')
    if not (_is_whole(start) and 0 <= start < size):
        raise BoardFileError(f'{where}: "start" must be a cell index from 0 to {size - 1}')
    if start in set(mines):
        raise BoardFileError(f'{where}: "start" {start} is a mine')
    return Board(Layout.from_cells(w, h, mines), start)


def _json(line: str, where: str) -> object:
    """The JSON value of a line; numbers of thousands of digits and deep nesting are refused
    too, as not JSON of a board."""
    try:
        return json.loads(line)
    except json.JSONDecodeError as error:
        raise BoardFileError(f"{where}: not JSON ({error.msg})") from None
    except (ValueError, RecursionError):
        raise BoardFileError(
            f"{where}: not JSON of a board (too long a number, or too deep)"
        ) from None


def _is_whole(value: object) -> bool:
    """Whether a JSON value is a whole number (not a boolean, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_boards(lines: Iterable[str]) -> Iterator[Board]:
    """Every non-blank line of a JSON-lines boards file, read as it is needed."""
    return (parse_board(line, n) for n, line in enumerate(lines, start=1) if line.strip())


def board_stream(
    config: Config, games: int, seed: int, skip: int = 0, start: Cell | None = None
) -> Iterator[Board]:
    """``games`` boards of ``config``, made one at a time, reproducible from ``seed``; each
    starts at ``start`` (row, column from 0), by default where the auto-player clicks first
    (no-guess boards under `FirstClick.NO_GUESS`). The first ``skip`` boards are left out
    without being made (a resumed run)."""
    seeds = random.Random(seed)
    place = placement(config)
    row, col = start or first_click(config.width, config.height, config.first_click)
    first = row * config.width + col
    for number in range(games):
        board_seed = seeds.randrange(2**63)
        if number >= skip:
            yield Board(place(config, first, random.Random(board_seed)), first)


def random_boards(config: Config, games: int, seed: int, start: Cell | None = None) -> list[Board]:
    """The boards of `board_stream`, in a list."""
    return list(board_stream(config, games, seed, start=start))


@dataclass(frozen=True, slots=True)
class Result:
    """How one game went."""

    won: bool
    seconds: float
    guesses: int
    moves: int


class Simulation:
    """A game on a known layout, as fast as possible: reveals flood over zeros."""

    def __init__(self, layout: Layout) -> None:
        self.width = layout.width
        self.height = layout.height
        self.mines = layout.mines
        self.counts = layout.counts
        self.nbrs = neighbour_table(layout.width, layout.height)
        self.cells = bytearray(b"#" * layout.size)
        self.left = layout.size - layout.mine_count
        self.lost = False

    def view(self) -> View:
        return View(self.width, self.height, self.cells.decode("ascii"))

    def reveal(self, index: int) -> None:
        """Open a hidden cell; a zero opens its neighbours too."""
        if self.cells[index] != ord("#"):
            return
        if self.mines[index]:
            self.cells[index] = ord("*")
            self.lost = True
            return
        stack = [index]
        cells, counts, nbrs = self.cells, self.counts, self.nbrs
        cells[index] = 48 + counts[index]
        self.left -= 1
        while stack:
            i = stack.pop()
            if counts[i] == 0:
                for n in nbrs[i]:
                    if cells[n] == 35:  # '#'
                        cells[n] = 48 + counts[n]
                        self.left -= 1
                        stack.append(n)


def play_board(
    board: Board,
    rule: FirstClick = FirstClick.SAFE,
    then: Sequence[int] = (),
    on_guess: Callable[[View, Decision], None] | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> Result:
    """Play one board with the auto-player (guessing by ``settings``) from its start cell,
    after revealing the cells ``then`` in order (a forced opening; a mine among them loses the
    game). ``on_guess`` sees each guess before it is played (a lost game is lost on its last
    guess)."""
    started = time.perf_counter()
    sim = Simulation(board.layout)
    player = Player(rule, settings=settings)
    mines = board.layout.mine_count
    for cell in (board.start, *then):
        if not sim.lost:
            sim.reveal(cell)
    guesses = moves = 0
    while not sim.lost and sim.left > 0:
        view = sim.view()
        decision = player.decide(view, mines)
        guesses += decision.guess
        if decision.guess and on_guess is not None:
            on_guess(view, decision)
        for move in decision.moves:
            if move.action is not Action.REVEAL:
                raise AssertionError(f"the auto-player played {move} with no flag on the board")
            sim.reveal(move.row * sim.width + move.col)
            moves += 1
            if sim.lost:
                break
    return Result(not sim.lost, time.perf_counter() - started, guesses, moves)


def play_chunk(
    chunk: list[tuple[Board, FirstClick]], settings: SolverSettings = DEFAULT_SETTINGS
) -> list[Result]:
    """Play each board under its first-click rule (the work of one worker task)."""
    return [play_board(board, rule, (), None, settings) for board, rule in chunk]


ChunkPlayer = Callable[[list[tuple[Board, FirstClick]]], list[Result]]
"""What a worker runs on a chunk of boards: `play_chunk`, or a function that checks
something first and then plays it the same way."""

Played = tuple[list[Board], list[Result]]
"""Boards and their results, in order."""


@dataclass(frozen=True)
class Workers:
    """Who plays the boards: ``jobs`` processes of this machine (this process alone when it
    is 1), or ``executor`` (a cluster's) with ``jobs`` workers; each task runs ``play``."""

    jobs: int = 1
    executor: Executor | None = None
    play: ChunkPlayer = play_chunk


def result_chunks(
    boards: Iterable[Board],
    rule: FirstClick = FirstClick.SAFE,
    workers: Workers = Workers(),
    count: int | None = None,
) -> Iterator[Played]:
    """Play every board and give the results in board order, a chunk at a time, as soon as
    the boards before them are done; the same results whoever the ``workers`` are. Boards
    are taken from ``boards`` as they are needed (``count`` of them, when it is not a list),
    at most about ``2 * workers.jobs`` chunks ahead of the results given."""
    jobs = workers.jobs
    if workers.executor is None and jobs <= 1:
        for board in boards:
            yield [board], workers.play([(board, rule)])
        return
    total = len(boards) if isinstance(boards, Sized) else count
    size = 20 if total is None else max(1, min(20, total // (jobs * 4) or 1))
    executor = workers.executor
    with ProcessPoolExecutor(jobs) if executor is None else nullcontext(executor) as pool:
        waiting: deque[tuple[list[Board], Future[list[Result]]]] = deque()
        for chunk in chunks(boards, size):
            waiting.append((chunk, pool.submit(workers.play, [(b, rule) for b in chunk])))
            while len(waiting) > 2 * jobs or (waiting and waiting[0][1].done()):
                done, future = waiting.popleft()
                yield done, future.result()
        while waiting:
            done, future = waiting.popleft()
            yield done, future.result()


def play_boards(
    boards: Iterable[Board],
    rule: FirstClick = FirstClick.SAFE,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    count: int | None = None,
    settings: SolverSettings = DEFAULT_SETTINGS,
) -> list[Result]:
    """Play every board, in order, guessing by ``settings``; ``jobs`` processes share the
    work (same results). Boards are taken from ``boards`` as they are needed (``count`` of
    them, when it is not a list), so that only the results are kept."""
    results = []
    workers = Workers(jobs, play=partial(play_chunk, settings=settings))
    for _, played in result_chunks(boards, rule, workers, count):
        results.extend(played)
        if progress:
            progress(len(played))
    return results


@dataclass(frozen=True)
class Summary:
    games: int
    wins: int
    low: float
    high: float
    mean_ms: float
    median_ms: float
    guesses: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score 95% confidence interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def sign_test(before: Sequence[bool], after: Sequence[bool]) -> tuple[int, int, float]:
    """Paired wins on the same boards: boards won only ``after``, boards won only ``before``,
    and the sign-test z of the difference (below about 2 it is noise)."""
    gained = sum(1 for a, b in zip(before, after, strict=True) if b and not a)
    lost = sum(1 for a, b in zip(before, after, strict=True) if a and not b)
    z = (gained - lost) / math.sqrt(gained + lost) if gained + lost else 0.0
    return gained, lost, z


class Tally:
    """The figures of games as they end, in about 9 bytes a game (whether it was won and its
    time; guesses are only added up), so that ten million games fit in memory."""

    def __init__(self, results: Iterable[Result] = ()) -> None:
        self.won = bytearray()
        self.seconds = array("d")
        self.guesses = 0
        self.extend(results)

    def __len__(self) -> int:
        return len(self.won)

    def add(self, result: Result) -> None:
        self.won.append(result.won)
        self.seconds.append(result.seconds)
        self.guesses += result.guesses

    def extend(self, results: Iterable[Result]) -> None:
        for result in results:
            self.add(result)

    def summary(self) -> Summary:
        """The win rate with its Wilson interval, the mean and median time per game (exact
        sums, as `statistics.fmean` and `statistics.median` give) and the guesses per game."""
        games = len(self.won)
        wins = self.won.count(1)
        low, high = wilson(wins, games)
        times = np.frombuffer(self.seconds, dtype=np.float64) * 1000 if games else np.zeros(1)
        ordered = np.sort(times)
        middle = len(ordered) // 2
        median = (
            float(ordered[middle])
            if len(ordered) % 2
            else (float(ordered[middle - 1]) + float(ordered[middle])) / 2
        )
        mean = math.fsum(times.tolist()) / len(times)
        return Summary(games, wins, low, high, mean, median, self.guesses / games if games else 0.0)


def summarize(results: Iterable[Result]) -> Summary:
    """The figures of a list of results (`Tally.summary`)."""
    return Tally(results).summary()


def chunks(items: Iterable[Board], size: int) -> Iterator[list[Board]]:
    """``items`` in lists of ``size`` (the last one shorter), taken as they are needed."""
    source = iter(items)
    while chunk := list(islice(source, size)):
        yield chunk
