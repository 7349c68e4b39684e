"""How random are no-guess boards? Compare the generator with exact rejection sampling.

Rejection sampling (random layouts with an opening at the first click, kept only when logic
alone wins them) draws uniformly from all no-guess boards, but is only fast enough on small
boards. This script draws N boards both ways on one board size and prints the per-cell mine
frequencies' largest difference, the mean number of mines touching the opening and the share
of boards sharing a layout.

    .venv/bin/python benchmarks/minesweeper_noguess_randomness.py [--boards N] [--level beginner]
"""

from __future__ import annotations

import argparse
import random
import statistics

from gridpuzzles.minesweeper.core.grid import Layout, block_around
from gridpuzzles.minesweeper.core.placement import place_mines
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.noguess import generate, logic_wins


def frequencies(layouts: list[Layout]) -> list[float]:
    size = layouts[0].size
    return [sum(layout.mines[i] for layout in layouts) / len(layouts) for i in range(size)]


def ring_mines(layout: Layout, start: int) -> int:
    """Mines in the ring of cells around the 3x3 opening block."""
    block = set(block_around(layout.width, layout.height, start))
    ring = {n for b in block for n in block_around(layout.width, layout.height, b)} - block
    return sum(layout.mines[i] for i in ring)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=2000)
    parser.add_argument("--level", default="beginner")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    config = level(args.level, FirstClick.OPENING)
    start = (config.height // 2) * config.width + config.width // 2
    rng = random.Random(args.seed)
    made = [generate(config, start, rng) for _ in range(args.boards)]
    uniform: list[Layout] = []
    tried = 0
    while len(uniform) < args.boards:
        tried += 1
        layout = place_mines(config, start, rng)
        if logic_wins(layout, start):
            uniform.append(layout)
    a, b = frequencies(made), frequencies(uniform)
    biggest = max(abs(x - y) for x, y in zip(a, b, strict=True))
    density = config.mines / config.size
    noise = 3 * (2 * density * (1 - density) / args.boards) ** 0.5  # of one cell's difference
    print(f"{args.level}, first click at the centre, {args.boards} boards each way")
    print(
        f"rejection sampling kept {args.boards}/{tried} random boards ({args.boards / tried:.1%})"
    )
    print(f"largest per-cell mine frequency difference: {biggest:.3f} (3-sigma noise ~{noise:.3f})")
    print(
        "mean mines around the opening: generator "
        f"{statistics.fmean(ring_mines(x, start) for x in made):.2f}, uniform "
        f"{statistics.fmean(ring_mines(x, start) for x in uniform):.2f}"
    )
    print(f"distinct layouts: generator {len(set(made))}, uniform {len(set(uniform))}")


if __name__ == "__main__":
    main()
