"""Facts about Mondrian Blocks that the census computes, for docs/mondrian-facts.md.

Run ``.venv/bin/python benchmarks/mondrian_facts.py``.  With the defaults (the 8x8 game) it
prints, each with the time it took:

- the census: how many placements of the black blocks there are, how many ways the blocks
  fill the board (every solution of every placement), how many placements have no solution
  and exactly one, the distribution of solution counts in bands and the placements with the
  most solutions;
- the symmetries: how many placements are their own mirror image or rotation (none in the
  game, so every filling has 8 distinct images and the fillings up to symmetry are the
  total over 8), and a check that symmetric placements have the same count;
- the same total counted again by the solver on the empty board, with nothing fixed;
- the 352 published challenges: each recounted by the solver and checked against the
  shipped count and the census, then summed up per edition and level.

``--board``, ``--blocks`` and ``--black`` take another game, as ``mondrian census`` does
(the published challenges are then not compared with the census); ``--published N``
recounts only the first N published challenges (0: none).  A quick run:
``benchmarks/mondrian_facts.py --board 4x4 --blocks 1x1,1x2,1x3,1x4,2x3 --published 3``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable

from gridpuzzles.mondrian.core.challenges import EDITIONS, LEVELS
from gridpuzzles.mondrian.core.grid import (
    BLACK_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    Board,
    Placement,
    make_puzzle,
)
from gridpuzzles.mondrian.core.notation import (
    format_fixed,
    parse_blocks,
    parse_board,
    typed_form,
)
from gridpuzzles.mondrian.core.official import published_challenges
from gridpuzzles.mondrian.solving.census import Census, census
from gridpuzzles.mondrian.solving.solutions import count_solutions

BANDS = ((0, 0), (1, 1), (2, 2), (3, 10), (11, 100), (101, 1000), (1001, None))
"""Bands of solution counts for the distribution: (lowest, highest or None)."""

Cell = tuple[int, int]
Transform = Callable[[Cell], Cell]
Key = tuple[tuple[Block, frozenset[Cell]], ...]


def symmetries(board: Board) -> list[Transform]:
    """The board's symmetries other than the identity: 7 for a square board, else 3."""
    last_row, last_col = board.height - 1, board.width - 1
    found: list[Transform] = [
        lambda c: (last_row - c[0], c[1]),
        lambda c: (c[0], last_col - c[1]),
        lambda c: (last_row - c[0], last_col - c[1]),
    ]
    if board.height == board.width:
        found += [
            lambda c: (c[1], c[0]),
            lambda c: (last_col - c[1], last_row - c[0]),
            lambda c: (c[1], last_row - c[0]),
            lambda c: (last_col - c[1], c[0]),
        ]
    return found


def key_of(placements: Iterable[Placement]) -> Key:
    """A placement of the black blocks as comparable data: each block with its cells."""
    return tuple(sorted((p.block, p.cells()) for p in placements))


def moved(key: Key, transform: Transform) -> Key:
    return tuple(sorted((block, frozenset(map(transform, cells))) for block, cells in key))


def timed(what: str, started: float) -> None:
    print(f"  ({what}: {time.perf_counter() - started:.2f} s)")


def show_census(result: Census) -> None:
    histogram = result.histogram()
    solvable = result.placements - histogram.get(0, 0)
    print(f"Placements of the black blocks: {result.placements:,}")
    print(f"Ways to fill the board with every block (solutions in all): {result.tilings:,}")
    print(f"Placements with a solution: {solvable:,}")
    print(f"Placements with no solution: {histogram.get(0, 0):,}")
    print(f"Placements with exactly one solution: {histogram.get(1, 0):,}")
    print("Solution counts in bands:")
    for low, high in BANDS:
        placements = sum(
            n for k, n in histogram.items() if k >= low and (high is None or k <= high)
        )
        tilings = sum(
            k * n for k, n in histogram.items() if k >= low and (high is None or k <= high)
        )
        band = str(low) if low == high else f"{low}-{high}" if high is not None else f"{low}+"
        share = placements / result.placements if result.placements else 0.0
        print(
            f"  {band:>9} solutions: {placements:>7,} placements ({share:6.2%}), {tilings:>9,} fillings"
        )
    if solvable:
        counts = sorted(result.counts_by_code.values())
        print(f"Median count of a placement with a solution: {statistics.median(counts):g}")
        print(
            f"Most solutions of one placement: {counts[-1]:,} ({histogram[counts[-1]]} placements)"
        )
        most = min(
            sorted(map(format_fixed, placements))
            for placements, count in result.items()
            if count == counts[-1]
        )
        # chosen in the machine form, as the records keep them; said as --fixed takes them
        print(f"  the first of them: --fixed {typed_form(' '.join(most))}")


def show_symmetry(board: Board, result: Census) -> dict[Key, int]:
    counts = {key_of(placements): count for placements, count in result.items()}
    transforms = symmetries(board)
    group = len(transforms) + 1
    mismatched = 0
    symmetric = 0
    for key, count in counts.items():
        images = [moved(key, transform) for transform in transforms]
        symmetric += any(image == key for image in images)
        mismatched += sum(counts.get(image) != count for image in images)
    print(f"Symmetries of the board: {group} (identity included)")
    print(f"Placements with a solution that are their own image: {symmetric}")
    print(f"Images with another count than their placement: {mismatched}")
    if symmetric == 0 and result.tilings % group == 0:
        print(f"Fillings up to rotation and reflection: {result.tilings // group:,}")
    return counts


def show_empty_board(board: Board, blocks: tuple[Block, ...], expected: int) -> None:
    total = count_solutions(make_puzzle(board, blocks, ()))
    agrees = "agrees with the census" if total == expected else "DIFFERS from the census"
    print(f"Fillings counted by the solver on the empty board: {total:,} ({agrees})")


def show_published(limit: int, counts: dict[Key, int] | None) -> None:
    challenges = published_challenges()[:limit]
    recounted = {entry.code: count_solutions(entry.puzzle) for entry in challenges}
    shipped = sum(recounted[entry.code] == entry.solutions for entry in challenges)
    print(f"Published challenges recounted: {len(challenges)}")
    print(f"  the same count as shipped: {shipped}")
    if counts is not None:
        by_census = sum(
            recounted[entry.code] == counts.get(key_of(entry.black), 0) for entry in challenges
        )
        print(f"  the same count as the census: {by_census}")
    print("  solutions: challenges")
    for solutions, number in sorted(Counter(recounted.values()).items()):
        print(f"  {solutions:>9}: {number}")
    print("  edition  level   challenges  one solution  more (code: count)")
    for edition in EDITIONS:
        for level in LEVELS:
            group = [
                entry
                for entry in challenges
                if entry.edition.lower() == edition and entry.level.lower() == level
            ]
            if not group:
                continue
            unique = sum(recounted[entry.code] == 1 for entry in group)
            more = ", ".join(
                f"{entry.code}: {recounted[entry.code]}"
                for entry in group
                if recounted[entry.code] != 1
            )
            print(f"  {edition:<8} {level:<7} {len(group):>10}  {unique:>12}  {more}".rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", help="board WxH (default 8x8)")
    parser.add_argument("--blocks", help="every block, black ones included (default: the game)")
    parser.add_argument("--black", help="the blocks whose placements vary (default 1x1,1x2,1x3)")
    parser.add_argument(
        "--published",
        type=int,
        default=len(published_challenges()),
        help="recount the first N published challenges (default all 352; 0: none)",
    )
    args = parser.parse_args()
    board = parse_board(args.board) if args.board else STANDARD_BOARD
    blocks = parse_blocks(args.blocks) if args.blocks else STANDARD_BLOCKS
    marked = parse_blocks(args.black) if args.black else BLACK_BLOCKS
    standard = (board, blocks, marked) == (STANDARD_BOARD, STANDARD_BLOCKS, BLACK_BLOCKS)

    started = time.perf_counter()
    result = census(board, blocks, marked)
    show_census(result)
    timed("census", started)

    started = time.perf_counter()
    counts = show_symmetry(board, result)
    timed("symmetry check", started)

    started = time.perf_counter()
    show_empty_board(board, blocks, result.tilings)
    timed("solver on the empty board", started)

    if args.published > 0:
        started = time.perf_counter()
        show_published(args.published, counts if standard else None)
        timed("published challenges", started)


if __name__ == "__main__":
    main()
