"""The review judges each move from the position before it: a reveal of a cell that might
hold a mine while another was certainly safe is a needless guess, a certain one is safe, a
flag is certain or not; the auto-player's own games hold no fault, and none of its guesses
gives away any chance to win against the solver's best move."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from gridpuzzles.minesweeper import (
    Action,
    Config,
    FirstClick,
    Game,
    Move,
    Status,
    game_from_layout,
    new_game,
    parse_layout,
    play,
)
from gridpuzzles.minesweeper.core.settings import level
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.autoplay import Player
from gridpuzzles.minesweeper.solving.insight import insight
from gridpuzzles.minesweeper.solving.review import Verdict, judge, review, weighings
from tests.minesweeper.boards import striped_game


def opened() -> Game:
    """The first seeded beginner game whose first reveal (row 5, column 5) leaves a cell
    certainly safe, a certain mine, and a safe cell that the position cannot tell from a
    mine: the position each verdict needs."""
    for seed in range(100):
        game = play(new_game(level("beginner"), seed), Move(Action.REVEAL, 4, 4))
        found = set(chances(game).values())
        if 0 in found and 1 in found and uncertain_safe(game):
            return game
    raise AssertionError("no such game among the first 100 seeds")


def uncertain_safe(game: Game) -> tuple[int, int] | None:
    """A safe cell (by the layout) whose mine chance is neither 0 nor 1."""
    assert game.layout is not None
    mines = game.layout.mines
    return next(
        (
            cell
            for cell, c in chances(game).items()
            if 0 < c < 1 and not mines[cell[0] * game.width + cell[1]]
        ),
        None,
    )


def chances(game: Game) -> dict[tuple[int, int], Fraction]:
    """Each hidden cell's mine chance, by the exact solver."""
    analysis = insight(view(game), game.config.mines, score=False).analysis
    return {
        divmod(i, game.width): Fraction(w, analysis.layouts)
        for i, w in enumerate(analysis.weights)
        if w is not None
    }


def test_a_reveal_while_a_cell_was_certainly_safe_is_a_needless_guess() -> None:
    game = opened()
    chance = chances(game)
    unsure = uncertain_safe(game)
    assert unsure is not None
    verdict, risk, least = judge(game, Move(Action.REVEAL, *unsure))
    assert verdict is Verdict.NEEDLESS_GUESS and verdict.value == "needless_guess"
    assert risk == chance[unsure] and least == 0
    safe = next(cell for cell, c in chance.items() if c == 0)
    assert judge(game, Move(Action.REVEAL, *safe)) == (Verdict.SAFE_REVEAL, None, None)


def test_flags_are_judged_certain_or_not_and_a_known_mine_revealed_is_a_fault() -> None:
    game = opened()
    chance = chances(game)
    mine = next((cell for cell, c in chance.items() if c == 1), None)
    assert mine is not None, "the opening proves a mine"
    unsure = next(cell for cell, c in chance.items() if 0 < c < 1)
    assert judge(game, Move(Action.FLAG, *mine))[0] is Verdict.CERTAIN_FLAG
    assert judge(game, Move(Action.FLAG, *unsure))[0] is Verdict.UNCERTAIN_FLAG
    known = judge(game, Move(Action.REVEAL, *mine))
    assert known[0] is Verdict.KNOWN_MINE and known[0].fault
    flagged = play(game, Move(Action.FLAG, *mine))
    assert judge(flagged, Move(Action.FLAG, *mine))[0] is Verdict.UNFLAG


def test_the_first_click_under_a_safe_rule_is_the_rules() -> None:
    game = new_game(Config(9, 9, 10, FirstClick.SAFE), 3)
    assert judge(game, Move(Action.REVEAL, 4, 4)) == (Verdict.FIRST_CLICK, None, None)


def test_a_guess_with_no_safe_cell_gives_its_risk_beside_the_least() -> None:
    # Two hidden cells side by side under a 1 that sees both, with one mine between them:
    # no other cell can tell them apart.
    game = play(game_from_layout(parse_layout("..\n*.\n")), Move(Action.REVEAL, 0, 0))
    verdict, risk, least = judge(game, Move(Action.REVEAL, 1, 1))
    assert verdict in (Verdict.FIFTY_FIFTY, Verdict.GUESS)
    assert risk == least and risk is not None and 0 < risk < 1
    assert not verdict.fault


def autoplayed(config: Config, seed: int) -> list[tuple[int, Game, Move, float]]:
    """A game played to its end by Play Move (flags included), each move with the game
    before it."""
    game = new_game(config, seed)
    player = Player(config.first_click)
    moves: list[tuple[int, Game, Move, float]] = []
    at = 0.0
    while game.status is Status.PLAYING:
        move = player.next_move(view(game), config.mines)
        at += 1.0
        moves.append((len(moves), game, move, 1.0))
        game = play(game, move, at)
    return moves


@pytest.mark.parametrize("name", ["beginner", "intermediate"])
def test_the_auto_players_own_games_hold_no_fault(name: str) -> None:
    config = level(name, FirstClick.SAFE)
    rng = random.Random(7)
    verdicts: list[Verdict] = []
    exact = 0
    for _ in range(12):
        played = autoplayed(config, rng.randrange(10**6))
        judged = review(played)
        verdicts += [m.verdict for m in judged.moves]
        # Each guess weighed against the solver's best move: exactly where the position is
        # small enough, else by playouts (a few: the move is the solver's own, its loss 0).
        weighed = list(weighings(played, judged, random.Random(1), playouts=2))
        assert len(weighed) == len(judged.weighable)
        for number, win_loss in weighed:
            assert win_loss is not None and win_loss.loss == 0, (number, win_loss)
            assert win_loss.label is None
            exact += win_loss.exact
        assert judged.needless_guesses == 0
        assert all(not m.verdict.fault for m in judged.moves), [
            (m.number, m.move, m.verdict) for m in judged.moves if m.verdict.fault
        ]
        assert judged.pluck >= judged.least_pluck >= 0
    assert Verdict.SAFE_REVEAL in verdicts and Verdict.GUESS in verdicts  # guesses judged too
    assert exact or name == "beginner"  # the intermediate games hold exact endgames


def test_a_position_past_the_solver_is_not_judged_rather_than_guessed() -> None:
    game = replace(striped_game(), started_at=0.0)  # its first click made
    hidden = next(i for i in range(game.width * game.height) if game.marks[i] == 0)
    move = Move(Action.REVEAL, *divmod(hidden, game.width))
    assert judge(game, move) == (Verdict.UNJUDGED, None, None)
    assert not Verdict.UNJUDGED.fault
