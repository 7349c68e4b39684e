"""The contract of the mid-end, the same for every puzzle (`PuzzleRules`): a game in play
starts with nothing to undo; each move counts and is a step of the log; undo and redo are
steps but not moves; a move after an undo forgets the redo; refusals are the puzzle's
`MoveError` and change nothing; every line of a log reads back to itself; and a log replayed
from its text gives the same game in play as the steps made one by one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest

from gridpuzzles.history import Rewind
from gridpuzzles.midend import minesweeper as minesweeper_rules
from gridpuzzles.midend import mondrian as mondrian_rules
from gridpuzzles.midend.puzzle import PuzzleRules
from gridpuzzles.midend.replay import LoggedStep, ReplayError, frames, replayed
from gridpuzzles.minesweeper import Config, Help
from gridpuzzles.minesweeper import Game as MinesweeperGame
from gridpuzzles.minesweeper import Move as MinesweeperMove
from gridpuzzles.minesweeper import MoveError as MinesweeperMoveError
from gridpuzzles.minesweeper import NotationError as MinesweeperNotationError
from gridpuzzles.minesweeper import new_game as new_minesweeper_game
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError as MondrianNotationError
from gridpuzzles.mondrian.core.game import Game as MondrianGame
from gridpuzzles.mondrian.core.game import MoveError as MondrianMoveError
from gridpuzzles.mondrian.core.game import new_game as new_mondrian_game
from gridpuzzles.mondrian.core.moves import Move as MondrianMove

# mypy checks that each puzzle's mid-end module meets the interface:
MINESWEEPER: PuzzleRules[MinesweeperGame, MinesweeperMove | Help] = minesweeper_rules
MONDRIAN: PuzzleRules[MondrianGame, MondrianMove] = mondrian_rules


@dataclass(frozen=True)
class Case:
    """A puzzle as the contract plays it: its rules, a start, three moves legal in turn from
    it (the third also legal after an undo of the second), a move refused at the start, and
    the puzzle's errors."""

    rules: PuzzleRules[Any, Any]
    start: object
    moves: tuple[str, str, str]
    refused: str
    move_error: type[Exception]
    notation_error: type[Exception]


CASES = {
    "minesweeper": Case(
        MINESWEEPER,
        new_minesweeper_game(Config(9, 9, 10), 1),
        ("r4,4", "f0,0", "f8,8"),
        "r20,20",
        MinesweeperMoveError,
        MinesweeperNotationError,
    ),
    "mondrian": Case(
        MONDRIAN,
        new_mondrian_game(find_published("001040531").puzzle),
        ("place 1x5:0,0,h", "place 2x2:6,6,h", "place 1x4:7,0,v"),
        "place 2x3:6,0,h",
        MondrianMoveError,
        MondrianNotationError,
    ),
}


@pytest.fixture(params=list(CASES))
def case(request: pytest.FixtureRequest) -> Case:
    return CASES[request.param]


def test_a_move_counts_and_is_a_step_of_the_log(case: Case) -> None:
    rules = case.rules
    start = rules.play_of(case.start)
    assert (start.moves, start.version, start.assisted, start.can_undo) == (0, 0, False, False)
    one = rules.stepped(start, rules.parse_step(case.moves[0]), 1.0)
    assert (one.moves, one.version, one.can_undo, one.can_redo) == (1, 1, True, False)
    assert one.state != start.state


def test_undo_and_redo_are_steps_but_not_moves(case: Case) -> None:
    rules = case.rules
    one = rules.stepped(rules.play_of(case.start), rules.parse_step(case.moves[0]), 1.0)
    two = rules.stepped(one, rules.parse_step(case.moves[1]), 2.0)
    back = rules.stepped(two, Rewind.UNDO, 3.0)
    assert back.state == one.state and (back.moves, back.version, back.can_redo) == (2, 3, True)
    again = rules.stepped(back, Rewind.REDO, 4.0)
    assert again.state == two.state and (again.moves, again.version) == (2, 4)
    branched = rules.stepped(back, rules.parse_step(case.moves[2]), 5.0)
    assert not branched.can_redo and branched.moves == 3


def test_refusals_are_the_puzzles_move_error(case: Case) -> None:
    rules = case.rules
    start = rules.play_of(case.start)
    with pytest.raises(case.move_error, match="nothing to undo"):
        rules.stepped(start, Rewind.UNDO, 1.0)
    with pytest.raises(case.move_error, match="nothing to redo"):
        rules.stepped(start, Rewind.REDO, 1.0)
    with pytest.raises(case.move_error):
        rules.stepped(start, rules.parse_step(case.refused), 1.0)
    with pytest.raises(case.notation_error, match="cannot read move 'nonsense'"):
        rules.parse_step("nonsense")


def test_each_line_of_a_log_reads_back_to_itself(case: Case) -> None:
    rules = case.rules
    for text in (*case.moves, case.refused, "undo", "redo"):
        assert rules.step_text(rules.parse_step(text)) == text


def test_a_log_replayed_from_its_text_gives_the_same_game_in_play(case: Case) -> None:
    rules = case.rules
    first, second, third = (rules.parse_step(text) for text in case.moves)
    steps = [first, second, Rewind.UNDO, Rewind.REDO, Rewind.UNDO, third]
    by_hand = rules.play_of(case.start)
    for at, step in enumerate(steps, 1):
        by_hand = rules.stepped(by_hand, step, float(at))
    log = [LoggedStep(rules.step_text(step), float(at)) for at, step in enumerate(steps, 1)]
    read = replayed(rules, rules.play_of(case.start), log)
    assert read == by_hand and (by_hand.moves, by_hand.version) == (3, 6)


def test_a_replay_shows_each_step_with_its_time_and_the_game_after_it(case: Case) -> None:
    rules = case.rules
    texts = [case.moves[0], case.moves[1], "undo", "redo"]
    log = [LoggedStep(text, 10.0 + at) for at, text in enumerate(texts)]
    shown = list(frames(rules, rules.play_of(case.start), log))
    assert [(frame.number, frame.text, frame.at) for frame in shown] == [
        (0, texts[0], 10.0),
        (1, texts[1], 11.0),
        (2, "undo", 12.0),
        (3, "redo", 13.0),
    ]
    assert shown[2].state == shown[0].state and shown[3].state == shown[1].state
    assert shown[-1].play == replayed(rules, rules.play_of(case.start), log)
    # A game caught up from a copy numbers its steps on from the copy's.
    later = list(frames(rules, shown[1].play, log[2:], first=2))
    assert [frame.number for frame in later] == [2, 3] and later[-1].play == shown[-1].play


@pytest.mark.parametrize(
    ("texts", "said"),
    [
        (["undo"], "step 1 of the log, 'undo', cannot be replayed: there is nothing to undo"),
        (["MOVE", "nonsense"], "step 2 of the log, 'nonsense', cannot be replayed: cannot read"),
        (["MOVE", "REFUSED"], "step 2 of the log, 'REFUSED', cannot be replayed: "),
        (["MOVE", "x" * 500], "step 2 of the log, 'xxxxxxxxxx.*\\.\\.\\.', cannot be"),
    ],
)
def test_a_log_the_rules_cannot_replay_says_which_step_in_one_line(
    case: Case, texts: list[str], said: str
) -> None:
    names = {"MOVE": case.moves[0], "REFUSED": case.refused}
    log = [LoggedStep(names.get(text, text), 1.0) for text in texts]
    said = said.replace("REFUSED", re.escape(case.refused))
    with pytest.raises(ReplayError, match=said) as raised:
        replayed(case.rules, case.rules.play_of(case.start), log)
    assert "\n" not in str(raised.value) and len(str(raised.value)) < 300
