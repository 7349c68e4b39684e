import pytest

from gridpuzzles.minesweeper import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    level,
    mines_for_density,
)
from gridpuzzles.minesweeper.core.settings import level_of


def test_built_in_levels() -> None:
    assert LEVELS == {
        "beginner": (9, 9, 10),
        "intermediate": (16, 16, 40),
        "expert": (30, 16, 99),
        "small": (8, 8, 10),
        "classic10": (10, 10, 15),
    }
    expert = level("expert")
    assert (expert.width, expert.height, expert.mines) == (30, 16, 99)
    assert level_of(expert) == "expert"
    assert level_of(Config(7, 7, 7)) is None


def test_unknown_level_names_the_choices() -> None:
    with pytest.raises(ConfigError, match="unknown level 'master'; choose one of beginner"):
        level("master")


@pytest.mark.parametrize(
    ("width", "height", "mines", "message"),
    [
        (0, 5, 1, "at least 1, not 0x5"),
        (5, -1, 1, "at least 1"),
        (5, 5, -1, "cannot be negative"),
        (5, 5, 25, "at most 24"),
        (5000, 5000, 1, "more than"),
    ],
)
def test_impossible_boards_are_refused(width: int, height: int, mines: int, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Config(width, height, mines)


def test_the_first_click_rule_limits_the_mine_count() -> None:
    assert Config(5, 5, 25, FirstClick.NONE).max_mines() == 25
    assert Config(5, 5, 24).max_mines() == 24
    assert Config(5, 5, 16, FirstClick.OPENING).max_mines() == 16
    assert Config(1, 1, 0, FirstClick.OPENING).max_mines() == 0
    assert Config(2, 1, 0, FirstClick.OPENING).max_mines() == 0
    with pytest.raises(ConfigError, match="first click 'opening' \\(at most 16\\)"):
        Config(5, 5, 17, FirstClick.OPENING)


def test_a_big_board_is_allowed() -> None:
    assert Config(1000, 1000, 150_000).size == 1_000_000


def test_density_gives_the_nearest_mine_count() -> None:
    assert mines_for_density(30, 16, 0.20625) == 99
    assert mines_for_density(10, 10, 0.155) == 16
    for bad in (0.0, 1.0, -0.1, 1.5):
        with pytest.raises(ConfigError, match="strictly between 0 and 1"):
            mines_for_density(10, 10, bad)
