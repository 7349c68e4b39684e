"""What each guess of a kept game gave away of the chance to win, in the mid-end's words and
JSON (`midend.review`): weighed one move at a time, each judgment merged into the review's
JSON by its step's number giving the whole deep review."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gridpuzzles.midend.minesweeper import Replay, play_of
from gridpuzzles.midend.replay import LoggedStep, frames
from gridpuzzles.midend.review import (
    WIN_CHANCE_KEYS,
    deep_reviewed,
    review_json,
    reviewed,
    summary_words,
    verdict_words,
    weighings_of,
    win_chance_json,
)
from gridpuzzles.minesweeper import Action, Move, level, new_game, play
from gridpuzzles.minesweeper.core.view import view
from gridpuzzles.minesweeper.solving.probabilities import analyze
from gridpuzzles.minesweeper.solving.review import MoveReview, Verdict
from gridpuzzles.minesweeper.solving.win_loss import WinLoss
from gridpuzzles.storage.store import RULES as rules

PLAYOUTS = 4


def guessed_replay() -> Replay:
    """A game of the level "small" opened at row 3, column 3, then two guesses of the
    riskiest cell that is safe: the id of a kept game, a step a second."""
    game = new_game(level("small"), 3)
    texts = ["r2,2"]
    game = play(game, Move.parse(texts[0]))
    for _ in range(2):
        assert game.layout is not None
        analysis = analyze(view(game), game.config.mines)
        risky = max(
            (i for i, w in enumerate(analysis.weights) if w and not game.layout.mines[i]),
            key=lambda i: analysis.weights[i] or 0,
        )
        move = Move(Action.REVEAL, *divmod(risky, game.width))
        texts.append(str(move))
        game = play(game, move)
    start = new_game(level("small"), 3)
    log = [LoggedStep(text, 10.0 + number) for number, text in enumerate(texts)]
    return Replay("weighedXXXXXXXXXXXXXXX", start, tuple(frames(rules, play_of(start), log)))


def test_each_judgment_merged_as_it_comes_gives_the_whole_deep_review() -> None:
    replay = guessed_replay()
    judged = reviewed(replay)
    assert [m.number for m in judged.weighable] == [1, 2]
    answer = review_json(replay, judged)
    assert [m["win_chance_due"] for m in answer["moves"]] == [False, True, True]
    assert not any(m["win_chance_weighed"] for m in answer["moves"])
    assert answer["summary"]["win_chance"]["due"] == 2
    assert answer["summary"]["win_chance"]["weighed"] == 0
    by_number = {m["number"]: m for m in answer["moves"]}
    for number, win_loss in weighings_of(replay, judged, playouts=PLAYOUTS):
        judged = judged.with_weighed(number, win_loss)
        weighed = next(m for m in judged.moves if m.number == number)
        piece = win_chance_json(weighed)
        assert set(piece) == {"number", *WIN_CHANCE_KEYS} and piece["number"] == number
        by_number[number] |= piece
    whole = review_json(replay, deep_reviewed(replay, playouts=PLAYOUTS))
    assert answer["moves"] == whole["moves"]
    assert whole["summary"]["win_chance"]["weighed"] == 2
    assert review_json(replay, judged) == whole
    # The same game is weighed the same way every time (its id seeds the playouts).
    again = list(weighings_of(replay, reviewed(replay), playouts=PLAYOUTS))
    assert again == list(weighings_of(replay, reviewed(replay), playouts=PLAYOUTS))


def weighed(win_loss: WinLoss | None) -> MoveReview:
    move = Move(Action.REVEAL, 1, 1)
    guess = MoveReview(5, move, Verdict.GUESS, Fraction(1, 4), Fraction(1, 8), 2.0)
    return replace(guess, weighed=True, win_loss=win_loss)


GUESS = "a guess (no cell was certainly safe); 25% risk, the least there was 12%"


def estimate(best: int, played: int, low: float, high: float) -> WinLoss:
    return WinLoss((0, 0), Fraction(best), Fraction(played), False, low, high, 100)


def test_a_weighed_guess_says_what_it_gave_away_after_its_verdict() -> None:
    exact = WinLoss((2, 3), Fraction(61), Fraction(49), True, 12.0, 12.0)
    cases = {
        exact: "a mistake: gave away 12 points of the chance to win (61% → 49%)",
        WinLoss((2, 3), Fraction(61), Fraction(607, 10), True, 0.3, 0.3): (
            "gave away under 1 point of the chance to win (61% → 61%)"
        ),
        estimate(61, 54, 2.4, 12): (
            "too close to call: gave away about 7 points of the chance to win "
            "(61% → 54%; 95% interval 2 to 12)"
        ),
        estimate(61, 49, 6, 18): (
            "at least an inaccuracy: gave away about 12 points of the chance to win "
            "(61% → 49%; 95% interval 6 to 18)"
        ),
        estimate(70, 40, 16, 44): (
            "a blunder: gave away about 30 points of the chance to win "
            "(70% → 40%; 95% interval 16 to 44)"
        ),
        estimate(50, 53, -9, 3): (
            "gained about 3 points of the chance to win over the solver's choice "
            "(50% → 53%; 95% interval -9 to 3)"
        ),
        WinLoss((0, 0), Fraction(61), Fraction(61), False, 0.0, 0.0, 100, same=True): (
            "the solver's own choice: gave away nothing (61% to win)"
        ),
        WinLoss((0, 0), Fraction(61), Fraction(61), True, 0.0, 0.0): (
            "as good as the solver's best move (61% to win)"
        ),
        estimate(61, 59, -0.3, 4.4): (
            "gave away about 2 points of the chance to win (61% → 59%; 95% interval 0 to 4)"
        ),
    }
    for win_loss, said in cases.items():
        assert verdict_words(weighed(win_loss)) == f"{GUESS}; {said}"
    assert verdict_words(weighed(None)) == (
        f"{GUESS}; its chance to win not weighed: the position is past what the solver takes"
    )
    unweighed = win_chance_json(weighed(None))
    assert unweighed["win_chance_weighed"] and unweighed["win_chance_loss"] is None
    piece = win_chance_json(weighed(exact))
    assert piece["label"] == "mistake" and piece["exact"] and piece["win_chance_interval"] is None
    assert (piece["best_move"], piece["best_said"]) == ("r2,3", "row 3, column 4")
    inexact = win_chance_json(weighed(estimate(61, 49, 6, 18)))
    assert inexact["win_chance_interval"] == [6.0, 18.0] and inexact["too_close"]
    assert inexact["label"] == "inaccuracy" and inexact["playouts"] == 100


def test_the_summary_counts_the_labels_once_guesses_are_weighed() -> None:
    replay = guessed_replay()
    judged = reviewed(replay)
    plain = summary_words(judged)
    assert "weighed" not in plain
    judged = judged.with_weighed(1, estimate(80, 50, 20, 40))
    said = summary_words(judged)
    assert said.startswith(plain)
    assert said.endswith("; 0 inaccuracies, 0 mistakes, 1 blunder (1 of 2 risky moves weighed)")
    judged = judged.with_weighed(2, WinLoss((0, 0), Fraction(60), Fraction(53), True, 7, 7))
    assert summary_words(judged).endswith(
        "; 1 inaccuracy, 0 mistakes, 1 blunder (2 of 2 risky moves weighed)"
    )
