"""Minesweeper's game in play, as every shell and the store's replay step it: undo and redo
are logged but are not moves, help before the first reveal marks nothing, an undo or redo
once the game has started is help, and help that marks the game is a ``help`` step of its
log, logged once."""

from __future__ import annotations

from functools import reduce

import pytest

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import advised, logged_steps, play_of, step_words, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import (
    HELP,
    Config,
    Game,
    Help,
    InvalidMoveError,
    Move,
    MoveError,
    Status,
    new_game,
)
from gridpuzzles.minesweeper.core.moves import parse_step, step_text
from gridpuzzles.storage import SavedGame, TimedMove, played_on
from tests.minesweeper.boards import board

OPEN = Move.parse("r3,0")
"""A reveal that opens the safe corner of `board()` (its mines: 0,0 and 2,3)."""
MINE = Move.parse("r0,0")
FLAG = Move.parse("f0,0")


def walked(steps: str) -> Play[Game]:
    """The game in play after ``steps``: o the opening reveal, m the mine, f a flag, u an
    undo, r a redo, h a help line, each one second after the last."""
    named: dict[str, Move | Help | Rewind] = {
        "o": OPEN,
        "m": MINE,
        "f": FLAG,
        "u": Rewind.UNDO,
        "r": Rewind.REDO,
        "h": HELP,
    }
    played = play_of(board())
    for at, step in enumerate(steps, 1):
        played = stepped(played, named[step], float(at))
    return played


def test_undo_and_redo_are_steps_of_the_log_but_not_moves() -> None:
    played = walked("ofur")
    assert (played.moves, played.version) == (2, 4)
    assert played.state == walked("of").state and not played.can_redo
    assert walked("ofu").state == walked("o").state


def test_a_move_is_played_through_the_core_at_its_time() -> None:
    played = walked("o")
    assert played.state.started_at == 1.0 and played.state.status is Status.PLAYING
    with pytest.raises(MoveError):
        stepped(played, Move.parse("r9,9"), 2.0)


def test_nothing_to_undo_or_redo_is_said() -> None:
    with pytest.raises(MoveError, match="nothing to undo"):
        walked("u")
    with pytest.raises(MoveError, match="nothing to redo"):
        stepped(walked("o"), Rewind.REDO, 2.0)


def test_help_before_the_first_reveal_marks_nothing_and_is_not_logged() -> None:
    fresh = play_of(board())
    flagged = stepped(fresh, FLAG, 1.0, helped=True)  # an unflag by Play Move, say
    assert not flagged.assisted and (flagged.moves, flagged.version) == (1, 1)
    assert logged_steps(fresh, FLAG, flagged) == (FLAG,)  # no help line
    assert not walked("fur").assisted  # undo and redo of a flag before the first reveal
    assert advised(fresh) is fresh  # a hint or the probabilities before the first reveal
    assert logged_steps(fresh, HELP, advised(fresh)) == ()  # nothing to log
    read = walked("h")  # a help line there, read from a log: a step, and no mark
    assert not read.assisted and (read.moves, read.version) == (0, 1)


def test_an_undo_or_redo_once_the_game_has_started_is_help() -> None:
    assert not walked("o").assisted
    assert walked("ou").assisted  # back to before the first reveal: it had started
    assert walked("ofu").assisted and walked("ofur").assisted


def test_the_undo_of_the_mine_plays_the_game_on_assisted() -> None:
    lost = walked("om")
    assert lost.state.status is Status.LOST and not lost.assisted
    again = stepped(lost, Rewind.UNDO, 3.0)
    assert again.state.status is Status.PLAYING and again.assisted
    assert (again.moves, again.version) == (2, 3)


def test_help_in_play_marks_the_game_with_a_help_step_of_its_log() -> None:
    helped = stepped(walked("o"), FLAG, 2.0, helped=True)  # the flag, then a help line
    assert helped.assisted and (helped.moves, helped.version) == (2, 3)
    assert logged_steps(walked("o"), FLAG, helped) == (FLAG, HELP)
    assert helped == walked("ofh")  # the log's two lines give the same game
    hinted = advised(walked("o"))
    assert hinted.assisted and hinted.version == 2 and hinted.state == walked("o").state
    assert logged_steps(walked("o"), HELP, hinted) == (HELP,) and hinted == walked("oh")
    lost = walked("om")
    assert advised(lost) is lost  # a game that ended is helped with nothing
    boom = stepped(walked("o"), MINE, 2.0, helped=True)  # Play Move's move that lost it
    assert boom.assisted and logged_steps(walked("o"), MINE, boom) == (MINE, HELP)


def test_help_is_logged_only_when_it_changes_the_mark() -> None:
    hinted = advised(walked("o"))
    assert advised(hinted) is hinted  # the probabilities kept shown: no second help line
    flagged = stepped(hinted, FLAG, 3.0, helped=True)
    assert flagged.version == hinted.version + 1
    assert logged_steps(hinted, FLAG, flagged) == (FLAG,)
    undone = walked("ou")  # the undo itself is the logged help
    assert undone.assisted and advised(undone) is undone


def test_a_help_line_reads_and_says_itself() -> None:
    assert parse_step("help") is HELP and step_text(HELP) == "help" == str(HELP)
    assert step_words("help") == "help: a hint, the probabilities or Play Move"
    with pytest.raises(InvalidMoveError):
        parse_step("help ")


def test_an_undo_does_not_take_back_help() -> None:
    played = stepped(stepped(walked("o"), FLAG, 2.0, helped=True), Rewind.UNDO, 3.0)
    assert played.assisted and played.state == walked("o").state


def test_the_store_replays_a_log_as_the_shells_stepped_it() -> None:
    steps: list[Move | Help | Rewind] = [
        OPEN,
        HELP,
        FLAG,
        Rewind.UNDO,
        Rewind.REDO,
        Rewind.UNDO,
        MINE,
    ]
    timed = tuple(TimedMove(step, float(at)) for at, step in enumerate(steps, 1))
    start = play_of(board())
    shells = reduce(lambda played, t: stepped(played, t.move, t.at), timed, start)
    assert played_on(start, timed) == shells
    assert (shells.moves, shells.version, shells.assisted) == (3, 7, True)
    game = new_game(Config(9, 9, 10), 5)
    saved = SavedGame("id", game.config, game.seed, moves=(TimedMove(Move.parse("r4,4"), 1.0),))
    assert saved.play() == stepped(play_of(saved.start()), Move.parse("r4,4"), 1.0)
    assert saved.play().state == saved.replay()


def test_the_store_s_mark_still_counts_for_a_game_logged_before_help_was_a_step() -> None:
    saved = SavedGame("id", Config(9, 9, 10), 5, assisted=True)  # a hint: in no step
    assert saved.play().assisted and saved.play().version == 0


def test_a_stored_log_with_a_help_line_is_assisted_from_that_step() -> None:
    opened, helped = TimedMove(Move.parse("r4,4"), 1.0), TimedMove(HELP, 2.0)
    saved = SavedGame("id", Config(9, 9, 10), 5, moves=(opened, helped))  # no row mark
    assert saved.play().assisted and saved.play().version == 2
    replay = saved.watched()
    assert [frame.play.assisted for frame in replay.frames] == [False, True]
    assert replay.assisted and replay.said(replay.frames[1]).endswith(
        "help: a hint, the probabilities or Play Move"
    )


def test_a_game_keeps_as_many_states_to_undo_to_as_its_board_allows() -> None:
    huge = play_of(new_game(Config(100, 100, 1000), 1))
    for at in range(30):
        huge = stepped(huge, Move.parse("f0,0"), float(at))
    assert len(huge.history.past) == 10 and huge.moves == 30
    assert play_of(board()).history.limit == 3276  # 20 cells: 65,536 // 20
