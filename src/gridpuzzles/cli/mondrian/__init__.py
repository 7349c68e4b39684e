"""The `mondrian` command: play, solve, generate and census."""
