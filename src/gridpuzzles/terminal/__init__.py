"""The line-mode games: Minesweeper and Mondrian Blocks played by typed commands."""
