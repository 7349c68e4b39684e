"""gridpuzzles: Minesweeper and Mondrian Blocks, as pure cores with thin shells."""

__version__ = "0.1.0"
"""The package's version, the only place it is written: pyproject.toml reads it from here."""
