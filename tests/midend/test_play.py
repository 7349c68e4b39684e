"""The game in play every shell keeps: undo and redo are not moves and take back no help."""

from __future__ import annotations

import pytest

from gridpuzzles.history import HistoryError, Rewind
from gridpuzzles.midend.play import Play


def test_a_move_is_counted_logged_and_undoable() -> None:
    play = Play.start("a").moved("b")
    assert (play.state, play.moves, play.version, play.can_undo) == ("b", 1, 1, True)


def test_undo_and_redo_are_logged_but_are_not_moves() -> None:
    play = Play.start("a").moved("b").rewound(Rewind.UNDO, helps=False)
    assert (play.state, play.moves, play.version, play.can_redo) == ("a", 1, 2, True)
    play = play.rewound(Rewind.REDO, helps=False)
    assert (play.state, play.moves, play.version) == ("b", 1, 3)


def test_an_undo_does_not_take_back_help() -> None:
    play = Play.start("a").moved("b", helped=True).rewound(Rewind.UNDO, helps=False)
    assert play.assisted and play.state == "a"


def test_a_rewind_that_helps_marks_the_game() -> None:
    play = Play.start("a").moved("b").rewound(Rewind.UNDO, helps=True)
    assert play.assisted


def test_help_logged_or_not() -> None:
    play = Play.start("a")
    assert play.helped(logged=True).version == 1 and play.helped(logged=True).assisted
    assert play.helped(logged=False).version == 0 and play.helped(logged=False).moves == 0


def test_nothing_to_undo_changes_nothing() -> None:
    play = Play.start("a")
    with pytest.raises(HistoryError, match="nothing to undo"):
        play.rewound(Rewind.UNDO, helps=False)


def test_the_limit_is_kept() -> None:
    play = Play.start(0, limit=2)
    for state in range(1, 5):
        play = play.moved(state)
    assert play.history.past == (2, 3) and play.moves == 4
