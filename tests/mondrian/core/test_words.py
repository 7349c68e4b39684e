"""The core's messages keep the cells they name: every shell says them counting from 1, row
first (`cell_words`, the default), and a reader may say them in other words (here a test's
own, to show which cell is which)."""

from __future__ import annotations

import pytest

from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import (
    MoveError,
    lift,
    lift_black,
    new_game,
    place,
    placement_words,
    turn,
    why_not,
)
from gridpuzzles.mondrian.core.grid import (
    STANDARD_BOARD,
    InvalidPuzzleError,
    challenge,
    check_placements,
)
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.core.words import Cell, Words, cell_words, joined, words

BLACK = [parse_fixed(text) for text in ("1x1:2,3,v", "1x2:0,1,v", "1x3:4,7,h")]
GAME = new_game(challenge(BLACK))


def as_typed(cell: Cell) -> str:
    """X,Y as the line-mode game reads them: the column first, counting from 0."""
    return f"{cell[1]},{cell[0]}"


def test_words_say_their_cells_in_the_convention_asked_for() -> None:
    said = words("no block at ", (3, 7), "; ", words("the 1x2 block at ", (0, 1)))
    assert said == Words(("no block at ", (3, 7), "; the 1x2 block at ", (0, 1)))
    assert said.cells == ((3, 7), (0, 1))
    assert str(said) == "no block at row 4, column 8; the 1x2 block at row 1, column 2"
    assert said.say(as_typed) == "no block at 7,3; the 1x2 block at 1,0"
    assert said.say() == str(said) and cell_words((3, 7)) == "row 4, column 8"


def test_phrases_are_joined_with_the_words_between() -> None:
    said = joined((words("the 1x4 block at ", (0, 1)), words("the 2x2 block at ", (4, 4))), " and ")
    assert said.say(as_typed) == "the 1x4 block at 1,0 and the 2x2 block at 4,4"
    assert joined((), " and ") == words() == Words(())


def test_text_with_braces_is_said_as_it_is() -> None:
    assert words("{cell} {0}", (0, 0)).say(as_typed) == "{cell} {0}0,0"


def refusal(action: object) -> MoveError:
    assert callable(action)
    with pytest.raises(MoveError) as refused:
        action()
    return refused.value


@pytest.mark.parametrize(
    ("action", "core", "typed"),
    [
        (lambda: lift(GAME, (3, 3)), "no block at row 4, column 4", "no block at 3,3"),
        (
            lambda: lift(GAME, (3, 2)),
            "the black 1x1 block at row 4, column 3 is part of the challenge: "
            "edit the challenge to move it",
            "the black 1x1 block at 2,3 is part of the challenge: edit the challenge to move it",
        ),
        (
            lambda: lift_black(place(GAME, parse_fixed("1x5:0,0,h")), (0, 0)),
            "the 1x5 block at row 1, column 1 is coloured, not a black block",
            "the 1x5 block at 0,0 is coloured, not a black block",
        ),
        (
            lambda: place(place(GAME, parse_fixed("2x2:1,1,h")), parse_fixed("2x2:2,1,h")),
            "that block is already on the board: the 2x2 block at row 2, column 2; lift it first",
            "that block is already on the board: the 2x2 block at 1,1; lift it first",
        ),
        (
            lambda: place(GAME, parse_fixed("2x2:0,0,h")),
            "the 2x2 block would cover the black 1x2 block at row 2, column 1",
            "the 2x2 block would cover the black 1x2 block at 0,1",
        ),
        (
            lambda: turn(place(GAME, parse_fixed("1x4:2,0,h")), (0, 2)),
            "the 1x4 block would cover the black 1x1 block at row 4, column 3",
            "the 1x4 block would cover the black 1x1 block at 2,3",
        ),
    ],
)
def test_a_refusal_keeps_its_cells_for_every_shell(action: object, core: str, typed: str) -> None:
    refused = refusal(action)
    assert str(refused) == core and refused.args == (core,)
    assert refused.words() == core
    assert refused.words(as_typed) == typed


def test_a_cell_off_the_board_is_said_as_typed() -> None:
    refused = refusal(lambda: place(GAME, parse_fixed("2x2:9,0,h")))
    assert str(refused) == "row 1, column 10 is off the board, which has 8 rows and 8 columns"
    assert refused.words(as_typed) == "9,0 is off the board, which has 8 rows and 8 columns"
    assert refused.message.cells == ((0, 9),)


def test_why_not_says_the_reason_in_the_convention_asked_for() -> None:
    placement = parse_fixed("2x2:0,0,h")
    assert (
        why_not(GAME, placement)
        == "the 2x2 block would cover the black 1x2 block at row 2, column 1"
    )
    assert why_not(GAME, placement, name_cell=as_typed) == (
        "the 2x2 block would cover the black 1x2 block at 0,1"
    )
    assert why_not(GAME, parse_fixed("1x5:0,0,h"), name_cell=as_typed) is None


def test_the_checks_of_a_challenge_name_their_blocks_in_any_convention() -> None:
    with pytest.raises(InvalidPuzzleError) as refused:
        check_placements(STANDARD_BOARD, [parse_fixed("1x1:0,0,h"), parse_fixed("1x2:0,0,h")])
    assert str(refused.value) == (
        "the 1x2 block at row 1, column 1, horizontal, overlaps another block, "
        "the 1x1 block at row 1, column 1"
    )
    assert refused.value.words(as_typed) == (
        "the 1x2 block at 0,0, horizontal, overlaps another block, the 1x1 block at 0,0"
    )


def test_an_error_without_cells_is_its_text() -> None:
    error = MondrianError("a block side is at most 12")
    assert str(error) == error.words(as_typed) == "a block side is at most 12"
    assert error.message.cells == ()


def test_a_placement_is_said_in_the_convention_asked_for() -> None:
    assert placement_words(parse_fixed("2x3:4,0,h"), as_typed) == (
        "the 2x3 block at 4,0, 2 rows high and 3 columns wide"
    )
