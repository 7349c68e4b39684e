"""The processor time of the review of a whole game (issue 40: at most 1 s for a 150-move
expert game, the deeper win-chance judgments aside).

    .venv/bin/python benchmarks/review_speed.py                     # 20 expert games
    .venv/bin/python benchmarks/review_speed.py --level intermediate --games 50

Plays seeded games to their end with Play Move (the auto-player, flags included, as the page's
button plays them), keeping the game before each move, then times `review.review` of each
whole game with the process's processor time (``time.process_time``). Prints one line per
game (its moves, guesses and processor time), then the median and the largest time per game
and per move, and the time per 150 moves. Ends with status 1 when a game of 150 moves or
fewer took over the bound.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from gridpuzzles.cli.options import whole_number
from gridpuzzles.minesweeper import Game, Move, Status, new_game, play
from gridpuzzles.minesweeper.core.settings import LEVELS, FirstClick, level
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.autoplay import Player
from gridpuzzles.minesweeper.solving.review import review

BOUND_SECONDS = 1.0
"""The issue's bound on one review of a game of up to `BOUND_MOVES` moves."""
BOUND_MOVES = 150


def autoplayed(name: str, seed: int) -> list[tuple[int, Game, Move, float]]:
    """A game of level ``name`` played to its end by Play Move: each move with the game
    before it (a second of thought each)."""
    config = level(name, FirstClick.SAFE)
    game = new_game(config, seed)
    player = Player(config.first_click)
    played: list[tuple[int, Game, Move, float]] = []
    while game.status is Status.PLAYING:
        move = player.next_move(view(game), config.mines)
        played.append((len(played), game, move, 1.0))
        game = play(game, move, float(len(played)))
    return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=list(LEVELS), default="expert")
    parser.add_argument("--games", type=whole_number("games", 1, 10_000), default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    per_game: list[float] = []
    per_move: list[float] = []
    over = 0
    for number in range(args.games):
        seed = rng.randrange(2**32)
        played = autoplayed(args.level, seed)
        started = time.process_time()
        judged = review(played)
        seconds = time.process_time() - started
        per_game.append(seconds)
        per_move.append(seconds / len(played))
        over += len(played) <= BOUND_MOVES and seconds > BOUND_SECONDS
        print(
            f"game {number + 1} (seed {seed}): {len(played)} moves, {judged.guesses} guesses, "
            f"{judged.needless_guesses} needless; review {seconds * 1000:.0f} ms of processor"
        )
    print(
        f"{args.games} {args.level} games: review per game median "
        f"{statistics.median(per_game) * 1000:.0f} ms, largest {max(per_game) * 1000:.0f} ms; "
        f"per move median {statistics.median(per_move) * 1000:.2f} ms, largest "
        f"{max(per_move) * 1000:.2f} ms; per {BOUND_MOVES} moves at the largest per-move time "
        f"{max(per_move) * BOUND_MOVES:.2f} s (bound {BOUND_SECONDS:.0f} s)"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
