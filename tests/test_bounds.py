"""The shared bounds: seeds fit a signed 64-bit integer; numbers typed by a user are read in
ASCII digits only, within a range named in the error."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gridpuzzles.bounds import (
    MAX_SEED,
    BoundError,
    check_range,
    check_seed,
    is_digits,
    parse_whole,
    read_decimal,
    shown,
)


def test_seeds_from_zero_to_the_largest_signed_64_bit_integer_pass() -> None:
    assert check_seed(0) == 0
    assert check_seed(MAX_SEED) == MAX_SEED == 9223372036854775807


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**20])
def test_other_seeds_are_refused_with_the_bound_named(seed: int) -> None:
    with pytest.raises(BoundError, match="from 0 to 9223372036854775807"):
        check_seed(seed, "--seed")


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("7", 7), ("007", 7), ("100", 100)])
def test_whole_numbers_in_ascii_digits_within_the_range_are_read(text: str, value: int) -> None:
    assert parse_whole(text, "the width", 0, 100) == value


@pytest.mark.parametrize(
    "text", ["", " 7", "7 ", "-1", "+7", "1_0", "²", "\u0663", "\uff13", "7.0", "101", "9" * 5000]
)
def test_anything_else_is_refused_with_the_range_named(text: str) -> None:
    with pytest.raises(BoundError, match="the width must be a whole number from 0 to 100, not"):
        parse_whole(text, "the width", 0, 100)


def test_a_number_of_thousands_of_digits_is_never_converted() -> None:
    with pytest.raises(BoundError) as refused:
        parse_whole("1" * 100_000, "the seed", 0, MAX_SEED)
    assert len(str(refused.value)) < 200


@given(st.text())
def test_parse_whole_returns_a_number_in_range_or_raises_bound_error(text: str) -> None:
    try:
        value = parse_whole(text, "a count", 1, 1000)
    except BoundError:
        return
    assert 1 <= value <= 1000 and is_digits(text)


def test_check_range_names_the_range_and_the_value() -> None:
    assert check_range(64, "--jobs", 1, 64) == 64
    with pytest.raises(
        BoundError, match="--games must be a whole number from 1 to 1,000,000, not 0"
    ):
        check_range(0, "--games", 1, 1_000_000)


def test_shown_cuts_long_text_and_never_prints_huge_numbers() -> None:
    assert shown("abc") == "'abc'"
    assert len(shown("x" * 1000)) <= 24
    assert shown(10**100_000).startswith("a number of about 100,000 digits")


@pytest.mark.parametrize(
    ("text", "value"), [("0.15", 0.15), (".5", 0.5), ("1e-3", 0.001), ("2", 2.0)]
)
def test_decimals_in_ascii_digits_are_read(text: str, value: float) -> None:
    assert read_decimal(text) == value


@pytest.mark.parametrize(
    "text", ["", "nan", "inf", "-inf", " 0.1", "0_1", "\u0660.\u0661", "1e", "0.1.2", "1e99999"]
)
def test_other_decimals_are_not_numbers(text: str) -> None:
    assert read_decimal(text) is None
