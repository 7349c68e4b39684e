"""The auto-player: never reveals a certain mine, never flags a certain safe cell, and its
guesses are sensible."""

from __future__ import annotations

import random

from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Mark,
    Status,
    WinRule,
    level,
    new_game,
    parse_view,
    play,
    toggle_flag,
    view,
)
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.solving.autoplay import decide, first_click, hint, next_move
from gridpuzzles.minesweeper.solving.guessing import GuessRule
from gridpuzzles.minesweeper.solving.probabilities import analyze


def check_move(
    game_view_cells: str,
    width: int,
    mines: int,
    move_action: Action,
    index: int,
    weights: tuple[int | None, ...],
    total: int,
) -> None:
    symbol = game_view_cells[index]
    if move_action is Action.REVEAL:
        assert weights[index] != total, "revealed a certain mine"
    elif symbol != "F":
        assert weights[index] == total, "flagged a cell that is not a certain mine"


def test_never_reveals_a_certain_mine_nor_flags_a_certain_safe_cell() -> None:
    rng = random.Random(5)
    moves = guesses = 0
    for number in range(120):
        width, height = rng.randint(4, 9), rng.randint(4, 9)
        mines = rng.randint(2, width * height // 4)
        rule = WinRule.FLAGS if number % 3 == 0 else WinRule.REVEAL
        game = new_game(Config(width, height, mines, win_rule=rule), rng.randrange(2**32))
        while game.status is Status.PLAYING:
            board = view(game)
            if rng.random() < 0.1:  # a player's flag, right or wrong
                hidden = [i for i in range(width * height) if game.marks[i] == Mark.HIDDEN]
                if hidden:
                    game = toggle_flag(game, *divmod(rng.choice(hidden), width))
                    continue
            decision = decide(board, mines)
            if board.cells.count("#") + board.cells.count("F") < width * height:
                analysis = analyze(board, mines)
                for move in decision.moves:
                    index = move.row * width + move.col
                    check_move(
                        board.cells,
                        width,
                        mines,
                        move.action,
                        index,
                        analysis.weights,
                        analysis.layouts,
                    )
                    if not decision.guess and move.action is Action.REVEAL:
                        assert analysis.weights[index] == 0
            guesses += decision.guess
            for move in decision.moves:
                if game.status is Status.PLAYING and game.mark(move.row, move.col) != Mark.REVEALED:
                    game = play(game, move)
                    moves += 1
    assert moves > 1000 and guesses > 20


def test_first_clicks() -> None:
    assert first_click(30, 16, FirstClick.SAFE) == (0, 0)
    assert first_click(30, 16, FirstClick.NONE) == (0, 0)
    assert first_click(30, 16, FirstClick.OPENING) == (2, 2)
    assert first_click(1, 1, FirstClick.OPENING) == (0, 0)
    board = view(new_game(level("expert"), 1))
    assert next_move(board, 99).row == 0


def test_certain_safe_cells_are_played_before_any_guess() -> None:
    board = parse_view("##1#\n#210\n1100")
    decision = decide(board, 2)
    assert not decision.guess
    assert [(m.row, m.col) for m in decision.moves] == [(0, 0), (0, 3)]


def test_a_flag_on_a_safe_cell_is_removed_before_it_is_revealed() -> None:
    board = parse_view("#F\n11")  # a flag is only a guess: both cells stay 50/50
    analysis = analyze(board, 1)
    assert analysis.probability(0, 0) == analysis.probability(0, 1)
    flagged_safe = parse_view("F#1\n##1\n111")
    move = next_move(flagged_safe, 1)
    # (1,1) is the mine: every other hidden cell is safe; unflagged ones come first.
    assert (move.action, move.row, move.col) == (Action.REVEAL, 0, 1)
    only_flag_left = parse_view("F11\n1#1\n111")
    move = next_move(only_flag_left, 1)
    assert (move.action, move.row, move.col) == (Action.FLAG, 0, 0)


def test_hint_names_a_safe_cell_or_the_best_guess_in_player_words() -> None:
    assert str(hint(parse_view("##1#\n#210\n1100"), 2)) == (
        "row 1, column 1 is safe: the 2 at row 2, column 2 already has its 2 mines"
    )
    text = str(hint(parse_view("1#\n##"), 1))
    assert text.startswith("no cell is certainly safe: row")
    assert "% risk, the safest; searching every remaining layout, it wins most often" in text
    advice = hint(parse_view("##\n11\n00"), 1)
    assert advice.reason is GuessRule.FIFTY_FIFTY
    assert str(advice).endswith(
        "has 50% risk, the safest; a 50/50 no later move can settle: guess now"
    )
    first = hint(parse_view("###\n###"), 1)
    assert first.certain and first.why == "the first click is always safe"


def test_play_move_flags_a_certain_mine_before_it_guesses() -> None:
    board = parse_view("1####")  # (0, 1) is a mine; the other is one of three: no safe cell
    assert next_move(board, 2) == Move(Action.FLAG, 0, 1)
    assert decide(board, 2).moves[0].action is Action.REVEAL  # the benchmark's player guesses
    after = next_move(parse_view("1F###"), 2)
    assert after.action is Action.REVEAL and after.col >= 2  # then the best guess
    assert next_move(parse_view("1#1##"), 1).action is Action.REVEAL  # a safe cell comes first
