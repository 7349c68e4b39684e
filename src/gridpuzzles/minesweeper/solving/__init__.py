"""Minesweeper solving, over the core: exact mine probabilities, guessing, endgame search,
the auto-player (Play Move and hints), no-guess generation and benchmark play."""
