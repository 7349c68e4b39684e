"""The shared bounds: seeds fit a signed 64-bit integer."""

import pytest

from gridpuzzles.bounds import MAX_SEED, BoundError, check_seed


def test_seeds_from_zero_to_the_largest_signed_64_bit_integer_pass() -> None:
    assert check_seed(0) == 0
    assert check_seed(MAX_SEED) == MAX_SEED == 9223372036854775807


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 10**20])
def test_other_seeds_are_refused_with_the_bound_named(seed: int) -> None:
    with pytest.raises(BoundError, match="from 0 to 9223372036854775807"):
        check_seed(seed, "--seed")
