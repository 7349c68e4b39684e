"""Play Move says why: the same move as `next_move`, with its reason in the player's words."""

from __future__ import annotations

from gridpuzzles.minesweeper import level, new_game, parse_view, play, view
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.solving.autoplay import explained_move, hint, next_move
from gridpuzzles.minesweeper.solving.guessing import GuessRule


def test_a_flag_names_the_number_that_leaves_no_other_cell_for_its_mine() -> None:
    board = parse_view("1####")
    played = explained_move(board, 2)
    assert played.move == Move(Action.FLAG, 0, 1)
    assert played.why == "certain mine: the 1 at row 1, column 1 can only have its mine there"
    both = explained_move(parse_view("#2#"), 2)
    assert both.move == Move(Action.FLAG, 0, 0)
    assert both.why == (
        "certain mine: the 2 at row 1, column 2 has exactly 2 hidden cells that can hold its mines"
    )
    every = explained_move(parse_view("#1###"), 3)  # the mine count tells, no number alone
    assert every.move == Move(Action.FLAG, 0, 3)
    assert every.why == (
        "certain mine: every layout of mines that fits the numbers and the mine count puts a "
        "mine there"
    )


def test_a_reveal_says_what_the_hint_says_counting_from_1() -> None:
    board = parse_view("##1#\n#210\n1100")
    played = explained_move(board, 2)
    assert played.move == Move(Action.REVEAL, 0, 0)
    assert played.why == "safe: the 2 at row 2, column 2 already has its 2 mines"
    assert str(hint(board, 2)) == (
        "row 1, column 1 is safe: the 2 at row 2, column 2 already has its 2 mines"
    )
    guess = explained_move(parse_view("##\n11\n00"), 1)
    assert (
        guess.why
        == "no safe cell: 50% risk, the safest; a 50/50 no later move can settle: guess now"
    )
    unflag = explained_move(parse_view("F11\n1#1\n111"), 1)
    assert unflag.move == Move(Action.FLAG, 0, 0) and unflag.why.startswith("safe: the 1 at")
    assert explained_move(parse_view("###\n###"), 1).why == "safe: the first click is always safe"


def test_a_guess_says_its_secondary_safety_and_the_dead_cell_it_leaves() -> None:
    # Two mines: one beside the 1 (row 3 or row 5), one in rows 1-2. Row 5 touches only the
    # 1: safe, it always shows 1, so it tells nothing; row 3 is as safe and tells something.
    board = parse_view("#\n#\n#\n1\n#")
    advice = hint(board, 2)
    assert not advice.certain and advice.cell == (1, 0)
    assert advice.rank == "the safest living cell"
    assert advice.safety == 0.5  # safe half the time, and then its number settles the rest
    assert advice.why == (
        "searching every remaining layout, it wins most often; 50% chance to be safe and have "
        "a safe next move; row 5, column 1 is as safe but can tell nothing new"
    )
    assert str(advice).startswith(
        "no cell is certainly safe: row 2, column 1 has 50% risk, the safest living cell; "
    )
    assert explained_move(board, 2).why == advice.because
    assert advice.because.startswith("no safe cell: 50% risk, the safest living cell; ")


def test_a_lookahead_guess_gives_its_secondary_safety_instead_of_a_rule() -> None:
    game = play(new_game(level("expert"), 3), Move(Action.REVEAL, 0, 0))
    while (advice := hint(view(game), 99)).certain:
        game = play(game, Move(Action.REVEAL, *advice.cell))
    assert advice.reason is GuessRule.SCORED and advice.safety is not None
    assert 0 < advice.safety < 1 - advice.probability
    said = f"{advice.safety:.0%} chance to be safe and have a safe next move"
    assert advice.why.split("; ")[0] == said


def test_the_explained_move_is_play_moves_move_all_through_games() -> None:
    for seed in range(6):
        game = new_game(level("beginner"), seed)
        while not game.over:
            shown = view(game)
            move = next_move(shown, 10)
            explained = explained_move(shown, 10)
            assert explained.move == move and explained.why
            game = play(game, move)
