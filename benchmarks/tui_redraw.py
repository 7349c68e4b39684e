"""Time per key of the full-screen app's Minesweeper board: cursor moves and single reveals.

Drives the Textual app headless (``run_test``) on a large custom board, with the overlay off
and then on, and prints the median and the 90th percentile of the milliseconds of processor
time the app spends from a key press until the screen is composed again (the widgets' lines
rendered; the headless driver skips only the write to a terminal). Processor time, because
the pilot sleeps at least 20 ms a key while it waits for the app to go idle; the wall time
is printed beside it. Target: under 20 ms a key on 200x200.

    .venv/bin/python benchmarks/tui_redraw.py [--side 200] [--keys 60] [--size 160x50]

The board is wider than the shells allow (`MAX_SIDE`): the app is given its `Config`
directly. Compare two revisions with ``benchmarks/side_by_side.py --base REV tui_redraw.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from textual.pilot import Pilot

from gridpuzzles.minesweeper import Config, Mark
from gridpuzzles.tui.app import GridPuzzlesApp
from gridpuzzles.tui.minesweeper.screen import MinesweeperScreen

MOVES = ["right"] * 12 + ["down"] * 8 + ["left"] * 12 + ["up"] * 8
"""A loop of cursor moves that stays in sight, so that the board does not scroll."""
MAX_SIDE = 300
MAX_KEYS = 5000


Timing = tuple[float, float]
"""Processor and wall milliseconds of one key."""


def figures(timings: list[Timing]) -> str:
    """Median and 90th percentile of the processor time, and the median wall time."""
    cpu = [processor for processor, _ in timings]
    p90 = statistics.quantiles(cpu, n=10)[-1] if len(cpu) > 1 else cpu[0]
    wall = statistics.median(wall for _, wall in timings)
    return (
        f"median {statistics.median(cpu):6.1f} ms, p90 {p90:6.1f} ms"
        f" (wall median {wall:6.1f} ms, {len(cpu)} keys)"
    )


async def timed(pilot: Pilot[None], key: str) -> Timing:
    """Processor and wall milliseconds from a press of ``key`` until the screen is composed
    again."""
    start, wall = time.process_time(), time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    return 1000 * (time.process_time() - start), 1000 * (time.perf_counter() - wall)


def single_reveals(screen: MinesweeperScreen, count: int, rng: random.Random) -> list[int]:
    """Hidden safe cells next to a mine (each reveal opens that cell alone), near the top left
    corner, so that they are in sight."""
    game = screen.game
    layout = game.layout
    assert layout is not None
    cells = [
        index
        for index in range(layout.size)
        if game.marks[index] is not Mark.REVEALED
        and not layout.is_mine(index)
        and layout.counts[index] > 0
        and index % game.width < 30
        and index // game.width < 15
    ]
    return rng.sample(cells, min(count, len(cells)))


async def measure(side: int, keys: int, size: tuple[int, int]) -> dict[str, list[Timing]]:
    """The milliseconds of each timed key, by kind."""
    config = Config(side, side, side * side // 8)
    app = GridPuzzlesApp(config, 1, clock=lambda: 0.0, seeds=random.Random(1))
    rng = random.Random(2)
    times: dict[str, list[Timing]] = {}
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, MinesweeperScreen)
        await pilot.press("down", "right", "space")  # the first reveal lays the mines
        await pilot.pause()
        idle = times.setdefault("key with no binding (floor)", [])
        for _ in range(keys // 4):
            idle.append(await timed(pilot, "z"))
        for overlay in (False, True):
            if overlay:
                await pilot.press("o")
                await pilot.pause()
            label = " (overlay on)" if overlay else ""
            moves = times.setdefault(f"cursor move{label}", [])
            for step in range(keys):
                key = MOVES[step % len(MOVES)]
                moves.append(await timed(pilot, key))
            reveals = times.setdefault(f"single reveal{label}", [])
            for index in single_reveals(screen, keys // 4, rng):
                screen.board.cursor = divmod(index, config.width)
                await pilot.pause()
                reveals.append(await timed(pilot, "space"))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", type=int, default=200, help=f"board side, 2 to {MAX_SIDE}")
    parser.add_argument("--keys", type=int, default=60, help=f"moves timed, 4 to {MAX_KEYS}")
    parser.add_argument("--size", default="160x50", help="terminal COLUMNSxROWS (40x12 up)")
    args = parser.parse_args()
    columns, _, rows = args.size.partition("x")
    if not 2 <= args.side <= MAX_SIDE or not 4 <= args.keys <= MAX_KEYS:
        parser.error(f"--side must be from 2 to {MAX_SIDE} and --keys from 4 to {MAX_KEYS}")
    if not (columns.isdigit() and rows.isdigit() and 40 <= int(columns) <= 500):
        parser.error("--size must be COLUMNSxROWS, 40 to 500 columns and 12 to 200 rows")
    if not 12 <= int(rows) <= 200:
        parser.error("--size must be COLUMNSxROWS, 40 to 500 columns and 12 to 200 rows")
    size = (int(columns), int(rows))
    times = asyncio.run(measure(args.side, args.keys, size))
    print(
        f"{args.side}x{args.side} board in a {columns}x{rows} terminal, processor time a key"
        " (target < 20 ms)"
    )
    for kind, timings in times.items():
        print(f"  {kind:28} {figures(timings)}")


if __name__ == "__main__":
    main()
