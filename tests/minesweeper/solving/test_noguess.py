"""No-guess boards: the first click opens an area and logic alone wins the rest."""

from __future__ import annotations

import random

import pytest

from gridpuzzles.minesweeper import (
    Config,
    FirstClick,
    Layout,
    level,
    new_game,
    reveal,
    toggle_flag,
)
from gridpuzzles.minesweeper.core.grid import block_around
from gridpuzzles.minesweeper.core.placement import place_mines
from gridpuzzles.minesweeper.core.settings import ConfigError
from gridpuzzles.minesweeper.solving.benchmark import random_boards
from gridpuzzles.minesweeper.solving.noguess import (
    NoGuessError,
    generate,
    logic_wins,
    placement,
)


def check(layout: Layout, config: Config, start: int) -> None:
    assert (layout.width, layout.height, layout.mine_count) == (
        config.width,
        config.height,
        config.mines,
    )
    assert not any(layout.is_mine(i) for i in block_around(config.width, config.height, start))
    assert logic_wins(layout, start)


@pytest.mark.parametrize("name", ["beginner", "small", "classic10"])
def test_small_boards_are_won_by_logic_from_any_first_click(name: str) -> None:
    config = level(name)
    rng = random.Random(name)
    for _ in range(25):
        start = rng.randrange(config.size)
        check(generate(config, start, rng), config, start)


def test_intermediate_and_expert_boards() -> None:
    for name, count in (("intermediate", 4), ("expert", 2)):
        config = level(name, FirstClick.NO_GUESS)
        for board in random_boards(config, count, seed=3):
            check(board.layout, config, board.start)


def test_the_same_seed_gives_the_same_board() -> None:
    config = level("beginner")

    def board(seed: int) -> Layout:
        return generate(config, 40, random.Random(seed))

    assert board(9) == board(9)
    assert board(9) != board(10)


def test_a_plain_random_board_usually_needs_a_guess() -> None:
    """The checker is not trivially true: random expert boards mostly need guesses."""
    from gridpuzzles.minesweeper.core.placement import place_mines

    config = level("expert", FirstClick.OPENING)
    wins = sum(logic_wins(place_mines(config, 66, random.Random(s)), 66) for s in range(10))
    assert wins < 8


def test_impossible_requests_raise_clear_errors() -> None:
    with pytest.raises(ConfigError, match="no room for an opening"):
        generate(Config(3, 3, 1), 4, random.Random(0))


def test_gives_up_with_a_clear_error() -> None:
    with pytest.raises(NoGuessError, match="try fewer mines"):
        generate(level("expert"), 0, random.Random(1), attempts=1, nudges=0)


def test_mines_play_no_guess_opens_an_area_at_the_first_click(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from gridpuzzles.cli.main import mines_main

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"r 5 5\nh\nq\ny\n")))
    assert mines_main(["play", "--level", "beginner", "--seed", "7", "--no-guess"]) == 0
    out = capsys.readouterr().out
    board = out.split("> r 5 5\n")[1].split("Mines left")[0]
    assert board.count(".") >= 9  # the 3x3 block around the click is clear at least
    assert " is safe: " in out  # the hint after the opening never needs a guess


def test_no_guess_cannot_go_with_a_first_click_that_promises_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from gridpuzzles.cli.main import mines_main

    assert mines_main(["play", "--level", "beginner", "--no-guess", "--first-click", "none"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot go with --first-click none" in err


def test_a_no_guess_game_places_its_board_at_the_first_reveal_only() -> None:
    config = level("beginner", FirstClick.NO_GUESS)
    game = new_game(config, 5, placement(config))
    assert game.layout is None
    assert toggle_flag(game, 4, 4).layout is None
    started = reveal(game, 4, 4)
    assert started.layout == generate(config, 40, random.Random(5))
    assert started.layout is not None and logic_wins(started.layout, 40)


def test_no_guess_boards_keep_an_opening_and_refuse_what_cannot_open() -> None:
    assert Config(9, 9, 72, FirstClick.NO_GUESS).max_mines() == 72
    with pytest.raises(ConfigError, match="at most 72"):
        Config(9, 9, 73, FirstClick.NO_GUESS)


def test_placement_lays_no_guess_boards_only_under_the_no_guess_rule() -> None:
    assert placement(level("beginner", FirstClick.NO_GUESS)) is generate
    for rule in (FirstClick.NONE, FirstClick.SAFE, FirstClick.OPENING):
        assert placement(level("beginner", rule)) is place_mines
