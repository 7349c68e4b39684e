"""The line-mode game, driven in-process through a scripted console."""

import io
import random

import pytest

from gridpuzzles.minesweeper import (
    Config,
    ConfigError,
    level,
    new_game,
    reveal,
    toggle_flag,
    view,
)
from gridpuzzles.minesweeper.core.grid import Layout
from gridpuzzles.minesweeper.core.moves import Action, Move
from gridpuzzles.minesweeper.core.rendering import render_board
from gridpuzzles.minesweeper.core.settings import FirstClick
from gridpuzzles.minesweeper.solving.noguess import NoGuessError, generate, placement
from gridpuzzles.terminal.console import Console
from gridpuzzles.terminal.minesweeper import (
    InputError,
    Rules,
    Session,
    parse_command,
    parse_level,
    run,
)
from tests.minesweeper.boards import winning_reveals


def typed(action: str, cell: tuple[int, int]) -> str:
    """The line a person types for ``action`` on ``cell`` (0-based, as in the code): the row
    first, counted from 1 as the headers count."""
    return f"{action} {cell[0] + 1} {cell[1] + 1}"


def play_script(lines: list[str], level_name: str | None = "beginner", seed: int = 7) -> str:
    """Run a whole session on the given input lines; return everything it printed."""
    source = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    console = Console(source, out, lambda: 100.0, echo=True)
    config = level(level_name) if level_name else None
    assert run(Session(console, Rules(), random.Random(seed)), config, seed) == 0
    return out.getvalue()


def test_greets_draws_the_board_and_quits() -> None:
    text = play_script(["q"])
    assert text.startswith("gridpuzzles Minesweeper\nWelcome!")
    assert "  1 2 3 4 5 6 7 8 9\n1 # # # # # # # # #" in text
    assert "\n9 # # # # # # # # #\n" in text
    assert "Mines left: 10   Time: 0 s   (beginner, seed 7)" in text
    assert text.rstrip().endswith("Session: 0 won, 0 lost\nBye!")


def test_q_and_quit_leave_at_the_level_prompt() -> None:
    for word in ("q", "quit", "Q"):
        text = play_script([word], level_name=None)
        assert "unknown level" not in text
        assert text.rstrip().endswith("q to quit]: " + word + "\nBye!")


def test_leaving_a_game_in_play_asks_first_and_counts_a_loss() -> None:
    text = play_script(["r 5 5", "q", "maybe", "n", "n", "y", "q"])
    assert text.count("Leave this game? It counts as a loss. [y/n]") == 3
    assert "Please answer y to leave the game, or n to keep playing." in text
    assert "The game goes on." in text
    assert text.count("(beginner, seed") == 3  # the first board, its opening, the new game's
    assert text.rstrip().endswith("Session: 0 won, 1 lost\nBye!")  # the new game not begun


def test_r_1_1_opens_the_top_left_cell() -> None:
    text = play_script(["r 1 1", "q", "y"])
    expected = reveal(new_game(level("beginner"), 7), 0, 0)
    assert render_board(view(expected)) in text


def test_asks_for_a_level_until_a_good_one_is_given() -> None:
    text = play_script(["hard", "9", "3x3/9", "expert", "q"], level_name=None)
    assert "unknown level 'hard'" in text
    assert "unknown level '9'" in text
    assert "9 mines do not fit a 3x3 board" in text
    assert "(expert, seed 7)" in text


def test_end_of_input_exits_cleanly_at_any_prompt() -> None:
    assert "Bye!" in play_script([])
    assert play_script([], level_name=None).endswith("Level [1-5, q to quit]: \nBye!\n")


def test_bad_commands_are_explained_and_change_nothing() -> None:
    text = play_script(
        ["r 1 1", "zz", "r x y", "r 1", "r 0 1", "r 99 1", "f 1 1", "c 6 6", "q", "y"]
    )
    for message in [
        "unknown command 'zz'",
        "row and column are whole numbers from 1, as the headers count",
        "'r' needs a row and a column",
        "not '0' and '1'",
        "row 99, column 1 is outside the board of 9 rows and 9 columns",
        "row 1, column 1 is open and cannot be flagged",
        "Traceback",
    ]:
        assert (message in text) is (message != "Traceback"), message


def test_a_seeded_game_is_won_through_the_commands() -> None:
    moves = winning_reveals(new_game(level("beginner"), 7), (4, 4))
    text = play_script([typed("r", cell) for cell in moves] + ["n"])
    assert "You won in 0.0 s!" in text
    assert "3BV" in text and "efficiency" in text
    assert "Session: 1 won, 0 lost" in text


def test_a_loss_shows_the_mines_and_play_again_starts_a_new_game() -> None:
    game = new_game(level("beginner"), 7)
    moves = winning_reveals(game, (4, 4))
    layout = reveal(game, 4, 4).layout
    assert layout is not None
    mine = divmod(layout.mine_indices()[0], 9)
    text = play_script([typed("r", moves[0]), typed("r", mine), "y", "q"])
    assert f"Boom! You revealed a mine at row {mine[0] + 1}, column {mine[1] + 1}." in text
    assert text.count("*") >= 10
    assert "Session: 0 won, 1 lost" in text
    assert text.count("Mines left: 10   Time: 0 s") >= 2  # the second game's fresh board


def test_flag_and_chord_commands() -> None:
    text = play_script(["r 5 5", "f 1 1", "q", "y"])
    assert "Mines left: 9" in text
    assert "\n1 F #" in text


def test_play_one_move_and_hint_commands() -> None:
    text = play_script(["h", "p", "h", "p", "q", "y"])
    assert "row 1, column 1 is safe: the first click is always safe" in text
    assert "auto-player: reveal row 1, column 1" in text
    assert text.count("auto-player: reveal row") == 2
    assert "Traceback" not in text


def test_the_auto_player_wins_a_whole_game_through_p() -> None:
    text = play_script(["p"] * 200 + ["n"], level_name="small", seed=3)
    assert "You won" in text or "Boom!" in text


def test_no_guess_games_are_won_by_p_alone() -> None:
    text = no_guess_script(["p"] * 300 + ["n"], level("intermediate", FirstClick.NO_GUESS), 5)
    assert "You won" in text and "best guess" not in text


def no_guess_script(lines: list[str], config: Config, seed: int) -> str:
    """Run a session of ``config`` on the given input lines; return its output."""
    source = io.StringIO("".join(line + "\n" for line in lines))
    out = io.StringIO()
    console = Console(source, out, lambda: 100.0, echo=True)
    session = Session(console, Rules(config.first_click), random.Random(seed))
    assert run(session, config, seed) == 0
    return out.getvalue()


def test_a_refused_first_reveal_does_not_fix_the_no_guess_board() -> None:
    config = level("beginner", FirstClick.NO_GUESS)
    text = no_guess_script(["f 5 5", "r 5 5", "r 1 1", "q", "y"], config, 7)
    assert "row 5, column 5 is flagged" in text
    expected = reveal(toggle_flag(new_game(config, 7, placement(config)), 4, 4), 0, 0)
    assert expected.layout == generate(config, 0, random.Random(7))
    assert render_board(view(expected)) in text


def test_a_board_too_dense_for_no_guess_is_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_board(config: Config, start: int, rng: random.Random) -> Layout:
        raise NoGuessError("found no no-guess 9x9 board with 10 mines; try fewer mines")

    monkeypatch.setattr("gridpuzzles.minesweeper.solving.noguess.generate", no_board)
    text = no_guess_script(["r 1 1", "q"], level("beginner", FirstClick.NO_GUESS), 7)
    assert "found no no-guess 9x9 board with 10 mines; try fewer mines" in text
    assert "Traceback" not in text


def test_parse_command_forms() -> None:
    assert parse_command("r 3 4") == ("move", Move(Action.REVEAL, 2, 3))
    assert parse_command("3 4") == ("move", Move(Action.REVEAL, 2, 3))
    assert parse_command("F 3,4") == ("move", Move(Action.FLAG, 2, 3))
    assert parse_command("c 1 2") == ("move", Move(Action.CHORD, 0, 1))
    for text, move in (("r4,4", "r3,3"), ("f1,12", "f0,11"), ("c3,4", "c2,3")):
        assert parse_command(text) == ("move", Move.parse(move))  # counted from 1 too
    for zero in ("r 0 1", "r 1 0", "r0,1"):
        with pytest.raises(InputError, match="whole numbers from 1"):
            parse_command(zero)
    with pytest.raises(InputError, match="unknown command 'rx4'"):
        parse_command("rx4,4")
    with pytest.raises(InputError, match="'r' needs a row and a column"):
        parse_command("r4")
    assert parse_command("quit") == ("q", None)
    assert parse_command("n") == ("n", None)
    assert parse_command("help") == ("help", None)
    assert parse_command("p") == ("p", None)
    assert parse_command("hint") == ("h", None)
    for bad in ["", "q now", "r 1 2 3", "jump 1 2"]:
        with pytest.raises(InputError):
            parse_command(bad)


def test_parse_level_by_number_name_size_and_density() -> None:
    rules = Rules(first_click=FirstClick.OPENING)
    assert parse_level("3", rules) == level("expert", FirstClick.OPENING)
    assert parse_level("Beginner", rules).mines == 10
    custom = parse_level("20x10/0.15", rules)
    assert (custom.width, custom.height, custom.mines) == (20, 10, 30)
    assert parse_level("20x10/7", rules).mines == 7
    for bad in ["0", "20x10", "20x/3", "20x10/abc", "20x10/1.5"]:
        with pytest.raises(ConfigError):
            parse_level(bad, rules)


def test_undo_takes_back_the_mine_and_the_game_goes_on_assisted() -> None:
    game = new_game(level("beginner"), 7)
    moves = winning_reveals(game, (4, 4))
    layout = reveal(game, 4, 4).layout
    assert layout is not None
    mine = divmod(layout.mine_indices()[0], 9)
    rest = [typed("r", cell) for cell in moves[1:]]
    text = play_script([typed("r", moves[0]), typed("r", mine), "u", *rest])
    assert "Play again? [y/n, or u to undo the mine] u" in text
    assert "The mine is undone: this game is now assisted." in text
    assert "You won in 0.0 s!" in text
    assert "Assisted: the auto-player or a hint helped" in text
    # The loss was shown as it would count, then undone: the session counts the win only.
    assert text.rstrip().endswith("Session: 1 won, 0 lost\nBye!")


def test_undo_and_redo_walk_the_moves_and_say_when_there_is_nothing() -> None:
    text = play_script(["u", "r 5 5", "f 1 1", "u", "u", "u", "redo", "redo", "redo", "q", "y"])
    boards = text.split("Mines left: ")
    assert "there is nothing to undo" in boards[1] and "there is nothing to redo" in text
    assert boards[-1].startswith("9 ")  # redone back to the flag
    assert text.count("there is nothing to undo") == 2
    assert "Session: 0 won, 1 lost" in text  # left in play: a loss


def test_a_move_after_an_undo_forgets_what_redo_would_have_played() -> None:
    text = play_script(["r 5 5", "f 1 1", "u", "f 2 1", "redo", "q", "y"])
    assert "there is nothing to redo" in text
