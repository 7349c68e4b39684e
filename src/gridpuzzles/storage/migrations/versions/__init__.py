"""The revisions, oldest first: v0 (games and moves), v1 (figures per game), v2 (Mondrian
games), v3 (the order games were stored in), v4 (Mondrian games in play), v5 (players), v6
(one table of games for both puzzles), v7 (one table of results: a Mondrian finish on its
game)."""
