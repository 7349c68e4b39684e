"""What a game is played with: board size, mine count, first-click rule and win rule."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MAX_CELLS = 16_000_000
"""The largest board the core accepts (4000x4000); memory grows with the cell count."""


class ConfigError(ValueError):
    """A game was asked for that cannot exist (bad size, too many mines, unknown level)."""


class FirstClick(Enum):
    """What the first reveal is promised."""

    SAFE = "safe"
    """The first revealed cell is never a mine (mines are placed at the first reveal)."""
    OPENING = "opening"
    """The first cell and its neighbours are mine-free, so the first click opens an area."""
    NONE = "none"
    """The layout is fixed before the first click, which may hit a mine."""
    NO_GUESS = "no-guess"
    """The first click opens an area, and logic alone clears the rest: no guess is ever
    needed (see `noguess`)."""

    @property
    def opens_area(self) -> bool:
        """Whether the first cell and its neighbours are kept free of mines."""
        return self in (FirstClick.OPENING, FirstClick.NO_GUESS)


class WinRule(Enum):
    """When a game is won."""

    REVEAL = "reveal"
    """Every safe cell is revealed."""
    FLAGS = "flags"
    """The flags mark exactly the mines and nothing else."""


@dataclass(frozen=True)
class Config:
    """The parameters of a game; every game is this plus a seed (or a fixed layout)."""

    width: int
    height: int
    mines: int
    first_click: FirstClick = FirstClick.SAFE
    win_rule: WinRule = WinRule.REVEAL
    question_marks: bool = False

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ConfigError(
                f"a board needs a width and height of at least 1, not {self.width}x{self.height}"
            )
        if self.width * self.height > MAX_CELLS:
            raise ConfigError(
                f"a {self.width}x{self.height} board has more than {MAX_CELLS:,} cells"
            )
        if self.mines < 0:
            raise ConfigError(f"the mine count cannot be negative ({self.mines})")
        most = self.max_mines()
        if self.mines > most:
            raise ConfigError(
                f"{self.mines} mines do not fit a {self.width}x{self.height} board with first click "
                f"'{self.first_click.value}' (at most {most})"
            )

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height

    def max_mines(self) -> int:
        """The most mines this board holds under its first-click rule, wherever it is clicked."""
        if self.first_click is FirstClick.NONE:
            return self.size
        if self.first_click is FirstClick.SAFE:
            return self.size - 1
        return self.size - min(self.width, 3) * min(self.height, 3)


LEVELS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (30, 16, 99),
    "small": (8, 8, 10),
    "classic10": (10, 10, 15),
}
"""The built-in levels: name -> (width, height, mines)."""


def level(
    name: str,
    first_click: FirstClick = FirstClick.SAFE,
    win_rule: WinRule = WinRule.REVEAL,
    question_marks: bool = False,
) -> Config:
    """The configuration of a built-in level."""
    try:
        width, height, mines = LEVELS[name]
    except KeyError:
        raise ConfigError(f"unknown level {name!r}; choose one of {', '.join(LEVELS)}") from None
    return Config(width, height, mines, first_click, win_rule, question_marks)


def mines_for_density(width: int, height: int, density: float) -> int:
    """The mine count closest to ``density`` (0 < density < 1) of the cells."""
    if not 0 < density < 1:
        raise ConfigError(f"a mine density must lie strictly between 0 and 1, not {density}")
    if width < 1 or height < 1:
        raise ConfigError(f"a board needs a width and height of at least 1, not {width}x{height}")
    return round(density * width * height)


def level_of(config: Config) -> str | None:
    """The name of the built-in level with this size and mine count, if any."""
    for name, dims in LEVELS.items():
        if dims == (config.width, config.height, config.mines):
            return name
    return None
