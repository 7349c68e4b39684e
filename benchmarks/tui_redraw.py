"""Time per key of the full-screen app's Minesweeper board: cursor moves and single reveals.

Drives the Textual app headless (``run_test``) on a large custom board, with the overlay off
and then on, and prints the median and the 90th percentile of the milliseconds from a key
press until the screen is composed again (the widgets' lines rendered; the headless driver
skips only the write to a terminal). Target: under 20 ms a key on 200x200.

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
from gridpuzzles.tui.minesweeper import MinesweeperScreen

MOVES = ["right"] * 12 + ["down"] * 8 + ["left"] * 12 + ["up"] * 8
"""A loop of cursor moves that stays in sight, so that the board does not scroll."""
MAX_SIDE = 300
MAX_KEYS = 5000


def figures(millis: list[float]) -> str:
    """Median and 90th percentile of a list of milliseconds."""
    p90 = statistics.quantiles(millis, n=10)[-1] if len(millis) > 1 else millis[0]
    return f"median {statistics.median(millis):6.1f} ms, p90 {p90:6.1f} ms ({len(millis)} keys)"


async def timed(pilot: Pilot[None], key: str) -> float:
    """Milliseconds from a press of ``key`` until the screen is composed again."""
    start = time.perf_counter()
    await pilot.press(key)
    await pilot.pause()
    return 1000 * (time.perf_counter() - start)


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


async def measure(side: int, keys: int, size: tuple[int, int]) -> dict[str, list[float]]:
    """The milliseconds of each timed key, by kind."""
    config = Config(side, side, side * side // 8)
    app = GridPuzzlesApp(config, 1, clock=lambda: 0.0, seeds=random.Random(1))
    rng = random.Random(2)
    times: dict[str, list[float]] = {}
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, MinesweeperScreen)
        await pilot.press("down", "right", "space")  # the first reveal lays the mines
        await pilot.pause()
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
    print(f"{args.side}x{args.side} board in a {columns}x{rows} terminal (target < 20 ms a key)")
    for kind, millis in times.items():
        print(f"  {kind:28} {figures(millis)}")


if __name__ == "__main__":
    main()
