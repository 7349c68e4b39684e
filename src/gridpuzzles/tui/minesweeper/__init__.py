"""Minesweeper in the full-screen app: its screen, board, status bar and dialogs."""
