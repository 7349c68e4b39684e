"""The `mines` command: play, analyze and bench."""
