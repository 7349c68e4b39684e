"""Mondrian's game in play, as every shell keeps it: undo and redo walk the history, are not
moves and take back no help; a hint counts as a move and marks the game; the game in play
round-trips through JSON (the form stored games have)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import (
    clock_started,
    hint_step,
    play_from_json,
    play_of,
    play_to_json,
    step_words,
    stepped,
)
from gridpuzzles.midend.play import Play
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import Game, MoveError, custom_game, new_game
from gridpuzzles.mondrian.core.grid import (
    COLOURED_BLOCKS,
    STANDARD_BLOCKS,
    STANDARD_BOARD,
    Block,
    InvalidPuzzleError,
    Orientation,
    Placement,
)
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.solving.hints import hint
from tests.mondrian.checks import replayed
from tests.mondrian.core.test_game import SOLUTION, fresh

UNDO, REDO = Rewind.UNDO, Rewind.REDO


def placing(text: str) -> Move:
    return Move(Action.PLACE, placement=parse_fixed(text))


def played(*steps: Move | Rewind) -> Play[Game]:
    return replayed(play_of(fresh()), steps)


def test_undo_and_redo_walk_the_history_and_a_new_move_forgets_the_redo() -> None:
    one, two = (Move(Action.PLACE, placement=placement) for placement in SOLUTION[:2])
    back = played(one, two, UNDO)
    assert back.state.placed == (SOLUTION[0],) and back.can_redo
    assert stepped(back, REDO, 0.0).state == played(one, two).state
    assert played(one, two, UNDO, UNDO).state == fresh()
    branched = stepped(back, Move(Action.PLACE, placement=SOLUTION[2]), 0.0)
    assert not branched.can_redo
    with pytest.raises(MoveError, match="nothing to redo"):
        stepped(branched, REDO, 0.0)
    with pytest.raises(MoveError, match="nothing to undo"):
        stepped(play_of(fresh()), UNDO, 0.0)
    assert stepped(back, REDO, 0.0).moves == back.moves == 2  # the undo and redo are not moves
    assert stepped(back, REDO, 0.0).version == 4  # but they are steps of the log


def test_moves_count_placements_lifts_and_turns_not_undo_and_redo() -> None:
    game = played(placing("1x4:4,0,h"), Move(Action.TURN, cell=(0, 4)))
    game = stepped(game, Move(Action.LIFT, cell=(0, 4)), 0.0)
    assert game.moves == 3 and game.state.placed == ()
    assert replayed(game, (UNDO, REDO, UNDO, REDO)).moves == 3


def test_editing_the_challenge_is_a_move_that_undo_takes_back() -> None:
    start = play_of(fresh())
    edited = replayed(
        start,
        (
            Move(Action.LIFT, black=True, cell=(3, 2)),
            Move(Action.PLACE, True, parse_fixed("1x1:7,7,h")),
        ),
    )
    assert edited.state.black != start.state.black and edited.moves == 2
    assert replayed(edited, (UNDO, UNDO)).state == start.state


def test_help_is_not_undone_and_a_hint_is_a_move() -> None:
    given_hint = hint(fresh())
    assert given_hint.place is not None
    helped = stepped(play_of(fresh()), hint_step(given_hint), 0.0)
    assert helped.assisted and helped.moves == 1 and helped.state.placed == (given_hint.place,)
    undone = stepped(helped, UNDO, 0.0)
    assert undone.assisted and undone.state.placed == () and undone.moves == 1


def test_help_that_puts_no_block_down_only_marks_the_game() -> None:
    wrong = played(placing("2x2:0,6,h"))
    given_hint = hint(wrong.state)
    assert given_hint.place is None and hint_step(given_hint) == Move(Action.HELP)
    helped = stepped(wrong, Move(Action.HELP), 0.0)
    assert helped.assisted and (helped.moves, helped.version) == (1, 2)
    assert helped.history == wrong.history


def test_a_log_step_is_said_from_1_naming_the_block_on_the_board_before_it() -> None:
    """The web replay's words (`step_words`); its tests say the coloured moves."""
    board = fresh()  # its black 1x1 block covers row 4, column 3 (3, 2 from 0)
    assert [
        step_words(text, board)
        for text in ("lift black 2,3", "place black 1x3:4,7,h", "help", "undo", "redo")
    ] == [
        "lift the black 1x1 block at row 4, column 3",
        "put down the black 1x3 block at row 8, column 5, 1 row high and 3 columns wide",
        "help that put no block down: the solutions shown, or a hint naming blocks to lift",
        "undo",
        "redo",
    ]
    # A step the rules would refuse (no block there) still names its cell.
    assert step_words("turn 4,4", board) == "turn the block at row 5, column 5"
    with pytest.raises(NotationError):
        step_words("lift 4", board)


def test_a_refused_move_changes_nothing_and_says_why_in_one_line() -> None:
    with pytest.raises(MoveError, match="would stick out past the right edge"):
        played(placing("2x3:6,0,h"))
    with pytest.raises(MoveError, match="place the black blocks first"):
        stepped(play_of(custom_game()), placing("2x3:0,0,h"), 0.0)


PLACEMENTS = st.builds(
    Placement,
    st.integers(0, 9),
    st.integers(0, 9),
    st.sampled_from((*COLOURED_BLOCKS, Block(1, 2), Block(2, 7))),
    st.sampled_from(list(Orientation)),
)
CELLS = st.tuples(st.integers(0, 7), st.integers(0, 7))
STEPS = st.lists(
    st.one_of(
        st.builds(lambda p: Move(Action.PLACE, placement=p), PLACEMENTS),
        st.builds(lambda c: Move(Action.LIFT, cell=c), CELLS),
        st.builds(lambda c: Move(Action.TURN, cell=c), CELLS),
        st.sampled_from([UNDO, REDO, Move(Action.HELP)]),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(STEPS)
def test_any_steps_keep_the_blocks_apart_the_tray_whole_and_count_moves(
    steps: list[Move | Rewind],
) -> None:
    play = play_of(fresh())
    for step in steps:
        before = play
        try:
            play = stepped(play, step, 0.0)
        except MoveError as error:
            assert str(error) and "\n" not in str(error)  # one line saying why
            continue
        counts = isinstance(step, Move) and step.action is not Action.HELP
        assert play.moves == before.moves + counts
        assert play.version == before.version + 1
        game = play.state
        cells = [cell for p in (*game.black, *game.placed) for cell in p.cells()]
        assert len(cells) == len(set(cells))
        assert all(STANDARD_BOARD.contains(p) for p in game.placed)
        assert sorted(game.tray + tuple(p.block for p in game.placed)) == sorted(COLOURED_BLOCKS)


# A game in play as JSON

JSON_PLACEMENTS = st.builds(
    Placement,
    st.integers(0, 7),
    st.integers(0, 7),
    st.sampled_from(STANDARD_BLOCKS),
    st.sampled_from(list(Orientation)),
)
JSON_STEPS: st.SearchStrategy[list[Move | Rewind]] = st.lists(
    st.one_of(
        st.builds(lambda black, p: Move(Action.PLACE, black, p), st.booleans(), JSON_PLACEMENTS),
        st.builds(lambda black, c: Move(Action.LIFT, black, cell=c), st.booleans(), CELLS),
        st.builds(lambda c: Move(Action.TURN, cell=c), CELLS),
        st.sampled_from([UNDO, REDO, Move(Action.HELP)]),
    ),
    max_size=30,
)


@st.composite
def plays(draw: st.DrawFn) -> Play[Game]:
    """A published challenge or the player's own board, after any steps (refused ones
    skipped): blocks on the board, undo and redo history, help."""
    play = play_of(
        draw(st.sampled_from([new_game(find_published("001040531").puzzle), custom_game()]))
    )
    for step in draw(JSON_STEPS):
        try:
            play = stepped(play, step, 0.0)
        except MoveError:
            continue
    return play


@settings(max_examples=200, deadline=None)
@given(plays())
def test_a_game_in_play_round_trips_through_json(play: Play[Game]) -> None:
    document = play_to_json(play)
    assert play_from_json(json.loads(json.dumps(document))) == replace(play, version=0)
    assert len(document["earlier"]) + len(document["later"]) <= play.moves


def test_a_game_in_play_as_json_names_its_blocks_in_the_notation() -> None:
    play = replayed(
        play_of(custom_game()), (Move(Action.PLACE, True, parse_fixed("1x3:0,0,v")), UNDO)
    )
    document = play_to_json(play)
    assert document["position"] == {"black": [], "placed": []}
    assert document["later"] == [{"black": ["1x3:0,0,v"], "placed": []}]
    assert (document["board"], document["black_blocks"], document["moves"]) == (
        "8x8",
        ["1x3", "1x2", "1x1"],
        1,  # the undo is not a move
    )


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        ({"board": 8}, NotationError, "the board must be a string"),
        ({"moves": -1}, NotationError, "moves are a whole number from 0"),
        ({"assisted": 1}, NotationError, "assisted is true or false"),
        ({"blocks": ["1x1"] * 145}, NotationError, "at most 144 strings"),
        ({"blocks": ["3x4"]}, InvalidPuzzleError, "the free blocks cover"),
        (
            {"earlier": [{"black": [], "placed": []}] * 3},
            NotationError,
            "a game of 1 move has at most 1 position to undo and redo, not 4",
        ),
        (
            {"position": {"black": ["2x3:0,0,h"], "placed": []}},
            InvalidPuzzleError,
            "the game has no black 2x3 block to put there",
        ),
        (
            {"position": {"black": ["1x3:0,0,h", "1x2:1,0,h"], "placed": []}},
            InvalidPuzzleError,
            "overlaps another block",
        ),
        (
            {"later": [{"black": ["1x3:7,0,h"], "placed": []}]},
            InvalidPuzzleError,
            "leaves the 8x8 board",
        ),
        ({"later": [{"placed": []}]}, NotationError, "keys black and placed"),
        ({"extra": 1}, NotationError, "a game in play is a JSON object with the keys board"),
    ],
)
def test_a_game_in_play_not_in_the_form_is_refused_in_one_line(
    change: dict[str, object], error: type[Exception], message: str
) -> None:
    play = replayed(
        play_of(custom_game()), (Move(Action.PLACE, True, parse_fixed("1x3:0,0,v")), UNDO)
    )
    with pytest.raises(error, match=re.escape(message)):
        play_from_json({**play_to_json(play), **change})


def test_the_clock_starts_with_the_first_coloured_block_and_never_again() -> None:
    own = play_of(custom_game())
    black = stepped(own, Move(Action.PLACE, True, parse_fixed("1x3:0,0,v")), 0.0)
    assert clock_started(None, black, 5.0) is None  # making the challenge takes no time
    placed = played(placing("1x5:0,0,h"))
    assert clock_started(None, placed, 7.0) == 7.0
    assert clock_started(7.0, stepped(placed, UNDO, 0.0), 9.0) == 7.0
