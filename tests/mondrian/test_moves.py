"""Moves as lines of a move log: each kind's text and its reading back, the texts refused, and
the game after each move, checked against the core's own actions on a published challenge."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import play_of, stepped
from gridpuzzles.mondrian.core.challenges import find_published
from gridpuzzles.mondrian.core.errors import NotationError
from gridpuzzles.mondrian.core.game import (
    Game,
    MoveError,
    custom_game,
    lift,
    lift_black,
    new_game,
    place,
    place_black,
    turn,
)
from gridpuzzles.mondrian.core.grid import MAX_SIDE, STANDARD_BLOCKS, Block, Orientation, Placement
from gridpuzzles.mondrian.core.moves import Action, Move, parse_step, play, step_text
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.solving.hints import take_hint
from tests.mondrian.checks import replayed

CHALLENGE = find_published("001040531").puzzle
"""Black 1x1 at column 0, row 1; 1x3 at column 5, row 3, upright; 1x2 at column 0, row 4."""
FITS = parse_fixed("2x3:0,5,v")
"""A block of a solution of `CHALLENGE`, which also fits turned (2x3:0,5,h)."""
STANDING = parse_fixed("1x2:0,1,v")
"""A black block of the player's own challenge."""


def started() -> Game:
    return new_game(CHALLENGE)


# The texts


KINDS = [
    ("place 1x3:4,7,h", Move(Action.PLACE, placement=parse_fixed("1x3:4,7,h"))),
    ("place black 1x3:4,7,h", Move(Action.PLACE, True, parse_fixed("1x3:4,7,h"))),
    (
        "place 2x3:0,5,v",
        Move(Action.PLACE, placement=Placement(5, 0, Block(2, 3), Orientation.VERTICAL)),
    ),
    ("lift 4,7", Move(Action.LIFT, cell=(7, 4))),
    ("lift black 4,7", Move(Action.LIFT, True, cell=(7, 4))),
    ("turn 4,7", Move(Action.TURN, cell=(7, 4))),
    ("turn 11,0", Move(Action.TURN, cell=(0, 11))),
    ("hint 1x3:4,7,h", Move(Action.HINT, placement=parse_fixed("1x3:4,7,h"))),
    ("help", Move(Action.HELP)),
]


@pytest.mark.parametrize(("text", "move"), KINDS)
def test_each_kind_of_move_has_its_text_column_first(text: str, move: Move) -> None:
    assert str(move) == step_text(move) == text
    assert Move.parse(text) == parse_step(text) == move
    assert Move.parse(f"  {text}\n") == move  # a line read with its newline


@pytest.mark.parametrize("rewind", list(Rewind))
def test_undo_and_redo_are_steps_of_the_log_not_moves(rewind: Rewind) -> None:
    assert step_text(rewind) == rewind.value
    assert parse_step(rewind.value) is rewind
    with pytest.raises(NotationError, match="begins with place, lift, turn, hint or help, not"):
        Move.parse(rewind.value)


CELLS = st.tuples(st.integers(0, MAX_SIDE - 1), st.integers(0, MAX_SIDE - 1))
PLACEMENTS = st.builds(
    Placement,
    st.integers(0, 7),
    st.integers(0, 7),
    st.sampled_from(STANDARD_BLOCKS),
    st.sampled_from(list(Orientation)),
)
"""Placements on the 8x8 board, squares laid either way (the placement says ``h`` for both)."""
MOVES = st.one_of(
    st.builds(Move, st.just(Action.PLACE), st.booleans(), PLACEMENTS),
    st.builds(Move, st.just(Action.HINT), st.just(False), PLACEMENTS),
    st.builds(Move, st.just(Action.LIFT), st.booleans(), st.none(), CELLS),
    st.builds(Move, st.just(Action.TURN), st.just(False), st.none(), CELLS),
    st.just(Move(Action.HELP)),
)
STEPS = MOVES | st.sampled_from(list(Rewind))


@settings(max_examples=300, deadline=None)
@given(STEPS)
def test_every_step_reads_back_from_its_text(step: Move | Rewind) -> None:
    text = step_text(step)
    assert parse_step(text) == step
    assert step_text(parse_step(text)) == text
    assert "\n" not in text and text == text.strip()


PIECES = st.sampled_from(
    [
        *(action.value for action in Action),
        "undo",
        "black",
        "1x3:4,7,h",
        "3x1:4,7,h",
        "1x1:0,0,v",
        "4,7",
        "04,7",
        "12,0",
        "4,7,h",
        "\u0663,7",
        " ",
        "  ",
        "\t",
        "x",
    ]
)
NEAR_TEXTS = st.lists(PIECES, max_size=5).map(" ".join) | st.text(max_size=30)


@settings(max_examples=500, deadline=None)
@given(NEAR_TEXTS)
def test_a_text_is_read_only_in_its_one_form(text: str) -> None:
    """Any text gives the move whose text it is, or `NotationError`: never another move, nor
    another error."""
    try:
        step = parse_step(text)
    except NotationError as error:
        assert "\n" not in str(error)
        return
    assert step_text(step) == text.strip()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a move cannot be empty: expected place, lift, turn, hint or help"),
        ("jump 4,7", "cannot read move 'jump 4,7': it begins with place, lift, turn, hint or help"),
        ("Place 1x3:4,7,h", "it begins with place, lift, turn, hint or help, not 'Place'"),
        ("place", r"expected place \[black\] SIZE:X,Y,O, e.g. place 1x3:4,7,h"),
        ("place black", r"expected place \[black\] SIZE:X,Y,O"),
        ("place 1x3:4,7,h 2x2:0,0,h", r"expected place \[black\] SIZE:X,Y,O"),
        ("place  1x3:4,7,h", r"expected place \[black\] SIZE:X,Y,O"),
        ("place 1x3", "expected the machine form SIZE:X,Y,O"),
        ("hint 1x3:4,7", "expected the machine form X,Y,O .column, row from 0, h or v."),
        ("hint black 1x3:4,7,h", "expected hint SIZE:X,Y,O"),
        ("place 1x3:12,0,h", r"X \(the column\) must be a whole number from 0 to 11"),
        ("place 0x3:4,7,h", "a block side must be a whole number from 1 to 12"),
        ("lift", r"expected lift \[black\] X,Y \(column, row\), e.g. lift 4,7"),
        ("lift 4", r"expected X,Y \(column, row\), e.g. 4,7, not '4'"),
        ("lift 4,7,h", "expected X,Y .column, row., e.g. 4,7, not '4,7,h'"),
        ("lift 4,12", r"Y \(the row\) must be a whole number from 0 to 11"),
        ("lift \u0663,7", "expected X,Y"),
        ("lift -1,7", "expected X,Y"),
        ("turn black 4,7", r"expected turn X,Y \(column, row\), e.g. turn 4,7"),
        ("help 4,7", "expected help, with nothing after it"),
        ("help black", "expected help, with nothing after it"),
        ("place 3x1:4,7,h", "a move log writes it 'place 1x3:4,7,h', its one form"),
        ("place 1x1:4,7,v", "writes it 'place 1x1:4,7,h'"),
        ("lift 04,7", "writes it 'lift 4,7'"),
        ("place \t1x3:4,7,h", "writes it 'place 1x3:4,7,h'"),
    ],
)
def test_other_texts_are_refused_saying_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message) as refused:
        Move.parse(text)
    assert "\n" not in str(refused.value)
    with pytest.raises(
        NotationError, match=message.replace(", hint or help", ", hint, help, undo or redo")
    ):
        parse_step(text)


def test_a_long_text_is_cut_in_the_message() -> None:
    with pytest.raises(NotationError, match=r"\.\.\. \(5000 characters\)"):
        parse_step("x" * 5000)


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Move(Action.PLACE), "a place move takes a placement and no cell"),
        (lambda: Move(Action.HINT, cell=(0, 0)), "a hint move takes a placement and no cell"),
        (
            lambda: Move(Action.PLACE, placement=FITS, cell=(0, 0)),
            "a place move takes a placement and no cell",
        ),
        (lambda: Move(Action.LIFT), "a lift move takes a cell and no placement"),
        (lambda: Move(Action.TURN, placement=FITS), "a turn move takes a cell and no placement"),
        (lambda: Move(Action.HELP, cell=(0, 0)), "a help move takes no placement and no cell"),
        (lambda: Move(Action.HELP, placement=FITS), "a help move takes no placement and no cell"),
        (lambda: Move(Action.TURN, True, cell=(0, 0)), "only a place or a lift move is black"),
        (lambda: Move(Action.HINT, True, FITS), "only a place or a lift move is black"),
        (lambda: Move(Action.HELP, True), "only a place or a lift move is black"),
        (lambda: Move(Action.LIFT, cell=(0, 12)), "from 0 to 11 .*, not column 12, row 0"),
        (lambda: Move(Action.TURN, cell=(-1, 0)), "not column 0, row -1"),
        (
            lambda: Move(Action.PLACE, placement=Placement(12, 0, Block(1, 1))),
            "not column 0, row 12",
        ),
    ],
)
def test_a_move_that_cannot_be_written_is_not_made(build: Callable[[], Move], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        build()


# The game after a move


def test_each_move_is_the_core_action_it_names() -> None:
    game = started()
    placed = place(game, FITS)
    assert play(game, Move.parse("place 2x3:0,5,v")) == placed
    assert play(placed, Move.parse("turn 1,6")) == turn(placed, (6, 1)) != placed
    assert play(placed, Move.parse("lift 1,6")) == lift(placed, (6, 1)) == lift(placed, FITS.block)
    assert play(placed, Move.parse("help")) == placed  # the help is the game in play's


def test_black_blocks_are_placed_and_lifted_on_the_players_own_board() -> None:
    game = custom_game()
    standing = play(game, Move(Action.PLACE, True, STANDING))
    assert standing == place_black(game, STANDING) and standing.black == (STANDING,)
    assert play(standing, Move.parse("lift black 0,2")) == lift_black(standing, (2, 0)) != standing
    with pytest.raises(MoveError, match="no block at row 6, column 6"):
        play(standing, Move.parse("lift black 5,5"))


def test_the_hint_line_gives_the_game_the_hint_gave() -> None:
    game = place(started(), FITS)
    hinted, given = take_hint(game)
    assert given.place is not None
    line = step_text(Move(Action.HINT, placement=given.place))
    replayed = play(game, Move.parse(line))
    assert replayed == hinted and given.place in replayed.placed


def test_coloured_blocks_wait_for_the_black_ones() -> None:
    game = custom_game()
    place(game, FITS)  # the core alone would put it down
    for line in ("place 2x3:0,5,v", "hint 2x3:0,5,v"):
        with pytest.raises(
            MoveError, match="place the black blocks first: the black 1x3, 1x2 and 1x1 are"
        ):
            play(game, Move.parse(line))
    placed = place(game, FITS)
    with pytest.raises(MoveError, match="place the black blocks first"):
        play(placed, Move.parse("turn 0,5"))
    assert play(placed, Move.parse("lift 0,5")) == lift(placed, (5, 0))  # lifting still goes


def test_a_refused_move_says_why_in_the_cores_words() -> None:
    game = started()
    with pytest.raises(MoveError, match="no block at row 6, column 1"):
        play(game, Move.parse("lift 0,5"))
    with pytest.raises(MoveError, match="the 1x1 block is black"):
        play(game, Move.parse("place 1x1:7,7,h"))
    with pytest.raises(MoveError, match="off the board"):
        play(game, Move.parse("place 1x5:11,11,h"))
    with pytest.raises(MoveError, match="nothing to undo"):
        stepped(play_of(game), Rewind.UNDO, 0.0)


def test_a_log_replayed_gives_the_game_it_was_written_from() -> None:
    log = [
        "place 2x3:0,5,v",
        "turn 0,5",
        "undo",
        "hint 2x4:2,6,h",
        "lift 3,7",
        "undo",
        "redo",
        "help",
    ]
    play = replayed(play_of(started()), map(parse_step, log))
    by_hand = lift(place(place(started(), FITS), parse_fixed("2x4:2,6,h")), (7, 3))
    assert play.state == by_hand and play.state.placed == (FITS,)
    assert (play.moves, play.assisted, play.version) == (4, True, len(log))
