"""Choosing a published challenge by code, edition and level, and naming challenges."""

from __future__ import annotations

import random

import pytest

from gridpuzzles.mondrian.core.challenges import (
    EDITIONS,
    LEVELS,
    ChallengeError,
    challenge_key,
    choose_published,
    find_published,
    published,
    published_of,
)
from gridpuzzles.mondrian.core.grid import Block, Board, challenge, make_puzzle
from gridpuzzles.mondrian.core.notation import parse_fixed
from gridpuzzles.mondrian.core.official import OfficialChallenge


def test_every_edition_has_22_challenges_of_every_level() -> None:
    for edition in EDITIONS:
        for level in LEVELS:
            chosen = published(level, edition)
            assert len(chosen) == 22
            assert {(e.edition.lower(), e.level.lower()) for e in chosen} == {(edition, level)}
    assert len(published()) == 352 and len(published("Hard")) == 88


def test_a_code_finds_its_challenge_and_the_challenge_its_code(
    official: tuple[OfficialChallenge, ...],
) -> None:
    for entry in official:
        assert find_published(entry.code) == entry
        assert published_of(entry.puzzle) == entry
        assert challenge_key(entry.puzzle) == entry.code
    with pytest.raises(ChallengeError, match="no published challenge has the code '123'"):
        find_published("123")


def test_a_random_choice_depends_on_the_seed_and_keeps_to_the_level() -> None:
    first = choose_published(random.Random(4), "medium", "blue")
    assert first == choose_published(random.Random(4), "medium", "blue")
    assert (first.level, first.edition) == ("Medium", "Blue")
    picks = {choose_published(random.Random(seed), "easy").code for seed in range(20)}
    assert len(picks) > 5


@pytest.mark.parametrize(("level", "edition"), [("expert", None), (None, "green")])
def test_an_unknown_level_or_edition_is_refused(level: str | None, edition: str | None) -> None:
    with pytest.raises(ChallengeError, match=r"no (level 'expert'|edition 'green')"):
        published(level, edition)


def test_other_challenges_are_named_by_their_blocks() -> None:
    black = [parse_fixed(t) for t in ("1x3:4,7,h", "1x1:2,3,v", "1x2:0,1,v")]
    assert challenge_key(challenge(black)) == "2,3,h 0,1,v 4,7,h"
    small = make_puzzle(Board(1, 3), (Block(1, 1), Block(1, 2)), (parse_fixed("1x1:0,0,h"),))
    assert challenge_key(small) == "3x1 1x2,1x1 1x1:0,0,h"
    assert published_of(small) is None
