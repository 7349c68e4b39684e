"""Every Mondrian parser, given any text, returns a value or raises its documented error.

The documented errors are `NotationError` and the other `MondrianError`s (a game that cannot
be played); anything else (a `ValueError` from ``int``, a `RecursionError`, an `IndexError`)
is a bug.  The texts are arbitrary, or built from the pieces of the format so that they come
near the valid ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gridpuzzles.history import Rewind
from gridpuzzles.midend.mondrian import play_from_json, play_of, play_to_json
from gridpuzzles.mondrian.core.errors import MondrianError
from gridpuzzles.mondrian.core.game import custom_game
from gridpuzzles.mondrian.core.grid import MAX_BLOCKS, Block, Orientation, Placement
from gridpuzzles.mondrian.core.moves import Action, Move
from gridpuzzles.mondrian.core.notation import (
    format_fixed,
    format_position,
    parse_block,
    parse_blocks,
    parse_board,
    parse_fixed,
    parse_number,
    parse_position,
    parse_puzzle_toml,
)
from gridpuzzles.mondrian.core.official import PUBLISHED_FILE, parse_official, parse_official_text
from tests.mondrian.checks import puzzle_to_toml, replayed

Parsed = TypeVar("Parsed")
SOME = settings(max_examples=300, deadline=None)

NUMBERS = st.one_of(
    st.integers(0, 20).map(str),
    st.sampled_from(
        [
            "00",
            "007",
            "12",
            "13",
            "99999999999999999999",
            "9" * 5000,
            "-1",
            "+1",
            "1_0",
            " 1",
            "1.0",
            "\u0663",
            "\uff13",
            "\u00b9",
            "\u2167",
        ]
    ),
)
"""Numbers as text: small ones, big ones, and what Python's ``int`` would read but we refuse."""


def joined(pieces: st.SearchStrategy[str], separators: str) -> st.SearchStrategy[str]:
    """Texts made of ``pieces`` and single characters of ``separators``."""
    return st.lists(st.one_of(pieces, st.sampled_from(list(separators))), max_size=12).map("".join)


ORIENTATIONS = st.sampled_from(["h", "v", "H", "", "hv", "\u0127"])
FORMED_POSITIONS = st.builds("{},{},{}".format, NUMBERS, NUMBERS, ORIENTATIONS)
FORMED_SIZES = st.builds("{}x{}".format, NUMBERS, NUMBERS)
FORMED_FIXED = st.builds("{}:{}".format, FORMED_SIZES, FORMED_POSITIONS)
"""Texts in the shape of the format, with any numbers in it."""
NEAR_POSITIONS = FORMED_POSITIONS | joined(NUMBERS | ORIENTATIONS, ",:; \n\t")
NEAR_SIZES = FORMED_SIZES | joined(NUMBERS, "x,X* \n")
NEAR_FIXED = FORMED_FIXED | joined(NUMBERS | FORMED_SIZES | ORIENTATIONS, "x,: ")
ANY_TEXT = st.text(max_size=60)


def returns_or_refuses(parse: Callable[[Any], Parsed], text: Any) -> Parsed | None:
    """``parse(text)``, or ``None`` when it raises a `MondrianError` (anything else fails)."""
    try:
        return parse(text)
    except MondrianError as error:
        message = str(error)
        assert message and "\n" not in message, message
        return None


@given(
    ANY_TEXT
    | NEAR_SIZES
    | st.lists(FORMED_SIZES, min_size=1, max_size=5).map(",".join)
    | st.integers(0, 300).map(lambda n: ",".join(["1x1"] * n))
)
@SOME
def test_block_lists(text: str) -> None:
    blocks = returns_or_refuses(parse_blocks, text)
    if blocks is not None:
        assert 1 <= len(blocks) <= MAX_BLOCKS


@given(ANY_TEXT | NUMBERS)
@SOME
def test_numbers(text: str) -> None:
    number = returns_or_refuses(lambda t: parse_number(t, "a count", 1, 1000), text)
    if number is not None:
        assert str(number) == text.lstrip("0") and 1 <= number <= 1000


def toml_value() -> st.SearchStrategy[str]:
    """TOML values of every type, nested, as text."""
    scalars = st.one_of(
        NEAR_SIZES.map(json.dumps),
        NEAR_FIXED.map(json.dumps),
        NUMBERS.filter(str.isdigit),
        st.sampled_from(
            [
                "true",
                "false",
                "1.5",
                "inf",
                "nan",
                "1979-05-27",
                '"8x8"',
                '"1x3:4,7,h"',
                "'2x3'",
                '"\\u0663x1"',
                '"\\n"',
            ]
        ),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda items: f"[{', '.join(items)}]"),
            st.lists(st.tuples(st.sampled_from(["a", "board", "x"]), inner), max_size=3).map(
                lambda pairs: "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}"
            ),
        ),
        max_leaves=8,
    )


FORMED_TOML = st.builds(
    "board = {}\nblocks = [{}]\nfixed = [{}]\n".format,
    FORMED_SIZES.map(json.dumps),
    st.lists(FORMED_SIZES.map(json.dumps), max_size=4).map(", ".join),
    st.lists(FORMED_FIXED.map(json.dumps), max_size=3).map(", ".join),
)
"""Puzzle files with every key in place and any sizes and positions."""
TOML_DOCUMENTS = FORMED_TOML | st.lists(
    st.tuples(st.sampled_from(["board", "blocks", "fixed", "other", '"odd\\nkey"']), toml_value()),
    max_size=4,
).map(lambda pairs: "".join(f"{key} = {value}\n" for key, value in pairs))


ROUND_TRIPS = [
    (lambda text: parse_position(text, Block(1, 3)), format_position, NEAR_POSITIONS),
    (parse_block, str, NEAR_SIZES),
    (parse_board, str, NEAR_SIZES),
    (parse_fixed, format_fixed, NEAR_FIXED),
    (parse_puzzle_toml, puzzle_to_toml, TOML_DOCUMENTS),
]


@pytest.mark.parametrize(
    ("parse", "write", "near"), ROUND_TRIPS, ids=["position", "block", "board", "fixed", "toml"]
)
@given(data=st.data())
@SOME
def test_a_parser_refuses_or_returns_what_it_reads_back(
    parse: Callable[[str], Any],
    write: Callable[[Any], str],
    near: st.SearchStrategy[str],
    data: st.DataObject,
) -> None:
    value = returns_or_refuses(parse, data.draw(ANY_TEXT | near))
    if value is not None:
        assert parse(write(value)) == value


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)
PUBLISHED = json.loads(PUBLISHED_FILE.read_text(encoding="utf-8"))
FIELDS = [
    ("edition",),
    ("level",),
    ("code",),
    ("black",),
    ("solutions",),
    ("black", 0),
    ("black", 1, "row"),
    ("black", 2, "col"),
    ("black", 0, "size"),
    ("black", 1, "orientation"),
]


@st.composite
def near_challenge_files(draw: st.DrawFn) -> Any:
    """A published challenge with one of its fields replaced by any JSON value."""
    entry = json.loads(json.dumps(draw(st.sampled_from(PUBLISHED["puzzles"]))))
    *path, last = draw(st.sampled_from(FIELDS))
    target = entry
    for key in path:
        target = target[key]
    target[last] = draw(
        JSON_VALUES | FORMED_SIZES | st.sampled_from([-1, 8, 10**100, True, "3", "\u0663"])
    )
    return {"puzzles": [entry]}


@given(JSON_VALUES | near_challenge_files())
@SOME
def test_challenge_documents(document: Any) -> None:
    returns_or_refuses(parse_official, document)


@given(
    ANY_TEXT
    | JSON_VALUES.map(json.dumps)
    | near_challenge_files().map(json.dumps)
    | st.sampled_from(["[" * 100_000, "1" * 5000, '{"puzzles": [' + "1" * 5000 + "]}"])
)
@SOME
def test_challenge_files(text: str) -> None:
    challenges = returns_or_refuses(parse_official_text, text)
    if challenges is not None:
        assert all(c.solutions >= 0 for c in challenges)


GAME_DOCUMENT = play_to_json(
    replayed(
        play_of(custom_game()),
        (Move(Action.PLACE, True, Placement(0, 0, Block(1, 3), Orientation.VERTICAL)), Rewind.UNDO),
    )
)
GAME_FIELDS = [
    ("board",),
    ("black_blocks",),
    ("blocks",),
    ("position",),
    ("earlier",),
    ("later",),
    ("moves",),
    ("assisted",),
    ("blocks", 0),
    ("later", 0),
    ("later", 0, "black"),
    ("later", 0, "black", 0),
    ("position", "black"),
]


@st.composite
def near_game_documents(draw: st.DrawFn) -> Any:
    """A game's JSON document with one of its fields replaced by any JSON value or a piece
    of the notation."""
    document = json.loads(json.dumps(GAME_DOCUMENT))
    *path, last = draw(st.sampled_from(GAME_FIELDS))
    target = document
    for key in path:
        target = target[key]
    target[last] = draw(JSON_VALUES | NEAR_SIZES | NEAR_FIXED | st.sampled_from([-1, 10**100]))
    return document


@given(JSON_VALUES | near_game_documents())
@SOME
def test_game_documents(document: Any) -> None:
    play = returns_or_refuses(play_from_json, document)
    if play is not None:
        assert play_from_json(play_to_json(play)) == play
