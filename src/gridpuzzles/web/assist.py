"""Play Move, Hint and the probability overlay: the solver's advice on what the player sees.

The solver and the auto-player only ever get the view and the mine count (never the layout),
so their advice tells the player nothing the board does not already show.
"""

from __future__ import annotations

from gridpuzzles.minesweeper import Game, IllegalMoveError, Move, View, autoplay, view
from gridpuzzles.minesweeper.solver import analyze
from gridpuzzles.web.models import HintOut, Probabilities


def _playing_view(game: Game) -> View:
    if game.over:
        raise IllegalMoveError(
            f"the game is over ({game.status.value}): there is nothing left to advise"
        )
    return view(game)


def auto_move(game: Game) -> Move:
    """The auto-player's next move (Play Move)."""
    return autoplay.next_move(_playing_view(game), game.config.mines, game.config.first_click)


def best_hint(game: Game) -> HintOut:
    """The safest cell: certainly safe if any is, else the best guess and its mine chance."""
    advice = autoplay.hint(_playing_view(game), game.config.mines, game.config.first_click)
    row, col = advice.cell
    return HintOut(
        row=row,
        col=col,
        mine_probability=float(advice.probability),
        certain=advice.certain,
        reason=advice.reason.value if advice.reason else None,
    )


def probabilities(game: Game) -> Probabilities:
    """Every hidden cell's exact mine probability (flags count as hidden); None elsewhere."""
    analysis = analyze(_playing_view(game), game.config.mines)
    return Probabilities(
        probabilities=[
            [None if p is None else float(p) for p in row] for row in analysis.probabilities()
        ]
    )
