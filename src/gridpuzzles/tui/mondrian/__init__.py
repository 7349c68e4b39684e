"""Mondrian Blocks in the full-screen app: its screen, board, tray and dialogs."""
