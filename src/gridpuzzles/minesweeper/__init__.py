"""Minesweeper: `core` holds the rules, pure (settings, grid, mine placement, game state and
moves, what the player sees, notation, rendering); `solving` holds the solver over it. This
package re-exports the core's public names: ``from gridpuzzles.minesweeper import new_game``."""

from gridpuzzles.minesweeper.core.errors import MinesweeperError
from gridpuzzles.minesweeper.core.game import (
    Figures,
    Game,
    Mark,
    MoveError,
    Status,
    chord,
    chordable,
    elapsed,
    figures,
    game_from_layout,
    mines_left,
    new_game,
    reveal,
    toggle_flag,
)
from gridpuzzles.minesweeper.core.grid import Cell, Layout, three_bv
from gridpuzzles.minesweeper.core.moves import HELP, Action, Help, InvalidMoveError, Move, play
from gridpuzzles.minesweeper.core.notation import (
    NotationError,
    format_layout,
    format_view,
    parse_layout,
    parse_view,
)
from gridpuzzles.minesweeper.core.settings import (
    LEVELS,
    Config,
    ConfigError,
    FirstClick,
    WinRule,
    level,
    mines_for_density,
)
from gridpuzzles.minesweeper.core.view import View, view

__all__ = [
    "HELP",
    "LEVELS",
    "Action",
    "Cell",
    "Config",
    "ConfigError",
    "Figures",
    "FirstClick",
    "Game",
    "Help",
    "InvalidMoveError",
    "Layout",
    "Mark",
    "MinesweeperError",
    "Move",
    "MoveError",
    "NotationError",
    "Status",
    "View",
    "WinRule",
    "chord",
    "chordable",
    "elapsed",
    "figures",
    "format_layout",
    "format_view",
    "game_from_layout",
    "level",
    "mines_for_density",
    "mines_left",
    "new_game",
    "parse_layout",
    "parse_view",
    "play",
    "reveal",
    "three_bv",
    "toggle_flag",
    "view",
]
