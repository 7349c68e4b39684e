"""What a game is played with: board size, mine count, first-click rule and win rule."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gridpuzzles.bounds import shown
from gridpuzzles.minesweeper.core.errors import MinesweeperError

MAX_CELLS = 16_000_000
"""The largest board the core accepts (4000x4000); memory grows with the cell count."""

MAX_SIDE = 100
"""The widest and tallest board the shells play (the terminal game, the full-screen app, the
auto-player of `mines bench`; the web app's bound too): at most 10,000 cells, where one
auto-player game takes seconds and a board still fits a screen with scrolling."""

MAX_NO_GUESS_CELLS = 2500
"""The most cells of a no-guess board the shells make: generating one takes seconds at 50x50
and grows fast with the size."""
MAX_NO_GUESS_PERCENT = 30
"""The densest no-guess board the shells make, in percent of the cells: at 50x50 a board of
30% mines takes up to about 20 s to generate, one of 35% often minutes."""


class ConfigError(MinesweeperError, ValueError):
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
    needed (see `solving.noguess`)."""

    @property
    def opens_area(self) -> bool:
        """Whether the first cell and its neighbours are kept free of mines."""
        return self in (FirstClick.OPENING, FirstClick.NO_GUESS)


PLAY_FIRST_CLICK = FirstClick.OPENING
"""What a game promises the first click unless the player chooses otherwise, the same in every
shell (the line mode, the full-screen app, the page and the web API). `mines bench` and
`mines analyze` assume `FirstClick.SAFE` instead, the rule of the published win rates."""


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
        check_cells(self.width, self.height)
        if self.mines < 0:
            raise ConfigError(f"the mine count cannot be negative ({shown(self.mines)})")
        most = self.max_mines()
        if self.mines > most:
            raise ConfigError(
                f"{shown(self.mines)} mines do not fit a {self.width}x{self.height} board with "
                f"first click '{self.first_click.value}' (at most {most})"
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


def check_sides(width: int, height: int) -> None:
    """Refuse (`ConfigError`) a width or height outside 1 to `MAX_SIDE`, which the shells play."""
    for what, side in (("width", width), ("height", height)):
        if not 1 <= side <= MAX_SIDE:
            raise ConfigError(f"the board {what} must be from 1 to {MAX_SIDE}, not {shown(side)}")


def check_playable(config: Config) -> Config:
    """``config`` itself when the shells play it: sides of at most `MAX_SIDE` and, for a
    no-guess board, at most `MAX_NO_GUESS_CELLS` cells and `MAX_NO_GUESS_PERCENT` mines; else
    `ConfigError` naming the bound."""
    check_sides(config.width, config.height)
    if config.first_click is not FirstClick.NO_GUESS:
        return config
    if config.size > MAX_NO_GUESS_CELLS:
        raise ConfigError(
            f"no-guess boards have at most {MAX_NO_GUESS_CELLS:,} cells, "
            f"not {config.width}x{config.height}"
        )
    most = config.size * MAX_NO_GUESS_PERCENT // 100
    if config.mines > most:
        raise ConfigError(
            f"no-guess boards hold at most {MAX_NO_GUESS_PERCENT}% mines: at most {most} on "
            f"{config.width}x{config.height}, not {config.mines}"
        )
    return config


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
    check_cells(width, height)
    return round(density * width * height)


def check_cells(width: int, height: int) -> None:
    """Refuse (`ConfigError`) a board with a side below 1 or more than `MAX_CELLS` cells."""
    if width < 1 or height < 1:
        raise ConfigError(
            f"a board needs a width and height of at least 1, not {shown(width)}x{shown(height)}"
        )
    if width * height > MAX_CELLS:
        raise ConfigError(
            f"a {shown(width)}x{shown(height)} board has more than {MAX_CELLS:,} cells"
        )


def level_of(config: Config) -> str | None:
    """The name of the built-in level with this size and mine count, if any."""
    for name, dims in LEVELS.items():
        if dims == (config.width, config.height, config.mines):
            return name
    return None
