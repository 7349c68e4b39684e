"""gridpuzzles: Minesweeper and Mondrian Blocks, as pure cores with thin shells."""

__version__ = "0.1.0"
