"""The processor time of the review of a whole game (issue 40: at most 1 s for a 150-move
expert game, the deeper win-chance judgments aside), and of those deeper judgments per guess.

    .venv/bin/python benchmarks/review_speed.py                     # 20 expert games
    .venv/bin/python benchmarks/review_speed.py --level intermediate --games 50
    .venv/bin/python benchmarks/review_speed.py --deep-games 3    # and 3 games' guesses weighed

Plays seeded games to their end with Play Move (the auto-player, flags included, as the page's
button plays them), keeping the game before each move, then times `review.review` of each
whole game with the process's processor time (``time.process_time``). Prints one line per
game (its moves, guesses and processor time), then the median and the largest time per game
and per move, and the time per 150 moves. Ends with status 1 when a game of 150 moves or
fewer took over the bound.

Then the deep part (`win_loss`), on the first ``--deep-games`` games: each guess weighed as
Play Move played it (exact, or an estimate of the solver's own move: one playout a layout),
and the same position weighed with another guess, the least risky cell but Play Move's (an
estimate then plays two playouts a layout). Prints the processor time per guess weighed for
each kind (exact, estimate of the solver's own move, estimate of another move), and the
median width of the estimates' 95% intervals, in points of the chance to win.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from gridpuzzles.cli.options import whole_number
from gridpuzzles.minesweeper import Action, Game, Move, Status, new_game, play
from gridpuzzles.minesweeper.core.settings import LEVELS, FirstClick, level
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.autoplay import Player
from gridpuzzles.minesweeper.solving.probabilities import analyze
from gridpuzzles.minesweeper.solving.review import review, weigh_move
from gridpuzzles.minesweeper.solving.win_loss import PLAYOUTS, WinLoss

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
    parser.add_argument(
        "--deep-games",
        type=whole_number("deep games", 0, 10_000),
        default=0,
        help="the first games whose guesses are weighed too (default 0: none)",
    )
    parser.add_argument(
        "--playouts",
        type=whole_number("playouts", 1, 100_000),
        default=PLAYOUTS,
        help=f"playouts of an estimate (default {PLAYOUTS})",
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    per_game: list[float] = []
    per_move: list[float] = []
    over = 0
    deep = Deep()
    for number in range(args.games):
        seed = rng.randrange(2**32)
        played = autoplayed(args.level, seed)
        if number < args.deep_games:
            deep.weigh(played, seed, args.playouts)
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
    if args.deep_games:
        deep.report(min(args.deep_games, args.games), args.level, args.playouts)
    return 1 if over else 0


class Deep:
    """The processor time of each guess weighed, by kind, and the estimates' intervals."""

    KINDS = ("exact", "estimate, the solver's own move", "estimate, another move")

    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = {kind: [] for kind in self.KINDS}
        self.widths: dict[str, list[float]] = {kind: [] for kind in self.KINDS}

    def weigh(self, played: list[tuple[int, Game, Move, float]], seed: int, playouts: int) -> None:
        """Weigh each guess of a game, and another guess in the same position."""
        judged = review(played)
        due = {m.number for m in judged.weighable}
        for number, game, move, _ in played:
            if number not in due:
                continue
            self.timed(game, move, random.Random(seed + number), playouts)
            other = other_guess(game, move)
            if other is not None:
                self.timed(game, other, random.Random(seed + number), playouts)

    def timed(self, game: Game, move: Move, rng: random.Random, playouts: int) -> None:
        started = time.process_time()
        weighed = weigh_move(game, move, rng, playouts=playouts)
        seconds = time.process_time() - started
        if weighed is None:
            return
        kind = self.kind(weighed)
        self.seconds[kind].append(seconds)
        if not weighed.exact and not weighed.same:
            self.widths[kind].append(weighed.high - weighed.low)

    @staticmethod
    def kind(weighed: WinLoss) -> str:
        if weighed.exact:
            return Deep.KINDS[0]
        return Deep.KINDS[1] if weighed.same else Deep.KINDS[2]

    def report(self, games: int, level_name: str, playouts: int) -> None:
        print(f"Guesses weighed in {games} {level_name} games, {playouts} playouts an estimate:")
        for kind in self.KINDS:
            seconds = self.seconds[kind]
            if not seconds:
                print(f"  {kind}: none")
                continue
            widths = self.widths[kind]
            width = (
                f"; 95% interval {statistics.median(widths):.1f} points wide (median)"
                if widths
                else ""
            )
            print(
                f"  {kind}: {len(seconds)} guesses, per guess median "
                f"{statistics.median(seconds):.2f} s, largest {max(seconds):.2f} s of "
                f"processor{width}"
            )


def other_guess(game: Game, move: Move) -> Move | None:
    """A reveal of the least risky hidden cell that ``move`` does not open (None when there is
    none): another guess a player might have made."""
    analysis = analyze(view(game), game.config.mines)
    index = move.row * game.width + move.col
    cells = [
        (w, i)
        for i, w in enumerate(analysis.weights)
        if w is not None and w < analysis.layouts and i != index
    ]
    if not cells:
        return None
    _, cell = min(cells)
    return Move(Action.REVEAL, *divmod(cell, game.width))


if __name__ == "__main__":
    sys.exit(main())
