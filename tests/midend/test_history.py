"""The mid-end's history: undo and redo over states, a move after an undo forgets what redo
would reach, and the number of states kept is bounded by the size of the board."""

import pytest

from gridpuzzles.midend import History, HistoryError, Rewind, undo_limit
from gridpuzzles.midend.minesweeper import play_of
from gridpuzzles.minesweeper import Config, new_game


def walked(history: History[int], steps: str) -> History[int]:
    """``history`` after ``steps``: a digit is a move to that state, u an undo, r a redo."""
    for step in steps:
        if step == "u":
            history = history.undo()
        elif step == "r":
            history = history.redo()
        else:
            history = history.then(int(step))
    return history


def test_undo_and_redo_walk_back_and_forth() -> None:
    history = walked(History(0), "123uu")
    assert (history.present, history.past, history.future) == (1, (0,), (3, 2))
    assert walked(history, "r").present == 2 and walked(history, "rr").present == 3
    assert history.rewound(Rewind.REDO) == history.redo()


def test_a_move_after_an_undo_forgets_what_redo_would_reach() -> None:
    history = walked(History(0), "12u5")
    assert history.present == 5 and not history.can_redo
    with pytest.raises(HistoryError, match="there is nothing to redo"):
        history.redo()


def test_nothing_to_undo_is_said() -> None:
    with pytest.raises(HistoryError, match="there is nothing to undo"):
        History(0).undo()


def test_the_limit_lets_the_oldest_states_go_and_says_so() -> None:
    history = walked(History(0, limit=2), "1234")
    assert history.past == (2, 3) and history.dropped
    back = walked(history, "uu")
    assert back.present == 2
    with pytest.raises(HistoryError, match="undo goes back 2 moves at most"):
        back.undo()
    assert walked(back, "rr").present == 4


def test_the_undo_limit_keeps_about_64k_cells_of_states_and_at_least_ten() -> None:
    assert [undo_limit(cells) for cells in (81, 256, 480, 10_000)] == [809, 256, 136, 10]
    huge = play_of(new_game(Config(100, 100, 1000), 1)).history
    for _ in range(30):
        huge = huge.then(huge.present)
    assert len(huge.past) == 10  # at most 100,000 cells kept, not one board a move
