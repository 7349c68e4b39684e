"""Minesweeper's game in play, as every shell and the store's replay step it: undo and redo
are logged but are not moves, help before the first reveal marks nothing, and an undo or redo
once the game has started is help."""

from __future__ import annotations

from functools import reduce

import pytest

from gridpuzzles.midend import Rewind
from gridpuzzles.midend.minesweeper import advised, play_of, stepped
from gridpuzzles.midend.play import Play
from gridpuzzles.minesweeper import Config, Game, Move, MoveError, Status, new_game
from gridpuzzles.storage import SavedGame, TimedMove, played_on
from tests.minesweeper.boards import board

OPEN = Move.parse("r3,0")
"""A reveal that opens the safe corner of `board()` (its mines: 0,0 and 2,3)."""
MINE = Move.parse("r0,0")
FLAG = Move.parse("f0,0")


def walked(steps: str) -> Play[Game]:
    """The game in play after ``steps``: o the opening reveal, m the mine, f a flag, u an
    undo, r a redo, each one second after the last."""
    named: dict[str, Move | Rewind] = {
        "o": OPEN,
        "m": MINE,
        "f": FLAG,
        "u": Rewind.UNDO,
        "r": Rewind.REDO,
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


def test_help_before_the_first_reveal_marks_nothing() -> None:
    flagged = stepped(play_of(board()), FLAG, 1.0, helped=True)  # an unflag by Play Move, say
    assert not flagged.assisted and flagged.moves == 1
    assert not walked("fur").assisted  # undo and redo of a flag before the first reveal
    fresh = play_of(board())
    assert advised(fresh) is fresh  # a hint or the probabilities before the first reveal


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


def test_help_in_play_marks_the_game_and_is_no_step() -> None:
    helped = stepped(walked("o"), FLAG, 2.0, helped=True)
    assert helped.assisted and (helped.moves, helped.version) == (2, 2)
    hinted = advised(walked("o"))
    assert hinted.assisted and hinted.version == 1 and hinted.state == walked("o").state
    lost = walked("om")
    assert advised(lost) is lost  # a game that ended is helped with nothing


def test_an_undo_does_not_take_back_help() -> None:
    played = stepped(stepped(walked("o"), FLAG, 2.0, helped=True), Rewind.UNDO, 3.0)
    assert played.assisted and played.state == walked("o").state


def test_the_store_replays_a_log_as_the_shells_stepped_it() -> None:
    steps: list[Move | Rewind] = [OPEN, FLAG, Rewind.UNDO, Rewind.REDO, Rewind.UNDO, MINE]
    timed = tuple(TimedMove(step, float(at)) for at, step in enumerate(steps, 1))
    start = play_of(board())
    shells = reduce(lambda played, t: stepped(played, t.move, t.at), timed, start)
    assert played_on(start, timed) == shells
    assert (shells.moves, shells.version, shells.assisted) == (3, 6, True)
    game = new_game(Config(9, 9, 10), 5)
    saved = SavedGame("id", game.config, game.seed, moves=(TimedMove(Move.parse("r4,4"), 1.0),))
    assert saved.play() == stepped(play_of(saved.start()), Move.parse("r4,4"), 1.0)
    assert saved.play().state == saved.replay()


def test_the_store_s_mark_is_the_game_s() -> None:
    saved = SavedGame("id", Config(9, 9, 10), 5, assisted=True)  # a hint: in no step
    assert saved.play().assisted and saved.play().version == 0


def test_a_game_keeps_as_many_states_to_undo_to_as_its_board_allows() -> None:
    huge = play_of(new_game(Config(100, 100, 1000), 1))
    for at in range(30):
        huge = stepped(huge, Move.parse("f0,0"), float(at))
    assert len(huge.history.past) == 10 and huge.moves == 30
    assert play_of(board()).history.limit == 3276  # 20 cells: 65,536 // 20
