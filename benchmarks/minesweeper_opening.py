"""Which second click is best when the expert corner start shows a number? A paired comparison.

Takes the expert boards (safe corner start) of the given seeds whose corner cell (0, 0) shows
``--corner``, reveals each candidate cell second, lets the auto-player play on, and prints per
candidate the games won; then, against the first candidate, the boards gained and lost, the
net and a sign-test z on the boards whose outcome changed (below about 2 is noise). A mine at
the candidate cell loses the game, so a candidate's safety counts as well as what it tells.

    .venv/bin/python benchmarks/minesweeper_opening.py --corner 1 --seeds 2 3 --games 5000 \\
        --jobs 2 --cells 0:29 0:2

The auto-player's own second click after a corner 1 is the far corner 0:29.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from gridpuzzles.bounds import BoundError
from gridpuzzles.minesweeper.core.settings import FirstClick, level
from gridpuzzles.minesweeper.solving.benchmark import (
    Board,
    check_run,
    play_board,
    random_boards,
    sign_test,
)

EXPERT = level("expert", FirstClick.SAFE)


def won_after(job: tuple[Board, int]) -> bool:
    """Play a board from its start, reveal the given cell second, then let the auto-player play."""
    board, second = job
    return play_board(board, FirstClick.SAFE, (second,)).won


def parse_cell(text: str) -> int:
    """``row:col`` of an expert board other than the start corner, as a cell index."""
    row, sep, col = text.partition(":")
    if not (sep and row.isdigit() and col.isdigit()):
        raise argparse.ArgumentTypeError(f"not a cell: {text!r} (e.g. 0:29)")
    r, c = int(row), int(col)
    if not (r < EXPERT.height and c < EXPERT.width) or (r, c) == (0, 0):
        raise argparse.ArgumentTypeError(
            f"{text} is the start corner or off the {EXPERT.width}x{EXPERT.height} board"
        )
    return r * EXPERT.width + c


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corner", type=int, choices=(1, 2, 3), default=1)
    parser.add_argument("--seeds", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=1000, help="boards drawn per seed")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cells", type=parse_cell, nargs="+", default=[29, 2], metavar="ROW:COL")
    args = parser.parse_args()
    try:
        check_run(args.games, args.jobs, args.seeds)
    except BoundError as error:
        parser.error(str(error))
    boards = [
        board
        for seed in args.seeds
        for board in random_boards(EXPERT, args.games, seed)
        if board.layout.counts[board.start] == args.corner
    ]
    print(f"{len(boards)} boards whose corner shows {args.corner}", flush=True)
    results: list[list[bool]] = []
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for cell in args.cells:
            won = list(pool.map(won_after, [(board, cell) for board in boards], chunksize=10))
            results.append(won)
            row, col = divmod(cell, EXPERT.width)
            line = f"second click {row}:{col}: won {sum(won)} ({sum(won) / max(1, len(won)):.1%})"
            if len(results) > 1:
                gained, lost, z = sign_test(results[0], won)
                line += f"; against the first: gained {gained}, lost {lost}, net {gained - lost:+d} (z {z:+.2f})"
            print(line, flush=True)


if __name__ == "__main__":
    main()
