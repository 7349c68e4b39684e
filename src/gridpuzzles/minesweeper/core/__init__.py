"""The rules of Minesweeper, pure: settings, the grid, mine placement, game state and moves,
what the player sees, text notation and rendering. Imports nothing from solving or a shell."""
